"""Gul Bara two plies deep: a play valued by the best answers to each roll that comes after it (R-GULBARA-2…4).

After a play that does not leave its mover a stage to play (`search._continues` false), the next side rolls,
or takes a transferred remainder (R-GULBARA-4) whose dice are known. The next side is the opponent, or the
mover itself after finishing a remainder it took (it rolls next, R-GULBARA-4). For each roll (or the one
pending stage), every play of that side is valued by the net at one ply, as `gate.play_values` values a stage:
the position after it with whatever stage it leaves pending, or the outcome of a play that ends the game
(R-GULBARA-5). Each roll's best is weighted by its chance (1/36 a double, 2/36 the others; the pending stage
counts whole). A roll or stage that cannot be played leaves the position as it stands, valued by the net as if
its side had played it (R-TURN-3), with what that hands over: a cascading double not played at all passes whole
to the other side (R-GULBARA-4). All answers to all plays go through the net in one batch.

The answers are chosen at one ply, stage by stage: a cascade the answer begins is valued by the net with its
later stages pending (the inputs say which), not followed to its end as the mover's own line is.
"""

from __future__ import annotations

import numpy as np

from ..cascade import stage_moves
from ..lookahead import ROLLS
from ..movegen import enumerate_plays
from ..plays import Play
from .afterstate import as_it_stands, aux_rows, outcome_target, quick_ends
from .encode import ROLL_WEIGHTS, FloatArray, IntArray, encode
from .net import Net, equity
from .spec import NetSpec


def answer_values(net: Net, spec: NetSpec, plays: list[Play], budget: int | None = None) -> list[float]:
    """The equity for its mover of each of `plays` (one roll's or stage's, none ending the game, none leaving
    its mover a stage to play) two plies deep. Without a `budget` all of them; else the first and then more
    only while fewer than `budget` answers have been listed (a count, so a position gets the same look on any
    machine)."""
    works: list[IntArray] = []
    auxes: list[FloatArray] = []
    chunks: list[tuple[int, int, int, int]] = []  # (play, roll, first row, rows): the answers of a roll
    weights: list[FloatArray] = []
    listed = 0
    for p, play in enumerate(plays):
        if budget is not None and p and listed >= budget:
            break
        after = play.position
        state, side, cells = after.cascade, after.turn, after.cells
        if state is None or play.end is not None:
            raise ValueError("a two-ply look in gul bara is for a play after which a side rolls or takes a stage")
        rolls = [(state.die, state.die)] if state.pending else list(ROLLS)
        weights.append(np.ones(1) if state.pending else ROLL_WEIGHTS)
        stands = [as_it_stands(after)]  # the one row of a roll that cannot be played
        for r, (a, b) in enumerate(rolls):
            leaves = enumerate_plays(cells, after.protected, after.variant, a, b, stage_moves(state, (a, b)),
                                     orders=False)
            rows: IntArray = np.array([w for _, w in leaves] or stands, dtype=np.int64)
            chunks.append((p, r, listed, len(rows)))
            works.append(rows)
            auxes.append(aux_rows(rows, after.protected, state, side, (a, b), len(leaves[0][0]) if leaves else 0))
            listed += len(rows)
    per = [np.zeros(len(w)) for w in weights]
    variant = plays[0].before.variant
    every = np.concatenate(works)
    value = equity(net(encode(every, np.concatenate(auxes), spec)), variant)
    for p, r, first, count in chunks:
        side = plays[p].position.turn
        mine = value[first:first + count]
        for i, end in quick_ends(variant, side, every[first:first + count]).items():
            mine[i] = equity(outcome_target(end, side), variant)
        best = float(mine.max())
        per[p][r] = best if side is plays[p].before.turn else -best
    return [float(v @ w) for v, w in zip(per, weights, strict=True)]
