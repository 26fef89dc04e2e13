"""`bench/outside_errors.py`: the computer's errors against GNU Backgammon, by kind of position (skipped without
the optional `gnubg-nn`)."""

from __future__ import annotations

from types import ModuleType

import pytest

from game import Position, variant

from ..game.helpers import pos, tpn
from .scripts import script

pytest.importorskip("gnubg_nn", reason="the optional gnubg-nn is not installed ('.[outside]')")


def errors() -> ModuleType:
    return script("outside_errors")


def test_positions_are_sorted_into_contact_race_and_bear_off() -> None:
    bench = errors()
    assert bench.kind(Position.start(variant("portes"))) == "contact"
    # white's rearmost on its 13 is past black's rearmost on white's 14: a race; all home: a bear-off
    assert bench.kind(pos("portes", tpn({13: "W5", 3: "W10", 14: "B5", 22: "B10"}))) == "race"
    assert bench.kind(pos("portes", tpn({6: "W5", 3: "W10", 19: "B5", 22: "B10"}))) == "bear-off"
    # one of black's on the bar (it enters on white's 1-6): contact again
    assert bench.kind(pos("portes", tpn({6: "W5", 3: "W10", 22: "B14"}, black="0/1/0"))) == "contact"


def test_a_few_games_are_judged_turn_by_turn() -> None:
    out = errors().run(2, 0, 5, "weights")
    assert out["games"] == 2 and 0 <= out["rate"] <= 1
    assert out["contact"]["turns"] > 10  # every game opens in contact
    for kind in ("contact", "race", "bear-off"):
        assert out[kind]["per_game"] >= -1e-9 and out[kind]["in_error"] <= out[kind]["turns"]
