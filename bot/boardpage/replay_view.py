"""The values the replay page sees the service through (`bot.web.seam.PageSeam.page_replay`): a finished game turn
by turn (`Replay`, `ReplayTurn`) and the replay as one visitor may see it (`ReplayView`), built by the service from
one read of the game and its log (`bot.boardpage.replaying`).

A `Replay` also says what the board shows after each turn (`Replay.board`): the position, and the play drawn as
arrows — the play made, or on a turn marked as an error the review's better play; the dice the turn rolled
(`ReplayTurn.rolled`) and the doubling cube after it (`Replay.cube_at`, R-CUBE-8), with the turn's cube action
(R-CUBE-2, R-CUBE-3). Each stage of a Gul Bara cascade is a turn of its own (R-GULBARA-3), so stepping through the
replay steps through every stage.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from game import Cube, CubeAction, GameError, Outcome, Position, Side, Variant, parse_play
from renderer import LastPlay
from storage import GameRecord

from ..dice import parse_dice

ERROR = 0.02  # points lost from which a decision counts as an error on the replay (smaller ones are noise)


@dataclass(frozen=True, slots=True)
class ReplayTurn:
    """One entry of the move log: `number` as `/history` counts it, the side that made it (None: the opening
    roll), its dice and play as logged, the positions (TPN) before and after it, and the review's verdict on
    a judged turn: `luck` of the roll, `loss` in points against the judge's `best` play, `decision` False when
    the turn was forced; in a game with the cube, the `cube` after the turn and the turn's cube `action` (a
    double, a take or a drop; None for any other turn)."""

    number: int
    side: Side | None
    dice: str
    play: str
    before: str
    after: str
    luck: float | None = None
    loss: float | None = None
    best: str = ""
    decision: bool = False
    cube: Cube | None = None
    action: CubeAction | None = None

    @property
    def rolled(self) -> tuple[int, int] | None:
        """The dice this turn's mover rolled (a cascade stage's dice included, R-GULBARA-3), or None for a turn
        without dice of its own: the opening roll (one die each side's), a cube action."""
        if self.side is None or self.action is not None:
            return None
        try:
            return parse_dice(self.dice)
        except ValueError:
            return None

    @property
    def opening(self) -> tuple[int, int] | None:
        """An opening roll's dice, white's then black's (R-OPEN-1), or None for any other turn."""
        if self.side is not None:
            return None
        try:
            return parse_dice(self.dice)
        except ValueError:
            return None

    @property
    def error(self) -> bool:
        """The review marks this turn as an error: a real choice that lost `ERROR` points or more."""
        return self.decision and self.loss is not None and self.loss >= ERROR and bool(self.best)


@dataclass(frozen=True, slots=True)
class Replay:
    """A finished game, turn by turn: the record, its variant, the players' names (in the reader's language),
    every turn of the log, the game's end, the review's judge ("net" or "heuristic") and its look-ahead, the
    cube the game started with (None: a game without the cube), and the cube after each turn in the reader's
    words (`cube_said`; the first: the starting cube's; empty without the cube)."""

    record: GameRecord
    variant: Variant
    names: Mapping[Side, str]
    turns: tuple[ReplayTurn, ...]
    outcome: Outcome | None
    judge: str
    plies: int
    start_cube: Cube | None = None
    cube_said: tuple[str, ...] = ()

    def cube_at(self, index: int) -> Cube | None:
        """The cube after turn `index` (0: the starting cube), None in a game without the cube."""
        return self.start_cube if index == 0 else self.turns[index - 1].cube

    def cube_words(self, index: int) -> str | None:
        """The cube after turn `index` in the reader's words (R-CUBE-8), None in a game without the cube."""
        return self.cube_said[index] if index < len(self.cube_said) else None

    def luck(self, side: Side) -> float:
        """The sum of `side`'s rolls' luck, in points."""
        return sum(t.luck for t in self.turns if t.side is side and t.luck is not None)

    def errors(self) -> tuple[int, ...]:
        """The indices (into `turns`) of the turns marked as errors."""
        return tuple(i for i, t in enumerate(self.turns) if t.error)

    def board(self, index: int, better: bool) -> tuple[Position, LastPlay | None, bool]:
        """The board after turn `index` (0: the starting position): its position, the play drawn on it, and
        whether that is the review's better play (asked for with `better` on a turn marked as an error)."""
        if index == 0:
            return Position.from_tpn(self.record.start_position, self.variant), None, False
        turn = self.turns[index - 1]
        shown = better and turn.error
        made = self._played(turn, turn.best if shown else turn.play)
        if made is None:
            return Position.from_tpn(turn.after, self.variant), None, shown
        position, last = made
        return (position if shown else Position.from_tpn(turn.after, self.variant)), last, shown

    def _played(self, turn: ReplayTurn, play: str) -> tuple[Position, LastPlay] | None:
        """The position after `play` made on `turn`'s roll, and the play as the board draws it (None: a turn
        that draws no arrows, such as an opening roll, a cube step or a resignation)."""
        if turn.side is None:
            return None
        try:
            before = Position.from_tpn(turn.before, self.variant).with_turn(turn.side)
            if play in ("pass", ""):
                return before, LastPlay(turn.side)
            made = parse_play(before, parse_dice(turn.dice), play)
        except (GameError, ValueError):
            return None
        return made.position, LastPlay.from_play(made)


@dataclass(frozen=True, slots=True)
class ReplayView:
    """The replay of one game as one visitor may see it: `refused` (in `lang`) when they may not — `playing`
    when only because the game is not over — else their side (None: a watcher) and the `replay`."""

    game_id: str
    lang: str
    refused: str | None = None
    playing: bool = False
    side: Side | None = None
    replay: Replay | None = None
