"""`python -m renderer gallery OUTDIR`: the sample boards and replays, written as files to look at."""

from __future__ import annotations

from pathlib import Path

from .png import scene_png
from .replay import render_replay
from .samples import BULGARIAN_WORDS, random_game, sample_scenes


def write_gallery(outdir: Path) -> list[Path]:
    """Write `NN-<name>-<viewer>.png` for each sample board (every variant, Gul Bara's stages and cascade
    arrows, moves round the ends of the board, Greek and Bulgarian words), `replay-plakoto.gif` and
    `replay-gulbara.gif` (in Bulgarian); return the paths."""
    outdir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for i, (name, scene) in enumerate(sample_scenes(), start=1):
        path = outdir / f"{i:02d}-{name}-{scene.viewer.value}.png"
        path.write_bytes(scene_png(scene))
        written.append(path)
    path = outdir / "replay-plakoto.gif"
    path.write_bytes(render_replay(random_game("plakoto", seed=7, max_plays=60)))
    written.append(path)
    path = outdir / "replay-gulbara.gif"
    path.write_bytes(render_replay(random_game("gulbara", seed=1, max_plays=120), words=BULGARIAN_WORDS))
    written.append(path)
    return written
