"""The net as a computer player at one ply, and paired-dice games against the heuristic or random.

A gate plays pairs of games: each dice seed twice, the net white then black, so luck of the dice cancels
out (a net replaces the heuristic of `game.ai` for its game at 65 % against it over 1,000 games, the net at
one ply, and 99 % against random, the computer as it plays: `bench/gate.py`). A tie scores ½.

In a Gul Bara cascade the dice of the mover's later stages are known (R-GULBARA-3), so one ply is the whole of
the mover's part of it: the best `FOLLOW` plays of a stage that may go on are each followed through the stages
the mover plays next, the net choosing each at one ply, and valued by where their line ends (the net's value of
the position after the mover's last stage, or the outcome). No dice are rolled and no opponent's play is looked
at; the heuristic's `plan_cascade` does the same search by its own evaluation.
"""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np

from ..plays import Play, legal_plays
from ..search import _continues
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


FOLLOW = 6  # gulbara: the best plays of a cascade stage followed through the mover's later stages


def line_value(net: Net, spec: NetSpec, play: Play, value: float) -> float:
    """Gul Bara: the value for its mover of `play` (worth `value` at one ply) at the end of the stages the mover
    plays next without a roll (R-GULBARA-3), the net choosing each at one ply: the value of the last stage
    played, or of `play` itself when the turn passes to the other side next, the game ends, or the next stage
    has no legal play (the rest transfers, R-GULBARA-4: what the value after the last stage already weighs)."""
    mover = play.before.turn
    while play.end is None:
        after = play.position
        state = after.cascade
        if after.turn is not mover or state is None or not state.pending:
            break
        plays = legal_plays(after, (state.die, state.die))
        if not plays:
            break
        values = play_values(net, spec, plays)
        best = int(np.argmax(values))
        play, value = plays[best], float(values[best])
    return value


def choose_values(net: Net, spec: NetSpec, plays: list[Play]) -> tuple[list[int], list[float]]:
    """The plays the net chooses among (indices into `plays`, one roll's) and their values for the mover: all
    of them at one ply, or in a Gul Bara stage that may go on cascading the best `FOLLOW` by their lines'
    ends (`line_value`)."""
    values = play_values(net, spec, plays)
    if not _continues(plays[0]):
        return list(range(len(plays))), [float(v) for v in values]
    top = [int(i) for i in np.argsort(-values, kind="stable")[:FOLLOW]]
    return top, [line_value(net, spec, plays[i], float(values[i])) for i in top]


def net_chooser(net: Net, spec: NetSpec) -> Chooser:
    """A `game.ai.Chooser` that takes the play of highest equity (the first of equal ones), a Gul Bara
    cascade's stage by the end of the mover's line of stages (`choose_values`)."""

    def choose(plays: list[Play], rng: random.Random) -> Play:
        if not plays:
            raise ValueError("no legal play to choose from: the turn passes (R-TURN-3)")
        if len(plays) == 1:
            return plays[0]
        indices, values = choose_values(net, spec, plays)
        return plays[indices[int(np.argmax(values))]]

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
