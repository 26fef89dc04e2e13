"""Fitting a net to its own look ahead: the one-ply expectation over the opponent's 21 rolls, without the dice' noise.

TD(λ) (`td`) learns each after-position's value from the one the game happened to reach next: one roll of the
36. Here the target of an after-position P (its mover's view, the opponent to roll) is what the computer's
two-ply look says of it (`computer.two_ply`): for each of the opponent's 21 rolls (weighted 1/36 a double, 2/36
the others) the outputs of the opponent's best reply by the net at one ply, seen from P's mover (`net.swap`;
a reply that ends the game by its outcome, R-END-1…5); a roll the opponent cannot play (R-TURN-3) keeps the net's
own outputs of P. All five outputs are averaged, not just the equity, so the gammon chances are fitted too.

A round (`fit_round`): self-play games of the net at one ply give after-positions, their targets are computed
with the net as it stands, and the net is fitted to them by mini-batch Adam on the outputs' cross-entropy, from
where it stands. A net fitted to its own look ahead values a position as a look one ply deeper did; rounds
repeat that. Only for the games without cascades (gul bara's stages keep the mover: its look ahead differs).
"""

from __future__ import annotations

import argparse
import fcntl
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise

import numpy as np
import numpy.typing as npt

from .. import board as B
from ..lookahead import replies
from ..movegen import OPROT, homeout
from ..position import Position
from ..sides import Side
from ..variants import Variant, preset_name, variant
from .afterstate import aux_rows, judging, outcome_target, quick_ends
from .encode import PROT_ME, ROLL_WEIGHTS, FloatArray, IntArray, encode, encode32
from .net import OUTPUTS, SWAP_MATRIX, SWAP_OFFSET, Inference, Net, equity
from .spec import NETS, NetSpec, net_name
from .store import TRAIN_DIR, Checkpoint, load_checkpoint, save_checkpoint
from .td import self_play
from .train import _log_to

Float32Array = npt.NDArray[np.float32]


@dataclass(slots=True)
class Positions:
    """After-positions from self-play: the working cells (mover's view, one a row), the mover, and whether the
    opponent's checkers on the bar are protected (tawula, R-ENTER-4) and the mover's are."""

    works: IntArray
    white: npt.NDArray[np.bool_]
    protected: npt.NDArray[np.bool_]  # (k, 2): the mover's, the opponent's, after the play


def sample(net: Net, spec: NetSpec, variant: Variant, rng: np.random.Generator, games: int) -> Positions:
    """The after-positions of `games` self-play games of `net` at one ply (as `td.self_play` plays them)."""
    if variant.cascading:
        raise ValueError("fitting to the look ahead is for the games without cascades")
    rows: list[tuple[int, ...]] = []
    movers: list[bool] = []
    prots: list[tuple[bool, bool]] = []
    for _ in range(games):
        trace: list[tuple[Position, tuple[int, int], tuple[int, ...] | None]] = []
        if self_play(net, spec, variant, rng, trace=trace) is None:
            continue
        played = [(position, work) for position, _dice, work in trace if work is not None]
        for position, work in played[:-1]:  # the last play ends the game: nothing to look ahead from
            rows.append(work)
            movers.append(position.turn is Side.WHITE)
            mine = position.protected[0] and work[B.BAR] > 0
            prots.append((mine, bool(work[OPROT]) and work[B.OBAR] > 0))
    return Positions(np.array(rows, dtype=np.int64), np.array(movers, dtype=bool), np.array(prots, dtype=bool))


def inputs(positions: Positions, spec: NetSpec) -> Float32Array:
    """The net's inputs of each after-position, as its mover sees it with the opponent to roll."""
    works = positions.works
    aux = aux_rows(works, (False, False), None, Side.WHITE, (1, 2), 0)
    aux[:, PROT_ME] = positions.protected[:, 0]
    return encode32(works, aux, spec)


def targets(net: Net, spec: NetSpec, variant: Variant, positions: Positions, batch: int = 64) -> FloatArray:
    """The look ahead's outputs (k, 5) of each after-position for its mover (see the module's docstring), the
    replies of `batch` positions through the net at a time."""
    fast = Inference.of(net)
    judged = judging(variant)
    out = np.empty((len(positions.works), OUTPUTS))
    for lo in range(0, len(positions.works), batch):
        hi = min(lo + batch, len(positions.works))
        out[lo:hi] = _targets(fast, spec, variant, judged, positions, lo, hi)
    return out


def _targets(fast: Inference, spec: NetSpec, variant: Variant, judged: Variant, positions: Positions,
             lo: int, hi: int) -> FloatArray:
    """`targets` of positions `lo` to `hi`: every reply of every roll in one batch, as `computer.two_ply`
    lists them (a roll that cannot be played, R-TURN-3, the position as it stands, the mover to roll)."""
    rows: list[tuple[int, ...]] = []
    prot: list[bool] = []
    starts: list[int] = []
    for p in range(lo, hi):
        work = positions.works[p]
        cells = B.flip(tuple(work[:B.SIZE].tolist()), variant.contrary)
        theirs, mine = bool(positions.protected[p, 1]), bool(positions.protected[p, 0])
        for works in replies(cells, (theirs, mine), variant):
            starts.append(len(rows))
            if works:
                rows.extend(works)
                prot.extend([theirs] * len(works))
            else:
                rows.append((*cells, homeout(cells), 1 if mine else 0))
                prot.append(theirs)
    rows_arr: IntArray = np.array(rows, dtype=np.int64)
    side = Side.WHITE  # the outputs are the reply's mover's: its colour does not change them
    aux = aux_rows(rows_arr, (False, False), None, side, (1, 1), 0)
    aux[:, PROT_ME] = np.array(prot) & (rows_arr[:, B.BAR] > 0)  # R-ENTER-4
    y = fast(encode32(rows_arr, aux, spec))
    for i, end in quick_ends(judged, side, rows_arr).items():
        y[i] = outcome_target(end, side)
    value = equity(y, variant)
    bounds = np.array([*starts, len(rows)])
    best = np.array([a + int(np.argmax(value[a:b])) for a, b in pairwise(bounds)])
    seen = y[best] @ SWAP_MATRIX.T + SWAP_OFFSET  # each roll's best reply, seen by the position's mover
    result: FloatArray = (seen.reshape(hi - lo, len(ROLL_WEIGHTS), OUTPUTS) * ROLL_WEIGHTS[None, :, None]).sum(axis=1)
    return result


@dataclass(slots=True)
class Fitted:
    """What a fit did: the cross-entropy of the held-out positions before and after, and the epochs run."""

    before: float
    after: float
    epochs: int


def cross_entropy(net: Net, x: Float32Array, t: FloatArray) -> float:
    """The mean over positions of the five outputs' summed cross-entropy against targets `t`."""
    y = np.clip(Inference.of(net)(x), 1e-7, 1 - 1e-7)
    return float(-(t * np.log(y) + (1 - t) * np.log(1 - y)).sum(axis=1).mean())


def fit(net: Net, x: Float32Array, t: FloatArray, rng: np.random.Generator, *, epochs: int = 4,
        rate: float = 3e-4, batch: int = 256, held: float = 0.05,
        report: Callable[[int, float], None] | None = None) -> Fitted:
    """Fit `net` (in place) to targets `t` for inputs `x` by mini-batch Adam on the outputs' cross-entropy,
    holding `held` of the positions out to measure it (`report(epoch, cross-entropy)` after each epoch)."""
    order = rng.permutation(len(x))
    cut = max(1, int(len(x) * held))
    test, train = order[:cut], order[cut:]
    before = cross_entropy(net, x[test], t[test])
    params = [net.w1, net.b1, net.w2, net.b2]
    moments = [(np.zeros_like(p), np.zeros_like(p)) for p in params]
    beta1, beta2, step = 0.9, 0.999, 0
    w1, b1, w2, b2 = (p.astype(np.float32) for p in params)
    t32 = t.astype(np.float32)
    for epoch in range(epochs):
        rng.shuffle(train)
        for lo in range(0, len(train), batch):
            idx = train[lo:lo + batch]
            xb = x[idx]
            h = 1.0 / (1.0 + np.exp(-(xb @ w1.T + b1)))
            y = 1.0 / (1.0 + np.exp(-(h @ w2.T + b2)))
            dz2 = (y - t32[idx]) / len(idx)  # the cross-entropy's gradient through a sigmoid
            dz1 = (dz2 @ w2) * h * (1.0 - h)
            step += 1
            for p, g, (m, v) in zip(params, (dz1.T @ xb, dz1.sum(axis=0), dz2.T @ h, dz2.sum(axis=0)), moments,
                                    strict=True):
                m += (1 - beta1) * (g - m)
                v += (1 - beta2) * (g * g - v)
                p -= rate * (m / (1 - beta1 ** step)) / (np.sqrt(v / (1 - beta2 ** step)) + 1e-8)
            w1[...], b1[...], w2[...], b2[...] = params
        if report is not None:
            report(epoch + 1, cross_entropy(net, x[test], t[test]))
    return Fitted(before, cross_entropy(net, x[test], t[test]), epochs)


def own_outputs(net: Net, spec: NetSpec, positions: Positions) -> FloatArray:
    """The net's own outputs of each after-position (for comparing with the targets)."""
    works = positions.works
    aux = aux_rows(works, (False, False), None, Side.WHITE, (1, 2), 0)
    aux[:, PROT_ME] = positions.protected[:, 0]
    out: FloatArray = net(encode(works, aux, spec))
    return out


def fit_round(ckpt: Checkpoint, games: int, rng: np.random.Generator, *, epochs: int, rate: float,
              log: Callable[[str], None] = print) -> Fitted:
    """One round on the checkpoint's net (its running average where it keeps one): `games` self-play games'
    after-positions, their targets by the net as it stands, and the fit. The fitted net becomes the
    checkpoint's net and its average alike (in place)."""
    spec = NETS[ckpt.net_name]
    play_variant = variant(spec.games[0])
    net = (ckpt.average if ckpt.average is not None else ckpt.net).copy()
    began = time.monotonic()
    positions = sample(net, spec, play_variant, rng, games)
    t = targets(net, spec, play_variant, positions)
    log(f"{ckpt.net_name}: fit: {len(t)} positions of {games} games and their look ahead in "
        f"{time.monotonic() - began:.0f} s")
    result = fit(net, inputs(positions, spec), t, rng, epochs=epochs, rate=rate,
                 report=lambda epoch, ce: log(f"{ckpt.net_name}: fit: epoch {epoch}, held-out cross-entropy "
                                              f"{ce:.5f}"))
    log(f"{ckpt.net_name}: fit: held-out cross-entropy {result.before:.5f} → {result.after:.5f}")
    ckpt.net, ckpt.average = net, net.copy()
    return result


def main(argv: Sequence[str] | None = None) -> int:
    """The `fit` command; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m game fit", description=__doc__.split("\n\n")[0])
    parser.add_argument("variant", help="the game whose net to fit (portes and tabla share one)")
    parser.add_argument("--games", type=int, default=7_000, help="self-play games a round (about 45 "
                                                                "after-positions each in portes)")
    parser.add_argument("--rounds", type=int, default=1, help="rounds: sample, look ahead, fit")
    parser.add_argument("--epochs", type=int, default=4, help="passes over a round's positions")
    parser.add_argument("--rate", type=float, default=3e-4, help="Adam's step size")
    parser.add_argument("--seed", type=int, default=1, help="the self-play dice and the fit's order")
    args = parser.parse_args(argv)
    try:
        name = net_name(preset_name(args.variant))
    except Exception as exc:  # an unknown variant: say so, no traceback
        parser.error(str(exc))
    if variant(NETS[name].games[0]).cascading:
        parser.error(f"{name}: fitting to the look ahead is for the games without cascades")
    lock = open(TRAIN_DIR / ".lock", "w")  # noqa: SIM115 - held for the whole run
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        parser.error(f"another training process is running on {TRAIN_DIR}: one at a time (it owns the checkpoints)")
    ckpt = load_checkpoint(name)
    if ckpt is None:
        parser.error(f"{name} has no checkpoint to fit: train it first")
    log = _log_to(TRAIN_DIR / f"{name}.log")
    rng = np.random.default_rng(args.seed)
    for r in range(args.rounds):
        log(f"{name}: fit round {r + 1} of {args.rounds} from the net at {ckpt.games} games")
        fit_round(ckpt, args.games, rng, epochs=args.epochs, rate=args.rate, log=log)
        save_checkpoint(ckpt)
    return 0
