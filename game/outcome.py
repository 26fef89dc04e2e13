"""The end of a game and its value (R-END-1…6, R-END-8)."""

from __future__ import annotations

from dataclasses import dataclass

from . import board as B
from .movegen import any_single_step
from .sides import Side
from .variants import Variant

REASONS: tuple[str, ...] = ("single", "mars", "backgammon", "mother", "capote", "tie", "stuck", "resign", "timeout")
CUBE_REASONS: tuple[str, ...] = ("drop",)  # only with cube=on (R-CUBE-3)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: `winner` None is a tie (R-END-3, R-END-4, R-END-8).

    `reason` is one of `REASONS`: `single`, `mars`, `backgammon`, `mother`, `capote`, `tie`, `stuck`,
    `resign`, `timeout`, or with a cube `drop` (`CUBE_REASONS`: a double dropped, R-CUBE-3) — stable codes a
    caller may translate. With a cube (R-CUBE-4) `points` already include its value.
    """

    winner: Side | None
    points: int
    reason: str

    def describe(self) -> str:
        """`white 2 mars`, or `tie 0 tie` — the form the `plays` tool prints."""
        return f"{self.winner.value if self.winner else 'tie'} {self.points} {self.reason}"

    def to_json(self) -> dict[str, object]:
        return {"winner": self.winner.value if self.winner else None, "points": self.points,
                "reason": self.reason}


def judge(variant: Variant, mover: Side, cells: tuple[int, ...]) -> Outcome | None:
    """The outcome, if any, at the end of `mover`'s play; `cells` are in the mover's view (board.py layout).

    Checked in this order: bearing off the 15th checker (R-END-1, R-END-5), the mother (R-END-2), both
    mothers pinned (R-END-3), nothing can ever move (R-END-8: every variant without hitting).
    """
    if cells[B.OFF] == 15:
        return Outcome(mover, *_win_value(variant, cells))
    if variant.hitting:
        return None
    if variant.blocking:
        if _blocked(cells, variant) and _blocked(B.flip(cells, variant.contrary), variant):
            return Outcome(None, 0, "stuck")  # R-END-8 as amended in §12.1
        return None
    mother_taken = cells[1] > B.PIN          # the opponent's last 24-point checker pinned on mover's 1-point
    mine_home = cells[24] > 0 or cells[24] < -B.PIN  # any checker of the mover on its own 24-point
    if variant.mother_wins and mother_taken and not mine_home:
        return Outcome(mover, 2, "mother")  # R-END-2
    if variant.mother_ties and mother_taken and cells[24] < -B.PIN:
        return Outcome(None, 0, "tie")      # R-END-3
    if _stuck(cells) and not any_single_step(cells, variant) and not any_single_step(
            B.flip(cells, True), variant):
        return Outcome(None, 0, "stuck")    # R-END-8
    return None


def _stuck(cells: tuple[int, ...]) -> bool:
    """A cheap necessary condition for R-END-8: neither side can move a checker by one point."""
    for p in range(1, 25):
        v = cells[p]
        if v > 0 and p > 1 and cells[p - 1] >= -1:  # the mover steps onto an open point
            return False
        if v < 0 and p < 24 and cells[p + 1] <= 1:  # the opponent does (its free checkers are on top)
            return False
    return True


def _blocked(cells: tuple[int, ...], variant: Variant) -> bool:
    """The side whose view `cells` are has no single move for any die (R-END-8 in the blocking games)."""
    for p in range(2, 25):  # a cheap look first: a checker one point short of an open point can move
        if cells[p] > 0 and cells[p - 1] >= 0 and not variant.runner:
            return False
    return not any_single_step(cells, variant)


def _win_value(variant: Variant, cells: tuple[int, ...]) -> tuple[int, str]:
    """R-END-1 (mars, backgammon; R-PORTES-4, R-FEVGA-7, R-GULBARA-5) and R-END-5 (tawula: 1, or capote 7);
    cells in the winner's view."""
    if variant.name == "tawula":
        return (1, "single")
    if cells[B.OOFF] == 0:
        if variant.scoring == "backgammon" and _loser_in_winner_home(cells):
            return (3, "backgammon")
        return (2, "mars")
    return (1, "single")


def _loser_in_winner_home(cells: tuple[int, ...]) -> bool:
    """The loser still has a checker on the bar or on the winner's home board (the loser's points 19-24;
    R-END-1 as amended: contrary games only, where that is the winner's points 1-6)."""
    return any(B.theirs(cells[p]) for p in range(1, 7)) or bool(cells[B.OBAR] or cells[B.OWAIT])


def capote(variant: Variant, mover: Side, cells: tuple[int, ...]) -> Outcome | None:
    """R-END-5: after the mover's turn, it has borne off exactly one checker with all others home, and the
    opponent has exactly one checker on the bar and its 14 others home: the mover wins 7."""
    if variant.name != "tawula" or cells[B.OFF] != 1 or cells[B.OBAR] != 1:
        return None
    mover_home = sum(B.mine(cells[p]) for p in range(1, 7)) == 14
    opp = B.flip(cells, False)
    opp_home = sum(B.mine(opp[p]) for p in range(1, 7)) == 14
    if mover_home and opp_home:
        return Outcome(mover, 7, "capote")
    return None


def resignation_value(variant: Variant, resigner: Side, cells_resigner_view: tuple[int, ...]) -> int:
    """R-END-6: what the opponent wins if `resigner` concedes now.

    Every variant but tawula: 2 if the resigner has borne off none (3 with scoring=backgammon and a resigner's
    checker on the bar or its points 19-24), else 1 (R-CYCLE-6: the current variant's scoring). Tawula has
    no mars (R-END-5), so a resignation there is worth 1.
    """
    if variant.name == "tawula":
        return 1
    winner_view = B.flip(cells_resigner_view, variant.contrary)
    return _win_value(variant, winner_view)[0]
