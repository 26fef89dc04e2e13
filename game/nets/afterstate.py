"""The positions a roll's plays lead to, as the net's input arrays, and the ends among them.

Every play is valued on the position after it, seen by its mover with the opponent to roll (in gulbara the
next stage may be the mover's own, which the inputs say). A play that ends the game is valued by its outcome,
not by the net (R-END-1…5, R-END-8).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from .. import board as B
from ..cascade import Cascade, after
from ..movegen import OPROT, homeout
from ..outcome import Outcome, capote, judge
from ..position import Position
from ..sides import Side
from ..variants import Variant
from .encode import (
    AUX,
    DIE0,
    MOVES,
    MY_CASCADES,
    PROT_ME,
    PROT_THEM,
    SAME,
    THEIR_CASCADES,
    TRANSFERRED,
    FloatArray,
    IntArray,
)
from .net import LOSE2, LOSE3, OUTPUTS, WIN, WIN2, WIN3


def judging(variant: Variant) -> Variant:
    """`variant` with every triple win scored (R-END-1 scoring=backgammon) where the game takes that option,
    so that training sees backgammons whatever the options of a game played later."""
    return replace(variant, scoring="backgammon") if variant.takes("scoring") else variant


def aux_rows(works: IntArray, protected: tuple[bool, bool], cascade: Cascade | None, mover: Side,
             dice: tuple[int, int], used: int) -> FloatArray:
    """The `encode.AUX` columns for the plays of one roll (`works`: the plays' working cells, one a row)."""
    k = works.shape[0]
    aux = np.zeros((k, AUX))
    if protected[0]:
        aux[:, PROT_ME] = works[:, B.BAR] > 0
    aux[:, PROT_THEM] = (works[:, OPROT] > 0) & (works[:, B.OBAR] > 0)  # R-ENTER-4
    if cascade is not None:
        side, state = after(cascade, mover, dice, used, False)
        aux[:, SAME] = side is mover
        if state.die:
            aux[:, DIE0 + state.die - 1] = 1.0
            aux[:, MOVES] = state.moves / 4
            aux[:, TRANSFERRED] = state.transferred
        aux[:, MY_CASCADES] = state.cascades(mover)
        aux[:, THEIR_CASCADES] = state.cascades(mover.other)
    return aux


def as_it_stands(position: Position) -> tuple[int, ...]:
    """`position`'s working cells as they stand: the row of a roll its side to move cannot play (R-TURN-3)."""
    return (*position.cells, homeout(position.cells), 1 if position.protected[1] else 0)


def outcome_target(outcome: Outcome, mover: Side) -> FloatArray:
    """The outputs an ended game gives, for `mover` (R-END-1…5; a tie counts ½)."""
    z = np.zeros(OUTPUTS)
    if outcome.winner is None:
        z[WIN] = 0.5
        return z
    won = outcome.winner is mover
    z[WIN] = 1.0 if won else 0.0
    if outcome.points >= 2:
        z[WIN2 if won else LOSE2] = 1.0
    if outcome.points == 3:  # a backgammon; tawula's capote (7, R-END-5) is its only double win
        z[WIN3 if won else LOSE3] = 1.0
    return z


def quick_ends(variant: Variant, mover: Side, works: IntArray) -> dict[int, Outcome]:
    """The plays of a roll (rows of `works`) that end the game by bearing off the last checker (R-END-1) or
    pinning the mother (R-END-2/3), with their outcomes. Rarer ends (R-END-8) are found when played."""
    rows = works[:, B.OFF] == 15
    if variant.pinning:
        rows |= works[:, 1] > B.PIN
    if variant.name == "tawula":
        rows |= (works[:, B.OFF] == 1) & (works[:, B.OBAR] == 1)  # R-END-5 capote candidates
    found: dict[int, Outcome] = {}
    for i in np.flatnonzero(rows).tolist():
        end = end_of(variant, mover, tuple(works[i, :B.SIZE].tolist()))
        if end is not None:
            found[i] = end
    return found


def end_of(variant: Variant, mover: Side, cells: tuple[int, ...]) -> Outcome | None:
    """How the game ends when `mover` plays to `cells` (its view), or None (R-END-1…5, R-END-8)."""
    return judge(variant, mover, cells) or capote(variant, mover, cells)
