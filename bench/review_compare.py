"""Reviews before and after a change, side by side: the same fixed games reviewed by two checkouts of the code,
alternately, each in its own process (`--as-gated`, as `bench/review.py`). Per checkout and round: each game's
review time (wall and CPU), each side's error rate (milli-points) and luck (points); at the end the medians of the
review times and the largest difference in an error rate and in a luck between the two.

Run: `python bench/review_compare.py --old /path/to/older/checkout [--variant plakoto] [--games 4] [--rounds 3]
[--seed 20000]`. The new code is this checkout. The games are the computer (white) against the heuristic (black),
with dice from `random.Random(seed + i)`, played by each checkout (both players play the same in both). The last line is
a JSON object."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

CHILD = r"""
import dataclasses, json, random, sys, time
from game import Game, Side, ai_chooser, variant
from game.nets import choose, computer, played, review_game

name, seed, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
shipped = computer.loaded
computer.loaded = lambda g: None if (f := shipped(g)) is None else dataclasses.replace(f, gated=True)

def pick(g, rng):  # white: the computer; black: the heuristic, whose plays the judge finds errors in
    if g.turn is Side.WHITE:
        return choose(g.position, g.dice, seed=rng.randrange(1 << 30))
    plays = g.plays()
    return ai_chooser(plays, rng) if plays else None

out = []
for i in range(games):
    start, turns = played(Game.new(variant(name)), pick, random.Random(seed + i))
    began, cpu = time.perf_counter(), time.process_time()
    review = review_game(start, turns)
    took, used = time.perf_counter() - began, time.process_time() - cpu
    out.append({"seconds": took, "cpu": used, "turns": len(turns),
                "rates": [review.error_rate(s) for s in (Side.WHITE, Side.BLACK)],
                "luck": [review.luck(s) for s in (Side.WHITE, Side.BLACK)],
                "decisions": [[d.turn, d.best, d.chosen, d.loss] for d in review.decisions]})
print(json.dumps(out))
"""


def reviews(tree: Path, name: str, seed: int, games: int) -> list[dict[str, object]]:
    done = subprocess.run([sys.executable, "-c", CHILD, name, str(seed), str(games)], cwd=tree, check=True,
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(tree)})
    found: list[dict[str, object]] = json.loads(done.stdout.splitlines()[-1])
    return found


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--old", required=True, type=Path)
    ap.add_argument("--variant", default="plakoto")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=20_000)
    args = ap.parse_args()
    times: dict[str, list[float]] = {"old": [], "new": []}
    cpus: dict[str, list[float]] = {"old": [], "new": []}
    last: dict[str, list[dict[str, object]]] = {}
    for r in range(args.rounds):
        for label, tree in (("old", args.old), ("new", HERE)):
            found = reviews(tree, args.variant, args.seed, args.games)
            secs = [float(g["seconds"]) for g in found]  # type: ignore[arg-type]
            times[label].extend(secs)
            cpus[label].extend(float(g["cpu"]) for g in found)  # type: ignore[arg-type]
            last[label] = found
            print(f"round {r + 1} {label}: " + " ".join(f"{s:.3f}" for s in secs) + " s (CPU "
                  + " ".join(f"{float(g['cpu']):.3f}" for g in found) + " s)", file=sys.stderr)  # type: ignore[arg-type]
    rate_diff = max(abs((a or 0.0) - (b or 0.0)) for o, n in zip(last["old"], last["new"], strict=True)
                    for a, b in zip(o["rates"], n["rates"], strict=True))  # type: ignore[call-overload]
    luck_diff = max(abs(a - b) for o, n in zip(last["old"], last["new"], strict=True)
                    for a, b in zip(o["luck"], n["luck"], strict=True))  # type: ignore[call-overload]
    result = {"variant": args.variant, "games": args.games, "rounds": args.rounds,
              "old_p50_s": round(statistics.median(times["old"]), 3),
              "new_p50_s": round(statistics.median(times["new"]), 3),
              "old_cpu_p50_s": round(statistics.median(cpus["old"]), 3),
              "new_cpu_p50_s": round(statistics.median(cpus["new"]), 3),
              "old_runs_s": [round(t, 3) for t in times["old"]], "new_runs_s": [round(t, 3) for t in times["new"]],
              "rates_old": [g["rates"] for g in last["old"]], "rates_new": [g["rates"] for g in last["new"]],
              "max_rate_diff_mp": round(rate_diff, 4), "max_luck_diff": luck_diff}
    print(json.dumps(result))


if __name__ == "__main__":
    main()
