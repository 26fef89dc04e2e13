"""Builders and the golden-image comparison for the renderer's tests."""

from __future__ import annotations

import io
import os
import random
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

from game import Position, TPNError, variant

HERE = Path(__file__).parent
GOLDEN = HERE / "golden"
FAILURES = HERE / "_failures"
# Mean absolute difference per channel (0–255). One checker drawn in a wrong place moves the mean by about
# 0.2 on this 1040×888 picture, so the bound is kept well below that.
TOLERANCE = 0.05


def tpn(points: dict[int, str], turn: str = "w", white: str = "0/0/0", black: str = "0/0/0") -> str:
    """A TPN from {white's point: entry}."""
    return ",".join(points.get(p, "") for p in range(1, 25)) + f" {turn} {white} {black}"


def pos(name: str, points: dict[int, str], turn: str = "w", white: str = "0/0/0",
        black: str = "0/0/0") -> Position:
    return Position.from_tpn(tpn(points, turn, white, black), variant(name))


def mean_difference(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute per-channel difference of two pictures (RGB, 0–255); inf when sizes differ."""
    if a.size != b.size:
        return float("inf")
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    return sum(ImageStat.Stat(diff).mean) / 3


def check_golden(name: str, png: bytes) -> None:
    """Compare `png` with `golden/<name>.png`; `TABLA_UPDATE_GOLDEN=1` rewrites the golden file instead.

    On a mismatch the expected, actual and amplified difference images go to `_failures/`.
    """
    path = GOLDEN / f"{name}.png"
    if os.environ.get("TABLA_UPDATE_GOLDEN") == "1":
        path.write_bytes(png)
        return
    assert path.exists(), f"no golden image {path.name}: run with TABLA_UPDATE_GOLDEN=1 and look at it"
    actual = Image.open(io.BytesIO(png))
    expected = Image.open(path)
    score = mean_difference(expected, actual)
    if score > TOLERANCE:
        FAILURES.mkdir(exist_ok=True)
        expected.save(FAILURES / f"{name}-expected.png")
        actual.save(FAILURES / f"{name}-actual.png")
        if expected.size == actual.size:
            diff = ImageChops.difference(expected.convert("RGB"), actual.convert("RGB"))
            diff.point(lambda v: min(255, v * 4)).save(FAILURES / f"{name}-diff.png")
    assert score <= TOLERANCE, f"{name}: mean difference {score:.3f} > {TOLERANCE} (see {FAILURES})"


def random_tpn(name: str, seed: int) -> str:
    """A random legal-looking TPN: 15 checkers a side, at most one pinned checker a point (pinning games);
    off checkers, bar checkers where the variant has a bar, waiting checkers and at most one checker on a
    side's points 13–23 in tawula (R-MOVE-5, R-BOARD-4)."""
    rng = random.Random(seed)
    v = variant(name)
    owner: dict[int, str] = {}
    count: dict[int, int] = {}
    pinned: dict[int, str] = {}
    extras = {"W": [0, 0, 0], "B": [0, 0, 0]}
    for side in ("W", "B"):
        for _ in range(15):
            while True:
                roll = rng.random()
                if roll < 0.12:
                    slots = [k for k, ok in enumerate((v.has_waiting, v.has_bar, True)) if ok]
                    extras[side][rng.choice(slots)] += 1
                    break
                p = rng.randint(1, 24)
                own = p if side == "W" else (25 - p if v.contrary else (p - 12 if p > 12 else p + 12))
                if v.pinning:
                    if owner.get(p) in (None, side):
                        owner[p], count[p] = side, count.get(p, 0) + 1
                        break
                    if count[p] == 1 and p not in pinned and rng.random() < 0.5:
                        pinned[p] = owner[p]      # the lone opposing checker becomes pinned under this one
                        owner[p], count[p] = side, 1
                        break
                else:
                    one_only = v.name == "tawula" and 13 <= own <= 23
                    if owner.get(p) in (None, side) and (count.get(p, 0) == 0 or not one_only):
                        owner[p], count[p] = side, count.get(p, 0) + 1
                        break
    fields = {p: f"{pinned[p].lower() if p in pinned else ''}{owner[p]}{count[p]}" for p in owner}
    w, b = extras["W"], extras["B"]
    turn = rng.choice("wb")
    return tpn(fields, turn, f"{w[0]}/{w[1]}/{w[2]}", f"{b[0]}/{b[1]}/{b[2]}")


def random_position(name: str, seed: int) -> Position:
    """A position from `random_tpn`, trying the next seeds while the variant finds it impossible (fevga's
    R-FEVGA-8: a side holding all its points 19–24, or two runners before passing)."""
    v = variant(name)
    for k in range(200):
        try:
            return Position.from_tpn(random_tpn(name, seed + k), v)
        except TPNError:
            continue
    raise AssertionError(f"no possible {name} position from seed {seed}")
