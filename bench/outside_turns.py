"""Portes nets compared on the same contact turns, each turn judged by GNU Backgammon: a paired difference.

Run: `python bench/outside_turns.py CANDIDATE [CANDIDATE …] [--games 400] [--seed 40000] [--turns FILE]`.
A CANDIDATE is `weights` (the shipped net), `checkpoint` (the training checkpoint: its running average where the
run keeps one, as `--ship` would ship it) or a checkpoint file `…/portes.ckpt.npz` (or the folder holding one).
Needs the optional `gnubg-nn` (as `bench/outside.py`).

The turns: every contact turn with a choice (`bench/outside_errors.kind`) that the computer with the shipped
weights meets in `--games` paired-dice games against gnubg 0-ply (cubeless portes, as `bench/outside.py`), with
gnubg 0-ply's equity of each play of the turn's roll (points, gammons counted). `--turns FILE` keeps them in a
JSON file (positions in TPN): written when it is missing, read when it is there, so later runs judge on the same
turns. Each candidate then chooses on every turn as the bot plays (the net at one ply, then the best few two plies
deep, `computer.PLAY_LOOK`); its error on a turn is gnubg's best play less the play chosen. JSON last: per
candidate its mean error a turn in milli-points, and for each after the first the mean of its turn-by-turn
difference from the first with that mean's standard error.

Why: `bench/outside_errors.py` follows each net's own games, so two nets meet different turns and its 200 games
tell nets apart only by some 0.02 points a game. On the same ~6,700 turns the paired difference has a standard
error near 0.2 milli-points a turn, about 0.004 points a game (some 17 contact turns a game).
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.outside import PORTES, gnubg_chooser, gnubg_key, gnubg_values, mean_se, player
from bench.outside_errors import kind
from game import Play, Position, legal_plays, paired_outcomes
from game.nets import NETS, Net, computer_chooser, load_checkpoint, load_weights

Turn = tuple[Position, tuple[int, int], dict[str, float]]


def collect(games: int, seed: int) -> list[Turn]:
    """The contact turns with a choice that the shipped computer meets against gnubg 0-ply, with gnubg's values."""
    turns: list[Turn] = []
    computer = player("computer", "weights")

    def recording(plays: list[Play], rng: random.Random) -> Play:
        if len(plays) > 1 and kind(plays[0].before) == "contact":
            turns.append((plays[0].before, plays[0].dice, gnubg_values(plays, 0)))
        return computer(plays, rng)

    paired_outcomes(PORTES, recording, gnubg_chooser(0, [0]), 0, games // 2, seed)
    return turns


def save(turns: list[Turn], path: Path) -> None:
    path.write_text(json.dumps([{"position": p.to_tpn(), "dice": list(d), "values": v} for p, d, v in turns]))


def read(path: Path) -> list[Turn]:
    return [(Position.from_tpn(t["position"], PORTES), (int(t["dice"][0]), int(t["dice"][1])), t["values"])
            for t in json.loads(path.read_text())]


def candidate(name: str) -> Net:
    """The net a CANDIDATE names (see the module's docstring)."""
    if name == "weights":
        return load_weights("portes")[0]
    if name == "checkpoint":
        ckpt = load_checkpoint("portes")
    else:
        folder = Path(name).parent if name.endswith(".ckpt.npz") else Path(name)
        ckpt = load_checkpoint("portes", folder)
    if ckpt is None:
        raise SystemExit(f"no portes checkpoint in {name}")
    return ckpt.average if ckpt.average is not None else ckpt.net


def errors(net: Net, turns: list[Turn]) -> list[float]:
    """The computer's error on each turn with `net` (gnubg's best less its play, points)."""
    choose = computer_chooser(net, NETS["portes"])
    out = []
    for i, (position, dice, values) in enumerate(turns):
        best = max(values.values())
        play = choose(legal_plays(position, dice), random.Random(i))
        out.append(best - values.get(gnubg_key(play.position), best))  # a play gnubg does not list: none lost
    return out


def compare(names: list[str], turns: list[Turn]) -> list[dict[str, Any]]:
    first: list[float] = []
    rows = []
    for name in names:
        errs = errors(candidate(name), turns)
        row: dict[str, Any] = {"candidate": name, "turns": len(errs),
                               "milli_per_turn": round(1000 * sum(errs) / len(errs), 3)}
        if first:
            mean, se = mean_se([a - b for a, b in zip(errs, first, strict=True)])
            row.update(milli_vs_first=round(1000 * mean, 3), milli_vs_first_se=round(1000 * se, 3))
        else:
            first = errs
        print(json.dumps(row), file=sys.stderr, flush=True)
        rows.append(row)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("candidates", nargs="+", help="weights, checkpoint, or a portes.ckpt.npz (or its folder)")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=40_000)
    parser.add_argument("--turns", type=Path, help="a JSON file of the turns: read if there, else written")
    args = parser.parse_args()
    start = time.perf_counter()
    if args.turns is not None and args.turns.exists():
        turns = read(args.turns)
    else:
        turns = collect(args.games, args.seed)
        if args.turns is not None:
            save(turns, args.turns)
    rows = compare(args.candidates, turns)
    print(json.dumps({"turns": len(turns), "candidates": rows, "seconds": round(time.perf_counter() - start, 1)}))


if __name__ == "__main__":
    main()
