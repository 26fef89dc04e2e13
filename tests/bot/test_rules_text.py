"""/rules promises only what the engine does (docs/RULES.md): the fevga trap (R-FEVGA-5) holds only when every
opponent checker stands on one point, and plakoto's mother wins only once the pinner's own 24-point is empty
(R-END-2); the translations say the same."""

from __future__ import annotations

import pytest

from bot import i18n
from bot.info import RULES, RULES_INTRO


def test_fevga_says_the_unblocking_rule_is_the_one_point_trap() -> None:
    """R-FEVGA-5: a prime in front of checkers on several points may stay; only the one-point trap must open."""
    text = RULES["fevga"]
    assert "nor keep a trapped opponent blocked" not in text
    assert "stands on one point" in text and "must open one of those six" in text


def test_plakoto_says_when_a_pinned_mother_wins() -> None:
    """R-END-2: no checker of the pinner left on its own 24-point."""
    assert "once none of your checkers is left on your own 24-point" in RULES["plakoto"]


@pytest.mark.parametrize("lang", ["bg", "el"])
@pytest.mark.parametrize("game", ["fevga", "plakoto"])
def test_the_corrected_rules_are_translated(lang: str, game: str) -> None:
    assert i18n.catalogue(lang).gettext(RULES[game]) != RULES[game]


def test_the_intro_does_not_promise_four_moves_for_every_double() -> None:
    """R-GULBARA-3: from a side's fourth turn on, a Gul Bara double cascades past four moves."""
    assert "Gul Bara" in RULES_INTRO and "cascade" in RULES_INTRO
    for lang in ("bg", "el"):
        assert i18n.catalogue(lang).gettext(RULES_INTRO) != RULES_INTRO


def test_a_six_six_cascade_is_not_promised_higher_doubles() -> None:
    """Issue 27: 6-6 is a single stage (R-GULBARA-3): its announcement says no "then every higher double"."""
    from types import SimpleNamespace

    from bot.turns import cascade_events
    from game import Side
    from game.flow import FlowEvent

    for kind in ("cascade", "transfer"):
        six = cascade_events(SimpleNamespace(events=(FlowEvent(kind, Side.WHITE, 6, 4),)))  # type: ignore[arg-type]
        three = cascade_events(SimpleNamespace(events=(FlowEvent(kind, Side.WHITE, 3, 4),)))  # type: ignore[arg-type]
        assert "higher" not in six[0].message and "higher" in three[0].message, (six, three)


def test_the_ascii_board_says_what_its_turn_count_is() -> None:
    """Issue 27: "turns 0/1" under a Gul Bara board was never explained: it says what it counts and why."""
    from game import Position, render_ascii, variant

    points = ",".join("B15" if p == 1 else "W15" if p == 24 else "" for p in range(1, 25))
    text = render_ascii(Position.from_tpn(f"{points} w 0/0/0 0/0/0 t0/1", variant("gulbara")))
    last = text.splitlines()[-1]
    assert "turns rolled" in last and "4th" in last, last


def test_a_cascade_is_announced_after_its_roll() -> None:
    """Issue 27: "{side}'s double cascades" came before "{side} rolled 5-5 …": the roll is told first."""
    from bot.turns import advance
    from game import Position, Side, variant
    from game.flow import Game

    v = variant("gulbara")
    points = ",".join("B15" if p == 1 else "W15" if p == 24 else "" for p in range(1, 25))
    game = Game.resume(v, Position.from_tpn(f"{points} w 0/0/0 0/0/0 t3/3", v), None)
    told = []
    for seed in range(40):
        adv = advance(game, f"{seed:064x}", "casc", 10, {Side.WHITE, Side.BLACK})
        for step in adv.steps:
            messages = [e.message for e in step.events]
            cascades = [i for i, m in enumerate(messages) if "double cascades" in m]
            rolled = [i for i, m in enumerate(messages) if "rolled {dice}" in m]
            if cascades and rolled:
                told.append(seed)
                assert rolled[0] < cascades[0], messages
        if len(told) >= 3:
            break
    assert told, "no cascade in 40 games"
