"""The PNG itself: size, palette, determinism, the byte budget."""

from __future__ import annotations

import io

from PIL import Image

from game import Position, Side, variant
from renderer import Scene, prepare, render_png, scene_png
from renderer.samples import sample_scenes

PLAKOTO = variant("plakoto")


def test_png_is_a_wide_palette_image_under_budget():
    for _, scene in sample_scenes():
        png = scene_png(scene)
        img = Image.open(io.BytesIO(png))
        assert img.format == "PNG" and img.mode == "P"
        assert img.width >= 1000
        assert len(png) <= 80_000


def test_rendering_is_pure_and_deterministic():
    p = Position.start(PLAKOTO)
    a = render_png(Scene(p, Side.WHITE, dice=(3, 1), names={Side.WHITE: "A"}))
    render_png(Scene(p, Side.BLACK, dice=(6, 6)))
    b = render_png(Scene(p, Side.WHITE, dice=(3, 1), names={Side.WHITE: "A"}))
    assert a == b
    assert a == scene_png(Scene(p, Side.WHITE, dice=(3, 1), names={Side.WHITE: "A"}))


def test_the_viewers_see_different_pictures():
    p = Position.start(PLAKOTO)
    assert render_png(Scene(p, Side.WHITE)) != render_png(Scene(p, Side.BLACK))


def test_prepare_builds_what_the_first_picture_needs():
    prepare()
    assert render_png(Scene(Position.start(PLAKOTO), Side.WHITE))


def test_a_scene_travels_to_a_worker_process_and_draws_the_same():
    """The service draws in worker processes: the one `Scene` value (its words too) must pickle."""
    import pickle

    from renderer.samples import GREEK_WORDS

    scene = Scene(Position.start(PLAKOTO), Side.WHITE, dice=(3, 1), words=GREEK_WORDS)
    again = pickle.loads(pickle.dumps(scene))
    assert again.words == GREEK_WORDS and render_png(again) == render_png(scene)
