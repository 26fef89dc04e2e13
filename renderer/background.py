"""The parts of the picture that never change: wood, felt, points, point numbers, bar, tray and panels.

No words: those come with each picture in the viewer's language.

Drawn once per tray kind (with or without a waiting compartment) in RGB; `palette.board_p` maps it to the
fixed palette once, and every picture is painted on a copy of that.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from . import geometry as G
from . import theme as T
from .fonts import LOCK, font
from .layout import point_number_labels

SS = 4


@cache
def background(waiting_tray: bool) -> Image.Image:
    """The empty board as an RGB image (do not modify: callers copy it)."""
    big = Image.new("RGB", (G.WIDTH * SS, G.HEIGHT * SS), T.PANEL)
    d = ImageDraw.Draw(big)

    def box(b: tuple[int, int, int, int], **kw: object) -> None:
        d.rectangle(tuple(v * SS for v in b), **kw)  # type: ignore[arg-type]

    box((0, G.PANEL_H, G.WIDTH - 1, G.HEIGHT - G.PANEL_H - 1), fill=T.FRAME)
    for x0 in (G.LEFT_X0, G.RIGHT_X0):
        box((x0, G.INNER_Y0, x0 + 6 * G.PW - 1, G.INNER_Y1 - 1), fill=T.FELT)
    for p in range(1, 25):
        x0, y0, x1, y1 = (v * SS for v in G.point_box(p))
        colour = T.POINT_DARK if p % 2 else T.POINT_LIGHT
        inset = 3 * SS
        if G.point_half(p) == "top":
            tri = [(x0 + inset, y0), (x1 - inset, y0), ((x0 + x1) // 2, y0 + G.TRI_H * SS)]
        else:
            tri = [(x0 + inset, y1), (x1 - inset, y1), ((x0 + x1) // 2, y1 - G.TRI_H * SS)]
        d.polygon(tri, fill=colour)
    box((G.BAR_X0, G.INNER_Y0, G.BAR_X0 + G.BAR_W - 1, G.INNER_Y1 - 1), fill=T.FRAME_DARK)
    box((G.BAR_X - 2, G.INNER_Y0, G.BAR_X + 1, G.INNER_Y1 - 1), fill=T.FRAME)
    for mine in (True, False):
        y0, y1 = G.tray_half(mine, waiting_tray)
        box((G.TRAY_X0, y0, G.TRAY_X1 - 1, y1 - 1), fill=T.TRAY)
        if waiting_tray:
            c0, c1 = G.tray_compartment(mine, "waiting", True)
            edge = c1 if mine else c0
            box((G.TRAY_X0, edge - 1, G.TRAY_X1 - 1, edge + 1), fill=T.TRAY_LINE)
    img = big.reduce(SS)
    d = ImageDraw.Draw(img)
    with LOCK:
        _captions(d)
    return img


def _captions(d: ImageDraw.ImageDraw) -> None:
    """The point numbers; the tray's captions are words, drawn with each picture (layout.py)."""
    for lb in point_number_labels():
        d.text((lb.x, lb.y), lb.text, font=font(lb.size, lb.bold), fill=lb.colour, anchor=lb.anchor)


@cache
def active_panel() -> Image.Image:
    """A player's strip while that player is to move: lighter, with an accent edge (do not modify)."""
    img = Image.new("RGB", (G.WIDTH, G.PANEL_H), T.PANEL_ACTIVE)
    ImageDraw.Draw(img).rectangle((0, 0, 7, G.PANEL_H), fill=T.ACCENT)
    return img
