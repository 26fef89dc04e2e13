"""R-MOVE-*, R-ENTER-*, R-OFF-*, R-TURN-*, R-DICE-2: legal plays of a roll, worked out by hand."""

from __future__ import annotations

from game import Position, Side, variant
from game.plays import legal_plays

from .helpers import afters, notations, plays, tpn

START = "B15,,,,,,,,,,,,,,,,,,,,,,,W15 w 0/0/0 0/0/0"


def test_R_DICE_2_doubles_give_four_moves() -> None:
    # From the start with 1-1 the four ones are split among checkers leaving the 24-point:
    # 4, 3+1, 2+2, 2+1+1, 1+1+1+1 — five distinct positions, each 4 pips shorter.
    ps = plays("plakoto", START, (1, 1))
    assert len(ps) == 5
    assert all(len(pl.steps) == 4 for pl in ps)
    assert all(pl.position.pips(Side.WHITE) == 360 - 4 for pl in ps)


def test_R_MOVE_1_combined_move_needs_an_open_intermediate_point() -> None:
    # Black holds white's 18 with two checkers: 6 from the 24-point is closed, so with 6-5 the only
    # way to use both dice is one checker 24/19/13.
    t = tpn({1: "B13", 18: "B2", 24: "W15"})
    assert notations("tapa", t, (6, 5)) == {"24/13"}
    # With both 18 and 19 held no die can be played at all.
    t2 = tpn({1: "B11", 18: "B2", 19: "B2", 24: "W15"})
    assert plays("tapa", t2, (6, 5)) == []


def test_R_MOVE_2_landing_on_a_lone_checker_pins_it() -> None:
    t = tpn({1: "B14", 18: "B1", 24: "W15"})
    after = afters("plakoto", t, (6, 1))
    assert tpn({1: "B14", 18: "bW1", 23: "W1", 24: "W13"}, turn="b") in after
    assert "24/18* 24/23" in notations("plakoto", t, (6, 1))


def test_R_MOVE_2_a_pinning_checker_closes_its_point_and_the_pinned_one_cannot_move() -> None:
    # White's checker on 18 is pinned by black: white may neither land on 18 nor move the pinned one.
    t = tpn({1: "B14", 18: "wB1", 24: "W14"})
    ps = plays("plakoto", t, (6, 5))
    assert {pl.notation for pl in ps} == {"24/13"}
    assert all(st[0] != 18 and st[1] != 18 for pl in ps for st in pl.steps)


def test_R_MOVE_2_more_checkers_may_join_the_pinner() -> None:
    t = tpn({1: "B14", 18: "bW1", 24: "W14"})
    after = afters("plakoto", t, (6, 6))
    assert tpn({1: "B14", 18: "bW3", 24: "W12", 12: "W2"}, turn="b") not in after  # 4 sixes, not 2
    assert tpn({1: "B14", 18: "bW5", 24: "W10"}, turn="b") in after


def test_R_MOVE_3_pinned_checker_is_released_when_the_pinner_leaves() -> None:
    t = tpn({1: "B14", 18: "bW1", 24: "W14"})
    after = afters("plakoto", t, (6, 5))
    # 18/12 and 24/19: black's checker on white's 18 is free again.
    assert tpn({1: "B14", 18: "B1", 12: "W1", 19: "W1", 24: "W13"}, turn="b") in after


def test_R_MOVE_4_tawula_hits_a_blot_to_the_bar() -> None:
    # Black blot on white's 14 (black's 2); white enters with 5 (bar/20) and moves 20/14* with 6.
    t = tpn({12: "B2", 14: "B1", 24: "W2"}, white="13/0/0", black="12/0/0")
    ps = {pl.notation: pl for pl in plays("tawula", t, (6, 5))}
    assert "bar/14*" in ps
    after = ps["bar/14*"].position
    assert after.bar(Side.BLACK) == 1
    assert after.checkers_on(Side.WHITE, 14) == 1


def test_R_MOVE_5_tawula_one_checker_a_point_outside_the_head() -> None:
    # White has one checker on its 16 (stuck: black holds 12) and one on its 20; with 4-4, 20/16 is
    # forbidden while 16 is occupied, but entering on 21 and moving 21/17 is fine.
    t = tpn({12: "B2", 16: "W1", 20: "W1", 24: "W2"}, white="11/0/0", black="13/0/0")
    ps = plays("tawula", t, (4, 4))
    assert ps
    assert all((20, 16, False) not in pl.steps for pl in ps)
    assert any((21, 17, False) in pl.steps for pl in ps)


def test_R_ENTER_1_tapa_starts_with_fifteen_on_the_24_point() -> None:
    assert Position.start(variant("tapa")).to_tpn() == START


def test_R_ENTER_2_tawula_entering_and_the_two_starters() -> None:
    start = Position.start(variant("tawula"))
    # 6-5 from the start: enter both (bar/19 bar/20), or enter one and move it on (bar/14).
    # Entering with 1 (onto the own 24-point) is not allowed, and the two starters stay.
    assert {pl.notation for pl in legal_plays(start, (6, 5))} == {"bar/19 bar/20", "bar/14"}
    assert {pl.notation for pl in legal_plays(start, (1, 2))} == {"bar/22"}
    # Once nothing waits the starters may move.
    t = tpn({12: "B2", 24: "W2", 1: "W13"}, black="13/0/0")
    assert any(st[0] == 24 for pl in plays("tawula", t, (6, 5)) for st in pl.steps)


def test_R_ENTER_3_bar_first_and_the_rest_of_the_turn_lost() -> None:
    # Two white checkers on the bar; white's 20 (entry with 5) is held by black: only bar/19 is possible.
    t = tpn({12: "B1", 20: "B2", 1: "W13"}, white="0/2/0", black="12/0/0")
    ps = plays("tawula", t, (6, 5))
    assert [pl.notation for pl in ps] == ["bar/19"]
    # A re-entering checker may join its own head (R-MOVE-5 allows the 24-point).
    t2 = tpn({12: "B2", 24: "W2", 1: "W12"}, white="0/1/0", black="13/0/0")
    assert any(pl.steps[0] == (25, 24, False) for pl in plays("tawula", t2, (1, 3)))


def test_R_ENTER_4_a_protected_bar_must_keep_an_entry_open() -> None:
    # White hits black's blot on white's 10 (black's 22) with 16/10*; white already holds its 7, 8, 9,
    # 11 and 12 (black's 19, 20, 21, 23, 24). Covering 10 with 14/10 would close all six entry points,
    # so that play is refused while another 4 (5/1) exists.
    t = tpn({1: "W2", 5: "W1", 7: "W2", 8: "W2", 9: "W2", 10: "B1", 11: "W2", 12: "W2", 13: "B7", 14: "W1",
             15: "B7", 16: "W1"})
    ps = {pl.notation: pl for pl in plays("tawula", t, (6, 4))}
    assert "16/10* 5/1" in ps
    assert "16/10* 14/10" not in ps
    assert "16/10*/6" not in ps or ps["16/10*/6"].position.bar(Side.BLACK) == 1
    assert ps["16/10* 5/1"].position.to_tpn().endswith("0/0/0 0/1!/0")


def test_R_OFF_1_bearing_off_once_all_are_home_even_within_the_roll() -> None:
    # One white checker on 7: the 1 brings it home and the 6 then bears off from the 6-point.
    t = tpn({7: "W1", 6: "W14", 24: "B15"})
    after = {pl.position.borne_off(Side.WHITE) for pl in plays("tapa", t, (6, 1))}
    assert 1 in after
    # With a checker on 8 nothing can be borne off with 6-1.
    t2 = tpn({8: "W1", 6: "W14", 24: "B15"})
    assert {pl.position.borne_off(Side.WHITE) for pl in plays("tapa", t2, (6, 1))} == {0}


def test_R_OFF_2_a_larger_die_bears_off_only_the_highest_checker() -> None:
    # Checkers on 5 and 3, die 6: 5/off is allowed (highest), 3/off is not.
    t = tpn({5: "W1", 3: "W1", 24: "B15"}, white="0/0/13")
    ns = notations("tapa", t, (6, 6))
    assert ns == {"5/off 3/off"}  # 5 goes first with a 6, then 3 is the highest
    # A pinned white checker on 5 (under black) stands higher: no die above 3 can bear off the 3.
    t2 = tpn({5: "wB1", 3: "W1", 2: "W12", 24: "B14"}, white="0/0/1")
    for pl in plays("tapa", t2, (6, 4)):
        assert all(st[0] != 3 or st[1] != 0 for st in pl.steps)


def test_R_OFF_3_a_pinned_checker_is_never_borne_off() -> None:
    # White's only checkers left: one pinned on 2 and one free on 1. With 1-1, 1/off is fine and the
    # pinned checker stays; with 2-2 nothing at all can move (the pinned 2 is the highest, R-OFF-2).
    t = tpn({2: "wB1", 1: "W1", 24: "B14"}, white="0/0/13")
    ps = plays("tapa", t, (1, 1))
    assert [pl.notation for pl in ps] == ["1/off"]
    assert ps[0].position.checkers_on(Side.WHITE, 2) == 1
    assert plays("tapa", t, (2, 2)) == []


def test_R_TURN_1_both_dice_when_possible_and_the_larger_alone() -> None:
    # From the start with 6-5 every play uses both dice.
    assert all(len(pl.steps) == 2 for pl in plays("plakoto", START, (6, 5)))
    # Only one die playable: black holds white's 19, 18, 13; 24/20 (4) then nothing; 24/18 closed.
    # White's only moves: the 4 (24/20) or the 1 (24/23); after either, the other die is blocked?
    # White's 23 and 20 open, 22 (23-1... ) — construct: black holds 22, 19, 16 and 18.
    t = tpn({22: "B2", 19: "B2", 16: "B2", 18: "B2", 1: "B7", 24: "W15"})
    # 4-2: 24/20 then 20/18 closed, 20/16 closed, 24/22 closed: only one die can be played and it must
    # be the 4.
    assert notations("plakoto", t, (4, 2)) == {"24/20"}


def test_R_TURN_2_two_orders_reaching_one_position_are_one_play() -> None:
    # 24/18/13 and 24/19/13 reach the same position: one play.
    ps = plays("plakoto", START, (6, 5))
    assert sorted(pl.notation for pl in ps) == ["24/13", "24/18 24/19"]
    assert len({pl.position for pl in ps}) == len(ps)


def test_R_TURN_3_no_play_means_an_empty_list() -> None:
    t = tpn({1: "B11", 18: "B2", 19: "B2", 24: "W15"})
    assert plays("mahbusa", t, (6, 5)) == []


def test_R_TURN_4_bearing_off_the_last_checker_ends_the_play() -> None:
    t = tpn({2: "W1", 24: "B15"}, white="0/0/14")
    ps = plays("tapa", t, (6, 5))
    assert [pl.notation for pl in ps] == ["2/off"]
    assert ps[0].end is not None and ps[0].end.winner is Side.WHITE


def test_R_TURN_5_bearing_off_is_not_forced() -> None:
    # 14 on the 6-point and one on the 3-point, 3-1: 3/off 6/5 bears off, 6/3 6/5 does not; both are legal.
    t = tpn({6: "W14", 3: "W1", 24: "B15"})
    offs = {pl.position.borne_off(Side.WHITE) for pl in plays("tapa", t, (3, 1))}
    assert offs == {0, 1}
    assert "6/3 6/5" in notations("tapa", t, (3, 1))


def test_R_TURN_6_moving_on_after_a_touch_pins_and_frees_or_hits() -> None:
    # Pinning game: 24/18*/13 touches black's lone checker on 18 and frees it again: the same position as
    # 24/19/13, so the canonical play shows no touch.
    t = tpn({1: "B14", 18: "B1", 24: "W15"})
    ps = {pl.notation: pl for pl in plays("plakoto", t, (6, 5))}
    assert "24/13" in ps
    assert ps["24/13"].position.point(Side.WHITE, 18).owner is Side.BLACK
    # Tawula: the touch hits, so 24/18*/13 and 24/19/13 are different plays.
    t2 = tpn({18: "B1", 12: "B2", 24: "W3", 1: "W12"}, black="12/0/0")
    ns = notations("tawula", t2, (6, 5))
    assert "24/18*/13" in ns
    assert "24/19/13" in ns
