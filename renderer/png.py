"""Board pictures as PNG bytes: layout, paint, map to the fixed palette, encode."""

from __future__ import annotations

import io
import struct
import zlib

from isal import isal_zlib
from PIL import Image

from .draw import paint
from .layout import layout
from .palette import board_p
from .scene import Scene

# Pillow's level for the pictures it writes itself. Measured on the bench's boards with the standard library's
# zlib: level 2 is the quickest (level 1 is no quicker and larger) at about 50 KB a board; 6+ doubles the time.
COMPRESS_LEVEL = 2
# A board's rows are compressed by ISA-L (`isal`, the same zlib stream): on the bench's boards (1040 × 888) CPU p50
# 0.43 ms and 49.6 KB at its level 2, where the standard library's zlib took 2.16 ms for 50.2 KB at level 2
# (zlib-ng: 0.97 ms, 46.8 KB; ISA-L's level 3 is no smaller and five times slower).
ISAL_LEVEL = 2
_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def render_png(scene: Scene) -> bytes:
    """The board picture of `scene` as PNG bytes (see `layout()` for the content)."""
    return encode(scene_image(scene))


scene_png = render_png   # the name the first callers of a `Scene` used; the same function


def scene_image(scene: Scene) -> Image.Image:
    """The board picture of a `Scene` as a palette image."""
    return paint(layout(scene))


def prepare() -> None:
    """Build the palette and the empty boards now (about half a second) instead of on the first picture."""
    for waiting_tray in (False, True):
        board_p(waiting_tray)


def encode(img: Image.Image) -> bytes:
    """`img` as PNG bytes. A plain palette image is written here: every row unfiltered (filter type 0, as
    Pillow writes palette images too), compressed by ISA-L (`ISAL_LEVEL`), five times quicker on these pictures
    than zlib at the same size; any other image goes through Pillow."""
    plain = img.mode == "P" and img.palette is not None and img.palette.mode == "RGB" and not img.info
    palette = img.getpalette() if plain else None
    if not palette or len(palette) > 3 * 256:
        buf = io.BytesIO()
        img.save(buf, "PNG", compress_level=COMPRESS_LEVEL)
        return buf.getvalue()
    w, h = img.size
    rows = Image.new("P", (w + 1, h), 0)   # a zero byte (filter type 0) before each row
    rows.paste(img, (1, 0))
    packer = isal_zlib.compressobj(ISAL_LEVEL)
    data = packer.compress(rows.tobytes()) + packer.flush()
    return b"".join((_SIGNATURE, _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0)),
                     _chunk(b"PLTE", bytes(palette)), _chunk(b"IDAT", data), _chunk(b"IEND", b"")))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))
