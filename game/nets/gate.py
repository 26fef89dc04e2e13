"""The net as a computer player at one ply, and paired-dice games against the heuristic or random.

A gate plays pairs of games: each dice seed twice, the net white then black, so luck of the dice cancels
out (a net replaces the heuristic of `game.ai` for its game at 65 % against it over 1,000 games, the net at
one ply, and 99 % against random, the computer as it plays: `bench/gate.py`). A tie scores ½.
"""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np

from ..plays import Play
from ..selfplay import Chooser, ai_chooser, paired_scores, random_play
from ..variants import Variant
from .afterstate import aux_rows, outcome_target, quick_ends
from .encode import encode
from .net import Net, equity
from .spec import NetSpec

OPPONENTS: dict[str, Chooser] = {"heuristic": ai_chooser, "random": random_play}


def play_values(net: Net, spec: NetSpec, plays: list[Play]) -> np.ndarray[Any, np.dtype[np.float64]]:
    """The equity in points of each of `plays` (one roll's) for its mover: the net on the position after it,
    or the outcome for a play that ends the game (R-END-1…5)."""
    first = plays[0]
    before = first.before
    variant = before.variant
    works = np.array([p.work for p in plays], dtype=np.int64)
    aux = aux_rows(works, before.protected, before.cascade, before.turn, first.dice, len(first.steps))
    value = equity(net(encode(works, aux, spec)), variant)
    for i, end in quick_ends(variant, before.turn, works).items():
        value[i] = equity(outcome_target(end, before.turn), variant)
    return value


def net_chooser(net: Net, spec: NetSpec) -> Chooser:
    """A `game.ai.Chooser` that takes the play of highest equity (the first of equal ones)."""

    def choose(plays: list[Play], rng: random.Random) -> Play:
        if not plays:
            raise ValueError("no legal play to choose from: the turn passes (R-TURN-3)")
        if len(plays) == 1:
            return plays[0]
        return plays[int(np.argmax(play_values(net, spec, plays)))]

    return choose


def play_pairs(net: Net, spec: NetSpec, variant: Variant, opponent: str, first: int, pairs: int,
               seed: int) -> list[tuple[float, float]]:
    """Pairs `first` … `first + pairs − 1`: per pair the net's score (1 win, ½ tie) as white and as black."""
    return paired_scores(variant, net_chooser(net, spec), OPPONENTS[opponent], first, pairs, seed)


def summary(results: list[tuple[float, float]]) -> dict[str, float | int]:
    """Games, the net's score rate and its standard error (over the pairs' means)."""
    means = [(a + b) / 2 for a, b in results]
    n = len(means)
    rate = sum(means) / n if n else 0.0
    var = sum((m - rate) ** 2 for m in means) / (n - 1) if n > 1 else 0.0
    return {"games": 2 * n, "rate": round(rate, 4), "se": round(math.sqrt(var / n) if n else 0.0, 4)}


def quick_gate(net: Net, spec: NetSpec, variant: Variant, games: int, seed: int,
               opponent: str = "heuristic") -> dict[str, Any]:
    """A gate of `games` games (pairs of them) in this process."""
    result: dict[str, Any] = summary(play_pairs(net, spec, variant, opponent, 0, games // 2, seed))
    result["opponent"] = opponent
    return result
