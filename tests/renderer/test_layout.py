"""Exact geometry of `layout()` (R-BOARD-1…4): numbers computed by hand from the board's measurements.

Measurements (renderer/geometry.py): width 1040; points 68 px wide; left half x 14–422, bar 422–486, right half
486–894; playing area y 116–772, middle 444; checkers 58 px; the tray x 908–1026.
"""

from __future__ import annotations

import pytest

from game import Position, Side, variant
from renderer import GameResult, LastMove, LastPlay, MatchScore, Scene, layout
from renderer import theme as T

from .helpers import pos

W, B = Side.WHITE, Side.BLACK
PLAKOTO = variant("plakoto")
TAWULA = variant("tawula")

# centre x of the viewer's points: 1 and 24 at the far right, 12 and 13 at the far left
X1 = 486 + 5 * 68 + 34          # 860
X6 = 486 + 34                   # 520
X7 = 14 + 5 * 68 + 34           # 388
X12 = 14 + 34                   # 48
BOTTOM0 = 772 - 2 - 29          # centre y of the first checker on a bottom point: 741
TOP0 = 116 + 2 + 29             # on a top point: 147


def discs(lay, point, side=None, shown=True):
    return [c for c in lay.checkers_at("point", point, side) if c.shown == shown]


def label(lay, role, text=None):
    found = [lb for lb in lay.labels if lb.role == role and (text is None or lb.text == text)]
    assert len(found) == 1, (role, text, found)
    return found[0]


def test_size_is_wide_enough_for_a_phone():
    lay = layout(Scene(Position.start(PLAKOTO), W))
    assert (lay.width, lay.height) == (1040, 888)


@pytest.mark.parametrize("viewer", [W, B])
def test_r_board_1_point_numbers_run_counter_clockwise_from_bottom_right(viewer):
    lay = layout(Scene(Position.start(PLAKOTO), viewer))
    where = {lb.text: (lb.x, lb.y) for lb in lay.labels_with("point")}
    assert where["1"] == (X1, 792)      # bottom band: y 772–812
    assert where["6"] == (X6, 792)
    assert where["7"] == (X7, 792)
    assert where["12"] == (X12, 792)
    assert where["13"] == (X12, 96)     # top band: y 76–116
    assert where["18"] == (X7, 96)
    assert where["19"] == (X6, 96)
    assert where["24"] == (X1, 96)
    assert all(lb.size >= 26 and lb.bold for lb in lay.labels_with("point"))


def test_r_board_2_start_seen_by_white_and_by_black():
    start = Position.start(PLAKOTO)
    for viewer in (W, B):
        lay = layout(Scene(start, viewer))
        mine = lay.checkers_at("point", 24, viewer)           # the viewer's 15 on its 24-point, top right
        theirs = lay.checkers_at("point", 1, viewer.other)    # the opponent's on the viewer's 1-point
        assert len(mine) == len(theirs) == 15
        assert next(c.box for c in mine if c.shown) == (X1 - 29, TOP0 - 29, X1 + 29, TOP0 + 29)
        assert next(c.box for c in theirs if c.shown) == (X1 - 29, BOTTOM0 - 29, X1 + 29, BOTTOM0 + 29)
        assert mine[0].colour == T.CHECKER_FACE[viewer]


def test_r_board_2_black_sees_white_checkers_where_they_are():
    p = pos("plakoto", {6: "W5", 1: "B13", 2: "B2", 24: "W10"})
    lay = layout(Scene(p, B))
    # white's 6 is black's 19: the first point of the top right quarter
    assert {c.box[:2] for c in lay.checkers_at("point", 19, W)} == {
        (X6 - 29, TOP0 - 29 + k * 58) for k in range(5)}
    assert len(lay.checkers_at("point", 23, B)) == 2     # black's own 23 (white's 2)


def test_r_board_3_tawula_start_same_direction():
    lay = layout(Scene(Position.start(TAWULA), W))
    assert len(lay.checkers_at("point", 24, W)) == 2
    # black's 24-point is white's 12: bottom left for white
    assert [c.centre for c in lay.checkers_at("point", 12, B)] == [(X12, BOTTOM0), (X12, BOTTOM0 - 58)]
    black_view = layout(Scene(Position.start(TAWULA), B))
    assert [c.centre for c in black_view.checkers_at("point", 24, B)] == [(X1, TOP0), (X1, TOP0 + 58)]
    assert [c.centre for c in black_view.checkers_at("point", 12, W)] == [(X12, BOTTOM0), (X12, BOTTOM0 - 58)]


def test_r_board_4_waiting_checkers_in_the_tray_with_counts():
    lay = layout(Scene(Position.start(TAWULA), W))
    mine = lay.checkers_at("waiting", 0, W)
    theirs = lay.checkers_at("waiting", 0, B)
    assert len(mine) == len(theirs) == 13
    # the tray's halves stand 36 px apart around the middle (444) for the caption of the waiting checkers:
    # the viewer's waiting compartment is y 462–617, slabs 8 px high every 10 px from its lower edge
    assert mine[0].box == (916, 604, 980, 612)
    assert mine[12].box == (916, 484, 980, 492)
    # the opponent's is y 271–426, slabs from its upper edge
    assert theirs[0].box == (916, 276, 980, 284)
    counts = {(lb.side, lb.x, lb.y) for lb in lay.labels_with("tray") if lb.text == "13"}
    assert counts == {(W, 1003, 539), (B, 1003, 348)}
    assert [(lb.text, lb.x, lb.y) for lb in lay.labels_with("caption") if lb.text == "WAIT"] == [("WAIT", 967, 444)]


def test_borne_off_checkers_fill_the_tray_of_their_side():
    p = pos("plakoto", {1: "W5", 24: "B10"}, white="0/0/10", black="0/0/5")
    lay = layout(Scene(p, W))
    off = lay.checkers_at("off", 0, W)
    assert len(off) == 10 and all(c.shape == "slab" for c in off)
    assert off[0].box == (916, 767 - 17, 980, 767)      # 17 px slabs every 20 px up from y 772 − 5
    assert off[9].box[3] == 767 - 9 * 20
    assert label(lay, "tray", "10").side is W
    assert len(lay.checkers_at("off", 0, B)) == 5
    assert lay.checkers_at("off", 0, B)[0].box == (916, 121, 980, 138)


def test_r_move_2_pinned_checker_lies_beneath_its_pinner():
    p = pos("plakoto", {1: "bW2", 20: "wB1", 24: "W12", 3: "B13"})
    lay = layout(Scene(p, W))
    pinned = [c for c in lay.checkers_at("point", 1) if c.pinned]
    assert len(pinned) == 1 and pinned[0].side is B
    assert pinned[0].centre == (X1, BOTTOM0)                 # at the board's edge
    pinners = discs(lay, 1, W)
    assert [c.centre for c in pinners] == [(X1, BOTTOM0 - 35), (X1, BOTTOM0 - 35 - 58)]
    # white's checker pinned by black on white's 20 (top right, second point from the right edge)
    top = [c for c in lay.checkers_at("point", 20) if c.pinned]
    assert top[0].side is W and top[0].centre == (486 + 68 + 34, TOP0)
    assert discs(lay, 20, B)[0].centre == (486 + 68 + 34, TOP0 + 35)


def test_tall_stacks_show_five_and_a_count():
    p = pos("plakoto", {6: "W7", 24: "W6", 23: "W1", 1: "wB9", 12: "B5", 18: "B1"})
    lay = layout(Scene(p, W))
    assert len(discs(lay, 6, W)) == 5 and len(discs(lay, 6, W, shown=False)) == 2
    seven = label(lay, "count", "7")
    assert (seven.x, seven.y) == (X6, BOTTOM0 - 4 * 58)
    assert seven.colour == T.CHECKER_TEXT[W]
    assert not [lb for lb in lay.labels_with("count") if lb.text == "5"]     # five fit: no count
    # a pinned checker leaves room for four pinners: the count "9" sits on the fourth
    nine = label(lay, "count", "9")
    assert (nine.x, nine.y) == (X1, BOTTOM0 - 35 - 3 * 58)
    assert len(discs(lay, 1, B)) == 4 and len(discs(lay, 1, B, shown=False)) == 5


def test_r_move_4_hit_checkers_on_the_bar():
    p = pos("tawula", {24: "W2", 6: "W5", 12: "B2", 18: "B1"}, white="6/2/0", black="11/1/0")
    lay = layout(Scene(p, W))
    bar_w = lay.checkers_at("bar", 0, W)
    bar_b = lay.checkers_at("bar", 0, B)
    # the viewer's above the middle (y 444), the opponent's below, 40 px clear of it
    assert [c.centre for c in bar_w] == [(454, 444 - 40 - 29), (454, 444 - 40 - 29 - 58)]
    assert [c.centre for c in bar_b] == [(454, 444 + 40 + 29)]


def test_dice_in_the_half_of_the_side_to_move():
    p = Position.start(PLAKOTO)
    mine = layout(Scene(p, W, dice=(6, 5))).dice
    assert [(d.value, d.box) for d in mine] == [(6, (636, 420, 684, 468)), (5, (696, 420, 744, 468))]
    theirs = layout(Scene(p, B, dice=(6, 5))).dice
    assert [d.box[0] for d in theirs] == [164, 224]        # left half: centre x 218, dice 60 apart
    assert all(d.side is W for d in theirs)


def test_dice_rolled_by_the_side_that_just_moved_stand_in_its_half():
    """A replay's board after a turn: the position has the opponent to move, the dice are the mover's."""
    p = Position.start(PLAKOTO)  # white to move
    rolled = layout(Scene(p, W, dice=(6, 5), rolled=B))
    assert [d.box[0] for d in rolled.dice] == [164, 224] and all(d.side is B for d in rolled.dice)
    assert rolled.turn is W, "the side to move is still the one the position says"


def test_R_OPEN_1_an_opening_roll_draws_each_sides_die_in_its_half():
    p = Position.start(PLAKOTO)
    lay = layout(Scene(p, W, opening=(3, 5)))
    assert [(d.value, d.side, d.box[0]) for d in lay.dice] == [(3, W, 666), (5, B, 194)]
    with pytest.raises(ValueError, match="opening"):
        Scene(p, W, opening=(3, 7))


def test_turn_names_pips_and_score_in_the_panels():
    p = Position.start(PLAKOTO)
    lay = layout(Scene(p, B, names={W: "Alice", B: "Bob"}, score=MatchScore(white=3, black=1, target=5)))
    top, bottom = lay.panels
    assert (top.side, top.box, top.active) == (W, (0, 0, 1040, 76), True)
    assert (bottom.side, bottom.box, bottom.active) == (B, (0, 812, 1040, 888), False)
    alice = label(lay, "name", "Alice")
    assert (alice.x, alice.y, alice.side) == (72, 26, W)
    assert label(lay, "name", "Bob").y == 812 + 26
    assert label(lay, "turn").side is W and len(lay.pills) == 1
    assert {(lb.side, lb.text) for lb in lay.labels_with("info")} == {(W, "360 pips"), (B, "360 pips")}
    assert {(lb.side, lb.text) for lb in lay.labels_with("score")} == {(W, "3"), (B, "1")}
    assert label(lay, "match").text == "match to 5"
    assert label(lay, "variant").text == "Plakoto"
    assert lay.turn is W


def test_last_play_marks_arrows_and_rings():
    p = pos("plakoto", {24: "W13", 18: "W1", 13: "bW1", 1: "B14"}, turn="b")
    play = LastPlay(W, (LastMove(24, 18), LastMove(24, 13, hit=True)))
    lay = layout(Scene(p, W, last_play=play))
    assert {(m.point, m.kind) for m in lay.marks} == {(24, "from"), (18, "to"), (13, "to")}
    # 13 checkers on the 24-point show five; the places left are drawn past them, toward the middle
    # (no farther than 32 px short of the middle: offset 296 + 32 − 58 = 270 from the edge)
    ghost = (X1, 116 + 2 + 270 + 29)
    assert [(a.start, a.end, a.hit) for a in lay.arrows] == [
        (ghost, (X7, TOP0), False),               # 24/18 lands on white's checker on 18
        (ghost, (X12, TOP0 + 35), True),          # 24/13* pins black's checker on 13
    ]
    assert [r.kind for r in lay.rings] == ["from", "to", "from", "to"]
    info = next(lb for lb in lay.labels_with("info") if lb.side is W)
    assert info.text.endswith("played 24/18 24/13*")


def test_last_play_of_the_opponent_is_renumbered_for_the_viewer():
    p = pos("plakoto", {24: "W15", 1: "B13", 7: "B2"})
    play = LastPlay(B, (LastMove(24, 18), LastMove(24, 18)))     # black's 24/18(2): white's 1 → 7
    lay = layout(Scene(p, W, last_play=play))
    assert {(m.point, m.kind) for m in lay.marks} == {(1, "from"), (7, "to")}
    assert [a.end for a in lay.arrows] == [(X7, BOTTOM0 - 58), (X7, BOTTOM0)]


def test_bearing_off_and_entering_arrows_use_the_trays():
    p = pos("tawula", {24: "W2", 19: "W1", 12: "B2", 15: "B3"}, white="12/0/0", black="0/0/10")
    play = LastPlay(W, (LastMove(25, 19),))
    lay = layout(Scene(p, W, last_play=play))
    # from the viewer's waiting compartment: the slab after the 12 still waiting
    assert lay.arrows[0].start == ((916 + 980) // 2, (612 - 12 * 10 - 8 + 612 - 12 * 10) // 2)
    off = LastPlay(B, (LastMove(1, 0),))
    lay = layout(Scene(p, W, last_play=off))
    top_slab = lay.checkers_at("off", 0, B)[-1]
    assert lay.arrows[0].end == top_slab.centre


def test_game_over_banner_replaces_turn_and_dice():
    p = pos("plakoto", {20: "B15"}, white="0/0/15")
    lay = layout(Scene(p, B, dice=(3, 1), names={W: "Alice"}, result=GameResult(W, 2, "mars")))
    assert lay.turn is None and not lay.dice and not lay.pills
    assert lay.banner is not None and lay.banner.winner is W
    assert [lb.text for lb in lay.banner.lines] == ["Alice wins", "2 points  ·  mars"]
    tie = layout(Scene(p, W, result=GameResult(None, 0, "tie")))
    assert tie.banner is not None and [lb.text for lb in tie.banner.lines] == ["Tie", "no points"]


def test_protected_bar_is_said_in_the_panel():
    p = pos("tawula", {24: "W2", 12: "B2", 19: "B1"}, white="12/1!/0", black="12/0/0")
    lay = layout(Scene(p, W))
    assert [lb.text for lb in lay.labels_with("info") if lb.side is W] == ["373 pips  ·  bar protected"]


def test_bad_inputs_are_refused():
    p = Position.start(PLAKOTO)
    with pytest.raises(ValueError, match="dice"):
        layout(Scene(p, W, dice=(0, 7)))
    with pytest.raises(ValueError):
        LastMove(3, 5)


def test_r_portes_1_backgammon_start_for_portes_and_tabla():
    for name in ("portes", "tabla", "prava"):
        v = variant(name)
        lay = layout(Scene(Position.start(v), B))
        for side in (W, B):
            counts = {q: len(lay.checkers_at("point", q, side)) for q in range(1, 25)
                      if lay.checkers_at("point", q, side)}
            own = counts if side is B else {25 - q: n for q, n in counts.items()}
            assert own == {24: 2, 13: 5, 8: 3, 6: 5}, (name, side)
        assert not lay.waiting_tray and not lay.checkers_at("waiting", 0)


@pytest.mark.parametrize("name", ["fevga", "gulbara"])
def test_r_fevga_1_fifteen_on_the_24_point_same_direction(name):
    v = variant(name)
    lay = layout(Scene(Position.start(v), W))
    assert len(lay.checkers_at("point", 24, W)) == 15 and len(discs(lay, 24, W)) == 5
    assert len(lay.checkers_at("point", 12, B)) == 15          # black's 24 is white's 12 (R-BOARD-3)
    assert {(lb.side, lb.x, lb.y) for lb in lay.labels_with("count")} == {
        (W, X1, TOP0 + 4 * 58), (B, X12, BOTTOM0 - 4 * 58)}
    assert not lay.waiting_tray and [lb.text for lb in lay.labels_with("caption")] == ["OFF", "OFF"]


def test_r_portes_3_hit_checkers_on_the_bar_enter_from_it():
    p = pos("portes", {24: "W2", 13: "W5", 8: "W3", 6: "W3", 4: "B1", 12: "B5", 17: "B3", 19: "B4"},
            white="0/2/0", black="0/2/0")
    play = LastPlay(B, (LastMove(25, 21, hit=True, from_bar=True),))
    lay = layout(Scene(p, W, last_play=play))
    assert [c.centre for c in lay.checkers_at("bar", 0, W)] == [(454, 444 - 40 - 29), (454, 444 - 40 - 29 - 58)]
    assert [c.centre for c in lay.checkers_at("bar", 0, B)] == [(454, 444 + 69), (454, 444 + 69 + 58)]
    # black's entering checker left the bar below its two still there; it landed on white's 4, hitting
    assert lay.arrows[0].start == (454, 444 + 69 + 2 * 58) and lay.arrows[0].hit
    assert lay.arrows[0].end == (486 + 2 * 68 + 34, BOTTOM0)


def test_the_greek_match_line_of_the_crawford_game_is_whole():
    """Issue 27: "αγώνας στους 5  ·  Κρόφορ…" was cut while the info line on its left left room to spare."""
    from game import Cube
    from renderer.samples import GREEK_WORDS

    p = pos("tapa", {24: "W15", 1: "B15"}, turn="b")
    for score in (MatchScore(4, 2, 5), MatchScore(4, 2, 5, "tavli", 3)):
        lay = layout(Scene(p, W, dice=(3, 1), words=GREEK_WORDS, score=score, cube=Cube(crawford=True, away=(1, 3)),
                           names={W: "Мария", B: "Димитър"}))
        match = label(lay, "match")
        assert match.text.endswith("Κρόφορντ") and "…" not in match.text, match.text


@pytest.mark.parametrize("name", ["gulbara-cascade", "portes-cube-offered"])
def test_the_small_texts_read_on_a_phone_400_px_wide(name):
    """Issue 27: the stage, the moves' numbers, the variant's title, the match line, OFF and an offered cube's
    word are at least 9 px high once the picture is scaled to 400 px wide (24 px on the 1040 px board)."""
    from renderer.samples import sample_scenes

    lay = layout(dict(sample_scenes())[name])
    roles = ("stage", "order", "variant", "match", "caption", "offer")
    sizes = {lb.role: lb.size for lb in lay.labels if lb.role in roles}
    assert set(sizes) >= ({"stage", "order"} if name == "gulbara-cascade" else {"offer", "match"}) | {"variant"}
    assert all(size * 400 / lay.width >= 9 for size in sizes.values()), sizes
