"""Where the computer gives away equity against GNU Backgammon in portes, by kind of position.

Run: `python bench/outside_errors.py [--games 200] [--judge-plies 0] [--source weights|checkpoint] [--seed 30000]`.
Needs the optional `gnubg-nn` (as `bench/outside.py`). The computer plays gnubg 0-ply as in `bench/outside.py`
(paired dice, cubeless portes); at each of the computer's turns with a choice, gnubg at `--judge-plies` values
every legal play, and the computer's error is the equity of gnubg's best play less that of the computer's (in
points, gammons counted). Errors are summed by the kind of position the turn starts from: **contact** (some
checker of either side still has to pass the other's), **race** (no contact, not every checker home) and
**bear-off** (no contact, both sides home). The lever to pull is where the error per game is largest.
JSON last: per kind the turns, the turns in error (over 0.001 points), the error per game and per turn.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.outside import PORTES, Chooser, gnubg_chooser, gnubg_key, gnubg_values, player
from game import Play, Position, Side, paired_outcomes

KINDS = ("contact", "race", "bear-off")


def kind(position: Position) -> str:
    """`position`'s kind: contact, race or bear-off (see the module's docstring)."""
    mover, other = position.turn, position.turn.other
    mine = [p for p in range(1, 25) if position.checkers_on(mover, p)] + ([25] if position.bar(mover) else [])
    theirs = [25 - p for p in range(1, 25) if position.checkers_on(other, p)] + ([0] if position.bar(other) else [])
    if mine and theirs and max(mine) > min(theirs):
        return "contact"
    home = all(p <= 6 for p in mine) and all(p >= 19 for p in theirs)
    return "bear-off" if home else "race"


def judged(plies: int, errors: dict[str, list[float]]) -> Callable[[Chooser], Chooser]:
    """Wrap a chooser so that each of its choices is judged by gnubg at `plies` into `errors[kind]`."""
    def wrap(choose: Chooser) -> Chooser:
        def chosen(plays: list[Play], rng: random.Random) -> Play:
            play = choose(plays, rng)
            if len(plays) > 1:
                values = gnubg_values(plays, plies)
                mine = values.get(gnubg_key(play.position))
                if mine is not None:  # a play gnubg lists (all but a rare bear-off corner)
                    errors[kind(play.before)].append(max(values.values()) - mine)
            return play

        return chosen

    return wrap


def run(games: int, plies: int, seed: int, source: str) -> dict[str, Any]:
    errors: dict[str, list[float]] = {k: [] for k in KINDS}
    mine = judged(plies, errors)(player("computer", source))
    theirs = gnubg_chooser(0, [0])
    outcomes = paired_outcomes(PORTES, mine, theirs, 0, games // 2, seed)
    won = sum((w.winner is Side.WHITE) + (b.winner is Side.BLACK) for w, b in outcomes)
    n = 2 * len(outcomes)
    out: dict[str, Any] = {"games": n, "rate": round(won / n, 4), "judge_plies": plies, "source": source}
    for k, errs in errors.items():
        out[k] = {"turns": len(errs), "in_error": sum(e > 0.001 for e in errs),
                  "per_game": round(sum(errs) / n, 4),
                  "per_turn": round(sum(errs) / len(errs), 5) if errs else math.nan}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--judge-plies", type=int, choices=(0, 1), default=0)
    parser.add_argument("--seed", type=int, default=30_000)
    parser.add_argument("--source", choices=("weights", "checkpoint"), default="weights")
    args = parser.parse_args()
    start = time.perf_counter()
    out = run(args.games, args.judge_plies, args.seed, args.source)
    out["seconds"] = round(time.perf_counter() - start, 1)
    for k in KINDS:
        print(f"{k}: {out[k]['per_game']:.3f} points a game over {out[k]['turns']} turns", file=sys.stderr)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
