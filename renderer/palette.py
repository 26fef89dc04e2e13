"""One fixed palette for every picture, so boards encode as small 8-bit PNGs and replays share it.

The palette is chosen once per process by octree quantization of a few sample boards, plus the theme's exact
colours, which flat areas therefore keep exactly.
"""

from __future__ import annotations

from functools import cache

from PIL import Image

from . import theme as T

SAMPLES = ("plakoto-pins", "tawula-bar", "mahbusa-bear-off", "plakoto-won-mars", "plakoto-unicode-names")


def key_colours() -> list[T.RGB]:
    """Every colour the theme names."""
    out: list[T.RGB] = []
    for value in vars(T).values():
        values = value.values() if isinstance(value, dict) else [value]
        for v in values:
            if isinstance(v, tuple) and len(v) == 3 and v not in out:
                out.append(v)
    return out


@cache
def palette_image() -> Image.Image:
    """A 1×1 P image whose palette every picture is quantized to."""
    from .draw import paint
    from .layout import layout_scene
    from .samples import sample_scenes

    scenes = dict(sample_scenes())
    frames = [paint(layout_scene(scenes[name])) for name in SAMPLES]
    sheet = Image.new("RGB", (frames[0].width, sum(f.height for f in frames)))
    y = 0
    for f in frames:
        sheet.paste(f, (0, y))
        y += f.height
    keys = key_colours()
    # every other pixel: exact colours of the boards, at a quarter of the cost
    sheet = sheet.resize((sheet.width // 2, sheet.height // 2), Image.Resampling.NEAREST)
    q = sheet.quantize(colors=256 - len(keys), method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    used = len(q.getcolors() or [])
    colours = (q.getpalette() or [])[: 3 * used]
    for k in keys:
        colours.extend(k)
    pal = Image.new("P", (1, 1))
    pal.putpalette(colours)
    return pal


def to_palette(img: Image.Image) -> Image.Image:
    """`img` (RGB) mapped to the fixed palette, without dithering."""
    return img.quantize(palette=palette_image(), dither=Image.Dither.NONE)
