"""A player's statistics as a picture (`/stats`): the rating over time in each pool, and the error-rate trend.

A pure function from a `StatsChart` (numbers and the words to draw, already in the reader's language) to PNG
bytes, in the board's colours and bundled fonts. The picture is as wide as a board, with text large enough to
read when a chat shows it 400 px wide.
"""

from __future__ import annotations

import io
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from . import theme as T
from .fonts import LOCK, font
from .text import clean, fit

WIDTH = 1000
MARGIN = 28
TITLE_H = 84
PLOT_H = 330
ERR_H = 230
AXIS_W = 96      # room for the y labels left of a plot
HEAD = 56        # a panel's heading
INSET = 40       # the first and last match stand this far inside the plot (their dates fit under it)
SERIES: tuple[T.RGB, ...] = (T.ACCENT, T.CHECKER_FACE[next(iter(T.CHECKER_FACE))], T.PIN, (120, 196, 255),
                             (150, 230, 120), (220, 150, 255), (255, 150, 70), (255, 130, 190), T.POINT_LIGHT,
                             (110, 230, 220))
GRID: T.RGB = (44, 116, 92)
DAY = 86_400.0


@dataclass(frozen=True, slots=True)
class Line:
    """One pool's ratings after each match: `points` are (unix time, rating), oldest first."""

    label: str
    points: tuple[tuple[float, float], ...]


@dataclass(frozen=True, slots=True)
class StatsChart:
    """What `/stats` draws. `title` names the player; `rating` and `errors` head the two panels; `lines` are the
    pools with at least two matches; `error_rates` the milli-points lost a decision in the last games, oldest
    first; `nothing` is said in a panel with no data."""

    title: str
    rating: str
    errors: str
    nothing: str
    lines: tuple[Line, ...] = ()
    error_rates: tuple[float, ...] = field(default=())


def render_stats(chart: StatsChart) -> bytes:
    """The PNG of `chart`."""
    legend_rows = _legend_rows(chart)
    height = TITLE_H + MARGIN + HEAD + PLOT_H + 44 + legend_rows * 44 + MARGIN + HEAD + ERR_H + MARGIN + 10
    img = Image.new("RGB", (WIDTH, height), T.PANEL)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, WIDTH, TITLE_H), fill=T.BANNER)
    d.rectangle((0, TITLE_H - 6, WIDTH, TITLE_H), fill=T.ACCENT)
    _text(d, (MARGIN, 18), clean(chart.title, "?"), 40, T.PANEL_TEXT, WIDTH - 2 * MARGIN, bold=True)
    y = TITLE_H + MARGIN
    _text(d, (MARGIN, y), chart.rating, 32, T.ACCENT, WIDTH - 2 * MARGIN, bold=True)
    y += HEAD
    box = (MARGIN + AXIS_W, y, WIDTH - MARGIN, y + PLOT_H)
    _ratings(d, box, chart)
    y += PLOT_H + 44
    y = _legend(d, y, chart)
    y += MARGIN
    _text(d, (MARGIN, y), chart.errors, 32, T.ACCENT, WIDTH - 2 * MARGIN, bold=True)
    y += HEAD
    _errors(d, (MARGIN + AXIS_W, y, WIDTH - MARGIN, y + ERR_H), chart)
    buf = io.BytesIO()
    img.save(buf, "PNG", optimize=True)
    return buf.getvalue()


def _text(d: ImageDraw.ImageDraw, at: tuple[float, float], text: str, size: int, colour: T.RGB, width: int,
          bold: bool = False, anchor: str = "la") -> None:
    fitted = fit(text, size, width, bold)
    with LOCK:
        d.text(at, fitted.text, font=font(size, bold, fitted.complex_script), fill=colour, anchor=anchor)


def _frame(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    d.rectangle((x0 - 6, y0 - 6, x1 + 6, y1 + 6), fill=T.FRAME)
    d.rectangle(box, fill=T.FELT)


def _scale(lo: float, hi: float, steps: int = 4) -> list[float]:
    """Round tick values covering lo..hi."""
    span = max(hi - lo, 1e-9)
    raw = span / steps
    unit = 10 ** len(str(int(raw))) / 10 if raw >= 1 else 0.1
    step = next(m * unit for m in (1, 2, 2.5, 5, 10) if m * unit >= raw)
    first = int(lo // step) * step
    ticks = []
    v = first
    while v <= hi + step * 0.999:
        ticks.append(round(v, 6))
        v += step
    return ticks


def _y_axis(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], lo: float, hi: float) -> tuple[float, float]:
    """Grid lines and labels; the value range drawn."""
    ticks = _scale(lo, hi)
    lo, hi = ticks[0], ticks[-1]
    x0, y0, x1, y1 = box
    for v in ticks:
        y = y1 - (v - lo) / (hi - lo) * (y1 - y0)
        d.line((x0, y, x1, y), fill=GRID, width=2)
        _text(d, (x0 - 14, y), f"{v:g}", 26, T.PANEL_MUTED, AXIS_W, anchor="rm")
    return lo, hi


def _ratings(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], chart: StatsChart) -> None:
    _frame(d, box)
    x0, y0, x1, y1 = box
    if not chart.lines:
        _text(d, ((x0 + x1) / 2, (y0 + y1) / 2), chart.nothing, 28, T.NUMBER, x1 - x0 - 20, anchor="mm")
        return
    values = [r for line in chart.lines for _, r in line.points]
    lo, hi = _y_axis(d, box, min(values) - 5, max(values) + 5)
    times = sorted({t for line in chart.lines for t, _ in line.points})
    spread = times[-1] - times[0] >= 60
    rank = {t: i for i, t in enumerate(times)}

    def x_of(t: float) -> float:
        share = (t - times[0]) / (times[-1] - times[0]) if spread else rank[t] / max(1, len(times) - 1)
        return x0 + INSET + share * (x1 - x0 - 2 * INSET)

    for t in _date_ticks(times[0], times[-1]) if spread else [times[0]]:
        x = x_of(t) if spread else (x0 + x1) / 2
        d.line((x, y1, x, y1 + 12), fill=T.FRAME, width=3)
        _text(d, (x, y1 + 14), _date(t, times[0], times[-1]), 26, T.PANEL_MUTED, 160, anchor="ma")
    for i, line in enumerate(chart.lines):
        colour = SERIES[i % len(SERIES)]
        pts = [(x_of(t), y1 - (r - lo) / (hi - lo) * (y1 - y0)) for t, r in line.points]
        d.line(pts, fill=colour, width=5, joint="curve")
        x, y = pts[-1]
        d.ellipse((x - 8, y - 8, x + 8, y + 8), fill=colour, outline=T.BANNER, width=2)


def _date_ticks(first: float, last: float) -> list[float]:
    """Up to five times spread evenly from `first` to `last`."""
    n = 4 if last - first >= 4 * DAY else 2
    return [first + (last - first) * k / n for k in range(n + 1)]


def _date(t: float, first: float, last: float) -> str:
    """A date the way the bot's languages all read it: `27.11.`, with the year when the span crosses one, the
    time of day when it is shorter than two days."""
    tm = time.gmtime(t)
    if last - first < 2 * DAY:
        return time.strftime("%H:%M", tm)
    if time.gmtime(first).tm_year != time.gmtime(last).tm_year:
        return time.strftime("%m.%Y", tm)
    return f"{tm.tm_mday}.{tm.tm_mon}."


def _legend_rows(chart: StatsChart) -> int:
    rows, x = 1 if chart.lines else 0, MARGIN
    for line in chart.lines:
        w = 60 + fit(line.label, 28, WIDTH, False).width
        if x + w > WIDTH - MARGIN and x > MARGIN:
            rows, x = rows + 1, MARGIN
        x += w + 28
    return rows


def _legend(d: ImageDraw.ImageDraw, y: int, chart: StatsChart) -> int:
    """One swatch and name a pool, wrapped into rows; the y below the legend."""
    if not chart.lines:
        return y
    x = MARGIN
    for i, line in enumerate(chart.lines):
        w = 60 + fit(line.label, 28, WIDTH, False).width
        if x + w > WIDTH - MARGIN and x > MARGIN:
            x, y = MARGIN, y + 44
        colour = SERIES[i % len(SERIES)]
        d.rounded_rectangle((x, y + 10, x + 44, y + 26), 6, fill=colour)
        _text(d, (x + 56, y + 2), line.label, 28, T.PANEL_TEXT, WIDTH - x - 56 - MARGIN)
        x += w + 28
    return y + 44


def trend(values: Sequence[float]) -> tuple[float, float]:
    """The least-squares line through `values` at x = 0, 1, …: (value at the first, value at the last)."""
    n = len(values)
    if n < 2:
        v = values[0] if values else 0.0
        return v, v
    mx, my = (n - 1) / 2, sum(values) / n
    slope = sum((i - mx) * (v - my) for i, v in enumerate(values)) / sum((i - mx) ** 2 for i in range(n))
    return my - slope * mx, my + slope * (n - 1 - mx)


def _errors(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], chart: StatsChart) -> None:
    _frame(d, box)
    x0, y0, x1, y1 = box
    rates = chart.error_rates
    if not rates:
        _text(d, ((x0 + x1) / 2, (y0 + y1) / 2), chart.nothing, 28, T.NUMBER, x1 - x0 - 20, anchor="mm")
        return
    lo, hi = _y_axis(d, box, 0.0, max(max(rates), 1.0))
    n = len(rates)
    slot = (x1 - x0 - 16) / n
    for i, v in enumerate(rates):
        bx = x0 + 8 + i * slot
        top = min(y1 - 3, y1 - (v - lo) / (hi - lo) * (y1 - y0))
        d.rectangle((bx + slot * 0.18, top, bx + slot * 0.82, y1 - 1), fill=T.POINT_LIGHT)
    a, b = trend(rates)
    ya, yb = (min(y1, max(y0, y1 - (v - lo) / (hi - lo) * (y1 - y0))) for v in (a, b))
    d.line((x0 + 8 + slot / 2, ya, x1 - 8 - slot / 2, yb), fill=T.ACCENT, width=6)
