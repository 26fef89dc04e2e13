"""Checkers, tray slabs and dice drawn once, smoothly (supersampled), and kept for pasting."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from game import Side

from . import theme as T

SS = 4  # supersampling factor


def _smooth(img: Image.Image, size: tuple[int, int]) -> Image.Image:
    return img.resize(size, Image.Resampling.LANCZOS)


@cache
def disc(side: Side, diameter: int, pinned: str = "") -> Image.Image:
    """A checker seen from above: rim, face and a groove.

    A pinned checker (R-MOVE-2) wears a red ring and a red bar on the part its pinner leaves visible:
    `pinned` is `top` or `bottom`, the side of the disc toward the board's edge.
    """
    s = diameter * SS
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    rim = round(s * 0.045)
    d.ellipse((0, 0, s - 1, s - 1), fill=T.CHECKER_RIM[side])
    d.ellipse((rim, rim, s - 1 - rim, s - 1 - rim), fill=T.CHECKER_FACE[side])
    g0 = round(s * 0.2)
    d.ellipse((g0, g0, s - 1 - g0, s - 1 - g0), outline=T.CHECKER_RING[side], width=round(s * 0.035))
    if pinned:
        w = round(s * 0.1)
        d.ellipse((0, 0, s - 1, s - 1), outline=T.PIN, width=w)
        c = round(s * 0.24) if pinned == "top" else s - round(s * 0.24)
        d.rounded_rectangle((round(s * 0.18), c - w // 2, s - round(s * 0.18), c + w // 2), radius=w // 2,
                            fill=T.PIN)
    return _smooth(img, (diameter, diameter))


@cache
def slab(side: Side, width: int, height: int) -> Image.Image:
    """A borne-off or waiting checker seen from the side."""
    w, h = width * SS, height * SS
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=min(h // 2, 4 * SS), fill=T.CHECKER_RIM[side])
    e = max(SS, round(h * 0.14))
    d.rounded_rectangle((e, e, w - 1 - e, h - 1 - e), radius=min(h // 2, 3 * SS), fill=T.CHECKER_FACE[side])
    return _smooth(img, (width, height))


_PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
         5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}


@cache
def die(side: Side, value: int, size: int) -> Image.Image:
    """A die in the mover's colour showing `value`."""
    s = size * SS
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, s - 1, s - 1), radius=s // 6, fill=T.CHECKER_RIM[side])
    b = round(s * 0.05)
    d.rounded_rectangle((b, b, s - 1 - b, s - 1 - b), radius=s // 7, fill=T.CHECKER_FACE[side])
    pr = s * 0.09
    for gx, gy in _PIPS[value]:
        cx = s * (0.26 + 0.24 * gx)
        cy = s * (0.26 + 0.24 * gy)
        d.ellipse((cx - pr, cy - pr, cx + pr, cy + pr), fill=T.CHECKER_TEXT[side])
    return _smooth(img, (size, size))


@cache
def ring(diameter: int, colour: T.RGB, width: int, dashed: bool = False) -> Image.Image:
    """A circle outline: a solid ring marks a landing, a dashed one the place a checker left."""
    s = diameter * SS
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    box = (SS, SS, s - 1 - SS, s - 1 - SS)
    if dashed:
        for k in range(12):
            d.arc(box, k * 30, k * 30 + 18, fill=colour, width=width * SS)
    else:
        d.ellipse(box, outline=colour, width=width * SS)
    return _smooth(img, (diameter, diameter))


@cache
def rounded(width: int, height: int, radius: int, fill: T.RGB | None, outline: T.RGB | None = None,
            line: int = 0) -> Image.Image:
    """A smooth rounded rectangle: pills, highlighted point numbers, the result banner."""
    w, h = width * SS, height * SS
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=radius * SS, fill=fill, outline=outline,
                        width=line * SS)
    return _smooth(img, (width, height))
