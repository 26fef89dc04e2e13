"""R-CUBE-1…8: the doubling cube in the game flow and the match, worked by hand."""

from __future__ import annotations

import pytest

from game import GameFlowError, OptionError, Side, variant
from game.cube import Cube, start_cube
from game.flow import Game
from game.match import Match, match_spec
from game.outcome import Outcome

from .helpers import plays, pos, tpn

W, B = Side.WHITE, Side.BLACK
TAPA = variant("tapa", cube="on")
# White one checker from home, black has borne off none: any white win now is a mars (R-END-1).
GAMMONISH = tpn({1: "W1", 24: "B15"}, white="0/0/14")


def _play(game: Game, notation: str) -> Game:
    return game.play({pl.notation: pl for pl in game.plays()}[notation])


def test_R_CUBE_1_a_cube_game_starts_at_1_in_the_middle_and_others_have_none() -> None:
    g = Game.new(TAPA)
    assert g.cube == Cube(1, None, False) and g.cube_value == 1 and g.phase == "opening"
    for name in ("plakoto", "tapa", "mahbusa", "portes", "tabla"):
        assert Game.new(variant(name, cube="on")).cube == Cube()
        assert Game.new(variant(name)).cube is None  # without cube=on nothing changes
        assert match_spec(name, {"cube": "on"}).variant.cube
    with pytest.raises(ValueError, match="without a cube"):
        Game.new(variant("tapa"), cube=Cube())
    with pytest.raises(GameFlowError, match="without a cube"):
        Game.new(variant("tapa"), W).double()
    with pytest.raises(ValueError):
        Cube(3, W)


@pytest.mark.parametrize("name", ["tawula", "fevga", "gulbara"])
def test_R_CUBE_1_the_other_variants_refuse_the_cube(name: str) -> None:
    with pytest.raises(OptionError, match="has no option 'cube'"):
        variant(name, cube="on")


@pytest.mark.parametrize("cycle", ["tavli", "tabla"])
def test_R_CUBE_1_a_cycle_match_refuses_the_cube(cycle: str) -> None:
    with pytest.raises(OptionError, match="no doubling cube in a"):
        match_spec(cycle if cycle == "tavli" else "tabla", {"cycle": cycle, "cube": "on"})


def test_R_CUBE_2_no_double_in_the_first_turn_after_an_opening_roll() -> None:
    g = Game.new(TAPA).opening(5, 3)
    assert (g.phase, g.turn) == ("roll", W)  # that roll is already thrown
    with pytest.raises(GameFlowError, match="already thrown"):
        g.double()
    g = g.roll(6, 1)
    g = g.play(g.plays()[0])
    assert (g.phase, g.turn) == ("decide", B)  # the next turn is an ordinary one: black may double


def test_R_CUBE_2_a_game_started_by_the_previous_winner_may_double_before_the_first_roll() -> None:
    g = Game.new(TAPA, W)
    assert (g.phase, g.turn) == ("decide", W)
    rolled = g.roll(6, 5)  # rolling is the choice not to double
    assert rolled.phase == "move" and rolled.cube == g.cube
    with pytest.raises(GameFlowError):
        rolled.double()  # after the roll


def test_R_CUBE_3_take_the_value_doubles_the_taker_owns_it_and_the_doubler_rolls() -> None:
    g = Game.new(TAPA, W).double()
    assert g.phase == "answer" and g.answering is B and g.cube == Cube(1, None, True)
    with pytest.raises(GameFlowError, match="already waiting"):
        g.double()
    with pytest.raises(GameFlowError):
        g.roll(3, 1)
    taken = g.take()
    assert (taken.phase, taken.turn) == ("roll", W)
    assert taken.cube == Cube(2, B, False) and taken.cube_value == 2
    with pytest.raises(GameFlowError, match="other side's"):
        taken.double()  # the cube is black's now
    after = _play(taken.roll(6, 5), "24/18 24/19")
    assert (after.phase, after.turn) == ("decide", B)  # black, the owner, may redouble


def test_R_CUBE_3_redouble_to_4() -> None:
    g = Game.resume(TAPA, pos("tapa", tpn({24: "W15", 1: "B15"}, turn="b"), cube="on"), Cube(2, B))
    assert g.phase == "decide"
    g = g.double().take()
    assert g.cube == Cube(4, W) and (g.phase, g.turn) == ("roll", B)


def test_R_CUBE_3_a_drop_at_a_gammonish_position_scores_the_cube_value_only() -> None:
    position = pos("tapa", GAMMONISH, cube="on")
    game = Game.resume(TAPA, position, Cube(2, W))
    assert game.phase == "decide"
    # Played out, this roll is a mars at 2: 4 points...
    assert _play(game.roll(6, 5), "1/off").outcome == Outcome(W, 4, "mars")
    # ...dropped, it is the cube's value before the offer: 2, no mars (R-CUBE-3).
    dropped = game.double().drop()
    assert dropped.phase == "over" and dropped.outcome == Outcome(W, 2, "drop")
    assert Game.resume(TAPA, position, Cube()).double().drop().outcome == Outcome(W, 1, "drop")


def test_R_CUBE_1_the_64_cap() -> None:
    position = pos("tapa", tpn({24: "W15", 1: "B15"}), cube="on")
    g = Game.resume(TAPA, position, Cube(32, W))
    assert g.phase == "decide"
    g = g.double().take()
    assert g.cube == Cube(64, B)
    at_64 = Game.resume(TAPA, position.with_turn(B), g.cube)
    assert at_64.phase == "roll"  # 128 is never offered: black rolls at once
    with pytest.raises(GameFlowError, match="goes no higher"):
        at_64.double()
    assert not Cube(64, B).may_double(B) and Cube(32, B).may_double(B)


def test_R_CUBE_4_a_gammon_at_cube_4_scores_8() -> None:
    g = Game(TAPA, pos("tapa", GAMMONISH, cube="on"), "move", (6, 5), cube=Cube(4, B))
    assert _play(g, "1/off").outcome == Outcome(W, 8, "mars")


def test_R_CUBE_4_a_backgammon_at_2_scores_6() -> None:
    v = variant("tapa", scoring="backgammon", cube="on")
    t = tpn({1: "W1", 3: "B1", 24: "B14"}, white="0/0/14")
    g = Game(v, pos("tapa", t, scoring="backgammon", cube="on"), "move", (6, 5), cube=Cube(2, W))
    assert _play(g, "1/off").outcome == Outcome(W, 6, "backgammon")


def test_R_CUBE_4_a_tie_at_cube_2_scores_0_and_the_replay_starts_at_1() -> None:
    v = variant("plakoto", cube="on")  # mother=win+tie
    t = tpn({1: "B1", 7: "W1", 24: "wB2", 12: "W13", 13: "B12"})
    m = Match(v, target=5).record(Outcome(W, 1, "single"))
    g = Game(v, pos("plakoto", t, cube="on"), "move", (6, 5), cube=Cube(2, B, away=(4, 5)))
    tie = _play(g, "12/7 7/1*")
    assert tie.outcome == Outcome(None, 0, "tie")
    m2 = m.record(tie.outcome)
    assert (m2.white, m2.black, m2.next_starter) == (1, 0, None)
    replay = m2.new_game()
    assert replay.phase == "opening" and replay.cube == Cube(1, None, away=(4, 5))


def test_R_CUBE_4_resignation_concedes_the_game_value_times_the_cube() -> None:
    position = pos("tapa", tpn({24: "W15", 1: "B15"}), cube="on")  # nothing borne off: 2 a side
    g = Game.resume(TAPA, position, Cube(4, B))
    assert g.resign_value(W) == 8 and g.resign(W).outcome == Outcome(B, 8, "resign")
    assert g.resign(B).outcome == Outcome(W, 8, "resign")
    # A side asked to take may resign instead: that is a drop at the value before the offer.
    offered = Game.resume(TAPA, position.with_turn(B), Cube(4, B)).double()
    assert offered.answering is W and offered.resign_value(W) == 4
    assert offered.resign(W).outcome == Outcome(B, 4, "drop")
    assert offered.resign_value(B) == 8  # the doubler resigning concedes the game at the cube's value


def test_R_CUBE_7_time_runs_out_asked_to_take_is_a_drop_else_the_value_times_the_cube() -> None:
    position = pos("tapa", tpn({24: "W15", 1: "B15"}), cube="on")
    offered = Game.resume(TAPA, position, Cube(2, W)).double()
    assert offered.resign(B, "timeout").outcome == Outcome(W, 2, "drop")
    waiting = Game.resume(TAPA, position.with_turn(B), Cube(2, W))
    assert waiting.phase == "roll"  # the cube is white's
    assert waiting.resign(B, "timeout").outcome == Outcome(W, 4, "timeout")


def test_R_CUBE_5_the_crawford_game_at_4_2_in_a_match_to_5_and_the_post_crawford_game() -> None:
    m = Match.start(match_spec("tapa", {"cube": "on"}), 5)
    m = m.record(Outcome(B, 2, "mars")).record(Outcome(W, 2, "drop"))
    assert (m.white, m.black, m.crawford) == (2, 2, "before")
    m = m.record(Outcome(W, 2, "mars"))  # 4–2: white first reaches N−1
    assert (m.white, m.black, m.crawford) == (4, 2, "now")
    crawford = m.new_game()
    assert crawford.cube == Cube(crawford=True, away=(1, 3))
    assert (crawford.phase, crawford.turn) == ("roll", W)  # nobody may double: white rolls at once
    with pytest.raises(GameFlowError, match="Crawford"):
        crawford.double()
    black_turn = Game.resume(m.variant, crawford.position.with_turn(B), crawford.cube)
    assert black_turn.phase == "roll"  # nor the trailer
    with pytest.raises(GameFlowError, match="Crawford"):
        black_turn.double()
    m = m.record(Outcome(B, 1, "single"))  # the trailer wins the Crawford game: 4–3
    assert (m.white, m.black, m.crawford) == (4, 3, "after")
    post = m.new_game()
    assert post.cube == Cube(away=(1, 2)) and post.cube is not None and post.cube.post_crawford
    assert (post.phase, post.turn) == ("decide", B)  # the trailer may double again
    # The leader needs 1: a win at 1 already wins the match, so its cube is dead and it rolls at once.
    assert Game.resume(m.variant, post.position.with_turn(W), post.cube).phase == "roll"
    doubled = post.double().take()
    assert doubled.cube == Cube(2, W, away=(1, 2))
    m = m.record(Outcome(B, 2, "single"))
    assert m.over and m.winner is B and m.crawford == "after"


def test_R_CUBE_5_a_tied_crawford_game_is_replayed_as_the_crawford_game() -> None:
    m = Match(TAPA, 3, 2, 0, 1, W, crawford="now").record(Outcome(None, 0, "tie"))
    assert m.crawford == "now" and m.new_game().cube == Cube(crawford=True, away=(1, 3))


def test_R_CUBE_5_a_single_game_has_no_crawford_game_and_no_dead_cube() -> None:
    m = Match.start(match_spec("tapa", {"cube": "on"}), 1)
    assert m.cube() == Cube() and m.crawford == "before"
    assert start_cube(1) == Cube() and Cube(32, W).asks(W)
    won = m.record(Outcome(W, 4, "mars"))
    assert won.over and won.crawford == "before"


def test_R_CUBE_5_a_match_without_a_cube_keeps_no_crawford_status() -> None:
    m = Match(variant("tapa"), 5).record(Outcome(W, 4, "resign"))
    assert m.crawford == "before" and m.cube() is None and m.new_game().cube is None


def test_R_CUBE_decision_a_dead_cube_rolls_at_once() -> None:
    position = pos("tapa", tpn({24: "W15", 1: "B15"}), cube="on")
    # Match to 5 at 3–0: white needs 2. With the cube at 2 on white's side a win already wins the match.
    dead = Game.resume(TAPA, position, Cube(2, W, away=(2, 5)))
    assert dead.phase == "roll" and dead.cube is not None and dead.cube.dead_for(W)
    with pytest.raises(GameFlowError, match="dead"):
        dead.double()
    assert dead.roll(3, 1).phase == "move"
    # At 1 in the middle the same side may still double (a win at 1 does not reach 5).
    assert Game.resume(TAPA, position, Cube(away=(2, 5))).phase == "decide"
    # Black, needing 5, is asked with the cube at 2 on its side.
    assert Game.resume(TAPA, position.with_turn(B), Cube(2, B, away=(2, 5))).phase == "decide"


def test_R_CUBE_6_no_automatic_double_on_equal_opening_dice() -> None:
    g = Game.new(TAPA)
    assert g.opening(4, 4) == g  # equal dice roll again, the cube stays at 1
    assert g.opening(4, 4).cube == Cube()


def test_R_CUBE_8_the_cube_state_round_trips_as_plain_data() -> None:
    for cube in (Cube(), Cube(2, W), Cube(4, B, True), Cube(crawford=True, away=(1, 3)), Cube(8, W, away=(2, 7))):
        data = cube.to_data()
        assert Cube.from_data(data) == cube
        assert all(isinstance(k, str) for k in data)
    assert Cube().to_data() == {"v": 1}
    assert Cube(4, B, True, away=(2, 3)).to_data() == {"v": 4, "o": "b", "x": True, "aw": [2, 3]}
    with pytest.raises(ValueError, match="not a cube"):
        Cube.from_data({"v": 3})
    with pytest.raises(ValueError, match="not a cube"):
        Cube.from_data({"v": 2, "o": "x"})


def test_R_CUBE_8_a_stored_game_resumes_in_the_right_phase_and_the_tpn_is_unchanged() -> None:
    position = pos("tapa", tpn({24: "W15", 1: "B15"}), cube="on")
    assert Game.resume(TAPA, position, Cube(2, W, True)).phase == "answer"
    assert Game.resume(TAPA, position, Cube()).phase == "decide"
    assert Game.resume(TAPA, position, Cube(), asked=False).phase == "roll"
    game = Game.new(TAPA, W).double().take()
    assert game.position.to_tpn() == Game.new(variant("tapa"), W).position.to_tpn()


def test_R_CUBE_2_a_pass_hands_the_decision_to_the_opponent() -> None:
    # White is pinned in: no legal play; after the pass black is asked.
    t = tpn({24: "wB2", 23: "B2", 22: "B2", 21: "B2", 20: "B2", 19: "B2", 18: "B2", 1: "B1"}, white="0/0/14")
    assert plays("tapa", t, (6, 5), cube="on") == []
    after = Game(TAPA, pos("tapa", t, cube="on"), "move", (6, 5), cube=Cube()).pass_turn()
    assert (after.phase, after.turn) == ("decide", B)
