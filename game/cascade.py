"""Gul Bara's cascading doubles as state (R-GULBARA-2…6): turn counts and a pending stage, kept beside the board.

The state is `Cascade`, written as the TPN's fifth field `t<w>/<b>[:<d>x<n>[!]]` (R-GULBARA-6). This module
only computes it: how many single moves a roll or a pending stage gives (`stage_moves`), and who is to move with
what pending after a play or a pass (`after`). Counts are kept per side, white's and black's (R-GULBARA-2).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from .errors import GameFlowError, TPNError
from .sides import Side

OPENING_TURNS = 3  # R-GULBARA-2: each side's first three turns play doubles as four moves
_FIELD = re.compile(r"^t([0-3])/([0-3])(?::([1-6])x([1-4])(!)?)?$")


@dataclass(frozen=True, slots=True)
class Cascade:
    """Gul Bara's hidden state (R-GULBARA-6).

    - `white`, `black`: turns that side has rolled for itself this game, capped at 3 (R-GULBARA-2).
    - `die`, `moves`: a pending stage, `moves` moves of `die` then the stages `die`+1…6 (`die` 0: none).
    - `transferred`: the pending stage belongs to a transferred remainder (R-GULBARA-4), the `!` of the TPN.
    """

    white: int = 0
    black: int = 0
    die: int = 0
    moves: int = 0
    transferred: bool = False

    @property
    def pending(self) -> bool:
        """A stage is pending: the side to move plays it without rolling (R-GULBARA-3)."""
        return self.die != 0

    def turns(self, side: Side) -> int:
        return self.white if side is Side.WHITE else self.black

    def cascades(self, side: Side) -> bool:
        """R-GULBARA-3: a double `side` rolls now cascades (its opening phase is over)."""
        return self.turns(side) >= OPENING_TURNS

    def to_field(self) -> str:
        """The TPN's fifth field, like `t3/2:6x4` or `t3/3:5x4!`."""
        text = f"t{self.white}/{self.black}"
        if self.die:
            text += f":{self.die}x{self.moves}{'!' if self.transferred else ''}"
        return text

    @classmethod
    def parse(cls, text: str, mover: Side) -> Cascade:
        """Read the fifth field for a position with `mover` to move.

        :raises TPNError: malformed, or inconsistent (R-GULBARA-6's checks).
        """
        m = _FIELD.match(text)
        if not m:
            raise TPNError("gulbara's state field is like t3/3, t3/2:6x4 or t3/3:5x4!, not {text!r}", text=text)
        white, black = int(m.group(1)), int(m.group(2))
        state = cls(white, black)
        if m.group(3) is None:
            return state
        die, moves, transferred = int(m.group(3)), int(m.group(4)), m.group(5) == "!"
        state = replace(state, die=die, moves=moves, transferred=transferred)
        if transferred:
            if not state.cascades(mover.other):
                raise TPNError("a transferred stage needs {side}'s turn count to be 3: only a cascade transfers "
                               "(R-GULBARA-4)", side=mover.other.value)
        elif moves != 4 or die < 2 or not state.cascades(mover):
            raise TPNError("a pending stage of one's own cascade is 4 moves of 2-6 for a side whose turn count "
                           "is 3 (R-GULBARA-6), not {text!r}", text=text)
        return state


def stage_moves(state: Cascade, dice: tuple[int, int]) -> int:
    """How many single moves `dice` give: the pending stage's count (its dice must be `[d, d]`), 4 for a double
    or 2 (R-DICE-2, R-GULBARA-3).

    :raises GameFlowError: a pending stage asked with other dice.
    """
    d1, d2 = dice
    if state.die:
        if d1 != state.die or d2 != state.die:
            raise GameFlowError("the pending stage of {moves} × {die} is played with dice [{die}, {die}]",
                                moves=state.moves, die=state.die)
        return state.moves
    return 4 if d1 == d2 else 2


def after(state: Cascade, mover: Side, dice: tuple[int, int], used: int, finished: bool) -> tuple[Side, Cascade]:
    """Who is to move, with what state, after `mover` played `used` single moves of `dice` (0: a pass).

    - A roll (nothing pending) counts as the mover's turn (R-GULBARA-2, even if nothing is played); a double
      rolled with the count at 3 is the first stage of a cascade (R-GULBARA-3).
    - A stage played in full goes on to the next (same side, `d+1 × 4`), or ends at 6: an own cascade hands
      over to the opponent, a transferred remainder leaves its taker to roll (R-GULBARA-4).
    - A stage of an own cascade stopped short transfers the rest (`d × rest!`) to the opponent; a transferred
      one stopped short is forfeited, and the taker rolls next (R-GULBARA-4, R-GULBARA-6).
    - Bearing off the 15th checker ends everything: the opponent to move, nothing pending (R-GULBARA-5).
    """
    if state.die:
        die, moves, transferred = state.die, state.moves, state.transferred
        cascade = True
    else:
        die, moves, transferred = dice[0], stage_moves(state, dice), False
        cascade = dice[0] == dice[1] and state.cascades(mover)
        count = min(OPENING_TURNS, state.turns(mover) + 1)
        state = replace(state, white=count) if mover is Side.WHITE else replace(state, black=count)
    clear = replace(state, die=0, moves=0, transferred=False)
    if finished:
        return mover.other, clear
    if not cascade:
        return mover.other, clear
    if used >= moves:
        if die < 6:
            return mover, replace(state, die=die + 1, moves=4, transferred=transferred)
        return (mover if transferred else mover.other), clear
    if transferred:
        return mover, clear  # forfeited: no transfer back
    return mover.other, replace(state, die=die, moves=moves - used, transferred=True)
