"""The nets' gate: the net against the heuristic (`game.ai.choose_play`) and against random.

Run: `python bench/gate.py VARIANT [--games 1000] [--opponent heuristic|random|both] [--source checkpoint|weights]
[--plies 1|2] [--random-plies 1|2] [--seed 20000] [--workers 1] [--record]`. Against the heuristic, `--plies 1` (the
default) plays the net alone at one ply; `--plies 2` the computer as the bot plays it with this net
(`game.nets.choose`: the net at one ply, then the best few plays two plies deep). Against random, the games are
played at `--random-plies` (default 2): the 99 % asked there is a floor for what players meet, the computer as the
bot plays it. (In fevga a random mover keeps an even race, there being no hitting: at one ply the heuristic itself
scores only 97.6 % against it over 500 games, the net 98.0 %.) Games come in pairs: pair i is played twice with dice
from the seed `"<seed>:<i>"`, the net white then black, so the dice's luck cancels (a tie scores ½). The net is the
training checkpoint (`game/nets/train/<net>.ckpt.npz`) or the shipped weights (`game/nets/weights/<net>.npz`). The
result per opponent has `<opponent>_rate` (the net's share of the points: wins + ½ ties over games) and
`<opponent>_se` (standard error over the pairs), with the games trained. The last line is a JSON object. Use
`--workers 2` only when the machine is otherwise quiet. `--record` (with `--source weights`, both opponents) writes
the result into the shipped sidecar's `gate` field with whether it passed (≥ 65 % against the heuristic and ≥ 99 %
against random over ≥ 1,000 games) and the weights' sha256: the computer plays a game with its net only when that
field says so for the weights shipped (`game.nets.computer`).
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # before numpy loads: one BLAS thread

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import ai_chooser, paired_scores, random_play, variant
from game.nets import (
    NETS,
    Net,
    computer_chooser,
    load_checkpoint,
    load_weights,
    net_chooser,
    net_name,
    record_gate,
    summary,
)

OPPONENTS = {"heuristic": ai_chooser, "random": random_play}


def load(name: str, source: str) -> tuple[Net, int]:
    """The net `name` from its checkpoint or its shipped weights, and the games it was trained on."""
    if source == "weights":
        net, side = load_weights(name)
        return net, int(side["games_trained"])
    ckpt = load_checkpoint(name)
    if ckpt is None:
        raise SystemExit(f"no checkpoint of {name}: train it first (python -m game train {name})")
    return ckpt.net, ckpt.games


def chunk(game: str, source: str, opponent: str, first: int, pairs: int, seed: int,
          plies: int = 1) -> list[tuple[float, float]]:
    name = net_name(game)
    net, _ = load(name, source)
    mine = net_chooser(net, NETS[name]) if plies == 1 else computer_chooser(net, NETS[name])
    return paired_scores(variant(game), mine, OPPONENTS[opponent], first, pairs, seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variant")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--opponent", choices=("heuristic", "random", "both"), default="both")
    parser.add_argument("--source", choices=("checkpoint", "weights"), default="checkpoint")
    parser.add_argument("--plies", type=int, choices=(1, 2), default=1, help="the net's depth against the heuristic")
    parser.add_argument("--random-plies", type=int, choices=(1, 2), default=2,
                        help="the net's depth against random (default: as the bot plays it)")
    parser.add_argument("--seed", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--record", action="store_true", help="write the gate into the shipped sidecar")
    args = parser.parse_args()
    if args.record and (args.source != "weights" or args.opponent != "both"):
        parser.error("--record needs --source weights and --opponent both")
    name = net_name(args.variant)
    _, trained = load(name, args.source)
    result: dict[str, object] = {"variant": args.variant, "net": name, "source": args.source,
                                 "games_trained": trained, "plies": args.plies, "random_plies": args.random_plies}
    pairs = args.games // 2
    for opponent in (("heuristic", "random") if args.opponent == "both" else (args.opponent,)):
        start = time.perf_counter()
        plies = args.random_plies if opponent == "random" else args.plies
        if args.workers > 1:
            step = -(-pairs // args.workers)
            with ProcessPoolExecutor(args.workers) as pool:
                parts = pool.map(chunk, *zip(*[(args.variant, args.source, opponent, i, min(step, pairs - i),
                                                args.seed, plies) for i in range(0, pairs, step)],
                                             strict=True))
                results = [r for part in parts for r in part]
        else:
            results = chunk(args.variant, args.source, opponent, 0, pairs, args.seed, plies)
        stats = summary(results)
        result[f"{opponent}_games"] = stats["games"]
        result[f"{opponent}_rate"] = stats["rate"]
        result[f"{opponent}_se"] = stats["se"]
        result[f"{opponent}_seconds"] = round(time.perf_counter() - start, 1)
        print(f"{args.variant} vs {opponent}: {100 * stats['rate']:.1f} % ± {100 * stats['se']:.1f} "
              f"of {stats['games']} games", file=sys.stderr)
    if args.record:
        result["gate"] = record_gate(name, {"games": result["heuristic_games"], "seed": args.seed, "plies": args.plies,
                                            "random_plies": args.random_plies,
                                            **{f"{o}_{k}": result[f"{o}_{k}"] for o in ("heuristic", "random")
                                               for k in ("rate", "se")}})
    print(json.dumps(result))


if __name__ == "__main__":
    main()
