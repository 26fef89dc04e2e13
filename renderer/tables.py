"""Tournament pictures in the board's colours: a crosstable (round robins, sections) and a knockout bracket.

Pure: a `Crosstable` or `Bracket` value (every word already in the reader's language) in, PNG bytes out. Drawn
at about 1,000 px wide so that 8 players stay legible scaled to 400 px (text 26 px and more: 10 px and more
there). A tournament with sections stacks its section tables above the bracket of their winners.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from . import theme as T
from .fonts import LOCK, font
from .text import clean, fit

PAD = 24
ROW = 48
TEXT = 28
SMALL = 22
CELL = 66
NAME = 230
TOTAL = 100  # a column of totals (match wins, difference): its header in any language
GOLD = T.ACCENT
WON: T.RGB = (74, 150, 98)
LOST: T.RGB = (150, 70, 58)


@dataclass(frozen=True, slots=True)
class Crosstable:
    """One round-robin table in standings order: `cells[i][j]` is row player i's result against column player
    j ("3–1", "w/o", "" for not played yet); `totals` the last columns (match wins, points difference) under
    `headers`; `out[i]` marks a withdrawn player; the leader (row 0) is marked when `leader`."""

    caption: str
    names: tuple[str, ...]
    cells: tuple[tuple[str, ...], ...]
    wins: tuple[tuple[bool | None, ...], ...]
    totals: tuple[tuple[str, ...], ...]
    headers: tuple[str, ...]
    out: tuple[bool, ...]
    leader: bool = True


@dataclass(frozen=True, slots=True)
class Duel:
    """One knockout match: the two names (empty: not known yet; None: a bye), their scores, the winner (0/1)."""

    a: str | None
    b: str | None
    score_a: str = ""
    score_b: str = ""
    winner: int | None = None


@dataclass(frozen=True, slots=True)
class Bracket:
    """A knockout: rounds of duels, first round first, each round half the one before (byes as None names)."""

    caption: str
    rounds: tuple[tuple[Duel, ...], ...]
    round_names: tuple[str, ...]
    champion: str = ""


@dataclass(frozen=True, slots=True)
class TournamentPicture:
    """What one tournament picture shows: a title, tables, a bracket."""

    title: str
    tables: tuple[Crosstable, ...] = ()
    bracket: Bracket | None = None


def _text(draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, size: int, fill: T.RGB, width: int,
          bold: bool = True, anchor: str = "lm") -> None:
    if not text:
        return
    fitted = fit(clean(text, "?", bold), size, width, bold)
    with LOCK:
        draw.text(xy, fitted.text, font=font(size, bold, fitted.complex_script), fill=fill, anchor=anchor)


def _table_size(t: Crosstable) -> tuple[int, int]:
    n = len(t.names)
    return PAD * 2 + 44 + NAME + n * CELL + len(t.headers) * TOTAL, 54 + ROW * (n + 1) + PAD


def _draw_table(img: Image.Image, t: Crosstable, top: int) -> int:
    draw = ImageDraw.Draw(img)
    n = len(t.names)
    x0 = PAD
    _text(draw, (x0, top + 24), t.caption, TEXT, T.PANEL_TEXT, img.width - 2 * PAD)
    y = top + 54
    grid_x = x0 + 44 + NAME
    total_x = grid_x + n * CELL
    draw.rectangle((x0, y, img.width - PAD, y + ROW), fill=T.FRAME_DARK)
    for j in range(n):
        _text(draw, (grid_x + j * CELL + CELL // 2, y + ROW // 2), str(j + 1), SMALL, T.NUMBER, CELL, anchor="mm")
    for k, head in enumerate(t.headers):
        _text(draw, (total_x + k * TOTAL + TOTAL // 2, y + ROW // 2), head, SMALL, T.NUMBER,
              TOTAL - 6, anchor="mm")
    for i, name in enumerate(t.names):
        ry = y + ROW * (i + 1)
        lead = t.leader and i == 0
        back = T.PANEL_ACTIVE if lead else (T.PANEL if i % 2 == 0 else T.BANNER)
        draw.rectangle((x0, ry, img.width - PAD, ry + ROW), fill=back)
        if lead:
            draw.rectangle((x0, ry, x0 + 6, ry + ROW), fill=GOLD)
        _text(draw, (x0 + 30, ry + ROW // 2), str(i + 1), TEXT, GOLD if lead else T.PANEL_MUTED, 40, anchor="mm")
        colour = T.PANEL_MUTED if t.out[i] else (GOLD if lead else T.PANEL_TEXT)
        _text(draw, (x0 + 56, ry + ROW // 2), name, TEXT, colour, NAME - 16, bold=not t.out[i])
        if t.out[i]:
            draw.line((x0 + 56, ry + ROW // 2 + 2, x0 + 56 + NAME - 40, ry + ROW // 2 + 2), fill=T.PANEL_MUTED,
                      width=2)
        for j in range(n):
            cx = grid_x + j * CELL
            if i == j:
                draw.rectangle((cx + 2, ry + 2, cx + CELL - 2, ry + ROW - 2), fill=T.FRAME)
                continue
            won = t.wins[i][j]
            if won is not None:
                draw.rectangle((cx + 3, ry + 5, cx + CELL - 3, ry + ROW - 5), fill=WON if won else LOST)
            _text(draw, (cx + CELL // 2, ry + ROW // 2), t.cells[i][j], 24, T.NUMBER, CELL - 6, anchor="mm")
        for k, value in enumerate(t.totals[i]):
            _text(draw, (total_x + k * TOTAL + TOTAL // 2, ry + ROW // 2), value, TEXT,
                  GOLD if lead else T.PANEL_TEXT, TOTAL - 6, anchor="mm")
    for j in range(n + 1):
        draw.line((grid_x + j * CELL, y, grid_x + j * CELL, y + ROW * (n + 1)), fill=T.FRAME_DARK, width=2)
    return y + ROW * (n + 1) + PAD


BOX_W = 236
BOX_H = 84
GAP_X = 32


def _bracket_size(b: Bracket) -> tuple[int, int]:
    first = max(1, len(b.rounds[0])) if b.rounds else 1
    return PAD * 2 + len(b.rounds) * (BOX_W + GAP_X) + BOX_W, 84 + first * (BOX_H + 24) + PAD


def _draw_bracket(img: Image.Image, b: Bracket, top: int) -> int:
    draw = ImageDraw.Draw(img)
    _text(draw, (PAD, top + 24), b.caption, TEXT, T.PANEL_TEXT, img.width - 2 * PAD)
    y0 = top + 84
    first = max(1, len(b.rounds[0])) if b.rounds else 1
    slot = BOX_H + 24
    centres: list[list[int]] = []
    byes: list[list[bool]] = []
    for r, duels in enumerate(b.rounds):
        x = PAD + r * (BOX_W + GAP_X)
        span = slot * first // max(1, len(duels))
        row: list[int] = []
        byes.append([d.a is None and d.b is None for d in duels])
        _text(draw, (x + BOX_W // 2, y0 - 4), b.round_names[r], SMALL, T.PANEL_MUTED, BOX_W, anchor="mb")
        for i, d in enumerate(duels):
            cy = y0 + span * i + span // 2
            row.append(cy)
            if byes[r][i]:  # a bye: nothing to draw, the seed waits in the next round
                continue
            if r > 0:
                for prev, bye in zip(centres[r - 1][2 * i: 2 * i + 2], byes[r - 1][2 * i: 2 * i + 2], strict=True):
                    if bye:
                        continue
                    mid = x - GAP_X // 2
                    draw.line((x - GAP_X, prev, mid, prev), fill=T.TRAY_LINE, width=3)
                    draw.line((mid, prev, mid, cy), fill=T.TRAY_LINE, width=3)
                    draw.line((mid, cy, x, cy), fill=T.TRAY_LINE, width=3)
            top_y = cy - BOX_H // 2
            draw.rounded_rectangle((x, top_y, x + BOX_W, top_y + BOX_H), 8, fill=T.PANEL, outline=T.FRAME, width=2)
            for k, (name, score) in enumerate(((d.a, d.score_a), (d.b, d.score_b))):
                ly = top_y + BOX_H // 4 + k * BOX_H // 2
                won = d.winner == k
                if won:
                    draw.rectangle((x + 2, ly - BOX_H // 4 + 2, x + 7, ly + BOX_H // 4 - 2), fill=GOLD)
                shown = name or ""
                colour = GOLD if won else (T.PANEL_MUTED if d.winner is not None or not name else T.PANEL_TEXT)
                _text(draw, (x + 16, ly), shown, TEXT if name else SMALL, colour, BOX_W - 80, bold=won)
                _text(draw, (x + BOX_W - 12, ly), score, TEXT, colour, 64, anchor="rm")
            draw.line((x + 10, top_y + BOX_H // 2, x + BOX_W - 10, top_y + BOX_H // 2), fill=T.FRAME_DARK, width=1)
        centres.append(row)
    if b.rounds and centres:
        x = PAD + len(b.rounds) * (BOX_W + GAP_X)
        cy = centres[-1][0]
        draw.line((x - GAP_X, cy, x, cy), fill=T.TRAY_LINE, width=3)
        draw.rounded_rectangle((x, cy - 30, x + BOX_W, cy + 30), 30, fill=GOLD if b.champion else T.PANEL)
        _text(draw, (x + BOX_W // 2, cy), b.champion, TEXT, T.ACCENT_DARK, BOX_W - 24, anchor="mm")
    return y0 + first * slot + PAD


def tournament_image(picture: TournamentPicture) -> Image.Image:
    sizes = [_table_size(t) for t in picture.tables]
    if picture.bracket is not None:
        sizes.append(_bracket_size(picture.bracket))
    width = max([w for w, _ in sizes] + [640])
    height = 70 + sum(h for _, h in sizes) + PAD
    img = Image.new("RGB", (width, height), T.BANNER)
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, width, 64), fill=T.FELT)
    _text(draw, (PAD, 32), picture.title, 30, T.NUMBER, width - 2 * PAD)
    y = 70
    for t in picture.tables:
        y = _draw_table(img, t, y)
    if picture.bracket is not None:
        _draw_bracket(img, picture.bracket, y)
    return img


def tournament_png(picture: TournamentPicture) -> bytes:
    """The picture as PNG bytes (palette-free RGB: tables are small next to boards)."""
    import io

    out = io.BytesIO()
    tournament_image(picture).save(out, format="PNG", optimize=True)
    return out.getvalue()
