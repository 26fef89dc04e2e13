"""A game's record as export files carry it, and its replay through the game's flow (`game.flow.Game`).

A `GameLog` is what happened in one game, turn by turn: opening rolls (R-OPEN-1), plays and passes with their
dice (R-TURN-3), cube actions (R-CUBE-2, R-CUBE-3) and a resignation or timeout (R-END-6). A `MatchLog` holds
the games of a match (or one single game) with the players and when it was played. `walk` replays a game
and says, turn by turn, what the flow made of it, so a writer can print each play's single steps and hits and
a reader can check that every play was legal.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

from .cube import Cube, CubeAction, start_cube
from .errors import GameError
from .flow import Game
from .notation import parse_play
from .outcome import Outcome
from .plays import Play
from .sides import Side
from .variants import Variant

Action = Literal["opening", "play", "pass", "double", "take", "drop", "resign", "timeout"]
ACTIONS: tuple[str, ...] = ("opening", "play", "pass", "double", "take", "drop", "resign", "timeout")
CUBE_TURNS: dict[CubeAction, Action] = {CubeAction.DOUBLE: "double", CubeAction.TAKE: "take",
                                        CubeAction.DROP: "drop"}
"""The cube's answers that make a turn of their own in a log (R-CUBE-2, R-CUBE-3; a roll is not one)."""


class ReplayError(ValueError):
    """A record that the rules do not allow: `turn` is the index of the offending turn in its game's log."""

    def __init__(self, turn: int, message: str) -> None:
        super().__init__(message)
        self.turn = turn


@dataclass(frozen=True, slots=True)
class Turn:
    """One entry of a game's log. `dice` are the mover's two dice (the stage's in gulbara, R-GULBARA-3); for
    `opening` they are white's and black's die (R-OPEN-1); cube actions, resignations and timeouts have none.
    `play` is the notation of a `play` (R-NOTE-1)."""

    side: Side
    action: Action
    dice: tuple[int, int] | None = None
    play: str = ""


@dataclass(frozen=True, slots=True)
class GameLog:
    """One game: its variant, the score before it (white, black), who started it without an opening roll
    (R-OPEN-2), whether it is the Crawford game (R-CUBE-5), its turns and, when it is over, its outcome."""

    variant: Variant
    turns: tuple[Turn, ...]
    score: tuple[int, int] = (0, 0)
    starter: Side | None = None
    crawford: bool = False
    outcome: Outcome | None = None


@dataclass(frozen=True, slots=True)
class MatchLog:
    """A match to `target` points (1: a single game), its games in order, the players (white's name first),
    their ratings as `rating/experience` where they have one, the cycle played (R-CYCLE-1) if any, when it
    started (UTC), where it was played and its id."""

    players: tuple[str, str]
    games: tuple[GameLog, ...]
    target: int = 1
    cycle: str | None = None
    ratings: tuple[str | None, str | None] = (None, None)
    started: datetime | None = None
    site: str = "tabla"
    match_id: str = ""
    options: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Step:
    """What one turn did: the game before and after it, and the play it made (None for anything else)."""

    index: int
    turn: Turn
    before: Game
    after: Game
    play: Play | None


def start_game(log: GameLog, target: int) -> Game:
    """The game as it stood before its first turn: the cube a match game starts with (R-CUBE-1, R-CUBE-5)."""
    cube: Cube | None = None
    if log.variant.cube:
        cube = start_cube(target, log.score[0], log.score[1], log.crawford)
    return Game.new(log.variant, log.starter, cube)


def walk(log: GameLog, target: int = 1) -> Iterator[Step]:
    """Replay `log` turn by turn through the game's flow.

    :raises ReplayError: a turn the rules do not allow at that point (an illegal or unreadable play, a die
        outside 1..6, the wrong side, a cube action out of turn), or an outcome that differs from the replay's.
    """
    game = start_game(log, target)
    for k, turn in enumerate(log.turns):
        try:
            after, play = _apply(game, turn)
        except (GameError, ReplayError) as exc:
            raise ReplayError(k, str(exc)) from None
        yield Step(k, turn, game, after, play)
        game = after
    if log.outcome is not None and game.outcome != log.outcome:
        said = game.outcome.describe() if game.outcome else "a game still running"
        raise ReplayError(len(log.turns), f"the record says {log.outcome.describe()}, the replay gives {said}")


def replay(log: GameLog, target: int = 1) -> Game:
    """The game after every turn of `log` (see `walk`).

    :raises ReplayError: see `walk`.
    """
    game = start_game(log, target)
    for step in walk(log, target):
        game = step.after
    return game


def _apply(game: Game, turn: Turn) -> tuple[Game, Play | None]:
    action = turn.action
    if game.phase == "over":
        raise ReplayError(-1, "the game is already over")
    if action == "opening":
        if turn.dice is None:
            raise ReplayError(-1, "an opening roll needs both dice")
        return game.opening(*turn.dice), None
    if action in ("resign", "timeout"):
        return game.resign(turn.side, action), None
    expected = game.answering if action in ("take", "drop") else game.turn
    if turn.side is not expected:
        raise ReplayError(-1, f"it is {expected.value if expected else 'nobody'}'s turn, not {turn.side.value}'s")
    if action == "double":
        return game.double(), None
    if action == "take":
        return game.take(), None
    if action == "drop":
        return game.drop(), None
    if turn.dice is None:
        raise ReplayError(-1, "a play needs its dice")
    if game.phase in ("roll", "decide"):
        game = game.roll(*turn.dice)
    elif game.phase == "move" and game.dice != turn.dice:
        held = game.dice or (0, 0)
        raise ReplayError(-1, f"the dice on the table are {held[0]}{held[1]}, not {turn.dice[0]}{turn.dice[1]}")
    if action == "pass":
        return game.pass_turn(), None
    assert game.dice is not None
    play = parse_play(game.position, game.dice, turn.play)
    return game.play(play), play
