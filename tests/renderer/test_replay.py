"""Replays for the history command: an animation of the boards of a game, chat-sized for any game length
(issue 12: at most about 150 frames and 8 MB; the time of a 300-play replay is in bench/render.py)."""

from __future__ import annotations

import io
from dataclasses import replace
from itertools import pairwise

import pytest
from PIL import Image, ImageChops

from game import Side
from renderer import MAX_FRAMES, pick_frames, render_replay
from renderer.draw import paint
from renderer.layout import layout
from renderer.replay import MAX_BYTES
from renderer.samples import GREEK_WORDS, long_game, random_game


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
        want = paint(layout(game[i])).convert("RGB")
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


def _frame(anim, i):
    anim.seek(i)
    return anim.convert("RGB")


def _same(a, b):
    return ImageChops.difference(a, b.convert("RGB")).getbbox() is None


@pytest.mark.parametrize(("n", "most"), [(1, 150), (150, 150), (151, 150), (301, 150), (5000, 150), (9, 2)])
def test_frames_picked_keep_the_start_and_the_end_evenly(n, most):
    picked = pick_frames(n, most)
    assert len(picked) == min(n, most)
    assert picked[0] == 0 and picked[-1] == n - 1
    assert picked == sorted(set(picked))
    gaps = [b - a for a, b in pairwise(picked)]
    assert not gaps or max(gaps) - min(gaps) <= 1
    with pytest.raises(ValueError):
        pick_frames(n, 1)


@pytest.fixture(scope="module")
def long():
    scenes = long_game(300)
    assert len(scenes) == 301
    return scenes


def test_a_300_play_game_stays_chat_sized(long):
    gif = render_replay(long)
    assert len(gif) <= MAX_BYTES
    anim = Image.open(io.BytesIO(gif))
    assert 100 <= anim.n_frames <= MAX_FRAMES == 150
    assert _same(_frame(anim, 0), paint(layout(long[0])))
    assert _same(_frame(anim, anim.n_frames - 1), paint(layout(long[-1])))
    assert anim.info["duration"] == 4000


def test_the_byte_bound_drops_frames_until_the_replay_fits(long):
    """Every board seen from the other side: each frame changes almost every pixel (the worst case)."""
    flipping = [replace(s, viewer=Side.WHITE if i % 2 else Side.BLACK) for i, s in enumerate(long[:40])]
    whole = render_replay(flipping)
    bound = len(whole) // 3
    gif = render_replay(flipping, max_bytes=bound)
    assert len(gif) <= bound
    anim = Image.open(io.BytesIO(gif))
    assert 2 <= anim.n_frames < 40
    assert _same(_frame(anim, 0), paint(layout(flipping[0])))
    assert _same(_frame(anim, anim.n_frames - 1), paint(layout(flipping[-1])))


def test_replay_words_replace_every_boards_words(game):
    gif = render_replay(game[:2], words=GREEK_WORDS)
    anim = Image.open(io.BytesIO(gif))
    assert _same(_frame(anim, 1), paint(layout(replace(game[1], words=GREEK_WORDS))))
