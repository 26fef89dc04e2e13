"""Board pictures as PNG bytes: layout, paint, map to the fixed palette, encode."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

from PIL import Image

from game import Position, Side, Variant

from .draw import paint
from .layout import layout_scene
from .scene import LastPlay, MatchScore, ResultLike, Scene, make_scene

COMPRESS_LEVEL = 3  # measured: level 3 is as fast as 1 and smaller; 6+ doubles the time for ~25% less


def render_png(variant: Variant, position: Position, viewer: Side, *, last_play: LastPlay | None = None,
               dice: Sequence[int] | None = None, names: Mapping[Side, str] | None = None,
               score: MatchScore | None = None, result: ResultLike | None = None) -> bytes:
    """The board picture of `position` as `viewer` sees it, as PNG bytes (see `layout()` for the content).

    :raises ValueError: the variant differs from the position's, or the dice are not 1..6.
    """
    return scene_png(make_scene(variant, position, viewer, last_play=last_play, dice=dice, names=names,
                                score=score, result=result))


def scene_image(scene: Scene) -> Image.Image:
    """The board picture of a `Scene` as a palette image."""
    return paint(layout_scene(scene))


def scene_png(scene: Scene) -> bytes:
    """`render_png()` of a prepared `Scene`."""
    return encode(scene_image(scene))


def prepare() -> None:
    """Build the palette and the empty boards now (about half a second) instead of on the first picture."""
    from .background import background_p

    for waiting_tray in (False, True):
        background_p(waiting_tray)


def encode(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=COMPRESS_LEVEL)
    return buf.getvalue()
