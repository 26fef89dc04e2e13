"""The computer as the bot plays it (`game.nets.choose`), per game: who plays it, its score against the
heuristic and against random with dice paired, its think time, and the games its net was trained on.

Run: `python bench/computer.py [--variants portes,tabla,...] [--games 200] [--random-games 100] [--seed 30000]`.
Games come in pairs (each dice seed twice, the computer white then black; a tie scores ½), so the dice's luck
cancels; `<opponent>_rate` is the computer's share of the points and `<opponent>_se` its standard error over
the pairs. A game the heuristic plays is not played against the heuristic (it is the heuristic). The think
time is the wall time of each of the computer's decisions with a choice (two plays or more), in ms, over the
games played (p50, p99), and `think_cpu_ms_*` the same in CPU time (the figure to compare on a shared machine).
`gate` is the 1,000-game gate recorded in the sidecar (`bench/gate.py --record`, the net at one ply against the
heuristic, the computer as it plays against random). Each game's row is
printed as it ends; the last line is a JSON object with the table.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # before numpy loads: one BLAS thread

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.percentile import pct
from game import PRESETS, Chooser, Play, ai_chooser, paired_scores, random_play, variant
from game.nets import choose, computer_name, load_weights, net_name, summary


def timed_computer(times: list[tuple[float, float]]) -> Chooser:
    """`choose` as a `Chooser`, its tie-break seed drawn from the game's choices, each choice timed (wall, CPU)."""

    def computer(plays: list[Play], rng: random.Random) -> Play:
        seed = rng.randrange(1 << 30)
        start, cpu = time.perf_counter(), time.process_time()
        chosen = choose(plays[0].before, plays[0].dice, seed)
        if len(plays) > 1:
            times.append((time.perf_counter() - start, time.process_time() - cpu))
        assert chosen is not None
        return chosen

    return computer


def pairs(name: str, opponent: Chooser, games: int, seed: int,
          times: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """`games // 2` pairs of games of `name` between the computer and `opponent`."""
    return paired_scores(variant(name), timed_computer(times), opponent, 0, games // 2, seed)


def row(name: str, games: int, random_games: int, seed: int) -> dict[str, Any]:
    who = computer_name(name)
    result: dict[str, Any] = {"variant": name, "computer": who, "net": None, "games_trained": None, "gate": None}
    try:
        _, side = load_weights(net_name(name))
        result.update(net=side["net"], games_trained=side["games_trained"], gate=side.get("gate"))
    except ValueError:
        pass
    times: list[tuple[float, float]] = []
    start = time.perf_counter()
    if who == "net" and games:
        stats = summary(pairs(name, ai_chooser, games, seed, times))
        result.update(heuristic_games=stats["games"], heuristic_rate=stats["rate"], heuristic_se=stats["se"])
    if random_games:
        stats = summary(pairs(name, random_play, random_games, seed, times))
        result.update(random_games=stats["games"], random_rate=stats["rate"], random_se=stats["se"])
    walls, cpus = [w for w, _ in times], [c for _, c in times]
    result.update(decisions=len(times), think_ms_p50=round(1000 * pct(walls, 0.5), 1),
                  think_ms_p99=round(1000 * pct(walls, 0.99), 1), think_cpu_ms_p50=round(1000 * pct(cpus, 0.5), 1),
                  think_cpu_ms_p99=round(1000 * pct(cpus, 0.99), 1), seconds=round(time.perf_counter() - start, 1))
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variants", default=",".join(PRESETS))
    parser.add_argument("--games", type=int, default=200, help="games against the heuristic (net games only)")
    parser.add_argument("--random-games", type=int, default=100, help="games against random")
    parser.add_argument("--seed", type=int, default=30_000)
    args = parser.parse_args()
    table = []
    for name in args.variants.split(","):
        table.append(row(name.strip(), args.games, args.random_games, args.seed))
        print(json.dumps(table[-1]), file=sys.stderr, flush=True)
    print(json.dumps({"machine": os.uname().nodename, "cpus": os.cpu_count(), "load": os.getloadavg()[0],
                      "table": table}))


if __name__ == "__main__":
    main()
