"""Properties over random positions: every checker is drawn exactly once (R-BOARD-4), in its place."""

from __future__ import annotations

import io
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from game import PRESETS, Position, Side, variant
from renderer import ENGLISH, Scene, layout, render_png
from renderer import geometry as G
from renderer import theme as T

from .helpers import random_position


def _expected(p: Position, viewer: Side) -> Counter[tuple[Side, str, int]]:
    want: Counter[tuple[Side, str, int]] = Counter()
    for q, view in enumerate(p.points(viewer), start=1):
        if view.owner is not None:
            want[(view.owner, "point", q)] += view.count
        if view.pinned is not None:
            want[(view.pinned, "point", q)] += 1
    for side in Side:
        for where, n in (("bar", p.bar(side)), ("waiting", p.waiting(side)), ("off", p.borne_off(side))):
            if n:
                want[(side, where, 0)] += n
    return want


@settings(max_examples=150, deadline=None)
@given(name=st.sampled_from(PRESETS), seed=st.integers(0, 2**32 - 1), viewer=st.sampled_from(list(Side)))
def test_r_board_4_every_checker_is_in_the_layout_exactly_once(name, seed, viewer):
    p = random_position(name, seed)
    lay = layout(Scene(p, viewer))
    got = Counter((c.side, c.where, c.point) for c in lay.checkers)
    assert got == _expected(p, viewer)
    assert Counter(c.side for c in lay.checkers) == {Side.WHITE: 15, Side.BLACK: 15}
    shown = [c for c in lay.checkers if c.shown]
    assert len({(c.box, c.shape) for c in shown}) == len(shown), "two checkers drawn in one place"
    counts = {(lb.x, lb.y): lb.text for lb in lay.labels if lb.role in ("count", "tray")}
    for (side, where, q), n in got.items():
        stack = [c for c in lay.checkers if (c.side, c.where, c.point) == (side, where, q) and not c.pinned]
        hidden = [c for c in stack if not c.shown]
        if hidden:      # the checkers not drawn are counted on the top one drawn
            top = [c for c in stack if c.shown][-1]
            assert all(c.box == top.box for c in hidden)
            assert counts[top.centre] == str(len(stack))
        if where == "point":
            x0, y0, x1, y1 = G.point_box(q)
            assert all(x0 <= c.box[0] and c.box[2] <= x1 and y0 <= c.box[1] and c.box[3] <= y1 for c in stack)
            assert len([c for c in stack if c.shown]) <= G.STACK
        if where in ("waiting", "off"):
            assert counts[(G.TRAY_COUNT_X, _compartment_middle(lay, side, where))] == str(n)


def _compartment_middle(lay, side, where):
    c0, c1 = G.tray_compartment(side is lay.viewer, where, lay.waiting_tray)
    return (c0 + c1) // 2


@settings(max_examples=25, deadline=None)
@given(name=st.sampled_from(PRESETS), seed=st.integers(0, 2**32 - 1), viewer=st.sampled_from(list(Side)))
def test_every_drawn_checker_shows_its_colour(name, seed, viewer):
    p = random_position(name, seed)
    lay = layout(Scene(p, viewer))
    img = Image.open(io.BytesIO(render_png(Scene(p, viewer)))).convert("RGB")
    labelled = {(lb.x, lb.y) for lb in lay.labels}
    for c in lay.checkers:
        if not c.shown or c.shape != "disc" or c.centre in labelled:
            continue
        x, y = c.centre
        if c.pinned:    # only the part toward the board's edge shows; its face between rim and red bar
            y = y - G.R * 7 // 10 if c.point >= 13 else y + G.R * 7 // 10
        pixel = img.getpixel((x, y))
        face = T.CHECKER_FACE[c.side]
        assert max(abs(a - b) for a, b in zip(pixel, face, strict=True)) <= 12, (c, pixel)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), viewer=st.sampled_from(list(Side)), die=st.integers(2, 6),
       left=st.integers(1, 4), transferred=st.booleans())
def test_a_pending_gulbara_stage_is_shown_clear_of_the_dice(seed, viewer, die, left, transferred):
    """R-GULBARA-6: the TPN's fifth field is drawn as a caption in the half without the dice."""
    v = variant("gulbara")
    base = random_position("gulbara", seed).to_tpn().rsplit(" ", 1)[0]
    state = f"t3/3:{die}x{left}!" if transferred else f"t3/3:{die}x4"
    p = Position.from_tpn(f"{base} {state}", v)
    lay = layout(Scene(p, viewer, dice=(die, die)))
    lines = lay.labels_with("stage")
    assert " ".join(lb.text for lb in lines) == ENGLISH.stage(die, left if transferred else 4, transferred)
    assert 1 <= len(lines) <= 2 and all(lb.size >= 18 for lb in lines)
    (pill,) = [q for q in lay.pills if q.colour == T.BANNER]
    half = (G.LEFT_X0, G.BAR_X0) if p.turn is viewer else (G.RIGHT_X0, G.RIGHT_X1)
    assert half[0] <= pill.box[0] and pill.box[2] <= half[1]
    assert all(d.box[2] <= pill.box[0] or pill.box[2] <= d.box[0] for d in lay.dice)
