"""Computer player benchmark: how often it beats the random player, and how long it thinks per move.

Run: `python bench/ai.py [--games 400] [--variants portes,fevga] [--seed 10000] [--workers 2]`. Each variant
plays `--games` whole games against `random_play`, the computer white in the even-numbered games and black in
the odd ones, game i with dice from `random.Random(seed + i)`, so a run is reproducible. Every call of the
computer's chooser is timed: a Gul Bara cascade stage is a call of its own (R-GULBARA-3), the unit of the
100 ms answer target. Per variant the result has `<variant>_win_rate`, `<variant>_move_median_ms`,
`<variant>_move_p99_ms`, `<variant>_move_p999_ms` and `<variant>_move_max_ms`. The last line is a JSON object.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.percentile import pct
from game import PRESETS, Play, Side, ai_chooser, play_game, random_play, variant


def one_game(name: str, index: int, seed: int) -> tuple[bool, list[float]]:
    """Game `index` of `name`: whether the computer won, and its think time per move in ms."""
    times: list[float] = []

    def timed(plays: list[Play], rng: random.Random) -> Play:
        start = time.perf_counter()
        chosen = ai_chooser(plays, rng)
        times.append((time.perf_counter() - start) * 1000)
        return chosen

    ai_white = index % 2 == 0
    game = play_game(variant(name), timed if ai_white else random_play, random_play if ai_white else timed,
                     random.Random(seed + index))
    assert game.outcome is not None
    return game.outcome.winner is (Side.WHITE if ai_white else Side.BLACK), times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--variants", default=",".join(PRESETS))
    ap.add_argument("--seed", type=int, default=10_000)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    result: dict[str, float | int] = {"games": args.games}
    with ProcessPoolExecutor(args.workers) as pool:
        for name in args.variants.split(","):
            started = time.perf_counter()
            done = list(pool.map(one_game, [name] * args.games, range(args.games), [args.seed] * args.games,
                                 chunksize=10))
            wins = sum(w for w, _ in done)
            times = [t for _, ts in done for t in ts]
            result[f"{name}_win_rate"] = round(wins / args.games, 4)
            result[f"{name}_move_median_ms"] = round(statistics.median(times), 3)
            result[f"{name}_move_p99_ms"] = round(pct(times, 0.99), 3)
            result[f"{name}_move_p999_ms"] = round(pct(times, 0.999), 3)
            result[f"{name}_move_max_ms"] = round(max(times), 3)
            print(f"{name}: {wins}/{args.games} won, moves median {result[f'{name}_move_median_ms']} ms, "
                  f"p99 {result[f'{name}_move_p99_ms']} ms, p99.9 {result[f'{name}_move_p999_ms']} ms, "
                  f"max {result[f'{name}_move_max_ms']} ms "
                  f"({time.perf_counter() - started:.0f} s)", file=sys.stderr)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
