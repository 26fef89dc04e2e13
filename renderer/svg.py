"""Paint a `Layout` as SVG: the board page's picture, the same geometry as the PNG (`draw.py`), other brushes.

One layout, two paintings: every checker, label, die, ring, mark, pill and the banner come from `layout()`;
only the static board (wood, felt, points, bar and tray, `background.py`) is drawn here again from `geometry`.
Every checker carries `data-where`, `data-point` and `data-side` so the page (and tests) can find it; hidden
checkers (beyond a stack's height) are left out, as in the PNG. The result is a pure function of the layout.
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape, quoteattr

from game import Side

from . import geometry as G
from . import theme as T
from .shapes import Arrow, Checker, Label, Layout

ARROW_W = 8
HEAD = 22
FONT = "DejaVu Sans, Noto Sans, Arial, sans-serif"
_ANCHOR_X = {"l": "start", "m": "middle", "r": "end"}
_ANCHOR_Y = {"t": "hanging", "m": "central", "b": "text-after-edge", "s": "alphabetic"}


def rgb(c: T.RGB) -> str:
    """`#rrggbb` of a theme colour."""
    return f"#{c[0]:02x}{c[1]:02x}{c[2]:02x}"


def board_svg(lay: Layout) -> str:
    """The picture of `lay` as one `<svg>` element, scaled to its container (`viewBox` in layout pixels)."""
    out: list[str] = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {lay.width} {lay.height}" '
                      f'class="board" role="img" font-family="{FONT}">']
    out += _background(lay)
    for panel in lay.panels:
        if panel.active:
            x0, y0, _, y1 = panel.box
            out.append(_rect(panel.box, T.PANEL_ACTIVE))
            out.append(_rect((x0, y0, x0 + 8, y1), T.ACCENT))
        out.append(_disc_shape(panel.side, panel.chip))
    numbers = {lb.text: lb for lb in lay.labels if lb.role == "point"}
    for mark in lay.marks:
        if mark.kind == "to":
            out.append(_rect(mark.box, T.ACCENT, radius=8))
        else:
            out.append(_rect(mark.box, None, radius=8, stroke=T.ACCENT, width=3))
    for lb in lay.labels:
        if lb.role == "point":
            marked = any(m.kind == "to" and str(m.point) == lb.text for m in lay.marks)
            out.append(_text(numbers[lb.text], T.NUMBER_DARK if marked else None))
    for c in lay.checkers:
        if c.shown:
            out.append(_checker(c))
    for r in lay.rings:
        cx, cy = (r.box[0] + r.box[2]) / 2, (r.box[1] + r.box[3]) / 2
        size, width = (G.D + 4, 4) if r.kind == "from" else (G.D + 8, 5)
        dash = ' stroke-dasharray="6 4"' if r.kind == "from" else ""
        out.append(f'<circle cx="{cx}" cy="{cy}" r="{size / 2 - 1 - width / 2}" fill="none" '
                   f'stroke="{rgb(T.ACCENT)}" stroke-width="{width}"{dash}/>')
    for a in lay.arrows:
        out.append(_arrow(a))
    for die in lay.dice:
        out.append(_die(die.value, die.side, die.box))
    for pill in lay.pills:
        radius = (pill.box[3] - pill.box[1]) // 2 if pill.radius is None else pill.radius
        out.append(_rect(pill.box, pill.colour, radius=radius, stroke=pill.stroke,
                         width=0 if pill.stroke is None else 3))
    for lb in lay.labels:
        if lb.role != "point":
            out.append(_text(lb))
    if lay.banner is not None:
        out.append(_rect(lay.banner.box, T.BANNER, radius=18, stroke=T.ACCENT, width=4))
        out += [_text(lb) for lb in lay.banner.lines]
    out.append("</svg>")
    return "".join(out)


def _background(lay: Layout) -> list[str]:
    out = [_rect((0, 0, lay.width, lay.height), T.PANEL),
           _rect((0, G.PANEL_H, G.WIDTH, G.HEIGHT - G.PANEL_H), T.FRAME)]
    for x0 in (G.LEFT_X0, G.RIGHT_X0):
        out.append(_rect((x0, G.INNER_Y0, x0 + 6 * G.PW, G.INNER_Y1), T.FELT))
    for p in range(1, 25):
        x0, y0, x1, y1 = G.point_box(p)
        colour = rgb(T.POINT_DARK if p % 2 else T.POINT_LIGHT)
        if G.point_half(p) == "top":
            pts = f"{x0 + 3},{y0} {x1 - 3},{y0} {(x0 + x1) / 2},{y0 + G.TRI_H}"
        else:
            pts = f"{x0 + 3},{y1} {x1 - 3},{y1} {(x0 + x1) / 2},{y1 - G.TRI_H}"
        out.append(f'<polygon points="{pts}" fill="{colour}"/>')
    out.append(_rect((G.BAR_X0, G.INNER_Y0, G.BAR_X0 + G.BAR_W, G.INNER_Y1), T.FRAME_DARK))
    out.append(_rect((G.BAR_X - 2, G.INNER_Y0, G.BAR_X + 2, G.INNER_Y1), T.FRAME))
    for mine in (True, False):
        y0, y1 = G.tray_half(mine)
        out.append(_rect((G.TRAY_X0, y0, G.TRAY_X1, y1), T.TRAY))
        if lay.waiting_tray:
            c0, c1 = G.tray_compartment(mine, "waiting", True)
            edge = c1 if mine else c0
            out.append(_rect((G.TRAY_X0, edge - 1, G.TRAY_X1, edge + 2), T.TRAY_LINE))
    return out


def _rect(box: G.Box, fill: T.RGB | None, *, radius: int = 0, stroke: T.RGB | None = None, width: int = 0) -> str:
    x0, y0, x1, y1 = box
    r = f' rx="{radius}"' if radius else ""
    s = f' stroke="{rgb(stroke)}" stroke-width="{width}"' if stroke is not None else ""
    f = rgb(fill) if fill is not None else "none"
    return f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}"{r} fill="{f}"{s}/>'


def _disc_shape(side: Side, box: G.Box, pinned: str = "") -> str:
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    r = (box[2] - box[0]) / 2
    parts = [f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{rgb(T.CHECKER_RIM[side])}"/>',
             f'<circle cx="{cx}" cy="{cy}" r="{r * 0.91:.1f}" fill="{rgb(T.CHECKER_FACE[side])}"/>',
             f'<circle cx="{cx}" cy="{cy}" r="{r * 0.6:.1f}" fill="none" stroke="{rgb(T.CHECKER_RING[side])}" '
             f'stroke-width="{r * 0.07:.1f}"/>']
    if pinned:
        w = r * 0.2
        parts.append(f'<circle cx="{cx}" cy="{cy}" r="{r - w / 2:.1f}" fill="none" stroke="{rgb(T.PIN)}" '
                     f'stroke-width="{w:.1f}"/>')
        y = box[1] + 2 * r * 0.24 if pinned == "top" else box[3] - 2 * r * 0.24
        parts.append(f'<rect x="{box[0] + 2 * r * 0.18:.1f}" y="{y - w / 2:.1f}" width="{2 * r * 0.64:.1f}" '
                     f'height="{w:.1f}" rx="{w / 2:.1f}" fill="{rgb(T.PIN)}"/>')
    return "".join(parts)


def _checker(c: Checker) -> str:
    pinned = ' data-pinned="1"' if c.pinned else ""
    attrs = (f'class="checker" data-where="{c.where}" data-point="{c.point}" data-side="{c.side.value}"'
             f'{pinned} data-cx="{c.centre[0]}" data-cy="{c.centre[1]}"')
    if c.shape == "slab":
        x0, y0, x1, y1 = c.box
        h = y1 - y0
        e = max(1, round(h * 0.14))
        return (f'<g {attrs}>' + _rect(c.box, T.CHECKER_RIM[c.side], radius=min(h // 2, 4))
                + _rect((x0 + e, y0 + e, x1 - e, y1 - e), T.CHECKER_FACE[c.side], radius=min(h // 2, 3)) + "</g>")
    pin = ("top" if c.point >= 13 else "bottom") if c.pinned else ""
    return f'<g {attrs}>{_disc_shape(c.side, c.box, pin)}</g>'


_PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
         5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}


def _die(value: int, side: Side, box: G.Box) -> str:
    x0, y0, x1, _ = box
    s = x1 - x0
    parts = [f'<g class="die" data-value="{value}">',
             _rect(box, T.CHECKER_RIM[side], radius=s // 6)]
    b = round(s * 0.05)
    parts.append(_rect((x0 + b, y0 + b, x1 - b, y0 + s - b), T.CHECKER_FACE[side], radius=s // 7))
    for gx, gy in _PIPS[value]:
        parts.append(f'<circle cx="{x0 + s * (0.26 + 0.24 * gx):.1f}" cy="{y0 + s * (0.26 + 0.24 * gy):.1f}" '
                     f'r="{s * 0.09:.1f}" fill="{rgb(T.CHECKER_TEXT[side])}"/>')
    parts.append("</g>")
    return "".join(parts)


def _text(lb: Label, colour: T.RGB | None = None) -> str:
    anchor = _ANCHOR_X.get(lb.anchor[0], "start")
    baseline = _ANCHOR_Y.get(lb.anchor[1], "alphabetic") if len(lb.anchor) > 1 else "alphabetic"
    weight = ' font-weight="bold"' if lb.bold else ""
    return (f'<text x="{lb.x}" y="{lb.y}" font-size="{lb.size}"{weight} fill="{rgb(colour or lb.colour)}" '
            f'text-anchor="{anchor}" dominant-baseline="{baseline}" class={quoteattr(lb.role)}>'
            f"{escape(lb.text)}</text>")


def _arrow(a: Arrow) -> str:
    """A line from the centre of the place left to the edge of the landing place, with a head (as `draw.py`)."""
    (x0, y0), (x1, y1) = a.start, a.end
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy)
    head = min(HEAD, length - G.R - 12)
    if head < 8:
        return ""
    ux, uy = dx / length, dy / length
    ex, ey = x1 - ux * (G.R + 5), y1 - uy * (G.R + 5)
    bx, by = ex - ux * head, ey - uy * head
    w = head * 0.62
    tip = f"{ex:.1f},{ey:.1f} {bx - uy * w:.1f},{by + ux * w:.1f} {bx + uy * w:.1f},{by - ux * w:.1f}"
    colour = rgb(T.PIN if a.hit else T.ACCENT)
    dark = rgb(T.ACCENT_DARK)
    return (f'<g class="arrow"><line x1="{x0}" y1="{y0}" x2="{bx:.1f}" y2="{by:.1f}" stroke="{dark}" '
            f'stroke-width="{ARROW_W + 4}"/><polygon points="{tip}" fill="{colour}" stroke="{dark}" '
            f'stroke-width="2"/><line x1="{x0}" y1="{y0}" x2="{bx + ux * 3:.1f}" y2="{by + uy * 3:.1f}" '
            f'stroke="{colour}" stroke-width="{ARROW_W}"/></g>')
