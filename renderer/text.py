"""Player names made safe to draw: any Unicode in, something readable out, never an error.

Control and format characters are dropped; characters the bundled fonts lack become a hollow box, except
symbols and emoji parts (modifiers, joiners, flags), which are dropped; a name left empty becomes the side's
name. Right-to-left runs (Arabic, Hebrew) are laid out by raqm when Pillow has it, otherwise put in visual
order without shaping. Long names are cut to a width with an ellipsis.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from PIL import ImageFont

from .fonts import LOCK, coverage, font

MISSING = "□"
ELLIPSIS = "…"
MAX_CHARS = 64
MAX_MARKS = 2           # combining marks kept on one letter
_DROP_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
_RTL = {"R", "AL"}


@dataclass(frozen=True, slots=True)
class FittedText:
    """Text ready to draw: the characters, whether it needs raqm layout, and its width in px."""

    text: str
    complex_script: bool
    width: int


def clean(name: str, fallback: str, bold: bool = True) -> str:
    """`name` with only characters the (bold) font can draw, or `fallback` when nothing readable is left."""
    have = coverage(bold)
    out: list[str] = []
    marks = 0
    for ch in unicodedata.normalize("NFC", str(name))[: MAX_CHARS * 4]:
        cat = unicodedata.category(ch)
        if cat.startswith("Z") or ch.isspace():
            if out and out[-1] != " ":
                out.append(" ")
            continue
        if cat in _DROP_CATEGORIES:
            continue
        marks = marks + 1 if cat[0] == "M" else 0
        if marks > MAX_MARKS:
            continue
        if ord(ch) in have:
            out.append(ch)
        elif cat[0] in "LN":
            out.append(MISSING)
        # uncovered marks, symbols and emoji parts are dropped
    text = "".join(out).strip()[:MAX_CHARS]
    if not any(c != MISSING and (unicodedata.category(c)[0] in "LNS") for c in text):
        return fallback
    return text


def needs_complex_layout(text: str) -> bool:
    """Right-to-left letters or combining marks: raqm lays these out better than the basic engine."""
    return any(unicodedata.bidirectional(c) in _RTL or unicodedata.combining(c) for c in text)


def visual_order(text: str) -> str:
    """Right-to-left runs reversed in place, for the basic layout engine (no shaping)."""
    out: list[str] = []
    run: list[str] = []
    for ch in text:
        kind = unicodedata.bidirectional(ch)
        if kind in _RTL or (run and kind in ("WS", "NSM", "ON", "CS")):
            run.append(ch)
            continue
        out.extend(_flush(run))
        run = []
        out.append(ch)
    out.extend(_flush(run))
    return "".join(out)


def _flush(run: list[str]) -> list[str]:
    trail: list[str] = []
    while run and unicodedata.bidirectional(run[-1]) not in _RTL:
        trail.insert(0, run.pop())
    return run[::-1] + trail


@lru_cache(maxsize=4096)
def fit(text: str, size: int, max_width: int, bold: bool = True) -> FittedText:
    """`text` (already clean) cut with an ellipsis to at most `max_width` px at `size`. Kept by its arguments
    (the fonts never change): a board's names, captions and info lines come back turn after turn, and measuring
    them was a tenth of a board's layout."""
    complex_script = needs_complex_layout(text)
    f = font(size, bold, complex_script)
    if complex_script and not _raqm(f):
        text = visual_order(text)
        complex_script = False
    if _width(f, text) <= max_width:
        return FittedText(text, complex_script, _width(f, text))
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _width(f, text[:mid].rstrip() + ELLIPSIS) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    cut = text[:lo].rstrip() + ELLIPSIS
    return FittedText(cut, complex_script, _width(f, cut))


def fit_size(text: str, size: int, max_width: int, smallest: int, bold: bool = True) -> tuple[FittedText, int]:
    """`text` at the largest size from `size` down to `smallest` at which it fits `max_width` px, and that
    size; cut with an ellipsis at `smallest` when even that is too wide (short captions in any language)."""
    for s in range(size, smallest, -1):
        whole = fit(text, s, 1 << 20, bold)
        if whole.width <= max_width:
            return whole, s
    return fit(text, smallest, max_width, bold), smallest


def _raqm(f: ImageFont.FreeTypeFont) -> bool:
    return f.layout_engine == ImageFont.Layout.RAQM


def _width(f: ImageFont.FreeTypeFont, text: str) -> int:
    with LOCK:
        return int(f.getlength(text) + 0.5)
