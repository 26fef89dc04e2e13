"""R-NOTE-3: every player-facing engine error carries an English template and its values, so it can be said in
the player's language; the English text is the template filled in. Outcome reasons are stable codes."""

from __future__ import annotations

import pytest

from game import GameError, IllegalPlayError, NotationError, OptionError, Position, variant
from game.notation import parse_play
from game.outcome import REASONS

START = "B15,,,,,,,,,,,,,,,,,,,,,,,W15 w 0/0/0 0/0/0"


@pytest.mark.parametrize(("name", "text", "template", "values"), [
    ("plakoto", "bar/22", "there is no bar in {variant}", {"variant": "plakoto"}),
    ("fevga", "bar/20", "there is no bar in {variant}", {"variant": "fevga"}),
    ("plakoto", "24/20", "you rolled {dice}: {move} is a move of {distance}, which your dice don't make",
     {"dice": "6-5", "move": "24/20", "distance": 4}),
    ("plakoto", "24/18", "you must play both dice, for example {example}", {"example": "24/13"}),
])
def test_illegal_play_errors_carry_template_and_values(name: str, text: str, template: str,
                                                       values: dict[str, object]) -> None:
    tpn = START if name != "fevga" else ",,,,,,,,,,,B15,,,,,,,,,,,,W15 w 0/0/0 0/0/0"
    p = Position.from_tpn(tpn, variant(name))
    with pytest.raises(IllegalPlayError) as exc:
        parse_play(p, (6, 5), text)
    if "example" in values:
        assert exc.value.template == template and set(exc.value.values) == {"example"}
    else:
        assert (exc.value.template, exc.value.values) == (template, values)
    assert str(exc.value) == exc.value.template.format(**exc.value.values)


def test_notation_and_option_errors_carry_templates() -> None:
    with pytest.raises(NotationError) as exc:
        parse_play(Position.from_tpn(START, variant("tapa")), (6, 5), "24/x")
    assert exc.value.values == {"token": "24/x", "word": "x"}
    assert str(exc.value) == "'24/x': 'x' is not a point (use 1-24, bar or off)"
    with pytest.raises(OptionError) as exc2:
        variant("gulbara", cube="on")
    assert exc2.value.template == "{variant} has no option {option!r}: its rules are fixed"
    assert exc2.value.values == {"variant": "gulbara", "option": "cube"}


def test_a_message_without_values_is_its_own_template() -> None:
    exc = GameError("plain {text} stays as it is")
    assert str(exc) == exc.template == "plain {text} stays as it is" and exc.values == {}


def test_outcome_reasons_are_one_tuple_of_stable_codes() -> None:
    assert REASONS == ("single", "mars", "backgammon", "mother", "capote", "tie", "stuck", "resign", "timeout")
