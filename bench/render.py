"""Board picture benchmark: milliseconds per board (layout + draw + PNG encoding) and bytes per image.

Run: `python bench/render.py [--boards 300] [--runs 5]`. The boards are the renderer's samples followed by
positions from seeded random games of every variant, seen by both sides, with last plays, dice, names and
scores. One untimed pass fills the renderer's caches (a running bot keeps them warm; the first board of a
process also builds the palette and the empty board: `first_board_ms`). Each run then times every board
once; the figures are the medians over runs of each run's median and 95th percentile. `replay_300_s` is the
median over runs of the time to draw the replay of a 300-play game (`render_replay`, at most 150 boards; the
target is under 3 s), its processor time (`replay_300_cpu_s`: what it costs when other work shares the
machine), its size and frame count. The last line is a JSON object.
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image

from bench.percentile import pct
from renderer import render_replay, scene_png
from renderer.samples import long_game, varied_scenes


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--boards", type=int, default=300)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    scenes = varied_scenes(args.boards)
    clock = time.perf_counter
    t0 = clock()
    sizes = [len(scene_png(scenes[0]))]
    first_ms = (clock() - t0) * 1000
    sizes += [len(scene_png(s)) for s in scenes[1:]]
    width = Image.open(io.BytesIO(scene_png(scenes[0]))).width
    runs: list[tuple[float, float]] = []
    for r in range(args.runs):
        times: list[float] = []
        for s in scenes:
            t = clock()
            scene_png(s)
            times.append((clock() - t) * 1000)
        runs.append((statistics.median(times), pct(times, 0.95)))
        print(f"run {r + 1}: median {runs[-1][0]:.2f} ms, p95 {runs[-1][1]:.2f} ms", file=sys.stderr)
    game = long_game(300)
    replay_s: list[float] = []
    replay_cpu: list[float] = []
    for r in range(args.runs):
        t, c = clock(), time.process_time()
        gif = render_replay(game)
        replay_s.append(clock() - t)
        replay_cpu.append(time.process_time() - c)
        print(f"replay {r + 1}: {replay_s[-1]:.2f} s, {len(gif)} bytes", file=sys.stderr)
    result = {
        "boards": len(scenes),
        "p50_ms": round(statistics.median(r[0] for r in runs), 2),
        "p95_ms": round(statistics.median(r[1] for r in runs), 2),
        "median_bytes": int(statistics.median(sizes)),
        "max_bytes": max(sizes),
        "width_px": width,
        "runs": args.runs,
        "first_board_ms": round(first_ms, 1),
        "replay_300_s": round(statistics.median(replay_s), 2),
        "replay_300_cpu_s": round(statistics.median(replay_cpu), 2),
        "replay_300_bytes": len(gif),
        "replay_300_frames": Image.open(io.BytesIO(gif)).n_frames,
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
