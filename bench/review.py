"""Review benchmark: how long the review of a whole game takes (`game.nets.review_game`: every turn judged, each
roll's luck), the work a finished game's summary waits for in the background.

Run: `python bench/review.py [--games 8] [--variants portes,plakoto] [--seed 20000] [--as-gated]`. Each game is
the bot's computer against itself (`game.nets.choose`: the gated net two plies deep where it plays, else the
heuristic), game i with dice from `random.Random(seed + i)`, so a run is reproducible; the review is timed in
this one process. `--as-gated` takes every shipped net as gated (what a review will cost once a net still in
training passes its gate). Per variant the result has `<variant>_judge` and `<variant>_plies` (who judged, how deep),
`<variant>_turns_median`, `<variant>_review_p50_s` and `<variant>_review_max_s` (wall), and
`<variant>_review_cpu_p50_s` (the process's CPU time, the figure to compare on a shared machine). The last line is a
JSON object.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import Game, Play, Position, variant
from game.nets import Turn, choose, computer, played, review_game


def one_game(name: str, seed: int) -> tuple[Position, list[Turn]]:
    """A whole game of `name`, the computer on both sides, dice from `random.Random(seed)`."""

    def pick(g: Game, rng: random.Random) -> Play | None:
        assert g.dice is not None
        return choose(g.position, g.dice, seed=rng.randrange(1 << 30))

    return played(Game.new(variant(name)), pick, random.Random(seed))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--variants", default="portes,plakoto")
    ap.add_argument("--seed", type=int, default=20_000)
    ap.add_argument("--as-gated", action="store_true")
    args = ap.parse_args()
    result: dict[str, float | int | str | bool] = {"games": args.games, "as_gated": args.as_gated}
    if args.as_gated:
        shipped = computer.loaded
        computer.loaded = lambda game: (None if (found := shipped(game)) is None  # type: ignore[assignment]
                                        else dataclasses.replace(found, gated=True))
    for name in args.variants.split(","):
        times: list[float] = []
        cpus: list[float] = []
        lengths: list[int] = []
        judge, plies = "", 0
        for i in range(args.games):
            start, turns = one_game(name, args.seed + i)
            began, cpu = time.perf_counter(), time.process_time()
            review = review_game(start, turns)
            times.append(time.perf_counter() - began)
            cpus.append(time.process_time() - cpu)
            lengths.append(len(turns))
            judge, plies = review.judge, review.plies
        result[f"{name}_judge"] = judge
        result[f"{name}_plies"] = plies
        result[f"{name}_turns_median"] = statistics.median(lengths)
        result[f"{name}_review_p50_s"] = round(statistics.median(times), 3)
        result[f"{name}_review_max_s"] = round(max(times), 3)
        result[f"{name}_review_cpu_p50_s"] = round(statistics.median(cpus), 3)
        print(f"{name}: judged by the {judge} at {plies} ply, {statistics.median(lengths)} turns a game, review "
              f"p50 {result[f'{name}_review_p50_s']} s, max {result[f'{name}_review_max_s']} s, CPU p50 "
              f"{result[f'{name}_review_cpu_p50_s']} s", file=sys.stderr)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
