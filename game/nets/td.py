"""TD(λ) self-play: the net chooses both sides' plays and learns after every play (Tesauro's TD-Gammon).

Each play is the one whose after-position the net values best in points (`net.equity`; a play that ends the
game by its outcome). The values learnt are those after-positions, seen by their mover with the opponent to
roll. The game is walked on the bare cells (board.py's layout) with `movegen.enumerate_plays`, no `Play` or
`Position` objects, and only the chosen play is judged for the end (R-END-1…5, R-END-8).

Learning is online TD(λ) with eligibility traces (Sutton and Barto §12.2): after each play the weights move by
α·δ·e, δ the change of the predicted outcome from the previous after-position to this one (the outcome itself
after the last play; a tie counts ½), e the λ-decayed sum of the predictions' gradients. All values and
traces are kept from white's side (`net.swap` as an affine map of the outputs), so one chain of traces serves
both players, and gul bara's stages that keep the same side on the move need nothing special.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from .. import board as B
from ..cascade import after, stage_moves
from ..movegen import OPROT, enumerate_plays
from ..outcome import Outcome
from ..plays import Play, legal_plays
from ..position import Position
from ..selfplay import Chooser
from ..sides import Side
from ..variants import Variant
from .afterstate import aux_rows, end_of, judging, outcome_target, quick_ends
from .encode import FloatArray, IntArray, encode
from .net import OUTPUTS, SWAP_MATRIX, SWAP_OFFSET, Net, equity
from .spec import NetSpec

MAX_PLIES = 5_000  # a safety net, not a rule: a game this long is dropped
HISTORY = 20       # plays a gradient of w1 stays in its trace (older ones weigh λ^20 < 0.1 % at λ = 0.7)


@dataclass(slots=True)
class Episode:
    """A self-played game: its outcome, the plays made, and the mean |δ| of the win chance over them."""

    outcome: Outcome
    plays: int
    error: float


class Learner:
    """Online TD(λ) for one net: eligibility traces of the five outputs, kept from white's side."""

    def __init__(self, net: Net, lam: float, alpha: float) -> None:
        self.net, self.lam, self.alpha = net, lam, alpha
        hidden, inputs = net.w1.shape
        # w1's trace is kept as the last HISTORY gradients, each an outer product a ⊗ x (λ^HISTORY ≈ 0.3 %)
        self.a_hist = np.zeros((HISTORY, OUTPUTS, hidden))
        self.x_hist = np.zeros((HISTORY, inputs))
        self.slot = 0
        self.decay = lam ** np.arange(HISTORY)  # by age
        self.eb1 = np.zeros((OUTPUTS, hidden))
        self.e2 = np.zeros((OUTPUTS, OUTPUTS, hidden))
        self.eb2 = np.zeros((OUTPUTS, OUTPUTS))
        self.prev: FloatArray | None = None
        self.errors = 0.0
        self.steps = 0

    def step(self, x: FloatArray, h: FloatArray, y: FloatArray, white: bool) -> None:
        """The after-position just reached: inputs `x`, hidden `h`, outputs `y` seen by its mover (`white`
        or not). Learns from the change since the previous one, then adds its gradient to the traces."""
        p = np.eye(OUTPUTS) if white else SWAP_MATRIX
        seen = y if white else SWAP_MATRIX @ y + SWAP_OFFSET
        dy = y * (1.0 - y)
        a = p @ ((dy[:, None] * self.net.w2) * (h * (1.0 - h))[None, :])  # d(white's outputs)/d(hidden sums)
        if self.prev is not None:
            self._update(seen - self.prev)
        lam = self.lam
        self.slot = (self.slot + 1) % HISTORY
        self.a_hist[self.slot] = a
        self.x_hist[self.slot] = x
        self.eb1 *= lam
        self.eb1 += a
        self.e2 *= lam
        self.e2 += p[:, :, None] * (dy[:, None] * h[None, :])[None, :, :]
        self.eb2 *= lam
        self.eb2 += p * dy[None, :]
        self.prev = seen

    def end(self, final: FloatArray, white: bool) -> None:
        """The game is over: `final` the outcome seen by the last mover (`white` or not)."""
        if self.prev is not None:
            self._update((final if white else SWAP_MATRIX @ final + SWAP_OFFSET) - self.prev)

    def _update(self, delta: FloatArray) -> None:
        net, step = self.net, self.alpha * delta
        coef = self.decay[(self.slot - np.arange(HISTORY)) % HISTORY]  # λ^age of each kept gradient
        net.w1 += ((self.a_hist.transpose(0, 2, 1) @ step) * coef[:, None]).T @ self.x_hist
        net.b1 += step @ self.eb1
        net.w2 += (step @ self.e2.reshape(OUTPUTS, -1)).reshape(net.w2.shape)
        net.b2 += step @ self.eb2
        self.errors += abs(float(delta[0]))
        self.steps += 1


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


def self_play(net: Net, spec: NetSpec, variant: Variant, rng: np.random.Generator, lam: float = 0.7,
              alpha: float = 0.0, trace: Trace | None = None,
              opponent: tuple[Side, Chooser] | None = None) -> Episode | None:
    """One game of `variant` played by `net` against itself with dice from `rng`, learning with step size
    `alpha` (0: not at all) and trace decay `lam`; None when it runs past `MAX_PLIES`. White starts; in tawula
    its first roll is the opening roll, two different dice (R-OPEN-1). `trace`, when given, receives every
    turn: the position, the dice and the chosen play's working cells (None for a pass), for tests.

    `opponent` (a side and a `Chooser`, such as the heuristic of `game.ai`) plays that side's turns instead of
    the net; the net still learns from every after-position of the game, the opponent's plays included, so it
    learns what the opponent's plays lead to (`train --against`)."""
    judged = judging(variant)
    start = Position.start(variant)
    cells, protected, cascade, mover = start.cells, (False, False), start.cascade, start.turn
    contrary = variant.contrary
    dice_of = _Dice(rng)
    learner = Learner(net, lam, alpha) if alpha else None
    first = variant.name == "tawula"
    plays = 0
    choices = random.Random(int(rng.integers(1 << 62))) if opponent is not None else None  # its tie-breaks
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
        h = net.hidden(x)
        y = net.outputs(h)
        value = equity(y, variant)
        ends = quick_ends(judged, mover, works)
        for i, known in ends.items():
            value[i] = equity(outcome_target(known, mover), variant)
        if opponent is not None and choices is not None and mover is opponent[0] and len(leaves) > 1:
            offered = legal_plays(Position(variant, mover, cells, protected, cascade), dice)
            i = _leaf_of(opponent[1](offered, choices), works)
        else:
            i = int(np.argmax(value))
        steps, work = leaves[i]
        plays += 1
        if trace is not None:
            trace[-1] = (trace[-1][0], dice, work)
        now = work[:B.SIZE]
        end: Outcome | None = ends[i] if i in ends else end_of(judged, mover, now)
        white = mover is Side.WHITE
        if end is not None:
            if learner is not None:
                learner.end(outcome_target(end, mover), white)
            error = learner.errors / learner.steps if learner is not None and learner.steps else 0.0
            return Episode(end, plays, error)
        if learner is not None:
            learner.step(x[i], h[i], y[i], white)
        if cascade is None:
            mine_prot = protected[0] and work[B.BAR] > 0
            theirs_prot = bool(work[OPROT]) and work[B.OBAR] > 0  # R-ENTER-4
            cells, protected, mover = B.flip(now, contrary), (theirs_prot, mine_prot), mover.other
        else:
            side, cascade = after(cascade, mover, dice, len(steps), False)
            cells = now if side is mover else B.flip(now, contrary)
            mover = side
    return None


def _leaf_of(play: Play, works: IntArray) -> int:
    """The index of the leaf whose working cells are `play`'s (one leaf per resulting position)."""
    hits = np.flatnonzero((works == np.asarray(play.work, dtype=np.int64)).all(axis=1))
    if not len(hits):
        raise ValueError("the chosen play is not among the engine's plays of this roll")
    return int(hits[0])
