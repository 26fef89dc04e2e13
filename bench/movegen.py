"""Move generation benchmark: time to list all legal plays over a fixed corpus, and random self-play speed.

Run: `python bench/movegen.py [--positions 6000] [--runs 5]`. The corpus comes from seeded random self-play
across every variant (gulbara's pending cascade stages asked with their own dice); each (position, roll) is
timed once per run, and the figures are the medians over runs of each run's median and 95th percentile, over
the whole corpus and per variant (`<variant>_nondouble_median_ms`, `<variant>_double_median_ms`). The last line
is a JSON object.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.percentile import pct
from game import PRESETS, Position, generate_plays, legal_plays, pass_position, play_game, random_play, variant


def corpus(size: int, seed: int = 2026) -> list[tuple[Position, tuple[int, int]]]:
    """(position, roll) pairs from seeded random self-play, split evenly across the variants."""
    rng = random.Random(seed)
    out: list[tuple[Position, tuple[int, int]]] = []
    per = size // len(PRESETS) + 1
    for name in PRESETS:
        v = variant(name)
        taken = 0
        while taken < per:
            p = Position.start(v)
            for _ in range(400):
                state = p.cascade
                if state is not None and state.pending:  # R-GULBARA-6: a pending stage has its own dice
                    roll = (state.die, state.die)
                else:
                    roll = (rng.randint(1, 6), rng.randint(1, 6))
                out.append((p, roll))
                taken += 1
                ps = legal_plays(p, roll)
                if not ps:
                    p = pass_position(p, roll)
                    continue
                pl = rng.choice(ps)
                if pl.end is not None or taken >= per:
                    break
                p = pl.position
    return out[:size]


def time_corpus(items: list[tuple[Position, tuple[int, int]]]) -> dict[str, tuple[list[float], list[float]]]:
    """Times in ms, non-doubles and doubles, for the whole corpus (key `""`) and per variant."""
    out: dict[str, tuple[list[float], list[float]]] = {"": ([], [])}
    clock = time.perf_counter
    for p, roll in items:
        t0 = clock()
        generate_plays(p, roll)
        dt = (clock() - t0) * 1000
        k = 1 if roll[0] == roll[1] else 0
        out[""][k].append(dt)
        out.setdefault(p.variant.name, ([], []))[k].append(dt)
    return out


def selfplay_rate(games: int, seed: int) -> float:
    """Whole games per second between two random players, across the variants."""
    rng = random.Random(seed)
    t0 = time.perf_counter()
    for i in range(games):
        play_game(variant(PRESETS[i % len(PRESETS)]), random_play, random_play, rng)
    return games / (time.perf_counter() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--positions", type=int, default=6000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--games", type=int, default=40)
    args = ap.parse_args()
    items = corpus(args.positions)
    runs = []
    per: dict[str, list[tuple[float, float]]] = {}
    for r in range(args.runs):
        timed = time_corpus(items)
        nd, dd = timed[""]
        runs.append((statistics.median(nd), pct(nd, 0.95), statistics.median(dd), pct(dd, 0.95)))
        for name, (vnd, vdd) in timed.items():
            if name:
                per.setdefault(name, []).append((statistics.median(vnd), statistics.median(vdd)))
        print(f"run {r + 1}: non-doubles median {runs[-1][0]:.3f} ms p95 {runs[-1][1]:.3f} ms; "
              f"doubles median {runs[-1][2]:.3f} ms p95 {runs[-1][3]:.3f} ms", file=sys.stderr)
    rates = [selfplay_rate(args.games, seed) for seed in range(3)]
    result = {
        "positions": len(items),
        "nondouble_median_ms": round(statistics.median(r[0] for r in runs), 4),
        "nondouble_p95_ms": round(statistics.median(r[1] for r in runs), 4),
        "double_median_ms": round(statistics.median(r[2] for r in runs), 4),
        "double_p95_ms": round(statistics.median(r[3] for r in runs), 4),
        "selfplay_games_per_s": round(statistics.median(rates), 2),
    }
    for name in PRESETS:
        if name in per:
            result[f"{name}_nondouble_median_ms"] = round(statistics.median(x[0] for x in per[name]), 4)
            result[f"{name}_double_median_ms"] = round(statistics.median(x[1] for x in per[name]), 4)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
