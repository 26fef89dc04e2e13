"""Whole games between choosers: the random baseline, the heuristic computer, and the self-play harness.

A `Chooser` picks one of a roll's legal plays with a `random.Random` for its ties. `random_play` is the
uniformly random baseline; `ai_chooser` is the heuristic computer (`game.search.choose_play`). `play_game`,
`play_out` and `play_match` play whole games and matches between two choosers through `game.flow.Game`
(R-OPEN-1, R-TURN-3, R-GULBARA-3, R-CYCLE-1…5), with every die drawn from a seeded `random.Random`, so a
seed replays them.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .cube import CubeAction
from .flow import Game
from .match import Match
from .outcome import Outcome
from .plays import Play
from .search import choose_play
from .sides import Side
from .variants import Variant


def random_play(plays: list[Play], rng: random.Random) -> Play:
    """A uniformly random legal play: the baseline opponent every computer is measured against.

    :raises ValueError: `plays` is empty (R-TURN-3).
    """
    if not plays:
        raise ValueError("no legal play to choose from: the turn passes (R-TURN-3)")
    return rng.choice(plays)


# --- whole games ------------------------------------------------------------------------------------------

Chooser = Callable[[list[Play], random.Random], Play]


def ai_chooser(plays: list[Play], rng: random.Random) -> Play:
    """The heuristic computer (`choose_play`) in the shape of a `Chooser`."""
    return choose_play(plays, rng=rng)


CHOOSERS: dict[str, Chooser] = {"ai": ai_chooser, "random": random_play}

CubeChooser = Callable[[Game, random.Random], CubeAction]
"""A side's cube decisions (R-CUBE-2, R-CUBE-3): `double` or `roll` in `decide`, `take` or `drop` in `answer`."""


def play_game(variant: Variant, white: Chooser, black: Chooser, dice: random.Random,
              choices: random.Random | None = None, max_turns: int = 10_000) -> Game:
    """One whole game from the opening roll (R-OPEN-1) to its end, with dice drawn from `dice`; a side with
    no legal play passes (R-TURN-3). `choices` breaks the choosers' ties (defaults to `dice`).

    :raises RuntimeError: the game is still running after `max_turns` turns (a safety net, not a rule).
    """
    return play_out(Game.new(variant), white, black, dice, choices, max_turns)


def play_out(game: Game, white: Chooser, black: Chooser, dice: random.Random,
             choices: random.Random | None = None, max_turns: int = 10_000,
             cubes: tuple[CubeChooser, CubeChooser] | None = None) -> Game:
    """Play `game` to its end: the opening roll if due, rolls, plays, passes, and Gul Bara's cascade stages,
    which come with their dice and no roll (R-GULBARA-3). With the cube (`cube=on`), `cubes` (white's, black's)
    answer "roll or double" and "take or drop" (R-CUBE-2, R-CUBE-3); without them nobody doubles.

    :raises RuntimeError: the game is still running after `max_turns` turns (a safety net, not a rule).
    """
    choices = dice if choices is None else choices
    while game.phase == "opening":
        game = game.opening(dice.randint(1, 6), dice.randint(1, 6))
    while game.phase != "over":
        if game.turns > max_turns:
            raise RuntimeError(f"the game did not end within {max_turns} turns")
        if game.phase == "answer" and cubes is not None:
            decision = cubes[0 if game.turn.other is Side.WHITE else 1](game, choices)
            game = game.act(decision)
            continue
        if game.phase == "decide" and cubes is not None \
                and cubes[0 if game.turn is Side.WHITE else 1](game, choices) is CubeAction.DOUBLE:
            game = game.double()
            continue
        if game.phase in ("roll", "decide"):
            game = game.roll(dice.randint(1, 6), dice.randint(1, 6))
        plays = game.plays()
        if not plays:
            game = game.pass_turn()
            continue
        chooser = white if game.turn is Side.WHITE else black
        game = game.play(chooser(plays, choices))
    return game


def play_match(match: Match, white: Chooser, black: Chooser, dice: random.Random,
               choices: random.Random | None = None, max_games: int = 1_000,
               cubes: tuple[CubeChooser, CubeChooser] | None = None) -> tuple[Match, list[Game]]:
    """Play `match` (plain or cycle, R-CYCLE-1…5; `cubes` as in `play_out`) to its end; returns the finished
    match and its games.

    :raises RuntimeError: a game that never ends, or more than `max_games` games (safety nets, not rules).
    """
    played: list[Game] = []
    while not match.over:
        if len(played) >= max_games:
            raise RuntimeError(f"the match did not end within {max_games} games")
        game = play_out(match.new_game(), white, black, dice, choices, cubes=cubes)
        assert game.outcome is not None
        played.append(game)
        match = match.record(game.outcome)
    return match, played


def paired_outcomes(variant: Variant, mine: Chooser, theirs: Chooser, first: int, pairs: int,
                    seed: int) -> list[tuple[Outcome, Outcome]]:
    """Pairs `first` … `first + pairs − 1` of games between `mine` and `theirs`, each pair's dice (seed
    `"<seed>:<pair>"`) played twice with the colours swapped: per pair the outcome with `mine` white, then black."""
    out: list[tuple[Outcome, Outcome]] = []
    for pair in range(first, first + pairs):
        ends = []
        for side in (Side.WHITE, Side.BLACK):
            white, black = (mine, theirs) if side is Side.WHITE else (theirs, mine)
            game = play_game(variant, white, black, random.Random(f"{seed}:{pair}"),
                             random.Random(f"{seed}:{pair}:choices"))
            assert game.outcome is not None
            ends.append(game.outcome)
        out.append((ends[0], ends[1]))
    return out


def paired_scores(variant: Variant, mine: Chooser, theirs: Chooser, first: int, pairs: int,
                  seed: int) -> list[tuple[float, float]]:
    """`paired_outcomes` as `mine`'s score per pair (1 a win, ½ a tie) as white and as black."""
    def score(outcome: Outcome, side: Side) -> float:
        return 0.5 if outcome.winner is None else float(outcome.winner is side)

    return [(score(w, Side.WHITE), score(b, Side.BLACK))
            for w, b in paired_outcomes(variant, mine, theirs, first, pairs, seed)]
