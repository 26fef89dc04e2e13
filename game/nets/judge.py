"""The judge of plays behind hints and reviews: every play of a roll valued in points for its mover.

`judge_plays(position, dice, plies)` is the one seam hints and reviews go through. Where the computer itself
plays a game with its net (the shipped net passed its gate: `computer.uses_net`), the net judges: at one ply
each play by the position after it (`play_values`), at two plies — the reference for reviews and hints — by the
computer's ranking (`computer.rank_plays(position, dice, plies=2)`): every play at one ply, then the best
few (`computer.JUDGE_LOOK`: three within a quarter point of the best) re-valued two plies deep and listed first by
that value, the others after them by their one-ply value. Gul bara stays at one ply (a reply may itself be a
cascade, R-GULBARA-3). Every other game — no net, or a net that has not passed its gate and so plays worse than
the heuristic — is judged by the heuristic's calibrated chances (`game.cubeful.chances`) turned into points the
same way the net's outputs are (`net.equity`), at one ply. `judge_plies(variant)` says which look-ahead a
variant's judge gives, `judge_values(plays, plies)` given plays' values at that look-ahead (a hint's best few, a
review's chosen play when it is not the best).

`roll_luck` is the luck of a roll: the equity after its best play minus the average of the same over the 36
rolls (FACTS: "Judging play without a rollout database"), always at one ply (the 21 rolls of every turn two plies
deep would cost far more than the rest of a review, for a number that only sums chance), every play of the 21 rolls
through the net in one batch (`computer.roll_bests`, which remembers the positions the two-ply look has just
valued the same way: a review's next turn after a play the judge looked at). A roll that cannot be played
(R-TURN-3) is valued by the position it passes to. Luck is judged only where a net judges.
"""

from __future__ import annotations

import numpy as np

from ..cubeful import chances
from ..plays import Play, legal_plays, pass_position
from ..position import Position
from ..variants import Variant
from . import computer
from .computer import Loaded
from .gate import play_values
from .net import values

PLIES = 2  # the judge's look-ahead where a gated net judges (the heuristic and gul bara: 1); reviews report it
FORCED = 0.001  # plays within this many points of each other: no decision to judge
ROLLS = tuple((a, b) for a in range(1, 7) for b in range(a, 7))  # the 21 distinct rolls


def _net(game: str) -> Loaded | None:
    """The net the computer plays `game` with (shipped and gated), or None (the heuristic judges)."""
    found = computer.loaded(game)
    return found if found is not None and found.gated else None


def judge_name(variant: Variant) -> str:
    """Which judge values `variant`'s plays: "net" (the computer's gated net) or "heuristic"."""
    return "net" if _net(variant.name) is not None else "heuristic"


def judge_plies(variant: Variant, plies: int = PLIES) -> int:
    """The look-ahead `judge_plays(…, plies)` gives in `variant`: `plies` where a net judges outside gul bara,
    else 1."""
    return plies if _net(variant.name) is not None and not variant.cascading else 1


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


def judge_plays(position: Position, dice: tuple[int, int], plies: int = PLIES) -> list[tuple[Play, float]]:
    """Every legal play of `dice` from `position` with its equity in points for the side to move, best first
    (the first of equal ones as listed; at two plies the plays looked at two plies deep first, see the module);
    empty when the roll cannot be played (R-TURN-3).

    :raises ValueError: `plies` is not 1 or 2.
    """
    if plies not in (1, 2):
        raise ValueError(f"the judge looks 1 or 2 plies ahead, not {plies}")
    found = _net(position.variant.name)
    if found is not None:
        return computer.rank_plays(position, dice, plies)
    plays = legal_plays(position, dice)
    return sorted(zip(plays, [_heuristic(p) for p in plays], strict=True), key=lambda pv: -pv[1])


def judge_values(plays: list[Play], plies: int = PLIES) -> list[float]:
    """Each of `plays` (one roll's) valued for its mover at the judge's look-ahead in its game (`judge_plies`):
    two plies deep by the computer's look (`computer.two_ply`), or at one ply; a play that ends the game by its
    outcome. What a hint shows for its best few, and a review for a chosen play that is not the best."""
    if not plays:
        return []
    variant = plays[0].before.variant
    found = _net(variant.name)
    if found is None:
        return [_heuristic(p) for p in plays]
    out = [float(v) for v in play_values(found.net, found.spec, plays)]
    if judge_plies(variant, plies) == 2:
        deep = [i for i, p in enumerate(plays) if p.end is None]
        for i, value in zip(deep, computer.two_ply(found, [plays[i] for i in deep]), strict=True):
            out[i] = value
    return out


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
    null = Play(position, dice, (), (*position.cells, 0, int(position.protected[1])))
    return float(play_values(found.net, found.spec, [null])[0])


def best_value(position: Position, dice: tuple[int, int]) -> float:
    """The equity at one ply after the best play of `dice` (or the pass, when none can be played)."""
    ranked = judge_plays(position, dice, plies=1)
    return ranked[0][1] if ranked else pass_value(position, dice)


def roll_luck(position: Position, dice: tuple[int, int]) -> float | None:
    """How much `dice` gained the side to move over an average roll, in points; None in gulbara, whose rolls
    are stages of a cascade (R-GULBARA-3) rather than one turn's dice, and None where no net judges (the
    heuristic's chances are too slow to value all 21 rolls of every turn at the end of a game)."""
    found = _net(position.variant.name)
    if position.cascade is not None or found is None:
        return None
    bests = computer.roll_bests(found, position)  # the 21 rolls' best plays in one batch through the net
    got = bests[ROLLS.index((min(dice), max(dice)))]
    return float(got - bests @ computer.WEIGHTS)


def spread(ranked: list[tuple[Play, float]]) -> float:
    """Points between the best and the worst play of a roll (0 for one play or none)."""
    if len(ranked) < 2:
        return 0.0
    vals = np.array([v for _, v in ranked])
    return float(vals.max() - vals.min())
