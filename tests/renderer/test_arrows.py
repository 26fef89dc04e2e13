"""The arrows of the last play (issue 18, pictures): counts stay readable, a long play's moves are numbered,
moves along a row bend clear of their stack, and a move round the end of the board is drawn round it."""

from __future__ import annotations

import io
import math
from dataclasses import replace

from PIL import Image, ImageChops

from game import Position, Side, variant
from renderer import LastMove, LastPlay, Scene, layout, render_png
from renderer import geometry as G
from renderer.layout import BADGE
from renderer.samples import sample_scenes

W, B = Side.WHITE, Side.BLACK
SAMPLES = dict(sample_scenes())


def near_the_middle(arrow, within: int = 60) -> list[tuple[int, int]]:
    return [(x, y) for x, y in arrow.path if abs(y - G.MID) < within]


def test_a_move_round_the_left_end_is_drawn_round_it():
    """Gul Bara, black's view: black's own 13/11 leaves the top row and comes back along the bottom one."""
    lay = layout(SAMPLES["gulbara-wrap"])
    arrow = next(a for a in lay.arrows if a.start[1] < G.MID < a.end[1])
    assert arrow.via, "a curve, not a straight diagonal"
    assert min(x for x, _ in near_the_middle(arrow)) <= G.LEFT_X0 + 30
    assert all(G.LEFT_X0 <= x <= G.BAR_X0 for x, _ in arrow.path)


def test_a_move_round_the_right_end_is_drawn_round_it():
    """Fevga, white's view: black's 13/8 goes from white's 1-point round to white's 20-point."""
    lay = layout(SAMPLES["fevga-wrap"])
    arrow = next(a for a in lay.arrows if a.start[1] > G.MID > a.end[1])
    assert max(x for x, _ in near_the_middle(arrow)) >= G.RIGHT_X1 - 30
    assert all(G.RIGHT_X0 <= x < G.TRAY_X0 for x, _ in arrow.path)


def test_a_move_along_a_row_bends_toward_the_middle():
    plakoto = Position.start(variant("plakoto"))
    lay = layout(Scene(plakoto, W, last_play=LastPlay(W, (LastMove(24, 18),))))
    (arrow,) = lay.arrows
    assert arrow.start[1] < G.MID and arrow.end[1] < G.MID          # the top row, seen by white
    assert max(y for _, y in arrow.via) > max(arrow.start[1], arrow.end[1]) + 15
    assert arrow.number == 0 and not lay.labels_with("order")       # one move: nothing to number


def test_the_moves_of_a_long_play_are_numbered_apart_where_they_leave():
    lay = layout(SAMPLES["gulbara-cascade"])
    assert [a.number for a in lay.arrows] == [1, 2, 3, 4]
    badges = lay.labels_with("order")
    assert sorted(lb.text for lb in badges) == ["1", "2", "3", "4"]
    for i, a in enumerate(badges):
        for b in badges[i + 1:]:
            assert math.dist((a.x, a.y), (b.x, b.y)) >= BADGE - 2, (a, b)
    # two moves along the same stretch of a row bend apart (21/17 and 19/15 run along the top row)
    top = [a for a in lay.arrows if a.number in (3, 4)]
    assert all(a.start[1] == a.end[1] == G.slot_y(24, 0) for a in top)
    deepest = sorted(max(y for _, y in a.via) - max(a.start[1], a.end[1]) for a in top)
    assert len(deepest) == 2 and deepest[1] - deepest[0] >= 10


def test_an_arrow_over_a_counted_stack_leaves_its_count_readable():
    """The cascade's two 24/20 leave a stack of six (drawn five high with a count): wherever an arrow goes, the
    count's checker looks as it does with no arrow at all."""
    scene = SAMPLES["gulbara-cascade"]
    lay = layout(scene)
    (count,) = [lb for lb in lay.labels_with("count") if lb.text == "6"]
    box = (count.x - 18, count.y - 18, count.x + 18, count.y + 18)
    with_arrows = Image.open(io.BytesIO(render_png(scene))).convert("RGB").crop(box)
    without = Image.open(io.BytesIO(render_png(replace(scene, last_play=None)))).convert("RGB").crop(box)
    assert ImageChops.difference(with_arrows, without).getbbox() is None


def test_a_play_of_the_engine_is_written_as_the_log_writes_it():
    """Four moves of one checker kind read `24/18(4)` in the info line (R-NOTE-1), as in the game's log."""
    from game.plays import legal_plays

    start = Position.start(variant("plakoto"))
    play = next(p for p in legal_plays(start, (6, 6)) if p.notation == "24/18(4)")
    lay = layout(Scene(play.position, B, last_play=LastPlay.from_play(play)))
    assert [lb.text for lb in lay.labels_with("info") if lb.side is W] == ["336 pips  ·  played 24/18(4)"]
    assert [a.number for a in lay.arrows] == [1, 2, 3, 4]


def test_a_whole_cascade_draws_every_stage_numbered_by_its_stage():
    """R-GULBARA-3 (issue 27): the stages of 4s, 5s and 6s of one cascade, each arrow with its stage's number."""
    scene = SAMPLES["gulbara-stages"]
    assert scene.last_play is not None and scene.last_play.stages == (4, 4, 4)
    lay = layout(scene)
    assert [a.number for a in lay.arrows] == [1] * 4 + [2] * 4 + [3] * 4
    assert sorted(lb.text for lb in lay.labels_with("order")) == ["1"] * 4 + ["2"] * 4 + ["3"] * 4
    assert all(lb.size >= 24 for lb in lay.labels_with("order"))  # as legible at 400 px as every number


def test_joined_stages_keep_one_play_and_refuse_two_sides():
    one = LastPlay(W, (LastMove(24, 20),), "24/20")
    assert LastPlay.joined([one]) == one
    assert LastPlay.joined([one, LastPlay(W)]) == one  # a stage that passed adds nothing
    both = LastPlay.joined([one, LastPlay(W, (LastMove(20, 15), LastMove(15, 10)), "20/10")])
    assert both.stages == (1, 2) and both.notation() == "24/20, 20/10"
    assert [both.stage_of(i) for i in range(3)] == [1, 2, 2]
    try:
        LastPlay.joined([one, LastPlay(B, (LastMove(24, 20),))])
    except ValueError:
        pass
    else:
        raise AssertionError("stages of two sides joined")
