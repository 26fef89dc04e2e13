"""Plays: a legal way to use a roll, with the position it leads to (R-TURN-2) and the game's end, if any."""

from __future__ import annotations

from functools import lru_cache

from . import board as B
from .movegen import OPROT, Step, enumerate_plays
from .outcome import Outcome, capote, judge
from .position import Position
from .sides import Side


class Play:
    """One legal play: its single-die `steps` (mover's numbering) and the resulting `position`.

    The resulting position has the opponent to move. `end` is the outcome if the play ends the game.
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
        """The position after the play, the opponent to move."""
        if self._position is None:
            b = self.before
            work = self.work
            mine_prot = b.protected[0] and work[B.BAR] > 0
            opp_prot = bool(work[OPROT]) and work[B.OBAR] > 0
            cells = B.flip(work, b.variant.contrary)
            self._position = Position(b.variant, b.turn.other, cells, (opp_prot, mine_prot))
        return self._position

    @property
    def end(self) -> Outcome | None:
        """R-END-1…5, R-END-8: how the game ends with this play, or None."""
        if self._end is False:
            b = self.before
            cells = self.work[:30]
            self._end = judge(b.variant, b.turn, cells) or capote(b.variant, b.turn, cells)
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


def legal_plays(position: Position, dice: tuple[int, int]) -> list[Play]:
    """Every legal play of `dice` from `position`, one per resulting position (R-TURN-1, R-TURN-2).

    An empty list means no die can be played and the turn passes (R-TURN-3).

    :raises ValueError: dice outside 1..6.
    """
    d1, d2 = dice
    if not (1 <= d1 <= 6 and 1 <= d2 <= 6):
        raise ValueError(f"dice must be 1..6, got {dice!r}")
    return list(_cached_plays(position, (d1, d2)))


@lru_cache(maxsize=64)
def _cached_plays(position: Position, dice: tuple[int, int]) -> tuple[Play, ...]:
    """The plays of a roll, remembered for the few positions in use (a turn asks for them several times)."""
    return tuple(generate_plays(position, dice))


def generate_plays(position: Position, dice: tuple[int, int]) -> list[Play]:
    """`legal_plays` computed afresh, never from the cache (for benchmarks); dice must be valid."""
    leaves = enumerate_plays(position.cells, position.protected, position.variant.pinning, *dice)
    return [Play(position, dice, steps, work) for steps, work in leaves]
