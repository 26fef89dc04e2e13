"""The judge of plays behind hints and reviews: every play of a roll valued in points for its mover.

`judge_plays(position, dice, plies)` is the one seam hints and reviews go through. It values each legal play
(R-TURN-1, R-TURN-2) by the game's shipped net (`load_weights`, `play_values`) where the game has one, else
by the heuristic's calibrated chances (`game.cubeful.chances`) turned into points the same way the net's
outputs are (`net.equity`). Only one ply is judged here: `plies` above one is refused, so a stronger judge
(the computer's own ranking, when it comes) replaces `_rank` in one line without changing any caller.

`roll_luck` is the luck of a roll: the equity after its best play minus the average of the same over the 36
rolls (FACTS: "Judging play without a rollout database"). A roll that cannot be played (R-TURN-3) is valued
by the position it passes to. Luck is judged only where a net judges.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from ..cubeful import chances
from ..plays import Play, legal_plays, pass_position
from ..position import Position
from ..variants import Variant
from .gate import play_values
from .net import Net, values
from .spec import NETS, NetSpec, net_name
from .store import WeightsError, load_weights

PLIES = 1  # what `judge_plays` looks ahead; reviews report it
FORCED = 0.001  # plays within this many points of each other: no decision to judge
ROLLS = tuple((a, b) for a in range(1, 7) for b in range(a, 7))  # the 21 distinct rolls


@cache
def _net(game: str) -> tuple[Net, NetSpec] | None:
    """The shipped net serving `game`, or None (no net for it, or its weights do not load)."""
    try:
        name = net_name(game)
        return load_weights(name)[0], NETS[name]
    except (KeyError, WeightsError):
        return None


def judge_name(variant: Variant) -> str:
    """Which judge values `variant`'s plays: "net" or "heuristic"."""
    return "net" if _net(variant.name) is not None else "heuristic"


def _points(variant: Variant, win: float, wg: float, lg: float, wbg: float, lbg: float) -> float:
    one, two, three = values(variant)
    return one * (2.0 * win - 1.0) + (two - one) * (wg - lg) + (three - two) * (wbg - lbg)


def _heuristic(play: Play) -> float:
    """A play's equity for its mover from the heuristic's chances on the position it leads to."""
    end = play.end
    variant = play.before.variant
    if end is not None:
        return 0.0 if end.winner is None else (end.points if end.winner is play.mover else -end.points)
    after = play.position
    ch = chances(after)
    value = _points(variant, ch.win, ch.win_gammon, ch.lose_gammon, ch.win_backgammon, ch.lose_backgammon)
    return value if after.turn is play.mover else -value


def _values(plays: list[Play]) -> list[float]:
    found = _net(plays[0].before.variant.name)
    if found is None:
        return [_heuristic(p) for p in plays]
    net, spec = found
    return [float(v) for v in play_values(net, spec, plays)]


def _rank(position: Position, dice: tuple[int, int]) -> list[tuple[Play, float]]:
    plays = legal_plays(position, dice)
    if not plays:
        return []
    ranked = sorted(zip(plays, _values(plays), strict=True), key=lambda pv: -pv[1])
    return ranked


def judge_plays(position: Position, dice: tuple[int, int], plies: int = PLIES) -> list[tuple[Play, float]]:
    """Every legal play of `dice` from `position` with its equity in points for the side to move, best first
    (the first of equal ones as listed); empty when the roll cannot be played (R-TURN-3).

    :raises ValueError: `plies` other than the one this judge looks ahead.
    """
    if plies != PLIES:
        raise ValueError(f"this judge looks {PLIES} ply ahead, not {plies}")
    return _rank(position, dice)


def pass_value(position: Position, dice: tuple[int, int]) -> float:
    """The equity for the side to move of a roll it cannot play (R-TURN-3): the position it passes to."""
    after = pass_position(position, dice)
    mover = position.turn
    found = _net(position.variant.name)
    if found is None:
        ch = chances(after)
        v = position.variant
        value = _points(v, ch.win, ch.win_gammon, ch.lose_gammon, ch.win_backgammon, ch.lose_backgammon)
        return value if after.turn is mover else -value
    net, spec = found
    null = Play(position, dice, (), (*position.cells, 0, int(position.protected[1])))
    return float(play_values(net, spec, [null])[0])


def best_value(position: Position, dice: tuple[int, int]) -> float:
    """The equity after the best play of `dice` (or the pass, when none can be played)."""
    ranked = judge_plays(position, dice)
    return ranked[0][1] if ranked else pass_value(position, dice)


def roll_luck(position: Position, dice: tuple[int, int]) -> float | None:
    """How much `dice` gained the side to move over an average roll, in points; None in gulbara, whose rolls
    are stages of a cascade (R-GULBARA-3) rather than one turn's dice, and None where no net judges (the
    heuristic's chances are too slow to value all 21 rolls of every turn at the end of a game)."""
    if position.cascade is not None or _net(position.variant.name) is None:
        return None
    total = 0.0
    got = 0.0
    for a, b in ROLLS:
        v = best_value(position, (a, b))
        weight = 1 if a == b else 2
        total += weight * v
        if sorted(dice) == [a, b]:
            got = v
    return got - total / 36.0


def spread(ranked: list[tuple[Play, float]]) -> float:
    """Points between the best and the worst play of a roll (0 for one play or none)."""
    if len(ranked) < 2:
        return 0.0
    vals = np.array([v for _, v in ranked])
    return float(vals.max() - vals.min())
