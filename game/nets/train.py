"""`python -m game train VARIANT [VARIANT …] [--games N] [--minutes M] [--seed S]`: TD(λ) self-play training.

Each net resumes from its checkpoint (`store`), writes one every few minutes and at the end (also on SIGTERM
or Ctrl-C), and every `--gate-every` games plays a quick gate (paired dice against the heuristic of
`game.ai`) whose result goes to the log, the checkpoint and the shipped weights' sidecar. Several variants
are trained in turn, `--minutes` each, round after round; `--games N` stops a net once it has N games in
total. The log of a net is `game/nets/train/<net>.log`; progress is printed as well.

Learning is online TD(λ), λ = 0.7 (`td`). The step size decays with the games played:
α = α0 · √(G0 / (G0 + games)), α0 = 0.1, G0 = 50,000.

`--average W` keeps beside the weights their running average over about the last W games (after each game
ā ← ā + (w − ā)/W, from the weights the run starts with): at a small fixed step size the weights wander by as much
as a quick gate tells nets apart (tapa's 1,000-game gate read 73.3 % at 150,000 games and 70.3 % at 152,072), and
the average smooths that out. The quick gates then play the average too, and `--ship` ships it. A run without
`--average` drops an average kept before.

`--against F` plays that share of the games against the heuristic of `game.ai` instead of the net itself (the
net white in odd games, black in even ones); the net learns from every after-position of them, the heuristic's
plays included (`td.self_play`'s `opponent`). Such a game takes about ten times a self-played one in gul bara.
"""

from __future__ import annotations

import argparse
import fcntl
import signal
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import FrameType
from typing import Any

import numpy as np

from ..selfplay import ai_chooser
from ..sides import Side
from ..variants import Variant, preset_name, variant
from .encode import width
from .gate import quick_gate
from .net import LAYERS, Net
from .spec import NETS, NetSpec, net_name
from .store import TRAIN_DIR, WEIGHTS_DIR, Checkpoint, load_checkpoint, save_checkpoint, save_weights
from .td import self_play

ALPHA0 = 0.1
DECAY_GAMES = 50_000
LAMBDA = 0.7
GATE_SEED = 20_000  # the gates' dice, the same at every gate so that estimates compare


def step_size(games: int, alpha0: float = ALPHA0) -> float:
    """The step size after `games` games of training."""
    return float(alpha0 * (DECAY_GAMES / (DECAY_GAMES + games)) ** 0.5)


def start(name: str, seed: int | None, directory: Path) -> tuple[Checkpoint, np.random.Generator]:
    """The checkpoint of net `name` (a fresh net when there is none) and its random generator, resumed."""
    ckpt = load_checkpoint(name, directory)
    if ckpt is None:
        spec = NETS[name]
        s = 1 if seed is None else seed
        rng = np.random.default_rng(s)
        net = Net.fresh(width(spec), spec.hidden, rng)
        return Checkpoint(name, net, s, rng_state=dict(rng.bit_generator.state)), rng
    rng = np.random.default_rng()
    rng.bit_generator.state = ckpt.rng_state
    return ckpt, rng


class GateAbandoned(Exception):
    """A stop asked while a quick gate is playing: the gate is dropped, not waited for."""


class _Stop:
    """Set by SIGTERM or SIGINT: the loop finishes its game, writes a checkpoint and ends. A quick gate under
    way is abandoned at once (`GateAbandoned` from the handler): in gul bara one takes many minutes, and a stop
    must not wait for it."""

    def __init__(self) -> None:
        self.asked = False
        self.gating = False

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        self.asked = True
        if self.gating:
            self.gating = False
            raise GateAbandoned


def train(name: str, *, games: int | None = None, minutes: float | None = None, seed: int | None = None,
          directory: Path = TRAIN_DIR, weights: Path | None = WEIGHTS_DIR, gate_every: int = 5_000,
          gate_games: int = 200, checkpoint_seconds: float = 300.0, log: Callable[[str], None] = print,
          stop: _Stop | None = None, alpha: float | None = None, average: int | None = None,
          against: float = 0.0) -> Checkpoint:
    """Train net `name` until it has `games` games, `minutes` have passed, or a stop is asked (whichever
    first); returns the final checkpoint, which is written. `weights` None ships nothing. `alpha` fixes the
    step size for this run (fine-tuning a net whose gates have levelled off); else `step_size`'s schedule.
    `average` keeps the weights' running average over about that many games (see the module's docstring);
    `against` is the share of games played against the heuristic."""
    spec = NETS[name]
    play_variant: Variant = variant(spec.games[0])
    ckpt, rng = start(name, seed, directory)
    if average is None:
        ckpt.average = None
    elif ckpt.average is None:
        ckpt.average = ckpt.net.copy()
    began = last_save = last_log = time.monotonic()
    done_here = 0
    errors: list[float] = []
    plies: list[int] = []
    log(f"{name}: training from game {ckpt.games} (seed {ckpt.seed})")
    while True:
        now = time.monotonic()
        if (games is not None and ckpt.games >= games) or (minutes is not None and now - began >= 60 * minutes) \
                or (stop is not None and stop.asked):
            break
        step = step_size(ckpt.games) if alpha is None else alpha
        opponent = None
        if against and rng.random() < against:
            opponent = (Side.BLACK if ckpt.games % 2 else Side.WHITE, ai_chooser)
        episode = self_play(ckpt.net, spec, play_variant, rng, LAMBDA, step, opponent=opponent)
        ckpt.games += 1
        done_here += 1
        if ckpt.average is not None and average is not None:
            _follow(ckpt.average, ckpt.net, 1.0 / average)
        if episode is not None:
            errors.append(episode.error)
            plies.append(episode.plays)
            ckpt.positions += episode.plays
        ckpt.rng_state = dict(rng.bit_generator.state)
        if now - last_log >= 60:
            rate = done_here / max(now - began, 1e-9)
            log(f"{name}: {ckpt.games} games, {rate:.1f} games/s, α {step:.4f}, "
                f"|error| {np.mean(errors):.3f}, {np.mean(plies):.0f} plies a game")
            errors, plies, last_log = [], [], now
        if gate_every and ckpt.games % gate_every == 0:
            try:  # the flag is cleared inside the try, so a stop asked at any moment of it is caught here
                if stop is not None:
                    stop.gating = True
                result = _gate(ckpt, spec, play_variant, gate_games, average)
                if stop is not None:
                    stop.gating = False
            except GateAbandoned:
                log(f"{name}: the gate after {ckpt.games} games abandoned: a stop was asked")
                break
            said = f"{100 * result['rate']:.1f} % ± {100 * result['se']:.1f}"
            if "average_rate" in result:
                said += f" (the average: {100 * result['average_rate']:.1f} % ± {100 * result['average_se']:.1f})"
            ckpt.gates.append(result)
            log(f"{name}: gate after {ckpt.games} games: {said} of {result['games']} against the heuristic")
            save_checkpoint(ckpt, directory)
            if weights is not None:
                save_weights(ckpt, weights)
            last_save = time.monotonic()
        elif time.monotonic() - last_save >= checkpoint_seconds:
            save_checkpoint(ckpt, directory)
            last_save = time.monotonic()
    save_checkpoint(ckpt, directory)
    log(f"{name}: checkpoint at {ckpt.games} games ({done_here} this run)")
    return ckpt


def _gate(ckpt: Checkpoint, spec: NetSpec, play_variant: Variant, games: int, average: int | None) -> dict[str, Any]:
    """A quick gate of the checkpoint's weights, and of its running average where one is kept."""
    result = quick_gate(ckpt.net, spec, play_variant, games, GATE_SEED)
    result["after"] = ckpt.games
    if ckpt.average is not None:
        averaged = quick_gate(ckpt.average, spec, play_variant, games, GATE_SEED)
        result.update(average_rate=averaged["rate"], average_se=averaged["se"], average_of=average)
    return result


def _follow(average: Net, net: Net, rate: float) -> None:
    """Move each of `average`'s arrays by `rate` of the way to `net`'s, in place."""
    for k in LAYERS:
        a = getattr(average, k)
        a += rate * (getattr(net, k) - a)


def _log_to(path: Path) -> Callable[[str], None]:
    def log(line: str) -> None:
        text = f"{time.strftime('%Y-%m-%d %H:%M:%S', time.gmtime())} {line}"
        print(text, flush=True)
        with open(path, "a", encoding="utf-8") as fh:
            fh.write(text + "\n")

    return log


def main(argv: Sequence[str] | None = None) -> int:
    """The `train` command; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m game train", description=__doc__.split("\n\n")[0])
    parser.add_argument("variants", nargs="+", help="games whose nets to train (portes and tabla share one)")
    parser.add_argument("--games", type=int, help="stop a net once it has this many games in total")
    parser.add_argument("--minutes", type=float, help="minutes a turn (one variant: the whole run)")
    parser.add_argument("--rounds", type=int, help="rounds of turns with several variants (default: endless)")
    parser.add_argument("--seed", type=int, help="seed of a fresh net (a resumed one keeps its own)")
    parser.add_argument("--gate-every", type=int, default=5_000, help="games between quick gates (0: none)")
    parser.add_argument("--gate-games", type=int, default=200, help="games of a quick gate")
    parser.add_argument("--alpha", type=float, help="a fixed step size for this run, to fine-tune a net whose "
                                                    "gates have levelled off (default: the decaying schedule)")
    parser.add_argument("--average", type=int, metavar="W",
                        help="keep the weights' running average over about the last W games; the quick gates play "
                             "it too and --ship ships it")
    parser.add_argument("--against", type=float, default=0.0, metavar="F",
                        help="the share of games played against the heuristic instead of the net itself (default 0)")
    parser.add_argument("--keep-weights", action="store_true",
                        help="leave the shipped weights as they are (a gated net trained on ships once gated again)")
    parser.add_argument("--ship", action="store_true",
                        help="write each net's checkpoint as its shipped weights (ungated; its average where the "
                             "last run kept one) and stop, training nothing")
    args = parser.parse_args(argv)
    if args.alpha is not None and not 0 < args.alpha < 1:
        parser.error("--alpha is a step size between 0 and 1, like 0.01")
    if not 0 <= args.against <= 1:
        parser.error("--against is a share of the games, from 0 to 1, like 0.5")
    if args.average is not None and args.average < 1:
        parser.error("--average is a number of games, like 5000")
    try:
        names = list(dict.fromkeys(net_name(preset_name(v)) for v in args.variants))
    except Exception as exc:  # an unknown variant: say so, no traceback
        parser.error(str(exc))
    TRAIN_DIR.mkdir(parents=True, exist_ok=True)
    lock = open(TRAIN_DIR / ".lock", "w")  # noqa: SIM115 - held for the whole run
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        parser.error(f"another training process is running on {TRAIN_DIR}: one at a time (it owns the checkpoints)")
    if args.ship:
        for name in names:
            if (ckpt := load_checkpoint(name)) is None:
                parser.error(f"{name} has no checkpoint to ship")
            save_weights(ckpt, WEIGHTS_DIR)
            print(f"{name}: shipped the checkpoint at {ckpt.games} games (not gated)")
        return 0
    stop = _Stop()
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    rounds = 0
    while not stop.asked:
        for name in names:
            if stop.asked:
                break
            ckpt = load_checkpoint(name)
            if args.games is not None and ckpt is not None and ckpt.games >= args.games:
                continue
            kw: dict[str, Any] = {"games": args.games, "minutes": args.minutes, "seed": args.seed,
                                  "gate_every": args.gate_every, "gate_games": args.gate_games, "alpha": args.alpha,
                                  "average": args.average, "against": args.against}
            if args.keep_weights:
                kw["weights"] = None
            train(name, log=_log_to(TRAIN_DIR / f"{name}.log"), stop=stop, **kw)
        rounds += 1
        finished = args.games is not None and all(
            (c := load_checkpoint(n)) is not None and c.games >= args.games for n in names)
        if finished or len(names) == 1 or (args.rounds is not None and rounds >= args.rounds):
            break
        if args.minutes is None:
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
