"""Golden images of the sample boards: every variant, both viewers, pins, the bar, bearing off, game over.

Compared with a mean per-pixel tolerance (helpers.TOLERANCE); `TABLA_UPDATE_GOLDEN=1` rewrites them.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

from game import PRESETS, Side
from renderer import scene_png
from renderer.samples import sample_scenes

from .helpers import TOLERANCE, check_golden, mean_difference

SCENES = sample_scenes()


@pytest.mark.parametrize(("name", "scene"), SCENES, ids=[f"{n}-{s.viewer.value}" for n, s in SCENES])
def test_board_matches_golden_image(name, scene):
    check_golden(f"{name}-{scene.viewer.value}", scene_png(scene))


def test_golden_set_is_broad():
    names = {n for n, _ in SCENES}
    assert len(SCENES) >= 12
    assert {n.split("-")[0] for n in names} == set(PRESETS)
    assert {"portes-bar", "gulbara-cascade", "gulbara-stages", "gulbara-transferred", "fevga-wrap",
            "gulbara-wrap"} <= names
    assert {s.viewer for _, s in SCENES} == {Side.WHITE, Side.BLACK}


def test_comparison_catches_a_moved_checker():
    """The tolerance is loose enough for encoder noise but not for a wrong board."""
    scenes = dict(SCENES)
    a = Image.open(io.BytesIO(scene_png(scenes["plakoto-start"])))
    b = a.copy()
    box = (831, 712, 889, 770)                       # the checker on the viewer's 1-point …
    b.paste(a.crop(box), (831 - 68, 712))             # … drawn one point to the left as well
    assert mean_difference(a, a) == 0
    assert mean_difference(a, b) > 2 * TOLERANCE


def test_a_mismatch_fails_and_leaves_the_three_images(tmp_path, monkeypatch):
    from . import helpers

    monkeypatch.setattr(helpers, "GOLDEN", tmp_path / "golden")
    monkeypatch.setattr(helpers, "FAILURES", tmp_path / "failures")
    monkeypatch.delenv("TABLA_UPDATE_GOLDEN", raising=False)
    (tmp_path / "golden").mkdir()
    scenes = dict(SCENES)
    (tmp_path / "golden" / "board.png").write_bytes(scene_png(scenes["plakoto-start"]))
    helpers.check_golden("board", scene_png(scenes["plakoto-start"]))
    with pytest.raises(AssertionError, match="mean difference"):
        helpers.check_golden("board", scene_png(scenes["tawula-start"]))
    assert sorted(p.name for p in (tmp_path / "failures").iterdir()) == [
        "board-actual.png", "board-diff.png", "board-expected.png"]
