"""The computer against an outside opponent: GNU Backgammon's own nets in cubeless portes.

Run: `python bench/outside.py [--games 1000] [--gnubg-plies 0] [--player computer|heuristic] [--seed 30000]
[--workers 1] [--source weights|checkpoint]` (`checkpoint`: the net in training, before its gate). Needs the
optional `gnubg-nn` package (GNU Backgammon's contact, crashed and race nets and its bear-off databases; GPL;
`pip install -c constraints.txt -e '.[outside]'`): the bot never needs it, it is only the yardstick. Portes is
backgammon without the cube (R-PORTES-1…5), so gnubg plays it as it is: its board is `[[side not on roll], [side
on roll]]`, 25 counts each, index i that side's point i + 1, index 24 its bar. gnubg's
chances come from the side that has just played's opponent (read from gnubg's `bm.cc`); portes has no triple game,
so a backgammon counts as the gammon it is here (R-END-1, scoring=mars): a candidate's equity for the mover is
−(2·w − 1 + g − lg) with w, g, lg the opponent's win, gammon and lost-gammon chances. gnubg's play is matched to the
engine's legal play that reaches the same position (`key_of_board`); where none does (gnubg's moves differ from the
engine's in a rare bear-off corner) the engine's play of highest gnubg equity is taken, and counted in `unmatched`.

Games come in pairs, each pair's dice (seed `"<seed>:<i>"`) played twice with the colours swapped, so the dice's luck
cancels. `--player computer` is the computer as the bot plays portes (`game.nets.choose`: its gated net, two plies);
`heuristic` the round-2 heuristic (`game.ai.choose_play`). The last line is a JSON object: games, the player's share
of wins (± one standard error over the pairs), its points a game (±), singles and mars won and lost, seconds.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # before numpy loads: one BLAS thread

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.gate import load
from game import Outcome, Play, Position, Side, ai_chooser, paired_outcomes, variant
from game.nets import NETS, computer_chooser, net_name

Chooser = Callable[[list[Play], random.Random], Play]
PORTES = variant("portes", {"scoring": "mars"})


def gnubg_board(position: Position) -> list[list[int]]:
    """`position` as gnubg's board: the side not on roll first, then the side on roll (its mover)."""
    def side(s: Side) -> list[int]:
        return [position.checkers_on(s, p) for p in range(1, 25)] + [position.bar(s)]

    return [side(position.turn.other), side(position.turn)]


def gnubg_key(position: Position) -> str:
    """gnubg's key of `position` (`key_of_board`), as its lists of plays name the positions they reach."""
    import gnubg_nn as gnubg

    return str(gnubg.key_of_board(gnubg_board(position)))


def gnubg_values(plays: list[Play], plies: int) -> dict[str, float]:
    """gnubg at `plies` on the plays of one roll: per position reached (`gnubg_key`), its equity for the mover in
    points (gammons counted; see the module's docstring)."""
    import gnubg_nn as gnubg

    d1, d2 = plays[0].dice
    _, ranked = gnubg.best_move(gnubg_board(plays[0].before), d1, d2, n=plies, list=1)
    # each candidate's chances are the opponent's, after the play
    return {key: -(2.0 * win - 1.0 + gammon - lose_gammon) for key, _, (win, gammon, _, lose_gammon, _), _ in ranked}


def gnubg_chooser(plies: int, unmatched: list[int]) -> Chooser:
    """gnubg at `plies` as a `Chooser` of the engine's plays."""
    def choose(plays: list[Play], rng: random.Random) -> Play:
        if len(plays) == 1:
            return plays[0]
        values = gnubg_values(plays, plies)
        best = max(values, key=values.__getitem__)
        by_key = {gnubg_key(play.position): play for play in plays}
        if best in by_key:
            return by_key[best]
        unmatched[0] += 1
        return max(plays, key=lambda p: values.get(gnubg_key(p.position), -math.inf))

    return choose


def player(kind: str, source: str = "weights") -> Chooser:
    """The player measured: the heuristic, or the computer with the shipped weights or the training checkpoint."""
    if kind == "heuristic":
        return ai_chooser
    name = net_name("portes")
    net, _ = load(name, source)
    return computer_chooser(net, NETS[name])


def chunk(kind: str, plies: int, first: int, pairs: int, seed: int,
          source: str = "weights") -> tuple[list[tuple[int, int]], int]:
    """Pairs `first` … `first + pairs − 1`: per game the player's points (+ won, − lost); and the unmatched."""
    unmatched = [0]
    mine, theirs = player(kind, source), gnubg_chooser(plies, unmatched)
    out = [(_points(white, Side.WHITE), _points(black, Side.BLACK))
           for white, black in paired_outcomes(PORTES, mine, theirs, first, pairs, seed)]
    return out, unmatched[0]


def _points(outcome: Outcome, side: Side) -> int:
    """`side`'s points from a portes game's `outcome`: + won, − lost (portes has no tie)."""
    assert outcome.winner is not None
    return outcome.points if outcome.winner is side else -outcome.points


def mean_se(xs: list[float]) -> tuple[float, float]:
    """The mean of `xs` and its standard error (0 for a single value)."""
    n = len(xs)
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return m, math.sqrt(var / n)


def summary(pairs: list[tuple[int, int]]) -> dict[str, Any]:
    games = [p for pair in pairs for p in pair]
    wins = [(float(a > 0) + float(b > 0)) / 2 for a, b in pairs]
    ppg = [(a + b) / 2 for a, b in pairs]
    rate, rate_se = mean_se(wins)
    points, points_se = mean_se(ppg)
    return {"games": len(games), "rate": round(rate, 4), "se": round(rate_se, 4), "points": round(points, 3),
            "points_se": round(points_se, 3), "singles_won": sum(1 for g in games if g == 1),
            "mars_won": sum(1 for g in games if g >= 2), "singles_lost": sum(1 for g in games if g == -1),
            "mars_lost": sum(1 for g in games if g <= -2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--gnubg-plies", type=int, choices=(0, 1, 2), default=0)
    parser.add_argument("--player", choices=("computer", "heuristic"), default="computer")
    parser.add_argument("--seed", type=int, default=30_000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--source", choices=("weights", "checkpoint"), default="weights",
                        help="the computer's net: the shipped weights, or the training checkpoint (before its gate)")
    args = parser.parse_args()
    try:
        import gnubg_nn  # noqa: F401
    except ImportError:
        raise SystemExit("bench/outside.py needs gnubg-nn: pip install -c constraints.txt -e '.[outside]'") from None
    pairs = args.games // 2
    start = time.perf_counter()
    step = -(-pairs // max(1, args.workers))
    jobs = [(args.player, args.gnubg_plies, i, min(step, pairs - i), args.seed, args.source)
            for i in range(0, pairs, step)]
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            parts = list(pool.map(chunk, *zip(*jobs, strict=True)))
    else:
        parts = [chunk(*job) for job in jobs]
    results = [r for part, _ in parts for r in part]
    out: dict[str, Any] = {"variant": "portes", "player": args.player, "source": args.source,
                           "opponent": f"gnubg {args.gnubg_plies}-ply",
                           "seed": args.seed, **summary(results), "unmatched": sum(u for _, u in parts),
                           "seconds": round(time.perf_counter() - start, 1)}
    print(f"{args.player} vs gnubg {args.gnubg_plies}-ply in portes: {100 * out['rate']:.1f} % ± "
          f"{100 * out['se']:.1f} of {out['games']} games, {out['points']:+.3f} points a game", file=sys.stderr)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
