"""R-NOTE-1…3: reading what players type, canonical output, and errors in a player's words."""

from __future__ import annotations

import pytest

from game import AmbiguousPlayError, IllegalPlayError, NotationError
from game.notation import parse_play
from game.plays import legal_plays
from game.position import Position
from game.variants import variant

from .helpers import plays, pos, tpn

START = "B15,,,,,,,,,,,,,,,,,,,,,,,W15 w 0/0/0 0/0/0"


@pytest.mark.parametrize("text", ["24/18 24/19", "24/19 24/18", "24/18,24/19", "24/18, 24/19", " 24/19  24/18 "])
def test_R_NOTE_1_any_order_spaces_or_commas(text: str) -> None:
    p = pos("plakoto", START)
    assert parse_play(p, (6, 5), text).notation == "24/18 24/19"


@pytest.mark.parametrize("text", ["24/13", "24/18/13", "24/19/13", "24/18 18/13", "24/19 19/13"])
def test_R_NOTE_1_chains_and_combined_moves(text: str) -> None:
    p = pos("plakoto", START)
    assert parse_play(p, (6, 5), text).notation == "24/13"


def test_R_NOTE_1_repeats_bar_off_stars_and_case() -> None:
    p = pos("plakoto", START)
    assert parse_play(p, (3, 3), "24/21(2) 24/18").notation == "24/18 24/21(2)"
    assert parse_play(p, (3, 3), "24/18(2)").notation == "24/18(2)"
    tw = pos("tawula", ",,,,,,,,,,,B2,,,,,,,,,,,,W2 w 13/0/0 13/0/0")
    for text in ("bar/19 bar/20", "BAR/20 Bar/19", "b/19 in/20", "bar/20,bar/19"):
        assert parse_play(tw, (6, 5), text).notation == "bar/19 bar/20"
    home = pos("tapa", tpn({6: "W14", 5: "W1", 24: "B15"}))
    assert parse_play(home, (6, 5), "6/OFF 5/o").notation == "6/off 5/off"
    pin = pos("plakoto", tpn({1: "B14", 18: "B1", 24: "W15"}))
    assert parse_play(pin, (6, 1), "24/18 24/23").notation == "24/18* 24/23"  # the * is optional
    assert parse_play(pin, (6, 1), "24/18* 24/23").notation == "24/18* 24/23"


def test_R_NOTE_2_ambiguous_combined_move_lists_alternatives() -> None:
    # Tawula: 24/13 may touch black's blot on 18 (a hit) or pass by 19: two different positions.
    p = pos("tawula", tpn({18: "B1", 12: "B2", 24: "W3", 1: "W12"}, black="12/0/0"))
    with pytest.raises(AmbiguousPlayError) as err:
        parse_play(p, (6, 5), "24/13")
    assert str(err.value) == "24/13 is ambiguous: 24/18*/13 or 24/19/13"
    assert err.value.alternatives == ["24/18*/13", "24/19/13"]
    assert parse_play(p, (6, 5), "24/18/13").notation == "24/18*/13"
    assert parse_play(p, (6, 5), "24/19/13").notation == "24/19/13"


def test_R_NOTE_2_a_move_one_die_makes_is_read_as_that_die() -> None:
    """Tabla, white's last checker on 3 with 4-2: `3/off` with the 4 ends the game, and so does `3/1*/off`
    (2 then 4), which also hits. `3/off` names the move the 4 makes by itself; the hit must be spelt out, and
    each play's notation parses back to it (a logged play must replay, R-NOTE-1)."""
    p = Position.from_tpn("B1,,W1,,,,,,,,,,,,,,,,,,,,,B13 w 0/0/14 0/0/1", variant("tabla"))
    plays = {pl.notation: pl for pl in legal_plays(p, (4, 2))}
    assert set(plays) == {"3/off", "3/1*/off"}
    for text, pl in plays.items():
        assert parse_play(p, (4, 2), text) == pl
    assert parse_play(p, (4, 2), "3/off").steps == ((3, 0, False),)
    assert parse_play(p, (4, 2), "3/1/off").steps == ((3, 1, True), (1, 0, False))


@pytest.mark.parametrize(
    ("t", "dice", "text", "message"),
    [
        (tpn({1: "B13", 13: "B2", 24: "W15"}), (6, 5), "24/18/13",
         "point 13 is closed: black holds it with 2 checkers"),
        (START, (6, 5), "24/18", "you must play both dice, for example 24/13"),
        (START, (6, 5), "13/8 24/18", "you have no checker on point 13"),
        (START, (6, 5), "24/20", "you rolled 6-5: 24/20 is a move of 4, which your dice don't make"),
        (tpn({1: "B14", 18: "wB1", 24: "W14"}), (6, 5), "18/12 24/19",
         "your checker on point 18 is pinned and cannot move"),
        (tpn({1: "B14", 18: "wB1", 24: "W14"}), (6, 5), "24/18 24/19",
         "point 18 is closed: black holds it with a checker that pins yours"),
        (tpn({9: "W1", 6: "W14", 24: "B15"}), (6, 2), "6/off 9/7",
         "you can bear off only when all your checkers are in your home board (points 1-6)"),
        (tpn({22: "B2", 19: "B2", 16: "B2", 18: "B2", 1: "B7", 24: "W15"}), (4, 2), "24/22",
         "point 22 is closed: black holds it with 2 checkers"),
    ],
)
def test_R_NOTE_3_errors_name_the_problem(t: str, dice: tuple[int, int], text: str, message: str) -> None:
    p = pos("plakoto", t)
    with pytest.raises(IllegalPlayError) as err:
        parse_play(p, dice, text)
    assert str(err.value) == message
    assert p.to_tpn() == t  # nothing changed


def test_R_NOTE_3_larger_die_rule_is_explained() -> None:
    # A lone white checker on 10 can move 4 (to 6) or 2 (to 8) but not both (black holds 4); the other
    # fourteen sit on the 1-point and cannot bear off. Only one die can be played: it must be the 4.
    p = pos("plakoto", tpn({1: "W14", 10: "W1", 4: "B2", 24: "B13"}))
    assert [pl.notation for pl in plays("plakoto", p.to_tpn(), (4, 2))] == ["10/6"]
    with pytest.raises(IllegalPlayError) as err:
        parse_play(p, (4, 2), "10/8")
    assert str(err.value) == "you must play the 4 (the larger die) when only one die can be played, for example 10/6"


@pytest.mark.parametrize("text", ["", "hello", "24", "24/", "/18", "24/18/", "25/18", "0/3", "18/24", "24/18(9)",
                                  "bar/bar", "off/3", "3/bar", "x" * 500, "24/18\x00", "２４/１８"])
def test_R_NOTE_3_unreadable_text_is_a_notation_error(text: str) -> None:
    p = pos("plakoto", START)
    with pytest.raises(NotationError):
        parse_play(p, (6, 5), text)


def test_canonical_notation_is_stable_and_reparses() -> None:
    p = pos("plakoto", START)
    for pl in plays("plakoto", START, (4, 4)):
        again = parse_play(p, (4, 4), pl.notation)
        assert again == pl
        assert again.notation == pl.notation
