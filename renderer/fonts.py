"""The bundled fonts (renderer/fonts/, DejaVu Sans and its bold) and the characters they cover.

No system font is ever used. Coverage is read from each font's `cmap` table, so names can be cleaned of
characters the fonts would draw as empty boxes (see text.py).
"""

from __future__ import annotations

import struct
import threading
from functools import cache
from pathlib import Path

from PIL import ImageFont, features

FONT_DIR = Path(__file__).with_name("fonts")
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"

BASIC = ImageFont.Layout.BASIC
HAS_RAQM = features.check("raqm")

# FreeType faces are not safe to use from two threads at once: measuring and rendering text hold this lock.
LOCK = threading.Lock()


@cache
def font(size: int, bold: bool = False, complex_script: bool = False) -> ImageFont.FreeTypeFont:
    """A bundled font at `size` px; `complex_script` asks for bidirectional layout and shaping when Pillow
    has it (raqm), and the basic, deterministic layout otherwise."""
    engine = ImageFont.Layout.RAQM if complex_script and HAS_RAQM else BASIC
    return ImageFont.truetype(str(BOLD if bold else REGULAR), size, layout_engine=engine)


@cache
def coverage(bold: bool) -> frozenset[int]:
    """The code points the regular or bold font has a glyph for."""
    return frozenset(_cmap_code_points((BOLD if bold else REGULAR).read_bytes()))


def _cmap_code_points(data: bytes) -> set[int]:
    """Code points mapped to a real glyph by the Unicode subtables (formats 4 and 12) of a TrueType font."""
    num_tables = struct.unpack_from(">H", data, 4)[0]
    cmap = None
    for i in range(num_tables):
        tag, _, offset, _ = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if tag == b"cmap":
            cmap = offset
    if cmap is None:
        raise ValueError("the font has no cmap table")
    out: set[int] = set()
    n = struct.unpack_from(">H", data, cmap + 2)[0]
    for i in range(n):
        platform, encoding, sub = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
        if (platform, encoding) not in ((3, 1), (3, 10), (0, 3), (0, 4)):
            continue
        base = cmap + sub
        fmt = struct.unpack_from(">H", data, base)[0]
        if fmt == 4:
            out |= _format4(data, base)
        elif fmt == 12:
            groups = struct.unpack_from(">I", data, base + 12)[0]
            for g in range(groups):
                start, end, glyph = struct.unpack_from(">III", data, base + 16 + 12 * g)
                out.update(c for c in range(start, end + 1) if glyph + c - start)
    return out


def _format4(data: bytes, base: int) -> set[int]:
    seg2 = struct.unpack_from(">H", data, base + 6)[0]
    seg = seg2 // 2
    ends = struct.unpack_from(f">{seg}H", data, base + 14)
    starts = struct.unpack_from(f">{seg}H", data, base + 16 + seg2)
    deltas = struct.unpack_from(f">{seg}h", data, base + 16 + 2 * seg2)
    ro_base = base + 16 + 3 * seg2
    ranges = struct.unpack_from(f">{seg}H", data, ro_base)
    out: set[int] = set()
    for i in range(seg):
        for c in range(starts[i], ends[i] + 1):
            if c == 0xFFFF:
                continue
            if ranges[i] == 0:
                glyph = (c + deltas[i]) & 0xFFFF
            else:
                at = ro_base + 2 * i + ranges[i] + 2 * (c - starts[i])
                glyph = struct.unpack_from(">H", data, at)[0]
                if glyph:
                    glyph = (glyph + deltas[i]) & 0xFFFF
            if glyph:
                out.add(c)
    return out
