"""Plays: a legal way to use a roll, with the position it leads to (R-TURN-2) and the game's end, if any.

In gulbara a play is one stage of a cascade (R-GULBARA-3): the position after it may have the same side to move
with a pending stage, or the opponent to move with a transferred remainder (R-GULBARA-4, R-GULBARA-6); a roll
or stage with no legal move still changes that state, which `pass_position` gives.
"""

from __future__ import annotations

from functools import lru_cache

from . import board as B
from . import cascade as C
from .movegen import OPROT, Step, enumerate_plays, roll_dice
from .outcome import Outcome, capote, judge
from .position import Position
from .sides import Side


class Play:
    """One legal play: its single-die `steps` (mover's numbering) and the resulting `position`.

    The resulting position has the opponent to move, except in gulbara, where a cascade stage played in full
    keeps the same side on the move (R-GULBARA-3, R-GULBARA-6). `end` is the outcome if the play ends the game.
    Positions, ends and notation are computed on first use, so listing plays stays cheap.
    """

    __slots__ = ("_end", "_position", "before", "dice", "steps", "work")

    def __init__(self, before: Position, dice: tuple[int, int], steps: tuple[Step, ...],
                 work: tuple[int, ...]) -> None:
        self.before = before
        self.dice = dice
        self.steps = steps
        self.work = work
        self._position: Position | None = None
        self._end: Outcome | bool | None = False

    @property
    def mover(self) -> Side:
        """The side that makes the play."""
        return self.before.turn

    @property
    def position(self) -> Position:
        """The position after the play: the opponent to move (gulbara: R-GULBARA-6 says who)."""
        if self._position is None:
            b = self.before
            work = self.work
            if b.cascade is not None:
                self._position = _after(b, self.dice, work, len(self.steps))
            else:
                mine_prot = b.protected[0] and work[B.BAR] > 0
                opp_prot = bool(work[OPROT]) and work[B.OBAR] > 0
                cells = B.flip(work, b.variant.contrary)
                self._position = Position(b.variant, b.turn.other, cells, (opp_prot, mine_prot))
        return self._position

    @property
    def end(self) -> Outcome | None:
        """R-END-1…5, R-END-8: how the game ends with this play, or None."""
        if self._end is False:
            self._end = outcome_of(self.before, self.work)
        return self._end  # type: ignore[return-value]

    @property
    def notation(self) -> str:
        """The canonical notation (R-NOTE-1); stable, and it parses back to this play."""
        from .notation import format_play

        return format_play(self)

    def __repr__(self) -> str:
        return f"Play({self.notation!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Play) and other.before == self.before and other.work == self.work

    def __hash__(self) -> int:
        return hash(self.work)


def outcome_of(before: Position, work: tuple[int, ...]) -> Outcome | None:
    """R-END-1…5, R-END-8: how the game ends when the mover of `before` plays to `work`, or None."""
    cells = work[:30]
    return judge(before.variant, before.turn, cells) or capote(before.variant, before.turn, cells)


def legal_plays(position: Position, dice: tuple[int, int]) -> list[Play]:
    """Every legal play of `dice` from `position`, one per resulting position (R-TURN-1, R-TURN-2).

    An empty list means no die can be played and the turn passes (R-TURN-3; `pass_position` is the position
    after). In gulbara a pending stage is asked with dice `(d, d)` (R-GULBARA-6).

    :raises ValueError: dice outside 1..6.
    :raises GameFlowError: a gulbara pending stage asked with other dice.
    """
    d1, d2 = dice
    if not (1 <= d1 <= 6 and 1 <= d2 <= 6):
        raise ValueError(f"dice must be 1..6, got {dice!r}")
    return list(_cached_plays(position, (d1, d2)))


@lru_cache(maxsize=256)  # the rolls of the turns in play: a few asks each, close together (R-TURN-1)
def _cached_plays(position: Position, dice: tuple[int, int]) -> tuple[Play, ...]:
    """The plays of a roll, remembered for the few positions in use (a turn asks for them several times)."""
    return tuple(generate_plays(position, dice))


def generate_plays(position: Position, dice: tuple[int, int]) -> list[Play]:
    """`legal_plays` computed afresh, never from the cache (for benchmarks); dice must be valid."""
    moves = len(roll_dice(position, dice))
    leaves = enumerate_plays(position.cells, position.protected, position.variant, *dice, moves=moves)
    return [Play(position, dice, steps, work) for steps, work in leaves]


def pass_position(position: Position, dice: tuple[int, int]) -> Position:
    """The position after `dice` cannot be played at all (R-TURN-3): the opponent to move; in gulbara the
    roll still counts as a turn, and a pending stage transfers or is forfeited (R-GULBARA-2, R-GULBARA-6).

    :raises GameFlowError: a gulbara pending stage asked with other dice.
    """
    if position.cascade is None:
        return position.with_turn(position.turn.other)
    roll_dice(position, dice)
    return _after(position, dice, (*position.cells, 0, 0), 0)


def _after(before: Position, dice: tuple[int, int], work: tuple[int, ...], used: int) -> Position:
    """The gulbara position after `used` single moves of `dice` ended in `work` (mover's view)."""
    assert before.cascade is not None
    finished = work[B.OFF] == 15
    side, state = C.after(before.cascade, before.turn, dice, used, finished)
    cells = tuple(work[:B.SIZE])
    if side is before.turn:
        return Position(before.variant, side, cells, (False, False), state)
    return Position(before.variant, side, B.flip(cells, before.variant.contrary), (False, False), state)
