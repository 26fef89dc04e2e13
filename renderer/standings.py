"""The standings picture: a chat's table (matches and points won–lost), its leader marked, the season's dates,
and for a season's end a podium of the first three. Drawn in the board's colours, legible at 400 px wide.

A pure function of one value (`StandingsPicture`): every word in it comes already in the reader's language.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image, ImageDraw

from . import theme as T
from .fonts import LOCK, font
from .text import clean, fit_size

WIDTH = 800
MAX_ROWS = 10
_PAD = 28
_ROW = 58
_HEAD = 132
_PODIUM = 200
_STAR = "★"


@dataclass(frozen=True, slots=True)
class StandingLine:
    """One player's line: name, matches won and lost, points won and lost."""

    name: str
    matches: tuple[float, float]
    points: tuple[float, float]


@dataclass(frozen=True, slots=True)
class StandingsPicture:
    """What the picture shows: a `title` (the chat's standings, the season's name), the season's `dates`, the
    column headings (`player`, `matches`, `points`), the `lines` best first, `empty` when there are none, and
    whether to stand the first three on a `podium` (a season's end)."""

    title: str
    dates: str
    player: str
    matches: str
    points: str
    lines: tuple[StandingLine, ...]
    empty: str = "—"
    podium: bool = False


def _num(value: float) -> str:
    return f"{value:g}"


def _text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], words: str, size: int, fill: T.RGB, *,
          bold: bool = True, width: int = WIDTH, anchor: str = "la", smallest: int | None = None) -> None:
    """`words` at `size`, or as large as fits `width` down to `smallest` (a title, a name), cut only below that;
    a smaller size keeps the text's middle where the full size would have it."""
    fitted, drawn = fit_size(clean(words, "?", bold), size, width, smallest or size, bold)
    x, y = xy
    y += (size - drawn) * 0.6  # a smaller font sits on about the same line
    with LOCK:
        draw.text((x, y), fitted.text, font=font(drawn, bold, fitted.complex_script), fill=fill, anchor=anchor)


def standings_image(pic: StandingsPicture) -> Image.Image:
    """The picture as an RGB image."""
    lines = pic.lines[:MAX_ROWS]
    podium = pic.podium and bool(lines)
    height = _HEAD + (_PODIUM if podium else 0) + 64 + max(1, len(lines)) * _ROW + _PAD
    img = Image.new("RGB", (WIDTH, height), T.FELT)
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, WIDTH, _HEAD), fill=T.BANNER)
    draw.rectangle((0, _HEAD - 6, WIDTH, _HEAD), fill=T.ACCENT)
    _text(draw, (_PAD, 22), pic.title, 40, T.ACCENT, width=WIDTH - 2 * _PAD, smallest=28)
    _text(draw, (_PAD, 78), pic.dates, 28, T.PANEL_MUTED, bold=False, width=WIDTH - 2 * _PAD)
    y = _HEAD
    if podium:
        _podium(draw, lines[:3], y)
        y += _PODIUM
    frame = (_PAD - 8, y + 16, WIDTH - _PAD + 8, height - _PAD + 8)
    draw.rounded_rectangle(frame, 14, fill=T.FRAME)
    cols = (_PAD + 8, _PAD + 64, WIDTH - 290, WIDTH - _PAD - 120)
    y += 24
    _text(draw, (cols[1], y + 10), pic.player, 24, T.NUMBER, bold=False, width=cols[2] - cols[1] - 110)
    _text(draw, (cols[2] + 60, y + 10), pic.matches, 24, T.NUMBER, bold=False, width=170, anchor="ma")
    _text(draw, (cols[3] + 50, y + 10), pic.points, 24, T.NUMBER, bold=False, width=170, anchor="ma")
    y += 48
    if not lines:
        _text(draw, (WIDTH // 2, y + 12), pic.empty, 28, T.PANEL_TEXT, anchor="ma", width=WIDTH - 4 * _PAD)
    for rank, line in enumerate(lines, 1):
        leader = rank == 1
        back = T.ACCENT if leader else (T.PANEL if rank % 2 else T.PANEL_ACTIVE)
        ink = T.ACCENT_DARK if leader else T.PANEL_TEXT
        draw.rounded_rectangle((_PAD, y + 3, WIDTH - _PAD, y + _ROW - 3), 10, fill=back)
        _text(draw, (cols[0] + 18, y + 13), _STAR if leader else str(rank), 30, ink, anchor="ma", width=60)
        _text(draw, (cols[1], y + 12), line.name, 30, ink, width=cols[2] - cols[1] - 20, smallest=22)
        _text(draw, (cols[2] + 60, y + 12), f"{_num(line.matches[0])}–{_num(line.matches[1])}", 30, ink,
              anchor="ma", width=170)
        _text(draw, (cols[3] + 50, y + 12), f"{_num(line.points[0])}–{_num(line.points[1])}", 30,
              T.ACCENT_DARK if leader else T.PANEL_MUTED, bold=leader, anchor="ma", width=170)
        y += _ROW
    return img


def _podium(draw: ImageDraw.ImageDraw, top: tuple[StandingLine, ...], y: int) -> None:
    """The first three on steps: the winner in the middle, highest, in the accent colour."""
    step = (WIDTH - 2 * _PAD) // 3
    heights = {1: 120, 2: 84, 3: 60}
    order = (2, 1, 3)
    base = y + _PODIUM - 8
    for slot, place in enumerate(order):
        if place > len(top):
            continue
        x0 = _PAD + slot * step + 8
        x1 = x0 + step - 16
        h = heights[place]
        fill = T.ACCENT if place == 1 else T.POINT_LIGHT if place == 2 else T.POINT_DARK
        ink = T.ACCENT_DARK if place != 3 else T.NUMBER
        draw.rounded_rectangle((x0, base - h, x1, base), 10, fill=fill)
        _text(draw, ((x0 + x1) // 2, base - h + 10), str(place), 40, ink, anchor="ma", width=step)
        _name_on_step(draw, (x0 + x1) // 2, base - h - 10, top[place - 1].name, step - 12)


def _name_on_step(draw: ImageDraw.ImageDraw, centre: int, bottom: int, name: str, width: int) -> None:
    """A podium name standing on its step (its last line ends at `bottom`): one line, shrunk down to 22 px to fit,
    else two lines split at the space that balances them best (cut only when a line is too long even so)."""
    whole = clean(name, "?", True)
    one, size = fit_size(whole, 28, width, 22)
    spaces = [i for i, c in enumerate(whole) if c == " "]
    if one.text == whole or not spaces:
        _text(draw, (centre, bottom - 32), name, 28, T.NUMBER, anchor="ma", width=width, smallest=22)
        return
    cut = min(spaces, key=lambda i: abs(len(whole[:i]) - len(whole[i + 1:])))
    parts = (whole[:cut], whole[cut + 1:])
    size = min(fit_size(part, 24, width, 18)[1] for part in parts)  # both lines alike
    for row, part in enumerate(parts):
        _text(draw, (centre, bottom - 54 + 28 * row), part, size, T.NUMBER, anchor="ma", width=width)


def render_standings(pic: StandingsPicture) -> bytes:
    """The picture as PNG bytes."""
    buf = io.BytesIO()
    standings_image(pic).quantize(64).save(buf, "PNG", optimize=True)
    return buf.getvalue()
