"""Paint a `Layout` onto a copy of the static board: the only module that draws a position's pixels.

The picture is built directly as a palette image. Sprites are composited once over the empty board at each
place they can stand and kept (`_stamp`); text, rings and other marks are drawn on a small RGB copy of the
pixels they cover and mapped back (`_Canvas.overlay`); arrows are drawn with palette colours.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import lru_cache
from itertools import pairwise

from PIL import Image, ImageDraw

from . import geometry as G
from . import sprites
from . import theme as T
from .background import background
from .fonts import LOCK, font
from .palette import active_panel_p, board_p, index_of, to_palette
from .shapes import Arrow, Label, Layout

ARROW_W = 8
HEAD = 22

Sprite = tuple[object, ...]


def paint(lay: Layout) -> Image.Image:
    """The picture of `lay` as a palette image."""
    cv = _Canvas(lay.waiting_tray)
    for panel in lay.panels:
        if panel.active:
            cv.img.paste(active_panel_p(), panel.box[:2])
        cv.sprite(panel.chip, ("disc", panel.side, panel.chip[2] - panel.chip[0], ""))
    numbers = {lb.text: lb for lb in lay.labels if lb.role == "point"}
    for mark in lay.marks:
        x0, y0, x1, y1 = mark.box
        if mark.kind == "to":
            cv.stamp(mark.box, (("rounded", x1 - x0, y1 - y0, 8, T.ACCENT, None, 0),))
            cv.text(numbers[str(mark.point)], T.NUMBER_DARK)
        else:
            cv.sprite(mark.box, ("rounded", x1 - x0, y1 - y0, 8, None, T.ACCENT, 3))
    under: dict[int, tuple[G.Box, Sprite]] = {}
    for c in lay.checkers:
        if not c.shown:
            continue
        x0, y0, x1, y1 = c.box
        if c.shape == "slab":
            cv.stamp(c.box, (("slab", c.side, x1 - x0, y1 - y0),))
            continue
        pin = ("top" if c.point >= 13 else "bottom") if c.pinned else ""
        spr: Sprite = ("disc", c.side, x1 - x0, pin)
        layers: tuple[tuple[object, ...], ...] = (spr,)
        if c.where == "point" and c.point in under:   # the pinner's first checker overlaps the pinned one
            ubox, uspr = under.pop(c.point)
            layers = ((*uspr, ubox[0] - x0, ubox[1] - y0), spr)
        cv.stamp(c.box, layers)
        if c.pinned:
            under[c.point] = (c.box, spr)
    for r in lay.rings:
        cx, cy = (r.box[0] + r.box[2]) // 2, (r.box[1] + r.box[3]) // 2
        size, width, dashed = (G.D + 4, 4, True) if r.kind == "from" else (G.D + 8, 5, False)
        x0, y0 = cx - size // 2, cy - size // 2
        cv.sprite((x0, y0, x0 + size, y0 + size), ("ring", size, T.ACCENT, width, dashed))
    for a in lay.arrows:
        _arrow(cv.img, a)
    if lay.arrows:   # an arrow passes under a stack's top checker: its count stays readable
        for lb in lay.labels:
            if lb.role == "count" and lb.side is not None:
                cv.sprite(G.disc_box(lb.x, lb.y), ("disc", lb.side, G.D, ""))
    for die in lay.dice:   # over the arrows that may cross the middle
        cv.sprite(die.box, ("die", die.side, die.value, die.box[2] - die.box[0]))
    for pill in lay.pills:
        x0, y0, x1, y1 = pill.box
        radius = (y1 - y0) // 2 if pill.radius is None else pill.radius
        cv.sprite(pill.box, ("rounded", x1 - x0, y1 - y0, radius, pill.colour, pill.stroke,
                             0 if pill.stroke is None else 3))
    for lb in lay.labels:
        if lb.role != "point":
            cv.text(lb)
    if lay.banner is not None:
        x0, y0, x1, y1 = lay.banner.box
        cv.sprite(lay.banner.box, ("rounded", x1 - x0, y1 - y0, 18, T.BANNER, T.ACCENT, 4))
        for lb in lay.banner.lines:
            cv.text(lb)
    return cv.img


class _Canvas:
    def __init__(self, waiting_tray: bool) -> None:
        self.tray = waiting_tray
        self.img = board_p(waiting_tray).copy()

    def stamp(self, box: G.Box, layers: tuple[tuple[object, ...], ...]) -> None:
        """Sprites composited over the *empty board* at `box` (cached): only where nothing is drawn yet."""
        self.img.paste(_stamp(self.tray, box, layers), box[:2])

    def overlay(self, box: G.Box, key: tuple[object, ...], fn: Callable[[Image.Image, int, int], None]) -> None:
        """Run `fn(rgb, x0, y0)` on an RGB copy of the pixels in `box` and map the result back.

        The result is a function of the pixels under `box` and of what `fn` draws there: `key` names the
        latter, relative to the box's corner, and the palette pixels it was drawn over are part of the cache
        key, so a repeated mark over the same pixels is pasted from `_OVERLAYS` without being drawn again.
        """
        x0, y0 = max(box[0], 0), max(box[1], 0)
        x1, y1 = min(box[2], self.img.width), min(box[3], self.img.height)
        if x1 <= x0 or y1 <= y0:
            return
        under = self.img.crop((x0, y0, x1, y1))
        k = (key, box[0] - x0, box[1] - y0, x1 - x0, y1 - y0, under.tobytes())
        done = _OVERLAYS.get(k)
        if done is None:
            rgb = under.convert("RGB")
            fn(rgb, x0, y0)
            done = to_palette(rgb)
            _OVERLAYS.put(k, done, 2 * len(k[-1]) + 512)
        self.img.paste(done, (x0, y0))

    def sprite(self, box: G.Box, spr: Sprite) -> None:
        """A sprite composited over whatever is already drawn at `box`."""
        image = _sprite(spr)

        def put(rgb: Image.Image, x0: int, y0: int) -> None:
            rgb.paste(image, (box[0] - x0, box[1] - y0), image)

        self.overlay(box, ("sprite", *spr), put)

    def text(self, lb: Label, colour: T.RGB | None = None) -> None:
        mask, dx, dy = _text_mask(lb.text, lb.size, lb.bold, lb.complex_script, lb.anchor)
        x, y = lb.x + dx, lb.y + dy
        fill = colour or lb.colour

        def put(rgb: Image.Image, x0: int, y0: int) -> None:
            rgb.paste(fill, (x - x0, y - y0, x - x0 + mask.width, y - y0 + mask.height), mask)

        self.overlay((x, y, x + mask.width, y + mask.height),
                     ("text", lb.text, lb.size, lb.bold, lb.complex_script, lb.anchor, fill), put)


class _Cache:
    """A thread-safe least-recently-used map bounded by the bytes its entries hold."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.used = 0
        self.entries: OrderedDict[Hashable, tuple[Image.Image, int]] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: Hashable) -> Image.Image | None:
        with self.lock:
            hit = self.entries.get(key)
            if hit is None:
                return None
            self.entries.move_to_end(key)
            return hit[0]

    def put(self, key: Hashable, value: Image.Image, cost: int) -> None:
        if cost > self.budget // 16:
            return
        with self.lock:
            old = self.entries.pop(key, None)
            if old is not None:
                self.used -= old[1]
            self.entries[key] = (value, cost)
            self.used += cost
            while self.used > self.budget:
                _, (_, c) = self.entries.popitem(last=False)
                self.used -= c


_OVERLAYS = _Cache(48 << 20)


def _sprite(spec: Sprite) -> Image.Image:
    kind, *args = spec
    maker = {"disc": sprites.disc, "slab": sprites.slab, "die": sprites.die, "ring": sprites.ring,
             "rounded": sprites.rounded}[str(kind)]
    return maker(*args)


@lru_cache(maxsize=4096)
def _stamp(waiting_tray: bool, box: G.Box, layers: tuple[tuple[object, ...], ...]) -> Image.Image:
    """The empty board's pixels at `box` with sprites on top, in the palette. A layer is a sprite spec,
    optionally followed by its offset (dx, dy) from the box's corner."""
    rgb = background(waiting_tray).crop(box)
    for layer in layers:
        spec, off = _split(layer)
        image = _sprite(spec)
        rgb.paste(image, off, image)
    return to_palette(rgb)


def _split(layer: tuple[object, ...]) -> tuple[Sprite, tuple[int, int]]:
    n = {"disc": 4, "slab": 4, "die": 4, "ring": 5, "rounded": 7}[str(layer[0])]
    if len(layer) == n:
        return layer, (0, 0)
    return layer[:n], (int(layer[n]), int(layer[n + 1]))  # type: ignore[call-overload]


@lru_cache(maxsize=1024)
def _text_mask(text: str, size: int, bold: bool, complex_script: bool,
               anchor: str) -> tuple[Image.Image, int, int]:
    """The text's coverage mask and its offset from the anchor point."""
    f = font(size, bold, complex_script)
    with LOCK:
        x0, y0, x1, y1 = f.getbbox(text, anchor=anchor)
        left, top, right, bottom = math.floor(x0), math.floor(y0), math.ceil(x1), math.ceil(y1)
        mask = Image.new("L", (max(right - left, 1), max(bottom - top, 1)), 0)
        ImageDraw.Draw(mask).text((-left, -top), text, font=f, fill=255, anchor=anchor)
    return mask, left, top


def _arrow(img: Image.Image, a: Arrow) -> None:
    """A line along the arrow's path from the edge of the place left to the edge of the landing place, with a
    head; too short a move (a checker's own width) gets none."""
    shapes = _arrow_shapes(a.path)
    if shapes is None:
        return
    outline, tip, band = shapes
    d = ImageDraw.Draw(img)
    dark = index_of(T.ACCENT_DARK)
    colour = index_of(T.PIN if a.hit else T.ACCENT)
    d.polygon(outline, fill=dark)
    d.polygon(tip, fill=colour, outline=dark, width=2)
    d.polygon(band, fill=colour)


Polygon = list[tuple[float, float]]


@lru_cache(maxsize=2048)
def _arrow_shapes(points: tuple[tuple[int, int], ...]) -> tuple[Polygon, Polygon, Polygon] | None:
    """The three polygons of an arrow along `points` (its dark outline, its head, its band), or None when the
    move is too short for one. Kept by the path: the same moves are drawn on board after board, and working
    the shapes out was two thirds of an arrow's cost. Callers only read the lists."""
    path = [(float(x), float(y)) for x, y in points]
    total = _length(path)
    head = min(HEAD, total - G.ARROW_START_GAP - G.ARROW_END_GAP - 8)
    if head < 8:
        return None
    tip_at = total - G.ARROW_END_GAP
    line = _cut(path, G.ARROW_START_GAP, tip_at - head)
    (bx, by), (ex, ey) = line[-1], _cut(path, tip_at, tip_at)[0]
    length = math.hypot(ex - bx, ey - by)
    ux, uy = (ex - bx) / length, (ey - by) / length
    w = head * 0.62
    tip = [(ex, ey), (bx - uy * w, by + ux * w), (bx + uy * w, by - ux * w)]
    line = [p for i, p in enumerate(line) if i == 0 or p != line[i - 1]]
    return _band(line, ARROW_W + 4), tip, _band([*line, (bx + ux * 3, by + uy * 3)], ARROW_W)


def _band(path: list[tuple[float, float]], width: float) -> list[tuple[float, float]]:
    """The outline of a polyline drawn `width` px wide with flat ends and mitred joints, as one polygon: a
    curved route's 25 points filled in one call (a line with round joints drew a pie slice at every point,
    four times slower, for the same look at these gentle bends)."""
    half = width / 2
    normals = []
    for (x0, y0), (x1, y1) in pairwise(path):
        seg = math.hypot(x1 - x0, y1 - y0) or 1.0
        normals.append((-(y1 - y0) / seg, (x1 - x0) / seg))
    if not normals:
        return []
    left: list[tuple[float, float]] = []
    right: list[tuple[float, float]] = []
    for i, (x, y) in enumerate(path):
        before, after = normals[max(0, i - 1)], normals[min(len(normals) - 1, i)]
        nx, ny = before[0] + after[0], before[1] + after[1]
        size = math.hypot(nx, ny)
        nx, ny = (nx / size, ny / size) if size > 1e-6 else after
        reach = half / max(nx * after[0] + ny * after[1], 0.5)  # a mitre, bounded at a sharp bend
        left.append((x + nx * reach, y + ny * reach))
        right.append((x - nx * reach, y - ny * reach))
    return left + right[::-1]


def _length(path: list[tuple[float, float]]) -> float:
    return sum(math.dist(p, q) for p, q in pairwise(path))


def _cut(path: list[tuple[float, float]], start: float, end: float) -> list[tuple[float, float]]:
    """The part of a polyline from `start` to `end` px along it."""
    out: list[tuple[float, float]] = []
    run = 0.0
    for p, q in pairwise(path):
        seg = math.dist(p, q)
        if seg == 0:
            continue
        if run + seg >= start and not out:
            t = (start - run) / seg
            out.append((p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t))
        if run + seg >= end:
            t = (end - run) / seg
            out.append((p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t))
            return out
        if out:
            out.append(q)
        run += seg
    return out or [path[-1]]
