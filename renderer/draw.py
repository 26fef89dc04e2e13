"""Paint a `Layout` onto a copy of the static board: the only module that draws a position's pixels."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from . import geometry as G
from . import sprites
from . import theme as T
from .background import background
from .fonts import font
from .shapes import Arrow, Label, Layout

ARROW_W = 9
HEAD = 22


def paint(lay: Layout) -> Image.Image:
    """The RGB picture of `lay`."""
    img = background(lay.waiting_tray).copy()
    d = ImageDraw.Draw(img)
    for panel in lay.panels:
        if panel.active:
            d.rectangle(panel.box, fill=T.PANEL_ACTIVE)
            d.rectangle((panel.box[0], panel.box[1], panel.box[0] + 7, panel.box[3]), fill=T.ACCENT)
        chip = sprites.disc(panel.side, panel.chip[2] - panel.chip[0])
        img.paste(chip, panel.chip[:2], chip)
    numbers = {lb.text: lb for lb in lay.labels if lb.role == "point"}
    for mark in lay.marks:
        lb = numbers[str(mark.point)]
        if mark.kind == "to":
            d.rounded_rectangle(mark.box, radius=8, fill=T.ACCENT)
            _text(d, lb, colour=T.NUMBER_DARK)
        else:
            d.rounded_rectangle(mark.box, radius=8, outline=T.ACCENT, width=3)
    for c in lay.checkers:
        if not c.shown:
            continue
        x0, y0, x1, y1 = c.box
        pin = ("top" if c.point >= 13 else "bottom") if c.pinned else ""
        spr = (sprites.disc(c.side, x1 - x0, pin) if c.shape == "disc"
               else sprites.slab(c.side, x1 - x0, y1 - y0))
        img.paste(spr, (x0, y0), spr)
    for r in lay.rings:
        if r.kind == "from":
            spr = sprites.ring(G.D + 4, T.ACCENT, 4, dashed=True)
        else:
            spr = sprites.ring(G.D + 8, T.PIN if r.kind == "hit" else T.ACCENT, 5)
        cx, cy = (r.box[0] + r.box[2]) // 2, (r.box[1] + r.box[3]) // 2
        img.paste(spr, (cx - spr.width // 2, cy - spr.height // 2), spr)
    for a in lay.arrows:
        _arrow(d, a)
    for die in lay.dice:
        spr = sprites.die(die.side, die.value, die.box[2] - die.box[0])
        img.paste(spr, die.box[:2], spr)
    for pill in lay.pills:
        d.rounded_rectangle(pill.box, radius=(pill.box[3] - pill.box[1]) // 2, fill=pill.colour)
    for lb in lay.labels:
        if lb.role != "point":
            _text(d, lb)
    if lay.banner is not None:
        d.rounded_rectangle(lay.banner.box, radius=18, fill=T.BANNER, outline=T.ACCENT, width=4)
        for lb in lay.banner.lines:
            _text(d, lb)
    return img


def _text(d: ImageDraw.ImageDraw, lb: Label, colour: T.RGB | None = None) -> None:
    d.text((lb.x, lb.y), lb.text, font=font(lb.size, lb.bold, lb.complex_script), fill=colour or lb.colour,
           anchor=lb.anchor)


def _arrow(d: ImageDraw.ImageDraw, a: Arrow) -> None:
    """A line from the edge of the place left to the edge of the landing place, with a head."""
    (x0, y0), (x1, y1) = a.start, a.end
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy)
    if length < 2 * G.R + HEAD:
        return
    ux, uy = dx / length, dy / length
    sx, sy = x0 + ux * (G.R + 2), y0 + uy * (G.R + 2)
    ex, ey = x1 - ux * (G.R + 4), y1 - uy * (G.R + 4)
    colour = T.PIN if a.hit else T.ACCENT
    bx, by = ex - ux * HEAD, ey - uy * HEAD
    head = [(ex, ey), (bx - uy * HEAD * 0.6, by + ux * HEAD * 0.6), (bx + uy * HEAD * 0.6, by - ux * HEAD * 0.6)]
    d.line((sx, sy, bx, by), fill=T.ACCENT_DARK, width=ARROW_W + 4)
    d.polygon(head, fill=colour, outline=T.ACCENT_DARK, width=2)
    d.line((sx, sy, bx + ux * 2, by + uy * 2), fill=colour, width=ARROW_W)
