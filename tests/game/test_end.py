"""R-END-*, R-OPEN-*, R-MATCH-1: how games end, what they are worth, and the flow of games and matches."""

from __future__ import annotations

import pytest

from game import GameFlowError, Side, variant
from game.flow import Game
from game.match import Match
from game.outcome import Outcome

from .helpers import plays, pos, tpn


def _end_of(name: str, t: str, dice: tuple[int, int], notation: str, **opts: str) -> Outcome | None:
    ps = {pl.notation: pl for pl in plays(name, t, dice, **opts)}
    return ps[notation].end


def test_R_END_1_single_and_mars() -> None:
    # White bears off its last checker; black has borne off 3: single game.
    t = tpn({1: "W1", 24: "B12"}, white="0/0/14", black="0/0/3")
    assert _end_of("tapa", t, (6, 5), "1/off") == Outcome(Side.WHITE, 1, "single")
    # Black has borne off none: mars, 2 points.
    t2 = tpn({1: "W1", 24: "B15"}, white="0/0/14")
    assert _end_of("tapa", t2, (6, 5), "1/off") == Outcome(Side.WHITE, 2, "mars")


def test_R_END_1_backgammon_scoring() -> None:
    # scoring=backgammon: black still has a checker on white's home board (white's 3 = black's 22): 3.
    t = tpn({1: "W1", 3: "B1", 24: "B14"}, white="0/0/14")
    assert _end_of("tapa", t, (6, 5), "1/off", scoring="backgammon") == Outcome(Side.WHITE, 3, "backgammon")
    # Without a checker there it stays mars; under default scoring it is mars regardless.
    t2 = tpn({1: "W1", 8: "B1", 24: "B14"}, white="0/0/14")
    assert _end_of("tapa", t2, (6, 5), "1/off", scoring="backgammon") == Outcome(Side.WHITE, 2, "mars")
    assert _end_of("tapa", t, (6, 5), "1/off") == Outcome(Side.WHITE, 2, "mars")


def test_R_END_2_pinning_the_mother_wins_two() -> None:
    # Black's mother alone on black's 24 = white's 1; white's last checker on its 24 can reach 1? No:
    # white checker on 7 hits 1 with a 6 and white has nothing on its 24-point.
    t = tpn({1: "B1", 7: "W1", 12: "W14", 13: "B14"})
    end = _end_of("tapa", t, (6, 5), "12/7 7/1*")
    assert end == Outcome(Side.WHITE, 2, "mother")


def test_R_END_2_waived_while_the_pinner_still_has_a_checker_at_home() -> None:
    # White pins black's mother but still has a checker on its own 24-point: no win yet...
    t = tpn({1: "B1", 7: "W1", 24: "W1", 12: "W13", 13: "B14"})
    ps = {pl.notation: pl for pl in plays("tapa", t, (6, 2))}
    assert ps["12/10 7/1*"].end is None
    # ...and it wins at the end of the play in which the last checker leaves the 24-point.
    after = ps["12/10 7/1*"].position.with_turn(Side.WHITE)
    from game.plays import legal_plays

    won = [pl for pl in legal_plays(after, (6, 5)) if any(st[0] == 24 for st in pl.steps)]
    assert won and all(pl.end == Outcome(Side.WHITE, 2, "mother") for pl in won)


def test_R_END_2_not_with_mother_off_or_tie() -> None:
    t = tpn({1: "B1", 7: "W1", 12: "W14", 13: "B14"})
    assert _end_of("tapa", t, (6, 5), "12/7 7/1*", mother="off") is None
    assert _end_of("tapa", t, (6, 5), "12/7 7/1*", mother="tie") is None


def test_R_END_3_both_mothers_pinned_is_a_tie() -> None:
    # Black already pins white's mother (white's 24 = black's 1); white now pins black's mother.
    t = tpn({1: "B1", 7: "W1", 24: "wB2", 12: "W13", 13: "B12"})
    assert _end_of("plakoto", t, (6, 5), "12/7 7/1*") == Outcome(None, 0, "tie")  # mother=win+tie default
    assert _end_of("tapa", t, (6, 5), "12/7 7/1*", mother="tie") == Outcome(None, 0, "tie")
    # Under mother=win (tapa) it is no tie, and no mother win either (white's mother is still at home).
    assert _end_of("tapa", t, (6, 5), "12/7 7/1*") is None


def test_R_END_4_a_tie_scores_nothing_and_is_replayed_with_an_opening_roll() -> None:
    m = Match(variant("plakoto"), target=3).record(Outcome(Side.WHITE, 1, "single"))
    assert m.next_starter is Side.WHITE
    m2 = m.record(Outcome(None, 0, "tie"))
    assert (m2.white, m2.black, m2.games) == (1, 0, 2)
    assert m2.next_starter is None
    assert m2.new_game().phase == "opening"


def test_R_END_5_capote_in_tawula() -> None:
    # White: one on 2, fourteen on 6; black: one on the bar, fourteen home (white's 13 = black's 1).
    t = tpn({2: "W1", 6: "W14", 13: "B14"}, black="0/1/0")
    ends = {pl.notation: pl.end for pl in plays("tawula", t, (2, 1))}
    assert Outcome(Side.WHITE, 7, "capote") in ends.values()
    assert any(e is None for e in ends.values())  # 6/4 6/5 keeps everything on the board
    # A plain tawula win is worth 1 (no mars).
    t2 = tpn({1: "W1", 13: "B15"}, white="0/0/14")
    assert _end_of("tawula", t2, (6, 5), "1/off") == Outcome(Side.WHITE, 1, "single")


def test_R_END_6_resignation_value() -> None:
    v = variant("tapa")
    g = Game.new(v, Side.WHITE)
    assert g.resign_value(Side.WHITE) == 2  # nothing borne off: mars
    assert g.resign(Side.WHITE).outcome == Outcome(Side.BLACK, 2, "resign")
    p = pos("tapa", tpn({1: "B1", 6: "W12", 24: "B14"}, white="0/0/3"))
    g2 = Game(v, p, "roll")
    assert g2.resign_value(Side.WHITE) == 1
    # scoring=backgammon: black resigning with a checker in white's home board (white's 1) concedes 3.
    vb = variant("tapa", scoring="backgammon")
    g3 = Game(vb, pos("tapa", tpn({1: "B1", 6: "W12", 24: "B14"}, white="0/0/3"), scoring="backgammon"), "roll")
    assert g3.resign_value(Side.BLACK) == 3
    assert Game.new(variant("tawula"), Side.WHITE).resign_value(Side.WHITE) == 1


def test_R_END_8_nothing_can_ever_move_is_a_tie() -> None:
    # Both mothers pinned at home and every other checker on its 1-point (tapa: mother=win, no tie rule).
    # White completes it by pinning black's mother with its second-last checker coming home... build the
    # play: white 2/1* is impossible (pins need a lone checker) — so white moves its last free checker
    # 7/1 onto its 1-point where black's mother is already pinned.
    t = tpn({1: "bW13", 7: "W1", 24: "wB14"})
    end = _end_of("tapa", t, (6, 6), "7/1")
    assert end == Outcome(None, 0, "stuck")


def test_R_OPEN_1_opening_roll() -> None:
    g = Game.new(variant("plakoto"))
    assert g.phase == "opening"
    assert g.opening(4, 4) == g  # equal dice roll again
    g2 = g.opening(2, 5)
    assert (g2.turn, g2.phase, g2.dice) == (Side.BLACK, "roll", None)  # pinning games roll afresh
    t = Game.new(variant("tawula")).opening(6, 3)
    assert (t.turn, t.phase, t.dice) == (Side.WHITE, "move", (6, 3))  # tawula plays the opening dice
    t2 = Game.new(variant("tawula")).opening(1, 3)
    assert (t2.turn, t2.dice) == (Side.BLACK, (3, 1))


def test_R_OPEN_2_the_previous_winner_starts() -> None:
    m = Match(variant("tapa"), target=5).record(Outcome(Side.BLACK, 2, "mars"))
    g = m.new_game()
    assert (g.phase, g.turn) == ("roll", Side.BLACK)


def test_R_MATCH_1_first_to_n_points() -> None:
    m = Match(variant("tapa"), target=3)
    m = m.record(Outcome(Side.WHITE, 2, "mars"))
    assert not m.over
    m = m.record(Outcome(Side.BLACK, 1, "single"))
    m = m.record(Outcome(Side.WHITE, 1, "single"))
    assert m.over and m.winner is Side.WHITE
    with pytest.raises(GameFlowError):
        m.new_game()


def test_R_TURN_3_flow_passes_when_nothing_can_be_played() -> None:
    t = tpn({1: "B11", 18: "B2", 19: "B2", 24: "W15"})
    g = Game(variant("tapa"), pos("tapa", t), "roll").roll(6, 5)
    assert g.plays() == []
    passed = g.pass_turn()
    assert (passed.turn, passed.phase) == (Side.BLACK, "roll")
    g2 = Game(variant("tapa"), pos("tapa", t), "roll").roll(2, 1)
    with pytest.raises(GameFlowError):
        g2.pass_turn()


def test_flow_refuses_actions_out_of_phase() -> None:
    g = Game.new(variant("tapa"))
    with pytest.raises(GameFlowError):
        g.roll(3, 4)
    with pytest.raises(GameFlowError):
        g.opening(0, 4)
    r = g.opening(5, 3).roll(3, 1)
    other = Game.new(variant("tapa"), Side.WHITE).roll(6, 5)
    with pytest.raises(GameFlowError):
        r.play(other.plays()[0])


def test_R_TURN_3_a_single_legal_play_is_detected_as_forced() -> None:
    # Black holds white's 18: with 6-5 the only play is 24/19/13 (see test_R_MOVE_1).
    t = tpn({1: "B13", 18: "B2", 24: "W15"})
    g = Game(variant("tapa"), pos("tapa", t), "roll").roll(6, 5)
    forced = g.forced_play()
    assert forced is not None and forced.notation == "24/13"
    assert Game.new(variant("tapa"), Side.WHITE).roll(6, 5).forced_play() is None
