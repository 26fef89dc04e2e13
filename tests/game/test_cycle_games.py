"""RULES.md §12: portes, tabla, fevga and gulbara, worked by hand (CYCLE-EXAMPLES.md and our own cases).

Test names cite the rule ids; the letters and numbers in comments (F1, G2, P3 …) are CYCLE-EXAMPLES.md's.
"""

from __future__ import annotations

import pytest

from game import IllegalPlayError, OptionError, Position, Side, TPNError, variant
from game.movegen import final_ok, start_work, stepper
from game.notation import parse_play
from game.outcome import Outcome, resignation_value
from game.plays import legal_plays, pass_position

from .helpers import afters, notations, plays, pos

FEVGA_START = ",,,,,,,,,,,B15,,,,,,,,,,,,W15 w 0/0/0 0/0/0"
GUL_START = FEVGA_START + " t0/0"
PORTES_START = "B2,,,,,W5,,W3,,,,B5,W5,,,,B3,,B5,,,,,W2 w 0/0/0 0/0/0"


# --- presets, options and TPN ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "start"), [("portes", PORTES_START), ("tabla", PORTES_START),
                                             ("fevga", FEVGA_START), ("gulbara", GUL_START)])
def test_R_PORTES_1_R_FEVGA_1_R_GULBARA_1_starts(name: str, start: str) -> None:
    assert Position.start(variant(name)).to_tpn() == start


def test_R_PORTES_5_prava_is_tabla_and_tabla_plays_as_portes() -> None:
    assert variant("prava") == variant("tabla")
    t = "B2,,,,,W5,,W3,,,,B5,W5,,,,B3,,B4,,B1,,,W1 w 0/1/0 0/0/0"
    assert notations("tabla", t, (6, 4)) == notations("portes", t, (6, 4))


def test_R_BOARD_2_3_movement_and_contact_of_the_new_variants() -> None:
    for name in ("portes", "tabla"):
        v = variant(name)
        assert v.contrary and v.hitting and v.has_bar and not v.pinning and not v.has_waiting
    for name in ("fevga", "gulbara"):
        v = variant(name)
        assert not v.contrary and v.blocking and not v.has_bar and not v.hitting
    assert variant("fevga").runner and not variant("gulbara").runner
    assert variant("gulbara").cascading and not variant("fevga").cascading
    assert variant("tawula").has_waiting and variant("tawula").has_bar


def test_options_each_variant_takes_and_refuses_naming_the_variant() -> None:
    assert variant("portes", scoring="backgammon", cube="on").describe() == "portes scoring=backgammon cube=on"
    assert variant("tabla", scoring="backgammon").scoring == "backgammon"
    for name in ("fevga", "gulbara"):
        with pytest.raises(OptionError, match=name) as exc:
            variant(name, scoring="backgammon")
        assert exc.value.values["variant"] == name
    with pytest.raises(OptionError, match="portes has no option 'mother'"):
        variant("portes", mother="win")


def test_R_CYCLE_1_tavli_is_not_a_game_of_the_tools() -> None:
    with pytest.raises(OptionError, match="portes, plakoto, fevga"):
        variant("tavli")


@pytest.mark.parametrize(("name", "text", "problem"), [
    ("portes", "B2,,,,,W5,,W3,,,,B5,W5,,,,B3,,B5,,,,,W1 w 1/0/0 0/0/0", "waiting"),
    ("fevga", ",,,,,,,,,,,B15,,,,,,,,,,,,W14 w 0/1/0 0/0/0", "no waiting or bar"),
    ("portes", "B2,,,,,W5,,W3,,,,B5,W5,,,,B3,,B5,,,,,W2 w 0/0/0 0/0/0 t3/3", "fifth"),
    ("fevga", ",,,,,,,,,,,B15,,,,,,,,,,W1,W1,W13 w 0/0/0 0/0/0", "before any has passed"),  # R-FEVGA-8
    ("fevga", "B15,W1,,,,,,,,,,,,,,,,,W1,W1,W1,W1,W1,W9 w 0/0/0 0/0/0", "all six"),  # R-FEVGA-8
    ("gulbara", GUL_START.replace("t0/0", "t3/3:5x3"), "pending stage"),  # R-GULBARA-6: own stage is 4 moves
    ("gulbara", GUL_START.replace("t0/0", "t2/3:1x4"), "pending stage"),
    ("gulbara", GUL_START.replace("t0/0", "t3/2:4x2!"), "transferred"),  # black's count must be 3
    ("gulbara", GUL_START.replace("t0/0", "t4/0"), "state field"),
])
def test_R_FEVGA_8_R_GULBARA_6_impossible_positions_are_rejected(name: str, text: str, problem: str) -> None:
    with pytest.raises(TPNError, match=problem):
        Position.from_tpn(text, variant(name))


def test_R_GULBARA_6_an_omitted_fifth_field_is_t3_3_and_is_always_written() -> None:
    p = pos("gulbara", FEVGA_START)
    assert p.cascade is not None and (p.cascade.white, p.cascade.black) == (3, 3)
    assert p.to_tpn() == FEVGA_START + " t3/3"


# --- Portes and Tabla -----------------------------------------------------------------------------------------


def test_R_PORTES_3_enter_from_the_bar_first_hitting_on_entry() -> None:
    # P1: bar/19 is closed (B4), so the 4 enters on 21 hitting the blot; the 6 is then free.
    t = "B2,,,,,W5,,W3,,,,B5,W5,,,,B3,,B4,,B1,,,W1 w 0/1/0 0/0/0"
    assert notations("portes", t, (6, 4)) == {"bar/21*/15", "bar/21* 24/18", "bar/21* 13/7", "bar/21* 8/2"}
    assert "B2,,,,,W5,,W3,,,,B5,W5,,W1,,B3,,B4,,,,,W1 b 0/0/0 0/1/0" in afters("portes", t, (6, 4))
    assert "B2,,,,,W5,W1,W3,,,,B5,W4,,,,B3,,B4,,W1,,,W1 b 0/0/0 0/1/0" in afters("portes", t, (6, 4))


def test_R_PORTES_3_entering_onto_own_checkers_and_losing_the_rest_of_the_turn() -> None:
    # Two on the bar, 6-5: 19 is closed (B2), 20 holds white's own checker: one enters, the 6 is lost.
    t = "B2,,,,,W5,,W3,,,,B5,W3,,,,B3,,B2,W1,B3,,,W1 w 0/2/0 0/0/0"
    assert notations("portes", t, (6, 5)) == {"bar/20"}
    # 6-6 with two on the bar and 19 closed: nothing enters, the turn passes.
    assert plays("portes", t, (6, 6)) == []


def test_R_PORTES_2_hit_and_run_in_the_own_home_board_is_legal() -> None:
    # P3 (contradiction 2): the Tavla/Takhteh reading would forbid 8/5*/4 and 6/5*/2.
    t = ",,,,B1,W14,,W1,,,,,,,,,,,B14,,,,, w 0/0/0 0/0/0"
    assert notations("portes", t, (3, 1)) == {"8/5*/4", "8/5* 6/5", "6/5*/2", "6/3 6/5*", "8/7/4",
                                              "8/7 6/3", "6/3/2"}
    hit = {pl.notation: pl for pl in plays("portes", t, (3, 1))}["8/5*/4"]
    assert hit.position.bar(Side.BLACK) == 1


def test_R_PORTES_4_R_END_1_mars_and_the_backgammon_option() -> None:
    # P2: 1/off ends the game (R-TURN-4); black has borne off none: mars; backgammon only with the option.
    t = "W1,,B1,,,,,,,,,,,,,,,,B14,,,,, w 0/0/14 0/0/0"
    (pl,) = plays("portes", t, (2, 1))
    assert pl.notation == "1/off" and pl.end == Outcome(Side.WHITE, 2, "mars")
    (pl,) = plays("portes", t, (2, 1), scoring="backgammon")
    assert pl.end == Outcome(Side.WHITE, 3, "backgammon")
    (pl,) = plays("tabla", t, (2, 1), scoring="backgammon")
    assert pl.end == Outcome(Side.WHITE, 3, "backgammon")


def test_R_END_1_backgammon_counts_a_checker_on_the_bar() -> None:
    t = "W1,,,,,,,,,,,,,,,,,,B14,,,,, w 0/0/14 0/1/0"
    (pl,) = plays("portes", t, (2, 1), scoring="backgammon")
    assert pl.end == Outcome(Side.WHITE, 3, "backgammon")
    t2 = "W1,,,,,,,,,,,,,,,,,,,,,,,B15 w 0/0/14 0/0/0"  # black all on its 1-point: no checker in white's home
    (pl,) = plays("portes", t2, (2, 1), scoring="backgammon")
    assert pl.end == Outcome(Side.WHITE, 2, "mars")


def test_R_END_6_resignation_in_portes_and_fevga() -> None:
    p = pos("portes", PORTES_START)
    assert resignation_value(p.variant, Side.WHITE, p.cells) == 2
    t = "W1,,,,,,,,,,,,,,,,,,B14,,,,, b 0/0/14 0/1/0"
    p = pos("portes", t, scoring="backgammon")
    assert resignation_value(p.variant, Side.BLACK, p.cells) == 3
    p = pos("fevga", "W2,,,,,,,,,,,B13,,,,,,,,,,,,W12 w 0/0/1 0/0/2")
    assert resignation_value(p.variant, Side.WHITE, p.with_turn(Side.WHITE).cells) == 1


# --- Fevga ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("dice", "expected"), [((6, 6), {"24/18"}), ((3, 3), {"24/15"}), ((4, 4), {"24/16"}),
                                                ((6, 5), {"24/13"})])
def test_R_FEVGA_3_opening_rolls_move_only_the_runner(dice: tuple[int, int], expected: set[str]) -> None:
    # F1: 18/12 and 15/12 land on black's start; no other checker may leave before the runner has passed.
    assert notations("fevga", FEVGA_START, dice) == expected
    assert afters("fevga", FEVGA_START, (6, 6)) == {",,,,,,,,,,,B15,,,,,,W1,,,,,,W14 b 0/0/0 0/0/0"}


def test_R_FEVGA_3_the_runner_passes_in_the_middle_of_the_roll() -> None:
    # F2: 24/19/14/9 passes at 9; the fourth 5 may move any checker.
    assert afters("fevga", FEVGA_START, (5, 5)) == {",,,W1,,,,,,,,B15,,,,,,,,,,,,W14 b 0/0/0 0/0/0",
                                                    ",,,,,,,,W1,,,B15,,,,,,,W1,,,,,W13 b 0/0/0 0/0/0"}


def test_R_FEVGA_3_the_runner_forces_the_order_of_the_dice() -> None:
    # F3: 13/12 is closed and 24/23 is not allowed before passing, so the 6 goes first.
    t = ",,,,,,,,,,,B15,W1,,,,,,,,,,,W14 w 0/0/0 0/0/0"
    assert afters("fevga", t, (6, 1)) == {",,,,,W1,,,,,,B15,,,,,,,,,,,,W14 b 0/0/0 0/0/0",
                                          ",,,,,,W1,,,,,B15,,,,,,,,,,,W1,W13 b 0/0/0 0/0/0"}
    with pytest.raises(IllegalPlayError, match="only your runner on point 13 may move") as exc:
        parse_play(pos("fevga", t), (6, 1), "24/18 24/23")
    assert exc.value.template.startswith("only your runner on point {runner}") and exc.value.values == {"runner": 13}


def test_R_FEVGA_3_R_TURN_3_no_legal_move_passes() -> None:
    # F4: black's runner on white 11, its start on white 12: 13/12 and 13/11 are closed.
    t = ",,,,,,,,,,B1,B14,W1,,,,,,,,,,,W14 w 0/0/0 0/0/0"
    assert plays("fevga", t, (2, 1)) == []
    assert pass_position(pos("fevga", t), (2, 1)).to_tpn() == ",,,,,,,,,,B1,B14,W1,,,,,,,,,,,W14 b 0/0/0 0/0/0"


def test_R_FEVGA_4_the_quarter_may_be_full_in_the_middle_of_a_play() -> None:
    # F5: 24/19 fills 19-24, and 19/13 empties 19 again before the play ends.
    t = ",W1,,,,,,,,,,,,B3,B3,B3,B3,B3,,W1,W1,W1,W1,W10 w 0/0/0 0/0/0"
    assert afters("fevga", t, (6, 5)) == {",W1,,,,,,,,,,,W1,B3,B3,B3,B3,B3,,W1,W1,W1,W1,W9 b 0/0/0 0/0/0"}


def test_R_FEVGA_4_is_never_waived() -> None:
    # F6: the only move of either die is 24/19, which fills the quarter: no play at all.
    t = ",W1,,,,,,,,,,,B3,B3,B3,B2,B2,B2,,W1,W1,W1,W1,W10 w 0/0/0 0/0/0"
    assert plays("fevga", t, (6, 5)) == []


def test_R_FEVGA_4_removes_one_of_two_plays() -> None:
    # F6b: 24/19 24/20 would end with 19-24 all held.
    t = ",,W1,,,,,,,,,,B3,B3,B3,B2,B2,B2,,W1,W1,W1,W1,W10 w 0/0/0 0/0/0"
    assert notations("fevga", t, (5, 4)) == {"24/19 23/19"}
    assert afters("fevga", t, (5, 4)) == {",,W1,,,,,,,,,,B3,B3,B3,B2,B2,B2,W2,W1,W1,W1,,W9 b 0/0/0 0/0/0"}


def test_R_FEVGA_4_a_shorter_play_counts_when_the_longer_ones_fill_the_quarter() -> None:
    # Our case: white holds 20-24; black holds 6, 13-18. The only 5 is 24/19, which fills the quarter, and the
    # only 6 is 11/5; after either, the other die has no move but 24/19. Both dice always end with 19-24 held,
    # so no two-dice play is legal (R-FEVGA-4) and R-TURN-1 counts the one-die play 11/5 instead.
    t = "W8,,,,,B1,,,,,W1,,B4,B2,B2,B2,B2,B2,,W1,W1,W1,W1,W2 w 0/0/0 0/0/0"
    assert notations("fevga", t, (6, 5)) == {"11/5"}
    # With 5 closed as well, 24/19 is the only move, and it fills the quarter: nothing is legal.
    t2 = "W8,,,,B1,B1,,,,,W1,,B3,B2,B2,B2,B2,B2,,W1,W1,W1,W1,W2 w 0/0/0 0/0/0"
    assert plays("fevga", t2, (6, 5)) == []
    v = variant("fevga")
    s = start_work(pos("fevga", t2))
    steps_of, apply = stepper(v)
    (step,) = steps_of(s, 5)
    assert step == (24, 19, False)
    assert not final_ok(v, s, apply(s, step))


def test_R_FEVGA_5_unblocking_the_trapped_opponent() -> None:
    # F7: black's 15 on white 19, white holds white 13-18: every play must open one of them; 35 plays.
    t = "W8,,,,,,,,,,,,W1,W1,W1,W1,W1,W2,B15,,,,, w 0/0/0 0/0/0"
    ps = plays("fevga", t, (6, 5))
    assert len(ps) == 35
    for pl in ps:
        assert not all(pl.position.checkers_on(Side.WHITE, q) for q in range(13, 19))
    # Control: one black checker elsewhere, the rule does not apply and the closed play 18/7 is legal.
    t2 = "W8,,,,,,,,,,,,W1,W1,W1,W1,W1,W2,B14,B1,,,, w 0/0/0 0/0/0"
    closed = [pl for pl in plays("fevga", t2, (6, 5))
              if all(pl.position.checkers_on(Side.WHITE, q) for q in range(13, 19))]
    assert len(closed) == 1 and closed[0].position.checkers_on(Side.WHITE, 7) == 1


def test_R_FEVGA_7_scoring_is_single_or_mars() -> None:
    t = "W1,,,,,,,,,,,B15,,,,,,,,,,,, w 0/0/14 0/0/0"
    (pl,) = plays("fevga", t, (2, 1))
    assert pl.end == Outcome(Side.WHITE, 2, "mars")
    t2 = "W1,,,,,,,,,,,B14,,,,,,,,,,,, w 0/0/14 0/0/1"
    (pl,) = plays("fevga", t2, (2, 1))
    assert pl.end == Outcome(Side.WHITE, 1, "single")


def test_R_MOVE_6_one_checker_holds_a_point_and_nothing_is_hit() -> None:
    # Gul Bara (no runner rule): a lone black checker on white's 18 closes it; nothing is hit or pinned.
    t = "B14,,,,,,,,,,,,,,,,,B1,,,,,,W15 w 0/0/0 0/0/0"
    # The 6 alone is closed (24/18); the 1 first lets the same checker go on: 24/23/17, written 24/17.
    assert notations("gulbara", t, (6, 1)) == {"24/17"}
    (pl,) = plays("gulbara", t, (6, 1))
    assert pl.steps == ((24, 23, False), (23, 17, False))
    assert pl.position.checkers_on(Side.BLACK, 6) == 1  # black's lone checker (white's 18) stays where it was
    with pytest.raises(Exception, match="closed: black holds it"):
        parse_play(pos("gulbara", t), (6, 1), "24/18 24/23")


def test_R_END_8_the_safety_net_covers_the_blocking_games_and_a_one_sided_block_plays_on() -> None:
    # White's 15 on its 13 face black's six points 7-12: white has no move for any die, black has many.
    t = "B9,,,,,,B1,B1,B1,B1,B1,B1,W15,,,,,,,,,,, w 0/0/0 0/0/0 t3/3"
    p = pos("gulbara", t)
    for die in range(1, 7):
        assert plays("gulbara", t, (die, die)) == []
    from game.outcome import _blocked, judge
    assert _blocked(p.cells, p.variant)
    assert not _blocked(p.with_turn(Side.BLACK).cells, p.variant)
    assert judge(p.variant, Side.BLACK, p.with_turn(Side.BLACK).cells) is None
    # In the blocking games a full deadlock cannot arise (a side's checker can only be held by opposing
    # checkers that could themselves move onto the point behind it), so the net never fires in self-play.


# --- Gul Bara -------------------------------------------------------------------------------------------------


def test_R_GULBARA_2_the_opening_phase_plays_doubles_as_four_moves() -> None:
    # G1: four plays, no cascade, black to move with white's count 1.
    assert notations("gulbara", GUL_START, (3, 3)) == {"24/21(4)", "24/18 24/21(2)", "24/18(2)", "24/15 24/21"}
    assert ",,,,,,,,,,,B15,,,,,,,,,W4,,,W11 b 0/0/0 0/0/0 t1/0" in afters("gulbara", GUL_START, (3, 3))
    assert notations("fevga", FEVGA_START, (3, 3)) == {"24/15"}


def test_R_GULBARA_3_4_a_cascade_stops_short_and_the_opponent_plays_the_rest() -> None:
    # G2.
    t = "W13,B15,,,,,,W1,W1,,,,,,,,,,,,,,, w 0/0/0 0/0/0 t3/3:6x4"
    assert afters("gulbara", t, (6, 6)) == {"W13,B15,W1,,,,,W1,,,,,,,,,,,,,,,, b 0/0/0 0/0/0 t3/3:6x3!"}
    t2 = "W13,B15,W1,,,,,W1,,,,,,,,,,,,,,,, b 0/0/0 0/0/0 t3/3:6x3!"
    assert notations("gulbara", t2, (6, 6)) == {"14/8(3)", "14/2 14/8"}
    assert afters("gulbara", t2, (6, 6)) == {"W13,B12,W1,,,,,W1,,,,,,,,,,,,B3,,,, b 0/0/0 0/0/0 t3/3",
                                             "W13,B13,W1,,,,,W1,,,,,,B1,,,,,,B1,,,, b 0/0/0 0/0/0 t3/3"}


def test_R_GULBARA_3_a_cascade_runs_to_6_for_the_same_side() -> None:
    # G3: stage 5 then stage 6; with t2/2 the same roll is white's third turn and does not cascade.
    t = "W11,,,,W4,,,,,,,B15,,,,,,,,,,,, w 0/0/0 0/0/0 t3/2"
    assert afters("gulbara", t, (5, 5)) == {"W11,,,,,,,,,,,B15,,,,,,,,,,,, w 0/0/4 0/0/0 t3/2:6x4"}
    t2 = "W11,,,,,,,,,,,B15,,,,,,,,,,,, w 0/0/4 0/0/0 t3/2:6x4"
    assert afters("gulbara", t2, (6, 6)) == {"W7,,,,,,,,,,,B15,,,,,,,,,,,, b 0/0/8 0/0/0 t3/2"}
    t3 = t.replace("t3/2", "t2/2")
    assert afters("gulbara", t3, (5, 5)) == {"W11,,,,,,,,,,,B15,,,,,,,,,,,, b 0/0/4 0/0/0 t3/2"}


def test_R_GULBARA_4_6_no_legal_move_transfers_the_whole_rest() -> None:
    # G4: white cannot play a 5; the whole pending remainder passes to black with `!`.
    t = "W14,B15,,,,,W1,,,,,,,,,,,,,,,,, w 0/0/0 0/0/0 t3/3:5x4"
    assert plays("gulbara", t, (5, 5)) == []
    after = pass_position(pos("gulbara", t), (5, 5))
    assert after.to_tpn() == "W14,B15,,,,,W1,,,,,,,,,,,,,,,,, b 0/0/0 0/0/0 t3/3:5x4!"
    assert afters("gulbara", after.to_tpn(), (5, 5)) == {
        "W14,B11,,,,,W1,,,,,,,,,,,,,,B4,,, b 0/0/0 0/0/0 t3/3:6x4!",
        "W14,B12,,,,,W1,,,,,,,,,B1,,,,,B2,,, b 0/0/0 0/0/0 t3/3:6x4!",
        "W14,B13,,,,,W1,,,,,,,,,B2,,,,,,,, b 0/0/0 0/0/0 t3/3:6x4!",
    }


def test_R_GULBARA_4_a_transferred_remainder_stopped_short_is_forfeited() -> None:
    # Our case: black plays a transferred 6x4 but can move only one checker 6: the rest is lost, black rolls.
    # Black's 14 on its 1-point cannot move (not all home); its last checker goes 14/8, and 8/2 is closed.
    t = "W14,B1,,,,,,,,,,,B14,W1,,,,,,,,,, b 0/0/0 0/0/0 t3/3:6x3!"
    (pl,) = plays("gulbara", t, (6, 6))
    assert pl.notation == "14/8"
    assert pl.position.to_tpn() == "W14,,,,,,,,,,,,B14,W1,,,,,,B1,,,, b 0/0/0 0/0/0 t3/3"
    # And with no move at all the transferred stage is forfeited and the same side rolls.
    t2 = "W14,B15,,,,,W1,,,,,,,,,,,,,,,,, w 0/0/0 0/0/0 t3/3:5x4!"
    assert pass_position(pos("gulbara", t2), (5, 5)).to_tpn() == "W14,B15,,,,,W1,,,,,,,,,,,,,,,,, w 0/0/0 0/0/0 t3/3"


def test_R_GULBARA_4_a_noncascading_double_that_cannot_be_played_loses_the_rest() -> None:
    # In the opening phase a double that stops short is not transferred: black to move, nothing pending.
    t = ",,,,,,,,,,,B15,,,,,,,,,,,,W15 w 0/0/0 0/0/0 t1/0"
    for pl in plays("gulbara", t, (4, 4)):
        assert pl.position.turn is Side.BLACK and not pl.position.cascade.pending  # type: ignore[union-attr]


def test_R_GULBARA_2_a_roll_counts_as_a_turn_even_when_nothing_can_be_played() -> None:
    t = "W14,B15,,,,,W1,,,,,,,,,,,,,,,,, w 0/0/0 0/0/0 t2/3"
    assert plays("gulbara", t, (5, 5)) == []
    assert pass_position(pos("gulbara", t), (5, 5)).to_tpn() == "W14,B15,,,,,W1,,,,,,,,,,,,,,,,, b 0/0/0 0/0/0 t3/3"


def test_R_GULBARA_5_bearing_off_the_last_checker_ends_the_cascade() -> None:
    t = "W4,,,,,,,,,,,B15,,,,,,,,,,,, w 0/0/11 0/0/0 t3/3"
    (pl,) = plays("gulbara", t, (1, 1))
    assert pl.end == Outcome(Side.WHITE, 2, "mars")
    assert pl.position.to_tpn() == ",,,,,,,,,,,B15,,,,,,,,,,,, b 0/0/15 0/0/0 t3/3"


def test_R_GULBARA_6_a_pending_stage_is_asked_with_its_own_dice() -> None:
    t = "W13,B15,,,,,,W1,W1,,,,,,,,,,,,,,, w 0/0/0 0/0/0 t3/3:6x4"
    with pytest.raises(Exception, match=r"\[6, 6\]"):
        legal_plays(pos("gulbara", t), (5, 5))


def test_R_GULBARA_1_no_runner_and_no_quarter_rule() -> None:
    # Any number of checkers may leave the start at once; 19-24 may all be held.
    t = "B15,,,,,,,,,,,,,,,,,,,W1,W1,W1,W1,W11 w 0/0/0 0/0/0 t3/3"
    assert "24/19 24/23" in notations("gulbara", t, (5, 1))
    assert any(all(pl.position.checkers_on(Side.WHITE, q) for q in range(19, 25))
               for pl in plays("gulbara", t, (5, 1)))


def test_R_FEVGA_2_one_checker_holds_a_point_against_the_other_side() -> None:
    # Black's lone runner on white's 18 (black's 6) closes it to white's 6s; nothing is hit or pinned.
    t = ",,,,,,,,,,,B14,,,,,,B1,,,,,,W15 w 0/0/0 0/0/0"
    assert plays("fevga", t, (6, 6)) == []
    assert notations("fevga", t, (5, 4)) == {"24/15"}


def test_R_FEVGA_6_bearing_off_as_in_the_other_variants() -> None:
    # All home, 6-5: 6/off, and the 5 either moves 6/1 or bears off the highest checker left (R-OFF-2).
    t = "W5,W4,W3,W2,,W1,,,,,,B15,,,,,,,,,,,, w 0/0/0 0/0/0"
    assert notations("fevga", t, (6, 5)) == {"6/off 4/off", "6/1 4/off"}
    t2 = "W5,W4,W3,W3,,,,,,,,B15,,,,,,,,,,,, w 0/0/0 0/0/0"
    assert notations("fevga", t2, (6, 5)) == {"4/off(2)"}
    # R-OFF-1, judged before each single move: the die that brings the last checker home lets the other bear off.
    t3 = "W5,W4,W3,W2,,,W1,,,,,B15,,,,,,,,,,,, w 0/0/0 0/0/0"
    assert notations("fevga", t3, (6, 5)) == {"7/1 4/off", "7/2 4/off"}


def test_R_CYCLE_6_resignation_uses_the_current_games_scoring() -> None:
    from game.match import cycle_variant

    portes = cycle_variant("tavli", 0, {"scoring": "backgammon"})
    fevga = cycle_variant("tavli", 2, {"scoring": "backgammon"})
    # Black (the resigner) has borne off none and has a checker on the bar: 3 in portes with the option.
    p = Position.from_tpn("W1,,,,,,,,,,,,,,,,,,B14,,,,, w 0/0/14 0/1/0", portes)
    assert resignation_value(portes, Side.BLACK, p.with_turn(Side.BLACK).cells) == 3
    # Fevga takes no scoring option: the same loss is a mars, 2.
    q = Position.from_tpn("W1,,,,,,,,,,,B15,,,,,,,,,,,, w 0/0/14 0/0/0", fevga)
    assert resignation_value(fevga, Side.BLACK, q.with_turn(Side.BLACK).cells) == 2
