"""The position part-way through a play built one single move at a time (R-TURN-1, R-TURN-2), for showing it.

`game.builder.build` says which single moves may follow; this replays the picked ones with the move
generator's own step functions and gives the checkers as they stand now, the same side still to move. It is a
picture of a turn in progress, never a position to continue the game from: only a complete `Play` is that.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import board as B
from .builder import Pick, build
from .errors import IllegalPlayError
from .movegen import start_work, stepper
from .position import Position


def position_after(position: Position, dice: tuple[int, int], picked: Sequence[Pick]) -> Position:
    """`position` with the single moves `picked` made, the mover still to move (same cascade state).

    :raises IllegalPlayError: `picked` is not the start of a legal play (`build` decides).
    """
    build(position, dice, picked)
    steps_of, apply = stepper(position.variant)
    work = start_work(position)
    for frm, to, die in picked:
        step = next((st for st in steps_of(work, die) if st[0] == frm and st[1] == to), None)
        if step is None:  # build accepted it, so this cannot happen
            raise IllegalPlayError(f"{frm}/{to} with a {die} is not a legal next move here")
        work = apply(work, step)
    return Position(position.variant, position.turn, tuple(work[:B.SIZE]), position.protected, position.cascade)
