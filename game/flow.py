"""The flow of one game as a pure state machine (R-OPEN-1/2, R-TURN-3, R-END-6).

The caller rolls: every transition that needs dice takes them as arguments (R-DICE-1 — dice never come from a
player; the service derives them). A `Game` is immutable; every transition returns a new one.

Phases: `opening` (both sides roll one die, R-OPEN-1), `roll` (the side to move rolls), `move` (dice are
on the table; the side to move picks one of `plays()`), `over` (see `outcome`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from .errors import GameFlowError
from .outcome import Outcome, resignation_value
from .plays import Play, legal_plays
from .position import Position
from .sides import Side
from .variants import Variant

Phase = Literal["opening", "roll", "move", "over"]


@dataclass(frozen=True, slots=True)
class Game:
    """One game: its position (which knows whose turn it is), phase, dice on the table and outcome."""

    variant: Variant
    position: Position
    phase: Phase
    dice: tuple[int, int] | None = None
    outcome: Outcome | None = None
    turns: int = 0  # plays and passes made so far

    @classmethod
    def new(cls, variant: Variant, starter: Side | None = None) -> Game:
        """A new game; with `starter` (the previous game's winner, R-OPEN-2) it skips the opening roll."""
        pos = Position.start(variant)
        if starter is None:
            return cls(variant, pos, "opening")
        return cls(variant, pos.with_turn(starter), "roll")

    @property
    def turn(self) -> Side:
        return self.position.turn

    def opening(self, white_die: int, black_die: int) -> Game:
        """R-OPEN-1: equal dice roll again (the game is unchanged); the higher die starts. In tawula the
        starter plays the two opening dice; in the pinning games it rolls both dice afresh.

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
        return replace(self, phase="move", dice=(d1, d2))

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
                           turns=self.turns + 1)
        return replace(self, position=play.position, phase="roll", dice=None, turns=self.turns + 1)

    def pass_turn(self) -> Game:
        """R-TURN-3: no die can be played; the opponent rolls next.

        :raises GameFlowError: a play exists, or it is not the time to move.
        """
        if self.plays():
            raise GameFlowError("a play is possible, so the turn cannot pass")
        pos = self.position.with_turn(self.turn.other)
        return replace(self, position=pos, phase="roll", dice=None, turns=self.turns + 1)

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
            raise GameFlowError(f"the game is in its {self.phase!r} phase, not {phase!r}")


def _check_die(d: int) -> None:
    if not isinstance(d, int) or not 1 <= d <= 6:
        raise GameFlowError(f"a die shows 1..6, not {d!r}")
