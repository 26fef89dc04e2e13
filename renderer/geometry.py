"""Fixed geometry of the picture, in pixels, from the viewer's side (R-BOARD-1).

The viewer's points 1–6 are bottom right, 7–12 bottom left, 13–18 top left and 19–24 top right, so the
viewer's checkers travel counter-clockwise; the opponent's checkers stand where they physically are. The
viewer's panel is at the bottom, the opponent's at the top; the tray on the right holds borne-off (and in
tawula waiting) checkers, the viewer's in its lower half.
"""

from __future__ import annotations

from typing import Literal

Box = tuple[int, int, int, int]
Half = Literal["top", "bottom"]

WIDTH = 1040
FRAME = 14              # wood around the playing area
PW = 68                 # point width
BAR_W = 64
TRAY_W = 118
D = 58                  # checker diameter
R = D // 2
STACK = 5               # checkers drawn on a point before a count is shown
PIN_STACK = 4           # pinners drawn above a pinned checker
PIN_SHIFT = 35          # how far the pinner's first checker sits above the pinned one
BAR_STACK = 4
EDGE = 2                # gap between the board's edge and the first checker

PANEL_H = 76
BAND = 40               # wood band with the point numbers
POINT_LEN = STACK * D + 6
GAP = 64                # between the points' tips: the dice
TRI_H = STACK * D - 20
GHOST_MAX = POINT_LEN + GAP // 2 - D   # the farthest a ring for a departed checker may sit from the edge

LEFT_X0 = FRAME
BAR_X0 = LEFT_X0 + 6 * PW
RIGHT_X0 = BAR_X0 + BAR_W
RIGHT_X1 = RIGHT_X0 + 6 * PW
TRAY_X0 = RIGHT_X1 + FRAME
TRAY_X1 = TRAY_X0 + TRAY_W
assert TRAY_X1 + FRAME == WIDTH

INNER_Y0 = PANEL_H + BAND
MID = INNER_Y0 + POINT_LEN + GAP // 2
INNER_Y1 = INNER_Y0 + 2 * POINT_LEN + GAP
HEIGHT = INNER_Y1 + BAND + PANEL_H

BAR_X = BAR_X0 + BAR_W // 2
TRAY_DIVIDE = 16        # wood between the tray's halves
WAIT_DIVIDE = 36        # … wider beside waiting compartments, for the caption they share (tawula)
ARROW_START_GAP = R - 4  # an arrow leaves the edge of the place its checker left …
ARROW_END_GAP = R + 5   # … and stops short of the checker that landed
SLAB_X0 = TRAY_X0 + 8
SLAB_X1 = SLAB_X0 + 64
TRAY_COUNT_X = (SLAB_X1 + TRAY_X1) // 2
DIE = 48
DIE_GAP = 12


def point_half(p: int) -> Half:
    """The viewer's points 13–24 are in the top half."""
    return "top" if p >= 13 else "bottom"


def point_x(p: int) -> int:
    """Centre x of the viewer's point p (1..24)."""
    if not 1 <= p <= 24:
        raise ValueError(f"points are 1..24, got {p}")
    if p <= 6:
        return RIGHT_X0 + (6 - p) * PW + PW // 2
    if p <= 12:
        return LEFT_X0 + (12 - p) * PW + PW // 2
    if p <= 18:
        return LEFT_X0 + (p - 13) * PW + PW // 2
    return RIGHT_X0 + (p - 19) * PW + PW // 2


def point_box(p: int) -> Box:
    """The column a point's triangle and checkers occupy."""
    x = point_x(p) - PW // 2
    if point_half(p) == "top":
        return (x, INNER_Y0, x + PW, INNER_Y0 + POINT_LEN)
    return (x, INNER_Y1 - POINT_LEN, x + PW, INNER_Y1)


def slot_y(p: int, offset: int) -> int:
    """Centre y of a checker on point p whose near edge is `offset` px from the board's edge."""
    if point_half(p) == "top":
        return INNER_Y0 + EDGE + offset + R
    return INNER_Y1 - EDGE - offset - R


def number_y(p: int) -> int:
    """Centre y of point p's number in the wood band."""
    return PANEL_H + BAND // 2 if point_half(p) == "top" else INNER_Y1 + BAND // 2


BAR_CLEAR = 40          # the bar keeps the middle free for the result banner


def bar_y(viewer_side: bool, k: int) -> int:
    """Centre y of the k-th bar checker: the viewer's above the middle, the opponent's below."""
    step = BAR_CLEAR + R + k * D
    return MID - step if viewer_side else MID + step


def tray_half(viewer_side: bool, with_waiting: bool = False) -> tuple[int, int]:
    """The y range of a side's half of the tray; the halves stand further apart when their inner compartments
    hold waiting checkers, whose caption sits between them."""
    gap = (WAIT_DIVIDE if with_waiting else TRAY_DIVIDE) // 2
    if viewer_side:
        return (MID + gap, INNER_Y1)
    return (INNER_Y0, MID - gap)


def tray_compartment(viewer_side: bool, kind: Literal["off", "waiting"], with_waiting: bool) -> tuple[int, int]:
    """The y range of the off or waiting compartment; off is at the board's outer edge."""
    y0, y1 = tray_half(viewer_side, with_waiting)
    if not with_waiting:
        return (y0, y1)
    mid = (y0 + y1) // 2
    outer = (mid, y1) if viewer_side else (y0, mid)
    inner = (y0, mid) if viewer_side else (mid, y1)
    return outer if kind == "off" else inner


def slab_pitch(with_waiting: bool) -> tuple[int, int]:
    """Slab height and pitch: 15 slabs must fit a compartment."""
    return (8, 10) if with_waiting else (17, 20)


def slab_box(viewer_side: bool, compartment: tuple[int, int], k: int, with_waiting: bool) -> Box:
    """The k-th slab of a compartment, stacked from the compartment's outer edge (bottom for the viewer)."""
    h, pitch = slab_pitch(with_waiting)
    y0, y1 = compartment
    if viewer_side:
        bottom = y1 - 5 - k * pitch
        return (SLAB_X0, bottom - h, SLAB_X1, bottom)
    top = y0 + 5 + k * pitch
    return (SLAB_X0, top, SLAB_X1, top + h)


def dice_centres(viewer_to_move: bool, n: int) -> list[tuple[int, int]]:
    """Centres of n dice in the middle of the mover's half: the right half for the viewer."""
    cx = (RIGHT_X0 + RIGHT_X1) // 2 if viewer_to_move else (LEFT_X0 + BAR_X0) // 2
    if n == 1:
        return [(cx, MID)]
    off = (DIE + DIE_GAP) // 2
    return [(cx - off, MID), (cx + off, MID)]


def panel_top(viewer_side: bool) -> int:
    """The y of the top of a side's panel: the viewer's at the bottom."""
    return HEIGHT - PANEL_H if viewer_side else 0


def disc_box(cx: int, cy: int) -> Box:
    return (cx - R, cy - R, cx + R, cy + R)
