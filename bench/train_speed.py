"""Self-play training speed: whole games a second on one core, move choice and TD(λ) update included.

Run: `python bench/train_speed.py [--variants plakoto,portes] [--seconds 20] [--source fresh|checkpoint]`.
Each variant plays games of the net against itself and learns from each (a copy: the checkpoint is never
written) for `--seconds`, with one BLAS thread. `fresh` nets play long, aimless games in the hitting games;
`checkpoint` measures the net as trained so far (fresh where there is no checkpoint). Per variant the result has
`<variant>_games_per_s` (wall clock), `<variant>_games_per_cpu_s` (the process's own CPU time: what a core gives
when other work shares the machine), `<variant>_plies_per_game` and `<variant>_positions_per_s`. The last line is a JSON
object.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # before numpy loads: one BLAS thread

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import variant
from game.nets import LAMBDA, NETS, Net, load_checkpoint, net_name, self_play, step_size, width


def measure(game: str, seconds: float, source: str) -> dict[str, float]:
    name = net_name(game)
    spec = NETS[name]
    rng = np.random.default_rng(7)
    ckpt = load_checkpoint(name) if source == "checkpoint" else None
    net = ckpt.net.copy() if ckpt is not None else Net.fresh(width(spec), spec.hidden, rng)
    trained = ckpt.games if ckpt is not None else 0
    v = variant(game)
    games = plies = 0
    cpu = time.process_time()
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        episode = self_play(net, spec, v, rng, LAMBDA, step_size(trained + games))
        games += 1
        if episode is not None:
            plies += episode.plays
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    return {f"{game}_games_per_s": round(games / elapsed, 2),
            f"{game}_games_per_cpu_s": round(games / cpu, 2), f"{game}_plies_per_game": round(plies / games, 1),
            f"{game}_positions_per_s": round(plies / elapsed), f"{game}_games_trained": trained}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variants", default="plakoto")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--source", choices=("fresh", "checkpoint"), default="checkpoint")
    args = parser.parse_args()
    result: dict[str, object] = {"seconds": args.seconds, "source": args.source}
    for game in args.variants.split(","):
        result.update(measure(game.strip(), args.seconds, args.source))
        print(json.dumps({k: v for k, v in result.items() if k.startswith(game)}), file=sys.stderr)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
