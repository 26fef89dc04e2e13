"""Replays for the history command: an animation of every board of a game, at most 8 MB for 60 plays."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from renderer import render_replay
from renderer.draw import paint
from renderer.layout import layout_scene
from renderer.samples import random_game


@pytest.fixture(scope="module")
def game():
    scenes = random_game("tawula", seed=3, max_plays=60)
    assert len(scenes) == 61
    return scenes


def test_sixty_plays_fit_in_8_mb_and_every_frame_is_exact(game):
    gif = render_replay(game)
    assert len(gif) <= 8 * 1024 * 1024
    anim = Image.open(io.BytesIO(gif))
    assert anim.format == "GIF" and anim.n_frames == len(game)
    for i in (0, 1, 30, len(game) - 1):
        anim.seek(i)
        want = paint(layout_scene(game[i])).convert("RGB")
        assert ImageChops.difference(anim.convert("RGB"), want).getbbox() is None, f"frame {i}"
        assert anim.info["duration"] == (4000 if i == len(game) - 1 else 1200)


def test_webp_replay(game):
    webp = render_replay(game[:3], fmt="webp", frame_ms=500)
    anim = Image.open(io.BytesIO(webp))
    assert anim.format == "WEBP" and anim.n_frames == 3


def test_bad_replays_are_refused(game):
    with pytest.raises(ValueError):
        render_replay([])
    with pytest.raises(ValueError):
        render_replay(game[:1], fmt="mp4")  # type: ignore[arg-type]
