"""TD(λ) self-play: one game with the net choosing both sides' plays, then one update toward λ-returns.

Each play is the one whose after-position the net values best in points (`net.equity`; a play that ends the
game by its outcome). The values learnt are those after-positions, seen by their mover with the opponent to
roll. The game is walked on the bare cells (board.py's layout) with `movegen.enumerate_plays`, no `Play` or
`Position` objects, and only the chosen play is judged for the end (R-END-1…5, R-END-8).

The update is the forward view of TD(λ), applied once the game is over: the target of each after-position is
its λ-return, G_t = (1 − λ)·V(s_{t+1}) + λ·G_{t+1}, G of the last play its outcome (a tie ½), each seen by
the mover of s_t (the other side's chances swapped, `net.swap`). With the weights fixed during a game this is
the offline TD(λ) of Sutton and Barto (§12.1), done in three matrix products for the whole game.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .. import board as B
from ..cascade import after, stage_moves
from ..movegen import OPROT, enumerate_plays
from ..outcome import Outcome
from ..position import Position
from ..sides import Side
from ..variants import Variant
from .afterstate import aux_rows, end_of, judging, outcome_target, quick_ends
from .encode import FloatArray, encode
from .net import Net, equity, swap
from .spec import NetSpec

MAX_PLIES = 5_000  # a safety net, not a rule: a game this long is dropped


@dataclass(slots=True)
class Episode:
    """A self-played game: the inputs of each after-position but the last, who made each play (the last
    included), the outcome's target for the last mover, and the outcome."""

    inputs: FloatArray
    movers: list[Side]
    final: FloatArray
    outcome: Outcome


class _Dice:
    """Dice drawn from a numpy generator in blocks (one call per few hundred rolls)."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng
        self.pool: list[int] = []

    def roll(self) -> tuple[int, int]:
        if len(self.pool) < 2:
            self.pool = self.rng.integers(1, 7, size=512).tolist()
        return self.pool.pop(), self.pool.pop()


Trace = list[tuple[Position, tuple[int, int], tuple[int, ...] | None]]


def self_play(net: Net, spec: NetSpec, variant: Variant, rng: np.random.Generator,
              trace: Trace | None = None) -> Episode | None:
    """One game of `variant` played by `net` against itself with dice from `rng` (None: it ran past
    `MAX_PLIES`). White starts; in tawula its first roll is the opening roll, two different dice (R-OPEN-1).
    `trace`, when given, receives every turn: the position, the dice and the chosen play's working cells
    (None for a pass), for tests to check against `game.plays`."""
    judged = judging(variant)
    start = Position.start(variant)
    cells, protected, cascade, mover = start.cells, (False, False), start.cascade, start.turn
    contrary = variant.contrary
    dice_of = _Dice(rng)
    rows: list[FloatArray] = []
    movers: list[Side] = []
    first = variant.name == "tawula"
    for _ in range(MAX_PLIES):
        if cascade is not None and cascade.die:
            dice = (cascade.die, cascade.die)  # R-GULBARA-3: a pending stage comes with its dice
        else:
            dice = dice_of.roll()
            while first and dice[0] == dice[1]:
                dice = dice_of.roll()
            first = False
        moves = stage_moves(cascade, dice) if cascade is not None else (4 if dice[0] == dice[1] else 2)
        leaves = enumerate_plays(cells, protected, variant, dice[0], dice[1], moves)
        if trace is not None:
            trace.append((Position(variant, mover, cells, protected, cascade), dice, None))
        if not leaves:  # R-TURN-3
            if cascade is None:
                cells, protected, mover = B.flip(cells, contrary), (protected[1], protected[0]), mover.other
            else:
                side, cascade = after(cascade, mover, dice, 0, False)
                if side is not mover:
                    cells, mover = B.flip(cells, contrary), side
            continue
        works = np.array([w for _, w in leaves], dtype=np.int64)
        x = encode(works, aux_rows(works, protected, cascade, mover, dice, len(leaves[0][0])), spec)
        value = equity(net(x), variant)
        ends = quick_ends(judged, mover, works)
        for i, known in ends.items():
            value[i] = equity(outcome_target(known, mover), variant)
        i = int(np.argmax(value))
        steps, work = leaves[i]
        if trace is not None:
            trace[-1] = (trace[-1][0], dice, work)
        now = work[:B.SIZE]
        end: Outcome | None = ends[i] if i in ends else end_of(judged, mover, now)
        movers.append(mover)
        if end is not None:
            inputs = np.stack(rows) if rows else np.zeros((0, x.shape[1]))
            return Episode(inputs, movers, outcome_target(end, mover), end)
        rows.append(x[i])
        if cascade is None:
            mine_prot = protected[0] and work[B.BAR] > 0
            theirs_prot = bool(work[OPROT]) and work[B.OBAR] > 0  # R-ENTER-4
            cells, protected, mover = B.flip(now, contrary), (theirs_prot, mine_prot), mover.other
        else:
            side, cascade = after(cascade, mover, dice, len(steps), False)
            cells = now if side is mover else B.flip(now, contrary)
            mover = side
    return None


def lambda_returns(values: FloatArray, movers: list[Side], final: FloatArray, lam: float) -> FloatArray:
    """The λ-return target of each after-position (see the module docstring); `values` (T, 5) are the net's
    outputs for the first T after-positions, `movers` their T + 1 movers, `final` the last one's outcome."""
    t_len = values.shape[0]
    targets = np.empty_like(values)
    g = final
    nxt = final
    for t in range(t_len - 1, -1, -1):
        if movers[t] is not movers[t + 1]:
            g, nxt = swap(g), swap(nxt)
        g = (1.0 - lam) * nxt + lam * g
        targets[t] = g
        nxt = values[t]
    return targets


def learn(net: Net, episode: Episode, lam: float, alpha: float) -> float:
    """Update `net` from one self-played game; returns the mean |error| of the win chance."""
    if episode.inputs.shape[0] == 0:
        return 0.0
    targets = lambda_returns(net(episode.inputs), episode.movers, episode.final, lam)
    return net.learn(episode.inputs, targets, alpha)
