"""The cube's decisions judged by the computer's cube (RULES.md §13): hints and reviews.

A game waiting in `decide` (roll or double, R-CUBE-2) or `answer` (take or drop, R-CUBE-3) is valued as the
computer's cube values it: the chances of the side on roll (the gated net's in a contact position, else the
race model or the heuristic's calibration, `game.cubeful.chances`) through Janowski's cubeful equity
(`game.cubeful.equities`), as three equities of the doubler in points at the cube's value: no double,
double/take, double/drop. The right answer is the computer's own (`cube_decision`: the Keith count decides a
money race); a decision that differs from it loses the difference between the two answers' equities (for the
taker, between take and drop). Taking or dropping, and doubling, are always decisions; keeping the cube is one
only when it was wrong or close (doubling within `CLOSE` points of it), as a checker play is one only when its
plays differ (`FORCED`): every roll of a cube game would otherwise count as a decision and thin out the rate.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..cube import Cube, CubeAction
from ..cubeful import CONTACT_EFFICIENCY, RACE_EFFICIENCY, chances, equities, is_race
from ..flow import Game
from ..sides import Side
from .computer import cube_decision, net_chances

CLOSE = 0.1  # points: a cube kept within this of doubling is a decision all the same


@dataclass(frozen=True, slots=True)
class CubeEquities:
    """The doubler's cubeful equities in points (at the cube's value before the double): not doubling,
    doubling and being taken, doubling and being dropped; `best` is the computer's answer for the side the game
    waits on (`roll`/`double` for the doubler, `take`/`drop` for the other side)."""

    doubler: Side
    no_double: float
    take: float
    drop: float
    best: CubeAction

    def value(self, action: CubeAction) -> float:
        """What `action` leaves its side, in points: the doubler's equity after `roll` or `double` (the other
        side answering at its best), the taker's after `take` or `drop`."""
        if action is CubeAction.ROLL:
            return self.no_double
        if action is CubeAction.DOUBLE:
            return min(self.take, self.drop)
        return -(self.take if action is CubeAction.TAKE else self.drop)


@dataclass(frozen=True, slots=True)
class CubeDecision:
    """One judged cube decision: `turn` its entry's number in the game's log (as `/history` counts), `side` who
    decided, `value` the cube before it, the answer chosen and the computer's, what it cost in points (0 when
    they agree) and the doubler's equities (`CubeEquities`, in points); `decision` False for a kept cube that
    was neither wrong nor close (not counted in the error rate)."""

    turn: int
    side: Side
    before: str        # TPN, the doubler on roll
    value: int
    chosen: str        # a `CubeAction` value
    best: str
    loss: float
    decision: bool
    no_double: float
    take: float
    drop: float


def cube_equities(game: Game) -> CubeEquities | None:
    """The doubler's equities and the computer's answer for a game in `decide` or `answer`; None in any other
    phase (or a game without the cube)."""
    cube = game.cube
    if cube is None or game.phase not in ("decide", "answer"):
        return None
    position = game.position
    race = is_race(position)
    ch = (None if race else net_chances(position)) or chances(position)
    base = Cube(cube.value, cube.owner, False, cube.crawford, cube.away)
    eq = equities(base, position.turn, ch, RACE_EFFICIENCY if race else CONTACT_EFFICIENCY)
    best = cube_decision(game) or CubeAction.ROLL
    k = cube.value
    return CubeEquities(position.turn, k * eq.no_double, k * eq.take, k * eq.drop, best)


def judge_cube(game: Game, chosen: CubeAction, turn: int) -> CubeDecision | None:
    """The decision `chosen` in `game` (in `decide` or `answer`), entry `turn` of its log; None in any other
    phase."""
    eq = cube_equities(game)
    if eq is None or game.cube is None:
        return None
    side = game.answering or game.turn
    loss = 0.0 if chosen is eq.best else abs(eq.value(eq.best) - eq.value(chosen))
    decision = (chosen is not CubeAction.ROLL or loss > 0.0
                or abs(eq.value(CubeAction.DOUBLE) - eq.no_double) <= CLOSE)
    return CubeDecision(turn, side, game.position.to_tpn(), game.cube.value, chosen.value, eq.best.value, loss,
                        decision, eq.no_double, eq.take, eq.drop)


def review_cube(steps: Iterable[tuple[int, Game, CubeAction]]) -> tuple[CubeDecision, ...]:
    """Judge each (log number, game before it, answer chosen) of a game's cube decisions."""
    out = []
    for turn, game, chosen in steps:
        found = judge_cube(game, chosen, turn)
        if found is not None:
            out.append(found)
    return tuple(out)
