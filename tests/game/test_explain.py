"""R-NOTE-3: an illegal play is explained by the rule the player broke, in every game, for the common mistakes:
bearing off early (R-OFF-1), moving a pinned checker (R-MOVE-2), landing on a held point (R-MOVE-2, R-MOVE-4,
R-MOVE-6), entering from the bar (R-ENTER-2/3, R-PORTES-3), the fevga runner (R-FEVGA-3), and a die left
unplayed that could be played (R-TURN-1)."""

from __future__ import annotations

import pytest

from game import IllegalPlayError, Position, variant
from game.notation import parse_play
from game.plays import legal_plays

PINNING = "B15,,,,,,,,,,,,,,,,,,,,,,,W15 w 0/0/0 0/0/0"
PORTES = "B2,,,,,W5,,W3,,,,B5,W5,,,,B3,,B5,,,,,W2 w 0/0/0 0/0/0"
TAWULA = ",,,,,,,,,,,B2,,,,,,,,,,,,W2 w 13/0/0 13/0/0"
BLOCKING = ",,,,,,,,,,,B15,,,,,,,,,,,,W15 w 0/0/0 0/0/0"
PINNED_20 = "B14,,,,,,,,,,,,,,,,,,,wB1,,,,W14 w 0/0/0 0/0/0"        # white's checker on 20 pinned by black
HELD_18 = "B13,,,,,,,,,,,,,,,,,B2,,,,,,W15 w 0/0/0 0/0/0"          # black holds white's 18 with two
PIN_HELD_18 = "B14,,,,,,,,,,,,,,,,,wB1,,,,,,W14 w 0/0/0 0/0/0"     # ... with one checker pinning white's
PORTES_BAR = "B2,,,,,W5,,W3,,,,B5,W4,,,,B3,,B5,,,,,W2 w 0/1/0 0/0/0"
PORTES_BAR_19 = "B2,,,,,W5,,W3,,,,B5,W4,,,,B3,B2,B3,,,,,W2 w 0/1/0 0/0/0"  # black holds white's 19
TAWULA_BAR = ",,,W3,W4,W5,,,,,,B2,,,,,,,B2,,,,,W2 w 0/1/0 11/0/0"  # white: one on the bar, black holds its 19
TAWULA_20 = ",,,,,,,,,,,B2,,,,,,,,W1,,,,W2 w 12/0/0 13/0/0"       # white entered one checker on 20
RUNNER_18 = ",,,,,,,,,,,B15,,,,,,W1,,,,,,W14 w 0/0/0 0/0/0"        # white's runner on 18

OFF_EARLY = "you can bear off only when all your checkers are in your home board (points 1-6)"
BAR_FIRST = "you must enter your checker from the bar first"
PINNED = "your checker on point {point} is pinned and cannot move"
CLOSED = "point {point} is closed: {side} holds it with {count} checkers"
CLOSED_PIN = "point {point} is closed: {side} holds it with a checker that pins yours"
CLOSED_ONE = "point {point} is closed: {side} holds it (one checker holds a point in {variant})"
RUNNER = "only your runner on point {runner} may move until it reaches your points 1-12 (fevga)"
BOTH = "you must play both dice, for example {example}"

CASES = [
    # bearing off before every checker is home (R-OFF-1), the issue's own examples first
    ("plakoto", PINNING, (4, 4), "6/off", OFF_EARLY, {}),
    ("portes", PORTES, (6, 5), "6/off", OFF_EARLY, {}),
    ("tapa", PINNING, (3, 1), "24/21 3/off", OFF_EARLY, {}),
    ("mahbusa", PINNING, (2, 2), "6/off(2)", OFF_EARLY, {}),
    ("tawula", TAWULA, (6, 5), "6/off", OFF_EARLY, {}),
    ("tabla", PORTES, (6, 1), "6/off 6/5", OFF_EARLY, {}),
    ("fevga", BLOCKING, (6, 5), "6/off", OFF_EARLY, {}),
    ("gulbara", BLOCKING + " t0/0", (6, 5), "6/off", OFF_EARLY, {}),
    # a pinned checker (R-MOVE-2), also when its path is typed as one hop
    ("plakoto", PINNED_20, (6, 5), "20/14", PINNED, {"point": 20}),
    ("tapa", PINNED_20, (6, 5), "20/9", PINNED, {"point": 20}),
    ("mahbusa", PINNED_20, (6, 5), "20/15 24/18", PINNED, {"point": 20}),
    # a held point (R-MOVE-2, R-MOVE-4, R-MOVE-6)
    ("plakoto", HELD_18, (6, 5), "24/18 24/19", CLOSED, {"point": 18, "side": "black", "count": 2}),
    ("tapa", PIN_HELD_18, (6, 5), "24/18 24/19", CLOSED_PIN, {"point": 18, "side": "black"}),
    ("portes", PORTES, (6, 5), "13/7 24/19", CLOSED, {"point": 19, "side": "black", "count": 5}),
    ("tabla", PORTES, (5, 5), "6/1", CLOSED, {"point": 1, "side": "black", "count": 2}),
    ("fevga", BLOCKING, (6, 6), "24/18/12", CLOSED_ONE, {"point": 12, "side": "black", "variant": "fevga"}),
    ("gulbara", ",,,,,,,,,,,B14,,,,,,B1,,,,,,W15 w 0/0/0 0/0/0 t0/0", (6, 5), "24/18 24/19", CLOSED_ONE,
     {"point": 18, "side": "black", "variant": "gulbara"}),
    # entering (R-ENTER-2, R-ENTER-3, R-PORTES-3)
    ("portes", PORTES_BAR, (6, 5), "13/7 13/8", BAR_FIRST, {}),
    ("portes", PORTES_BAR, (6, 5), "6/off 6/1", BAR_FIRST, {}),
    ("portes", PORTES_BAR_19, (6, 1), "bar/19 13/12", CLOSED, {"point": 19, "side": "black", "count": 3}),
    ("tabla", PORTES_BAR, (6, 5), "24/13", BAR_FIRST, {}),
    ("tawula", TAWULA_BAR, (6, 5), "6/1 5/1", BAR_FIRST, {}),
    ("tawula", TAWULA_BAR, (6, 5), "6/1 5/off", BAR_FIRST, {}),
    ("tawula", TAWULA_BAR, (6, 1), "bar/19 6/5", CLOSED, {"point": 19, "side": "black", "count": 2}),
    ("tawula", TAWULA_20, (5, 1), "bar/20 bar/24", "you cannot enter onto point {point}: you already have a "
     "checker there", {"point": 20}),
    ("tawula", TAWULA, (6, 5), "24/18 24/19", "the two checkers on your 24-point stay until all your checkers "
     "have entered", {}),
    # the fevga runner (R-FEVGA-3)
    ("fevga", RUNNER_18, (6, 5), "24/18 24/19", RUNNER, {"runner": 18}),
    ("fevga", RUNNER_18, (4, 3), "24/20 24/21", RUNNER, {"runner": 18}),
    # a die left unplayed that could be played (R-TURN-1)
    ("plakoto", PINNING, (6, 5), "24/18", BOTH, {"example": "24/13"}),
    ("portes", PORTES, (6, 5), "24/18", BOTH, {"example": "8/2 8/3"}),
    ("tawula", TAWULA, (6, 5), "bar/19", BOTH, {"example": "bar/19 bar/20"}),
    ("fevga", BLOCKING, (6, 5), "24/18", BOTH, {"example": "24/13"}),
    ("gulbara", BLOCKING + " t0/0", (2, 2), "24/22(2)", "you must play {count} moves, for example {example}",
     {"count": 4, "example": "24/16"}),
    # a lone checker on 10 moves 4 or 2 but not both (black holds 4): the larger die it must be
    ("plakoto", "W14,,,B2,,,,,,W1,,,,,,,,,,,,,,B13 w 0/0/0 0/0/0", (4, 2), "10/8",
     "you must play the {die} (the larger die) when only one die can be played, for example {example}",
     {"die": 4, "example": "10/6"}),
]


@pytest.mark.parametrize(("name", "tpn", "dice", "text", "template", "values"), CASES,
                         ids=[f"{c[0]}-{c[3]}-{c[2][0]}{c[2][1]}" for c in CASES])
def test_R_NOTE_3_an_illegal_play_names_the_rule_broken(name: str, tpn: str, dice: tuple[int, int], text: str,
                                                       template: str, values: dict[str, object]) -> None:
    position = Position.from_tpn(tpn, variant(name))
    with pytest.raises(IllegalPlayError) as exc:
        parse_play(position, dice, text)
    assert (exc.value.template, exc.value.values) == (template, values)
    if "example" in values:  # the example offered is a legal play
        assert values["example"] in {p.notation for p in legal_plays(position, dice)}


def test_every_game_has_its_common_mistakes_explained() -> None:
    assert {c[0] for c in CASES} == {"plakoto", "tapa", "mahbusa", "tawula", "portes", "tabla", "fevga", "gulbara"}
    assert {c[0] for c in CASES if c[4] == OFF_EARLY} == {c[0] for c in CASES}
