"""An animated replay of a whole game for the history command: one frame per board, GIF or animated WebP.

Every frame is painted on the shared palette, so a GIF needs one global colour table; each frame after the
first keeps only the pixels that changed and leaves the rest transparent, so 60 plays take about 1.5 MB.
A replay stays chat-sized for any game length: at most `MAX_FRAMES` boards (a long game shows boards spread
evenly over it, always its start and its final position) and at most `MAX_BYTES`.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import replace
from itertools import pairwise
from typing import Literal

from PIL import Image, ImageChops

from .draw import paint
from .layout import layout
from .palette import TRANSPARENT
from .scene import Scene
from .words import Words

FRAME_MS = 1200
LAST_FRAME_MS = 4000
MAX_FRAMES = 150
MAX_BYTES = 8 * 1024 * 1024


def pick_frames(n: int, most: int = MAX_FRAMES) -> list[int]:
    """Which of `n` boards a replay shows: every one if they are at most `most`; else `most` of them spread
    evenly over the game, the first (the start) and the last (the final position) always among them.

    :raises ValueError: `most` is below 2.
    """
    if most < 2:
        raise ValueError(f"a replay shows at least its first and its last board, not {most}")
    if n <= most:
        return list(range(n))
    step = (n - 1) / (most - 1)      # > 1, so the rounded indices are distinct
    return [round(i * step) for i in range(most)]


def render_replay(scenes: Sequence[Scene], *, fmt: Literal["gif", "webp"] = "gif", frame_ms: int = FRAME_MS,
                  last_frame_ms: int = LAST_FRAME_MS, words: Words | None = None, max_frames: int = MAX_FRAMES,
                  max_bytes: int = MAX_BYTES) -> bytes:
    """The boards of `scenes` as an endlessly looping animation, the last board held longer; `words` (if
    given) replace every board's words.

    At most `max_frames` boards are shown (`pick_frames`); if the animation still exceeds `max_bytes`, fewer
    boards are kept, down to the first and the last, until it fits. GIF is quick to make (about 7 ms a
    frame); lossless WebP is about half the size but ten times slower.

    :raises ValueError: no scenes, an unknown format, or `max_frames` below 2.
    """
    if not scenes:
        raise ValueError("a replay needs at least one board")
    if fmt not in ("gif", "webp"):
        raise ValueError(f"a replay is a gif or a webp, not {fmt!r}")
    chosen = [scenes[i] for i in pick_frames(len(scenes), max_frames)]
    if words is not None:
        chosen = [replace(s, words=words) for s in chosen]
    frames = [paint(layout(s)) for s in chosen]
    data = _encode(frames, fmt, frame_ms, last_frame_ms)
    while len(data) > max_bytes and len(frames) > 2:
        keep = max(2, min(len(frames) - 1, int(len(frames) * max_bytes / len(data) * 0.9)))
        frames = [frames[i] for i in pick_frames(len(frames), keep)]
        data = _encode(frames, fmt, frame_ms, last_frame_ms)
    return data


def _encode(frames: list[Image.Image], fmt: str, frame_ms: int, last_frame_ms: int) -> bytes:
    durations = [frame_ms] * (len(frames) - 1) + [last_frame_ms]
    buf = io.BytesIO()
    if fmt == "gif":
        indices = [_indices(f) for f in frames]
        deltas = [frames[0]] + [_changes(a, b, f) for (a, b), f in zip(pairwise(indices), frames[1:], strict=True)]
        deltas[0].save(buf, "GIF", save_all=True, append_images=deltas[1:], duration=durations, loop=0,
                       transparency=TRANSPARENT, disposal=1, optimize=False)
    else:
        rgb = [f.convert("RGB") for f in frames]
        rgb[0].save(buf, "WEBP", save_all=True, append_images=rgb[1:], duration=durations, loop=0,
                    lossless=True, quality=0, method=0)
    return buf.getvalue()


def _indices(img: Image.Image) -> Image.Image:
    """A palette image's indices as a grey image, to compare pixels without the palette."""
    return Image.frombytes("L", img.size, img.tobytes())


_CHANGED = [0] + [255] * 255


def _changes(before: Image.Image, after: Image.Image, frame: Image.Image) -> Image.Image:
    """`frame` with every pixel equal to the previous frame's made transparent; `before` and `after` are the
    two frames' indices. Only the box around the changes is copied."""
    out = Image.new("P", frame.size, TRANSPARENT)
    out.putpalette(frame.getpalette() or [])
    diff = ImageChops.difference(before, after)
    box = diff.getbbox()
    if box is not None:
        out.paste(frame.crop(box), box[:2], diff.crop(box).point(_CHANGED))
    return out
