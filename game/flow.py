"""The flow of one game as a pure state machine (R-OPEN-1/2, R-TURN-3, R-END-6).

The caller rolls: every transition that needs dice takes them as arguments (R-DICE-1 — dice never come from a
player; the service derives them). A `Game` is immutable; every transition returns a new one.

Phases: `opening` (both sides roll one die, R-OPEN-1), `roll` (the side to move rolls), `move` (dice are
on the table; the side to move picks one of `plays()`), `over` (see `outcome`).

Gul Bara's cascades (R-GULBARA-3/4): after a stage the game may stay in `move` with dice `(d, d)` and no roll,
for the same side (the next stage) or for the opponent (a transferred remainder). `stage` tells what the dice
on the table are, and every transition leaves `events` saying what a caller should announce (`FlowEvent`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from .cascade import Cascade
from .errors import GameFlowError
from .outcome import Outcome, resignation_value
from .plays import Play, legal_plays, pass_position
from .position import Position
from .sides import Side
from .variants import Variant

Phase = Literal["opening", "roll", "move", "over"]
EventKind = Literal["cascade", "stage", "transfer", "forfeit"]


@dataclass(frozen=True, slots=True)
class FlowEvent:
    """Something a transition did that the board alone does not say (R-GULBARA-3/4, R-TURN-3):

    - `cascade`: `side` rolled a double that cascades: `moves` × `die` now, then the stages up to 6.
    - `stage`: `side` stays on the move for its next stage, `moves` × `die`, without rolling.
    - `transfer`: `side` (the opponent of the one who stopped short) now plays the rest, `moves` × `die`
      and the higher stages, without rolling.
    - `forfeit`: `side` stopped short in a transferred remainder: `moves` × `die` (and any higher stages) are
      lost, and `side` rolls its own turn next.
    """

    kind: EventKind
    side: Side
    die: int
    moves: int


@dataclass(frozen=True, slots=True)
class Stage:
    """What the dice on the table are in gulbara: `moves` moves of `die` (R-GULBARA-3). `rolled` False means no
    roll preceded them (a later stage, or a transferred remainder when `transferred`)."""

    die: int
    moves: int
    rolled: bool
    transferred: bool


@dataclass(frozen=True, slots=True)
class Game:
    """One game: its position (which knows whose turn it is), phase, dice on the table and outcome."""

    variant: Variant
    position: Position
    phase: Phase
    dice: tuple[int, int] | None = None
    outcome: Outcome | None = None
    turns: int = 0  # plays and passes made so far
    events: tuple[FlowEvent, ...] = ()  # what the last transition did (see FlowEvent)

    @classmethod
    def new(cls, variant: Variant, starter: Side | None = None) -> Game:
        """A new game; with `starter` (the previous game's winner, R-OPEN-2, R-CYCLE-3) it skips the opening
        roll. The starter then rolls both dice (in gulbara that roll is its turn 1, R-GULBARA-2)."""
        pos = Position.start(variant)
        if starter is None:
            return cls(variant, pos, "opening")
        return cls(variant, pos.with_turn(starter), "roll")

    @property
    def turn(self) -> Side:
        return self.position.turn

    def opening(self, white_die: int, black_die: int) -> Game:
        """R-OPEN-1: equal dice roll again (the game is unchanged); the higher die starts. In tawula the
        starter plays the two opening dice; in every other variant it rolls both dice afresh.

        :raises GameFlowError: not in the opening phase, or a die outside 1..6.
        """
        self._expect("opening")
        _check_die(white_die)
        _check_die(black_die)
        if white_die == black_die:
            return self
        starter = Side.WHITE if white_die > black_die else Side.BLACK
        pos = self.position.with_turn(starter)
        if self.variant.name == "tawula":
            first, second = (white_die, black_die) if starter is Side.WHITE else (black_die, white_die)
            return replace(self, position=pos, phase="move", dice=(first, second))
        return replace(self, position=pos, phase="roll")

    def roll(self, d1: int, d2: int) -> Game:
        """The side to move rolls (R-DICE-2 doubles count four).

        :raises GameFlowError: not the time to roll, or a die outside 1..6.
        """
        self._expect("roll")
        _check_die(d1)
        _check_die(d2)
        state = self.position.cascade
        events: tuple[FlowEvent, ...] = ()
        if state is not None and d1 == d2 and state.cascades(self.turn):
            events = (FlowEvent("cascade", self.turn, d1, 4),)
        return replace(self, phase="move", dice=(d1, d2), events=events)

    @property
    def stage(self) -> Stage | None:
        """In gulbara with dice on the table: the stage they are (R-GULBARA-3, R-GULBARA-6); else None."""
        state = self.position.cascade
        if state is None or self.phase != "move" or self.dice is None:
            return None
        if state.pending:
            return Stage(state.die, state.moves, False, state.transferred)
        d1, d2 = self.dice
        return Stage(d1, 4 if d1 == d2 else 2, True, False)

    def plays(self) -> list[Play]:
        """The legal plays of the dice on the table; empty means the turn must pass (R-TURN-3)."""
        self._expect("move")
        assert self.dice is not None
        return legal_plays(self.position, self.dice)

    def forced_play(self) -> Play | None:
        """R-TURN-3: the only legal play when exactly one exists (the bot makes it by itself), else None."""
        plays = self.plays()
        return plays[0] if len(plays) == 1 else None

    def play(self, play: Play) -> Game:
        """Make `play` (one of `plays()`); ends the game if the play ends it (R-END-*).

        :raises GameFlowError: not the time to move, or the play belongs to another position or roll.
        """
        self._expect("move")
        if play.before != self.position or play.dice != self.dice:
            raise GameFlowError("that play was made for another position or roll")
        end = play.end
        if end is not None:
            return replace(self, position=play.position, phase="over", dice=None, outcome=end,
                           turns=self.turns + 1, events=())
        return self._after(play.position, len(play.steps))

    def pass_turn(self) -> Game:
        """R-TURN-3: no die can be played; the opponent rolls next.

        :raises GameFlowError: a play exists, or it is not the time to move.
        """
        if self.plays():
            raise GameFlowError("a play is possible, so the turn cannot pass")
        assert self.dice is not None
        return self._after(pass_position(self.position, self.dice), 0)

    def _after(self, pos: Position, used: int) -> Game:
        """The game once the play or pass leading to `pos` is made: a pending gulbara stage is played next
        without a roll (R-GULBARA-3/4), anything else waits for the next roll."""
        before = self.position.cascade
        state = pos.cascade
        events = _cascade_events(self.turn, before, state, used) if before is not None else ()
        if state is not None and state.pending:
            return replace(self, position=pos, phase="move", dice=(state.die, state.die), turns=self.turns + 1,
                           events=events)
        return replace(self, position=pos, phase="roll", dice=None, turns=self.turns + 1, events=events)

    def resign(self, side: Side, reason: str = "resign") -> Game:
        """R-END-6: `side` concedes; the opponent wins what the game is worth now (`reason` may be `timeout`).

        :raises GameFlowError: the game is already over.
        """
        if self.phase == "over":
            raise GameFlowError("the game is already over")
        cells = self.position.with_turn(side).cells
        value = resignation_value(self.variant, side, cells)
        return replace(self, phase="over", dice=None, outcome=Outcome(side.other, value, reason))

    def resign_value(self, side: Side) -> int:
        """What resigning now would cost `side` (R-END-6)."""
        return resignation_value(self.variant, side, self.position.with_turn(side).cells)

    def _expect(self, phase: Phase) -> None:
        if self.phase != phase:
            raise GameFlowError("the game is in its {phase!r} phase, not {expected!r}", phase=self.phase,
                                expected=phase)


def _cascade_events(mover: Side, before: Cascade, after: Cascade | None, used: int) -> tuple[FlowEvent, ...]:
    """What a gulbara stage or pass did to the cascade (see FlowEvent)."""
    assert after is not None
    if after.pending:
        if after.transferred and not (before.pending and before.transferred):
            return (FlowEvent("transfer", mover.other, after.die, after.moves),)
        return (FlowEvent("stage", mover, after.die, after.moves),)
    if before.pending and before.transferred and used < before.moves:
        return (FlowEvent("forfeit", mover, before.die, before.moves - used),)
    return ()


def _check_die(d: int) -> None:
    if not isinstance(d, int) or not 1 <= d <= 6:
        raise GameFlowError("a die shows 1..6, not {die!r}", die=d)
