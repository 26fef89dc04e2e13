"""The computer's cube decisions (§13: R-CUBE-2, R-CUBE-3, R-CUBE-5), worked by hand."""

from __future__ import annotations

import random

import pytest

from game import Side, variant
from game.ai import ai_chooser
from game.cube import Cube
from game.cube_table import CALIBRATION
from game.cubeful import (
    CONTACT_EFFICIENCY,
    Chances,
    contact_chances,
    cube_action,
    double_decision,
    equities,
    is_race,
    keith_count,
    keith_margin,
    match_equity,
    race_chances,
    take_decision,
)
from game.cubeplay import play_cube_game, play_cube_match
from game.flow import Game
from game.match import Match, match_spec
from game.met_table import POST_CRAWFORD, PRE_CRAWFORD
from game.position import Position

from .helpers import pos, tpn

W, B = Side.WHITE, Side.BLACK
PORTES = variant("portes", cube="on")
# White: 3 on 1, 2 on 2, 5 on 3, 2 on 5, 3 on 8; black (its points): 2 on 1, 2 on 2, 3 on 3, 3 on 4, 3 on 5, 2 on 6.
WASTEFUL = {1: "W3", 2: "W2", 3: "W5", 5: "W2", 8: "W3", 24: "B2", 23: "B2", 22: "B3", 21: "B3", 20: "B3", 19: "B2"}
# White 15 on its 6-point (90 pips); black 10 on its 7-point and 5 on its 6-point (100 pips).
CLOSE = {6: "W15", 18: "B10", 19: "B5"}


def _race(points: dict[int, str], turn: str = "w") -> Position:
    return pos("portes", tpn(points, turn), cube="on")


def test_keith_count_by_hand() -> None:
    p = _race(WASTEFUL)
    # White: 56 pips + 2·2 (1-point) + 1 (2-point) + 2 (3-point) + 2 (empty 4 and 6) = 65.
    assert p.pips(W) == 56 and keith_count(p, W) == 65
    # Black: 54 pips + 2 (1-point) + 1 (2-point) = 57.
    assert p.pips(B) == 54 and keith_count(p, B) == 57
    assert keith_margin(p) == pytest.approx(65 * 8 / 7 - 57)
    assert keith_margin(p.with_turn(B)) == pytest.approx(57 * 8 / 7 - 65)


def test_money_race_decisions_follow_the_keith_count() -> None:
    far = _race(WASTEFUL)  # white on roll: 17.3 pips worse off: no double, and a double would be taken
    assert cube_action(Game.resume(PORTES, far, Cube())) == "roll"
    assert cube_action(Game.resume(PORTES, far, Cube()).double()) == "take"
    near = far.with_turn(B)  # black on roll: margin 0.14: double, redouble, and a drop
    assert cube_action(Game.resume(PORTES, near, Cube())) == "double"
    assert cube_action(Game.resume(PORTES, near, Cube(2, B))) == "double"
    assert cube_action(Game.resume(PORTES, near, Cube()).double()) == "drop"
    close = _race(CLOSE)  # margin 92·8/7 − 102 = 3.14: double, no redouble, take
    assert keith_margin(close) == pytest.approx(92 * 8 / 7 - 102)
    assert cube_action(Game.resume(PORTES, close, Cube())) == "double"
    assert cube_action(Game.resume(PORTES, close, Cube(2, W))) == "roll"
    assert cube_action(Game.resume(PORTES, close, Cube()).double()) == "take"


def test_is_race() -> None:
    assert is_race(_race(CLOSE)) and is_race(_race(WASTEFUL))
    assert not is_race(Position.start(PORTES))
    assert not is_race(_race({6: "W14", 20: "W1", 18: "B10", 19: "B5"}))  # white's 20 is behind black's 18
    assert not is_race(pos("tapa", tpn({1: "W14", 10: "bW1", 20: "B14"})))  # a pinned checker
    assert not is_race(pos("portes", tpn({6: "W14", 18: "B10", 19: "B5"}, white="0/1/0")))  # on the bar


def test_the_race_model_favours_the_leader_and_the_roller() -> None:
    even = _race({6: "W15", 19: "B15"})
    assert 0.5 < race_chances(even).win < 0.8  # equal counts: the side on roll is ahead
    assert race_chances(_race(CLOSE)).win > race_chances(even).win
    behind = _race(WASTEFUL)  # 65 against 57 in the Keith count
    assert race_chances(behind).win < 0.5 < 0.75 < race_chances(behind.with_turn(B)).win


def test_money_cube_by_janowski_with_a_given_estimate() -> None:
    cube = Cube()
    # No gammons, efficiency 0.68: the double point is near 69 %, the take point near 21.5 %.
    assert not equities(cube, W, Chances(0.66), CONTACT_EFFICIENCY).double
    assert equities(cube, W, Chances(0.72), CONTACT_EFFICIENCY).double
    assert equities(cube, W, Chances(0.77), CONTACT_EFFICIENCY).should_take
    assert not equities(cube, W, Chances(0.81), CONTACT_EFFICIENCY).should_take
    # Too good: with many gammons, playing on is worth more than the point a double would cash.
    assert not equities(cube, W, Chances(0.9, win_gammon=0.6), CONTACT_EFFICIENCY).double
    start = Position.start(variant("tapa", cube="on"))
    assert double_decision(start, cube, Chances(0.9, win_gammon=0.6)) == "roll"
    assert double_decision(start, cube, Chances(0.75)) == "double"
    assert take_decision(start, Cube(offered=True), Chances(0.75)) == "take"
    assert take_decision(start, Cube(offered=True), Chances(0.85)) == "drop"


def test_match_equity_table() -> None:
    assert match_equity(1, 2, False) == PRE_CRAWFORD[0][1] == 0.67736  # the Crawford game at 1-away/2-away
    assert match_equity(2, 1, True) == POST_CRAWFORD[1] == 0.48803     # post-Crawford trailer at 2-away
    assert match_equity(1, 2, True) == pytest.approx(1 - 0.48803)
    assert match_equity(0, 3, False) == 1.0 and match_equity(3, 0, False) == 0.0
    for i in range(25):
        for j in range(25):
            assert PRE_CRAWFORD[i][j] + PRE_CRAWFORD[j][i] == pytest.approx(1.0, abs=2e-5)
    assert all(a > b for a, b in zip(PRE_CRAWFORD[0], PRE_CRAWFORD[1], strict=True))  # needing less is better


def test_R_CUBE_5_never_in_the_crawford_game_and_the_trailer_doubles_after_it() -> None:
    start = Position.start(variant("tapa", cube="on"))
    crawford = Cube(crawford=True, away=(1, 3))
    assert double_decision(start, crawford, Chances(0.95)) == "roll"
    assert double_decision(start.with_turn(B), crawford, Chances(0.95)) == "roll"
    post = Cube(away=(3, 1))  # white trails after the Crawford game: it doubles at once, however it stands
    assert post.post_crawford
    assert double_decision(start, post, Chances(0.2)) == "double"
    # The leader (needs 1) answers by the table: taking risks the match only on a trailer's gammon.
    # Take: it wins the match with its wins, and a single loss leaves 1-away/1-away (0.5); a drop leaves the
    # trailer at 2-away post-Crawford (the leader keeps 1 − 0.48803).
    offered = Cube(away=(3, 1), offered=True)
    assert take_decision(start, offered, Chances(0.7)) == "take"
    assert take_decision(start, offered, Chances(0.7, win_gammon=0.3)) == "drop"


def test_R_CUBE_1_never_past_64_nor_with_a_dead_cube() -> None:
    start = Position.start(variant("tapa", cube="on"))
    assert double_decision(start, Cube(64, W), Chances(0.75)) == "roll"
    assert double_decision(start, Cube(2, W, away=(2, 5)), Chances(0.75)) == "roll"  # a win at 2 wins the match
    assert double_decision(start, Cube(2, B, away=(5, 2)), Chances(0.75)) == "roll"  # black's cube


def test_the_calibration_table_is_sane_and_monotone() -> None:
    for name in ("plakoto", "tapa", "mahbusa", "portes", "tabla"):
        rows = CALIBRATION[name]
        assert len(rows) >= 5
        assert [r[0] for r in rows] == sorted(r[0] for r in rows)
        assert [r[1] for r in rows] == sorted(r[1] for r in rows)
        assert all(0.0 <= r[k] <= 1.0 for r in rows for k in (1, 2, 3))
        assert rows[0][1] < 0.3 and rows[-1][1] > 0.7
        start = contact_chances(Position.start(variant(name, cube="on")))
        assert 0.35 < start.win < 0.7


def test_computer_cube_games_and_a_match_to_5_keep_the_rules() -> None:
    rng = random.Random(5)
    for _ in range(4):
        game = play_cube_game(Game.new(variant("portes", cube="on")), ai_chooser, ai_chooser, rng)
        assert game.phase == "over" and game.outcome is not None and game.cube is not None
        if game.outcome.reason == "drop":
            assert game.outcome.points == game.cube.value
        elif game.outcome.winner is not None:
            assert game.outcome.points % game.cube.value == 0
    match, games = play_cube_match(Match.start(match_spec("tapa", {"cube": "on"}), 5), ai_chooser, ai_chooser,
                                   random.Random(9))
    assert match.over and max(match.white, match.black) >= 5
    for game in games:
        assert game.cube is not None
        if game.cube.crawford:
            assert game.cube.value == 1  # nobody doubled in the Crawford game
    assert sum(g.outcome.points for g in games if g.outcome and g.outcome.winner) == match.white + match.black
