"""The way an arrow of the last play goes: the points of a gentle curve, so arrows stay clear of the stacks
they leave and of one another, and a move that wraps around the board is drawn around its end.

Pure geometry on the picture's pixels (geometry.py); layout.py decides which route a move takes.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Literal

from . import geometry as G

Point = tuple[int, int]
End = Literal["left", "right"]

SAMPLES = 24            # points a curve is drawn through
BEND = 0.28             # how far a move along a row bends toward the middle, for its length …
BEND_MIN = 26
BEND_MAX = 120
LANE = 44               # … and how much further for each earlier arrow it would lie on
EDGE_REACH = 12         # how close to the board's end a move around it comes


def wrap_end(viewer_points: list[int]) -> End | None:
    """The end of the board a checker went around, from the viewer's points it passed in order: between the
    viewer's 13 and 12 is the left end, between 1 and 24 the right end (R-BOARD-1); None if neither."""
    for a, b in pairwise(viewer_points):
        if {a, b} == {12, 13}:
            return "left"
        if {a, b} == {1, 24}:
            return "right"
    return None


def along_row(start: Point, end: Point, top: bool, lane: int = 0) -> tuple[Point, ...]:
    """The inner points of a move along one row: an arc bending toward the board's middle (away from the
    edge, where the stacks stand), further for a longer move and for a higher `lane`."""
    (sx, sy), (ex, ey) = start, end
    bend = min(max(BEND * abs(ex - sx), BEND_MIN), BEND_MAX) + lane * LANE
    inner = max(sy, ey) if top else min(sy, ey)
    cy = inner + bend if top else inner - bend
    cy = min(cy, G.MID + G.GAP) if top else max(cy, G.MID - G.GAP)
    return _quadratic(start, ((sx + ex) / 2, cy), end)


def around_end(start: Point, end: Point, side: End) -> tuple[Point, ...]:
    """The inner points of a move from one row to the other around the `side` end of the board: out toward
    the end along the row it leaves, round the end, and back along the other row to where it lands."""
    (sx, sy), (ex, ey) = start, end
    edge = G.LEFT_X0 + EDGE_REACH if side == "left" else G.RIGHT_X1 - EDGE_REACH
    # a cubic's farthest reach is 1/8 of each end plus 3/4 of its (shared) control x
    cx = (edge - (sx + ex) / 8) * 4 / 3
    return _cubic(start, (cx, sy), (cx, ey), end)


def lies_on(a: tuple[Point, Point], b: tuple[Point, Point]) -> bool:
    """Whether two moves along the same row share more than a point's width of it (their arrows would
    overlap if they bent alike)."""
    (a0, _), (a1, _) = a
    (b0, _), (b1, _) = b
    lo, hi = max(min(a0, a1), min(b0, b1)), min(max(a0, a1), max(b0, b1))
    return hi - lo > G.PW


def _quadratic(p0: Point, c: tuple[float, float], p1: Point) -> tuple[Point, ...]:
    out = []
    for i in range(1, SAMPLES):
        t = i / SAMPLES
        u = 1 - t
        out.append((round(u * u * p0[0] + 2 * u * t * c[0] + t * t * p1[0]),
                    round(u * u * p0[1] + 2 * u * t * c[1] + t * t * p1[1])))
    return tuple(out)


def _cubic(p0: Point, c0: tuple[float, float], c1: tuple[float, float], p1: Point) -> tuple[Point, ...]:
    out = []
    for i in range(1, SAMPLES):
        t = i / SAMPLES
        u = 1 - t
        a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
        out.append((round(a * p0[0] + b * c0[0] + c * c1[0] + d * p1[0]),
                    round(a * p0[1] + b * c0[1] + c * c1[1] + d * p1[1])))
    return tuple(out)
