"""Board pictures as PNG bytes: layout, paint, map to the fixed palette, encode."""

from __future__ import annotations

import io
import struct
import zlib

from PIL import Image

from .draw import paint
from .layout import layout
from .palette import board_p
from .scene import Scene

# Measured on the bench's boards: level 2 is the quickest (level 1 is no quicker and larger) at about 50 KB a
# board against 48 KB for level 3; 6+ doubles the time for ~25% less.
COMPRESS_LEVEL = 2
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
    Pillow writes palette images too), compressed by the standard library's zlib, which is quicker on these
    pictures than the zlib Pillow is built with; any other image goes through Pillow."""
    plain = img.mode == "P" and img.palette is not None and img.palette.mode == "RGB" and not img.info
    palette = img.getpalette() if plain else None
    if not palette or len(palette) > 3 * 256:
        buf = io.BytesIO()
        img.save(buf, "PNG", compress_level=COMPRESS_LEVEL)
        return buf.getvalue()
    w, h = img.size
    rows = Image.new("P", (w + 1, h), 0)   # a zero byte (filter type 0) before each row
    rows.paste(img, (1, 0))
    packer = zlib.compressobj(COMPRESS_LEVEL)
    data = packer.compress(rows.tobytes()) + packer.flush()
    return b"".join((_SIGNATURE, _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0)),
                     _chunk(b"PLTE", bytes(palette)), _chunk(b"IDAT", data), _chunk(b"IEND", b"")))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))
