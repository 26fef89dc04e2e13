"""R-BOARD-*: numbering, contrary and same-direction boards, checker accounting; TPN (§11)."""

from __future__ import annotations

import pytest

from game import Position, Side, TPNError, variant

from .helpers import pos, tpn

START_PIN = "B15,,,,,,,,,,,,,,,,,,,,,,,W15 w 0/0/0 0/0/0"
START_TAWULA = ",,,,,,,,,,,B2,,,,,,,,,,,,W2 w 13/0/0 13/0/0"


@pytest.mark.parametrize("name", ["plakoto", "tapa", "mahbusa"])
def test_R_BOARD_1_each_side_starts_on_its_own_24_point(name: str) -> None:
    p = Position.start(variant(name))
    assert p.to_tpn() == START_PIN
    for side in Side:
        assert p.checkers_on(side, 24) == 15
        assert p.pips(side) == 15 * 24
    assert p.turn is Side.WHITE


def test_R_BOARD_2_contrary_numbering_is_25_minus_p() -> None:
    p = pos("plakoto", tpn({3: "B2", 24: "W13", 1: "B13", 20: "W2"}))
    # Black's own point 22 is white's 3.
    assert p.checkers_on(Side.BLACK, 22) == 2
    assert p.point(Side.BLACK, 5).owner is Side.WHITE  # white's 20
    assert p.to_point(3, Side.WHITE, Side.BLACK) == 22
    assert p.to_point(24, Side.WHITE, Side.BLACK) == 1


def test_R_BOARD_3_same_direction_numbering_shifts_by_12() -> None:
    p = Position.start(variant("tawula"))
    assert p.to_tpn() == START_TAWULA
    # Black's 24-point (its head) is white's 12-point.
    assert p.checkers_on(Side.BLACK, 24) == 2
    assert p.point(Side.WHITE, 12).owner is Side.BLACK
    assert p.to_point(13, Side.WHITE, Side.BLACK) == 1
    assert p.to_point(1, Side.WHITE, Side.BLACK) == 13
    assert p.to_point(24, Side.BLACK, Side.WHITE) == 12


def test_R_BOARD_4_fifteen_checkers_accounted_for() -> None:
    p = Position.start(variant("tawula"))
    for side in Side:
        assert p.waiting(side) + p.checkers_on(side, 24) == 15
    with pytest.raises(TPNError, match="15 checkers"):
        Position.from_tpn("B14,,,,,,,,,,,,,,,,,,,,,,,W15 w 0/0/0 0/0/0", variant("tapa"))
    with pytest.raises(TPNError, match="15 checkers"):
        Position.from_tpn(",,,,,,,,,,,B2,,,,,,,,,,,,W2 w 13/0/1 13/0/0", variant("tawula"))


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("B15,,,,,,,,,,,,,,,,,,,,,,W15 w 0/0/0 0/0/0", "24 comma-separated"),
        ("B15,,,,,,,,,,,,,,,,,,,,,,,W15 x 0/0/0 0/0/0", "w or b"),
        ("B15,,,,,,,,,,,,,,,,,,,,,,,W15 w 0/0 0/0/0", "waiting/bar/off"),
        ("B15,,,,,,,,,,,,,,,,,,,,,,,X15 w 0/0/0 0/0/0", "not a point entry"),
        ("B15,,,,,,,,,,,,,,,,,,,,,,,W15  w 0/0/0 0/0/0", "4 fields"),
        ("wW1,B15,,,,,,,,,,,,,,,,,,,,,,W14 w 0/0/0 0/0/0", "its own side"),
    ],
)
def test_tpn_errors_say_what_is_wrong(text: str, problem: str) -> None:
    with pytest.raises(TPNError, match=problem):
        Position.from_tpn(text, variant("plakoto"))


def test_tpn_rejects_what_the_variant_forbids() -> None:
    with pytest.raises(TPNError, match="no pinning"):
        Position.from_tpn(",,,,,,,,,,,B2,,,,,,bW1,,,,,,W2 w 12/0/0 12/0/0", variant("tawula"))
    with pytest.raises(TPNError, match="no waiting or bar"):
        Position.from_tpn("B13,,,,,,,,,,,,,,,,,,,,,,,W15 w 0/0/0 2/0/0", variant("tapa"))
    with pytest.raises(TPNError, match="R-MOVE-5"):
        Position.from_tpn(",,,,,,,,,,,B2,,,,,,W2,,,,,,W2 w 11/0/0 13/0/0", variant("tawula"))


def test_tpn_round_trips_pins_and_protected_bars() -> None:
    t = "bW14,,,,,,,,,,,,,,,,,,,,,,,wB14 b 0/0/0 0/0/0"
    assert pos("plakoto", t).to_tpn() == t
    t2 = ",,,,,,,,,,,B2,,,,,,,W1,W1,,,,W2 b 11/0/0 12/1!/0"
    assert pos("tawula", t2).to_tpn() == t2
    assert pos("tawula", t2).bar_protected(Side.BLACK)
