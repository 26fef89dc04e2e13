"""The computer's cube decisions (RULES.md §13): when to double, and whether to take or drop.

Money play (a single game, §13's decision) and matches (R-CUBE-5) are both decided by comparing equities:

- Pure races (no contact left, `is_race`): for money play the Keith count (Tom Keith, 2004), a published race
  formula — add to each side's pip count 2 for each checker beyond one on its 1-point, 1 for each beyond one on
  its 2-point, 1 for each beyond three on its 3-point and 1 for each empty 4-, 5- or 6-point; increase the
  roller's count by a seventh; the roller doubles if its count exceeds the other's by no more than 4 (3 to
  redouble), and the other takes if the roller's count exceeds its own by at least 2. In a match a race is
  valued by a normal approximation of the race (`race_chances`) and decided like a contact position.
- Contact positions: the winning and gammon chances (`Chances`) of the side on roll are read from a
  calibration of the heuristic's score (`game.ai.evaluate`) against self-play results (`game.cube_table`,
  written once by `bench/cube_calibrate.py`); `double_decision` and `take_decision` take any `Chances`, so a
  trained evaluator's estimate can replace the table.
- Cubeful equity: Janowski's model (a live cube with efficiency `x`, interpolated with the dead-cube equity),
  for money in points; in a match the same model runs on match-winning chances from the Kazaross-XG2 table
  (`game.met_table`), normalised so that a single win at the current cube is +1 and a single loss −1.

The computer never doubles where the engine does not ask (the Crawford game, past 64, a dead cube: `Cube.asks`);
after the Crawford game the trailer doubles at its first chance, and the leader answers by the table.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from dataclasses import dataclass
from typing import Literal

from . import board as B
from .ai import evaluate
from .cube import MAX_VALUE, Cube, CubeAction
from .cube_table import CALIBRATION
from .flow import Game
from .met_table import POST_CRAWFORD, PRE_CRAWFORD
from .position import Position
from .sides import Side

CONTACT_EFFICIENCY = 0.68  # Janowski's cube efficiency x for contact positions
RACE_EFFICIENCY = 0.90     # ... and for races (a race's cube is more efficient)
RACE_SPREAD = 0.85         # the race model's spread, times that of independent rolls ...
RACE_ON_ROLL = 7.0         # ... and what being on roll is worth, in pips (both fitted to the Keith count)
KEITH_DOUBLE = 4.0         # the Keith count's windows (in adjusted pips)
KEITH_REDOUBLE = 3.0
KEITH_TAKE = 2.0



@dataclass(frozen=True, slots=True)
class Chances:
    """Cubeless chances of the side on roll: `win` in all, `win_gammon` the part of it worth two points or more
    (mars, the mother, backgammon), `win_backgammon` worth three; `lose_gammon`, `lose_backgammon` the same
    for its losses."""

    win: float
    win_gammon: float = 0.0
    lose_gammon: float = 0.0
    win_backgammon: float = 0.0
    lose_backgammon: float = 0.0

    def flipped(self) -> Chances:
        """The same chances seen by the other side."""
        return Chances(1.0 - self.win, self.lose_gammon, self.win_gammon, self.lose_backgammon, self.win_backgammon)


# --- positions --------------------------------------------------------------------------------------------


def is_race(position: Position) -> bool:
    """No contact is left: nothing on a bar or pinned, and every checker of each side has passed all of the
    other's (the contrary games that have a cube, R-BOARD-2)."""
    c = position.cells
    if c[B.BAR] or c[B.OBAR] or c[B.WAIT] or c[B.OWAIT]:
        return False
    mine = [p for p in range(1, 25) if c[p] > 0]
    theirs = [p for p in range(1, 25) if c[p] < 0]
    if any(abs(c[p]) > B.PIN for p in mine + theirs):
        return False
    return not mine or not theirs or max(mine) < min(theirs)


def keith_count(position: Position, side: Side) -> float:
    """The Keith count of `side` (its pip count with the wastage terms; not yet the roller's seventh)."""
    pips = position.pips(side)
    on = [position.checkers_on(side, p) for p in range(7)]
    return (pips + 2 * max(0, on[1] - 1) + max(0, on[2] - 1) + max(0, on[3] - 3)
            + sum(1 for p in (4, 5, 6) if on[p] == 0))


def keith_margin(position: Position) -> float:
    """How far the roller's count (a seventh added) exceeds the other side's, in the Keith count."""
    roller = position.turn
    return keith_count(position, roller) * 8.0 / 7.0 - keith_count(position, roller.other)


def keith_double(position: Position, redouble: bool) -> bool:
    """The Keith count: the side on roll doubles (redoubles, when it owns the cube) in a race."""
    return keith_margin(position) <= (KEITH_REDOUBLE if redouble else KEITH_DOUBLE)


def keith_take(position: Position) -> bool:
    """The Keith count: the other side takes the double of the side on roll."""
    return keith_margin(position) >= KEITH_TAKE


_ROLL_MEAN = 49.0 / 6.0  # pips a roll moves on average (doubles count four, R-DICE-2)
_ROLL_VAR = sum((4 * a if a == b else a + b) ** 2 for a in range(1, 7) for b in range(1, 7)) / 36.0 - _ROLL_MEAN ** 2


def race_chances(position: Position) -> Chances:
    """The race as a normal approximation on the Keith counts: both sides need about count / 8.17 rolls, the
    roller is `RACE_ON_ROLL` pips ahead, and the spread of the difference grows with the rolls left. No gammons.
    Its two constants and `RACE_EFFICIENCY` were fitted so that, played as money, it agrees with the Keith count
    on generated races (bench/cube_race.py reports the figure as `model_agreement`)."""
    roller = position.turn
    mine = keith_count(position, roller)
    theirs = keith_count(position, roller.other)
    rolls = max(1.0, (mine + theirs) / (2 * _ROLL_MEAN))
    spread = RACE_SPREAD * math.sqrt(2 * rolls * _ROLL_VAR) + 1.0
    lead = theirs - mine + RACE_ON_ROLL
    return Chances(0.5 * (1.0 + math.erf(lead / (spread * math.sqrt(2.0)))))


def heuristic_score(position: Position) -> float:
    """The heuristic's value (pips, `game.ai.evaluate`) of `position` for the side to move, before its roll."""
    return -evaluate(B.flip(position.cells, position.variant.contrary), position.variant)


def contact_chances(position: Position) -> Chances:
    """The side on roll's chances from the self-play calibration of `heuristic_score` (`game.cube_table`),
    interpolated between the table's rows; beyond its ends the end rows hold."""
    table = CALIBRATION.get(position.variant.name) or CALIBRATION["tapa"]
    score = heuristic_score(position)
    keys = [row[0] for row in table]
    i = bisect_left(keys, score)
    if i == 0:
        row = table[0]
        return Chances(row[1], row[2], row[3])
    if i == len(table):
        row = table[-1]
        return Chances(row[1], row[2], row[3])
    lo, hi = table[i - 1], table[i]
    t = (score - lo[0]) / (hi[0] - lo[0]) if hi[0] > lo[0] else 0.0
    win, wg, lg = (lo[k] + t * (hi[k] - lo[k]) for k in (1, 2, 3))
    return Chances(win, min(wg, win), min(lg, 1.0 - win))


def chances(position: Position) -> Chances:
    """The computer's own estimate for the side on roll: the race model in a race, else the calibration."""
    return race_chances(position) if is_race(position) else contact_chances(position)


# --- Janowski's cubeful equity ----------------------------------------------------------------------------

Access = Literal["both", "mine", "theirs", "none"]


def _janowski(p: float, w: float, lose: float, x: float, access: Access) -> float:
    """Cubeful equity (cube = 1) at winning chance `p`, average win `w` and loss `lose` (in cube units), cube
    efficiency `x`: who can still use the cube is `access`."""
    dead = p * (w + lose) - lose
    if access == "none" or x <= 0.0:
        return dead
    take = (lose - 0.5) / (w + lose + 0.5)   # below this the other side's double is a drop for us
    cash = (lose + 1.0) / (w + lose + 0.5)   # above it we double the other side out
    if access == "mine":
        live = 1.0 if p >= cash else -lose + p * (1.0 + lose) / cash
    elif access == "theirs":
        live = -1.0 if p <= take else -1.0 + (p - take) * (w + 1.0) / (1.0 - take)
    elif p <= take:
        live = -1.0
    elif p >= cash:
        live = 1.0
    else:
        live = -1.0 + 2.0 * (p - take) / (cash - take)
    return x * live + (1.0 - x) * dead


# --- match equities ---------------------------------------------------------------------------------------


def match_equity(mine: int, theirs: int, post: bool) -> float:
    """The Kazaross-XG2 match-winning chance of a side that needs `mine` points against one that needs
    `theirs`; `post` when a side needing one is past the Crawford game (R-CUBE-5)."""
    if mine <= 0:
        return 1.0
    if theirs <= 0:
        return 0.0
    n = len(PRE_CRAWFORD)
    if post and mine == 1:
        return 1.0 - POST_CRAWFORD[min(theirs, n) - 1]
    if post and theirs == 1:
        return POST_CRAWFORD[min(mine, n) - 1]
    return PRE_CRAWFORD[min(mine, n) - 1][min(theirs, n) - 1]


@dataclass(frozen=True, slots=True)
class _Stake:
    """What the game is worth to the side on roll at one cube value, in units of the current cube's single game
    (money) or of normalised match-winning chances (a match, see `_match`)."""

    w: float      # the average win
    lose: float   # the average loss
    unit: float   # a single loss at this cube value (what dropping the next double costs)


def _stake(ch: Chances, outcome: tuple[float, float, float, float, float, float]) -> _Stake:
    """Average win and loss from the values of a win of 1, 2, 3 points and a loss of 1, 2, 3 points."""
    w1, w2, w3, l1, l2, l3 = outcome
    loss = 1.0 - ch.win
    wins = w1 * (ch.win - ch.win_gammon) + w2 * (ch.win_gammon - ch.win_backgammon) + w3 * ch.win_backgammon
    losses = l1 * (loss - ch.lose_gammon) + l2 * (ch.lose_gammon - ch.lose_backgammon) + l3 * ch.lose_backgammon
    return _Stake(wins / ch.win if ch.win > 1e-9 else w1, losses / loss if loss > 1e-9 else l1, l1)


def _money(ch: Chances, k: int) -> _Stake:
    """A money game at `k` times the current cube."""
    return _stake(ch, (k, 2.0 * k, 3.0 * k, k, 2.0 * k, 3.0 * k))


def _match(ch: Chances, cube: Cube, side: Side, k: int) -> _Stake:
    """A match game at `k` times the current cube, in match-winning chances normalised so that a single win at
    the current cube is +1 and a single loss −1."""
    mine = cube.needs(side)
    theirs = cube.needs(side.other)
    assert mine is not None and theirs is not None
    post = cube.crawford or cube.post_crawford
    value = cube.value * k

    def mwc(a: int, b: int) -> float:
        return match_equity(a, b, post)

    win1, lose1 = mwc(mine - cube.value, theirs), mwc(mine, theirs - cube.value)
    centre, unit = (win1 + lose1) / 2.0, max((win1 - lose1) / 2.0, 1e-9)
    wins = [(mwc(mine - n * value, theirs) - centre) / unit for n in (1, 2, 3)]
    losses = [(centre - mwc(mine, theirs - n * value)) / unit for n in (1, 2, 3)]
    return _stake(ch, (wins[0], wins[1], wins[2], losses[0], losses[1], losses[2]))


def _access(cube: Cube, side: Side, value: int, owner: Side | None) -> Access:
    """Who can still use a cube at `value` owned by `owner`: a side whose win at that value already wins the
    match has no use for it, nor has anyone at 64 (R-CUBE-1) or in the Crawford game (R-CUBE-5)."""
    if cube.crawford or value * 2 > MAX_VALUE:
        return "none"

    def live(s: Side) -> bool:
        needs = cube.needs(s)
        return (owner is None or owner is s) and (needs is None or needs > value)

    me, them = live(side), live(side.other)
    return "both" if me and them else "mine" if me else "theirs" if them else "none"


@dataclass(frozen=True, slots=True)
class Equities:
    """The doubler's cubeful equities: no double, double/take, double/drop (+1), in units of the current cube's
    single game (money) or normalised match-winning chances (a match)."""

    no_double: float
    take: float
    drop: float = 1.0

    @property
    def double(self) -> bool:
        """Doubling is right when the opponent's best answer leaves more than not doubling."""
        return min(self.take, self.drop) > self.no_double

    @property
    def should_take(self) -> bool:
        """The opponent takes when taking leaves the doubler no more than the drop gives it."""
        return self.take <= self.drop


def equities(cube: Cube, side: Side, ch: Chances, x: float) -> Equities:
    """The cubeful equities of `side` (on roll, `ch` its chances) doubling `cube` (Janowski, see the module)."""
    if cube.money:
        now, after = _money(ch, 1), _money(ch, 2)
    else:
        now, after = _match(ch, cube, side, 1), _match(ch, cube, side, 2)

    def cubeful(stake: _Stake, value: int, owner: Side | None) -> float:
        unit = max(stake.unit, 1e-9)
        return unit * _janowski(ch.win, stake.w / unit, stake.lose / unit, x, _access(cube, side, value, owner))

    # After a take the cube is the taker's at twice the value.
    return Equities(cubeful(now, cube.value, cube.owner), cubeful(after, 2 * cube.value, side.other))


# --- decisions --------------------------------------------------------------------------------------------


def double_decision(position: Position, cube: Cube, ch: Chances | None = None) -> CubeAction:
    """Whether the side on roll in `position` doubles `cube` (it is asked, `Cube.asks`). `ch` is an estimate
    of its chances (the computer's own, `chances`, when None); a money race goes by the Keith count."""
    side = position.turn
    if not cube.asks(side):
        return CubeAction.ROLL
    if cube.money and ch is None and is_race(position):
        return CubeAction.DOUBLE if keith_double(position, cube.owner is side) else CubeAction.ROLL
    if cube.post_crawford and cube.needs(side) != 1:
        return CubeAction.DOUBLE  # the trailer after the Crawford game doubles at its first chance (R-CUBE-5)
    race = is_race(position)
    est = ch if ch is not None else chances(position)
    doubles = equities(cube, side, est, RACE_EFFICIENCY if race else CONTACT_EFFICIENCY).double
    return CubeAction.DOUBLE if doubles else CubeAction.ROLL


def take_decision(position: Position, cube: Cube, ch: Chances | None = None) -> CubeAction:
    """Whether the opponent of the side on roll takes its pending double of `cube` (R-CUBE-3). `ch` estimates
    the doubler's chances (the computer's own when None); a money race goes by the Keith count."""
    side = position.turn
    if cube.money and ch is None and is_race(position):
        return CubeAction.TAKE if keith_take(position) else CubeAction.DROP
    race = is_race(position)
    est = ch if ch is not None else chances(position)
    base = Cube(cube.value, cube.owner, False, cube.crawford, cube.away)
    eq = equities(base, side, est, RACE_EFFICIENCY if race else CONTACT_EFFICIENCY)
    return CubeAction.TAKE if eq.should_take else CubeAction.DROP


def cube_action(game: Game) -> CubeAction | None:
    """The computer's cube decision for the side the game waits on: `double`/`roll` in `decide`, `take`/`drop`
    in `answer`, None in any other phase."""
    if game.cube is None:
        return None
    if game.phase == "decide":
        return double_decision(game.position, game.cube)
    if game.phase == "answer":
        return take_decision(game.position, game.cube)
    return None
