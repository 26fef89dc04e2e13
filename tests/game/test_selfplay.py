"""Random self-play: 150 whole games per variant without an error or an invalid position."""

from __future__ import annotations

import random

import pytest

from game import PRESETS, Position, Side, variant
from game.flow import Game


@pytest.mark.slow
@pytest.mark.parametrize("name", PRESETS)
def test_random_selfplay_150_games(name: str) -> None:
    rng = random.Random(name)
    v = variant(name)
    reasons: dict[str, int] = {}
    for _ in range(150):
        g = Game.new(v)
        while g.phase != "over":
            if g.phase == "opening":
                g = g.opening(rng.randint(1, 6), rng.randint(1, 6))
            elif g.phase == "roll":
                g = g.roll(rng.randint(1, 6), rng.randint(1, 6))
            else:
                ps = g.plays()
                g = g.play(rng.choice(ps)) if ps else g.pass_turn()
                if g.turns % 16 == 0:  # an invalid position would not survive its TPN
                    assert Position.from_tpn(g.position.to_tpn(), v) == g.position
            assert g.turns < 5000
        assert g.outcome is not None
        for side in Side:
            total = (sum(g.position.checkers_on(side, p) for p in range(1, 25)) + g.position.waiting(side)
                     + g.position.bar(side) + g.position.borne_off(side))
            assert total == 15
        reasons[g.outcome.reason] = reasons.get(g.outcome.reason, 0) + 1
    assert sum(reasons.values()) == 150
    if name == "tawula":
        assert set(reasons) <= {"single", "capote"}
    else:
        assert "mars" in reasons or "single" in reasons
