"""One fixed palette for every picture, so boards are 8-bit images, encode small and replays share it.

The palette is chosen once per process by octree quantization of a swatch sheet: the empty boards plus every
sprite and text colour over each backdrop it can stand on; the theme's own colours are added exactly.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from game import Side

from . import geometry as G
from . import sprites
from . import theme as T
from .background import active_panel, background
from .fonts import LOCK, font

TRANSPARENT = 255  # the one index no colour uses: unchanged pixels of replay frames

_BACKDROPS = (T.FELT, T.POINT_LIGHT, T.POINT_DARK, T.FRAME, T.FRAME_DARK, T.TRAY, T.PANEL, T.PANEL_ACTIVE,
              T.BANNER)
_TEXTS = ((T.NUMBER, T.FRAME), (T.NUMBER_DARK, T.ACCENT), (T.NUMBER, T.TRAY), (T.PANEL_TEXT, T.PANEL),
          (T.PANEL_MUTED, T.PANEL), (T.PANEL_TEXT, T.PANEL_ACTIVE), (T.PANEL_MUTED, T.PANEL_ACTIVE),
          (T.ACCENT_DARK, T.ACCENT), (T.PANEL_TEXT, T.BANNER), (T.ACCENT, T.BANNER), (T.TRAY_TEXT, T.TRAY),
          *((T.CHECKER_TEXT[s], T.CHECKER_FACE[s]) for s in Side))


def key_colours() -> list[T.RGB]:
    """Every colour the theme names."""
    out: list[T.RGB] = []
    for value in vars(T).values():
        values = value.values() if isinstance(value, dict) else [value]
        for v in values:
            if isinstance(v, tuple) and len(v) == 3 and v not in out:
                out.append(v)
    return out


def swatch() -> Image.Image:
    """Everything the pictures are made of, on one RGB sheet."""
    tiles: list[Image.Image] = []
    marks = [sprites.disc(s, G.D, pin) for s in Side for pin in ("", "top", "bottom")]
    marks += [sprites.die(s, 5, G.DIE) for s in Side] + [sprites.slab(s, G.SLAB_X1 - G.SLAB_X0, 17) for s in Side]
    marks += [sprites.ring(G.D + 4, T.ACCENT, 4, True), sprites.ring(G.D + 8, T.ACCENT, 5),
              sprites.rounded(106, 28, 14, T.ACCENT),
              sprites.rounded(58, 32, 8, None, T.ACCENT, 3)]
    for back in (*_BACKDROPS, *T.CHECKER_FACE.values()):
        tile = Image.new("RGB", (len(marks) * 80, 80), back)
        for i, m in enumerate(marks):
            tile.paste(m, (i * 80, 0), m)
        tiles.append(tile)
    for fg, back in _TEXTS:
        tile = Image.new("RGB", (1200, 50), back)
        with LOCK:
            ImageDraw.Draw(tile).text((4, 4), "0123456789 pips Wins AaBbGgMmOoSsXx", font=font(30, True),
                                      fill=fg)
        tiles.append(tile)
    boards = [background(False), background(True)]
    sheet = Image.new("RGB", (G.WIDTH, sum(t.height for t in tiles) + 2 * G.HEIGHT))
    y = 0
    for t in boards + tiles:
        sheet.paste(t, (0, y))
        y += t.height
    return sheet


@cache
def palette_image() -> Image.Image:
    """A 1×1 P image whose palette every picture is mapped to."""
    keys = key_colours()
    q = swatch().quantize(colors=TRANSPARENT - len(keys), method=Image.Quantize.FASTOCTREE,
                          dither=Image.Dither.NONE)
    used = len(q.getcolors() or [])
    colours = (q.getpalette() or [])[: 3 * used]
    for k in keys:
        colours.extend(k)
    pal = Image.new("P", (1, 1))
    pal.putpalette(colours)
    return pal


@cache
def index_of(colour: T.RGB) -> int:
    """The palette index of a theme colour (kept exactly)."""
    flat = palette_image().getpalette() or []
    for i in range(len(flat) // 3 - 1, -1, -1):
        if tuple(flat[3 * i: 3 * i + 3]) == colour:
            return i
    raise ValueError(f"{colour} is not a theme colour")


def to_palette(img: Image.Image) -> Image.Image:
    """`img` (RGB) mapped to the fixed palette, without dithering."""
    return img.quantize(palette=palette_image(), dither=Image.Dither.NONE)


@cache
def board_p(waiting_tray: bool) -> Image.Image:
    """The empty board mapped to the fixed palette (do not modify: callers copy it)."""
    return to_palette(background(waiting_tray))


@cache
def active_panel_p() -> Image.Image:
    """The strip of the player to move, mapped to the fixed palette (do not modify)."""
    return to_palette(active_panel())
