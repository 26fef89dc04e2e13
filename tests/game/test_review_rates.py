"""Reviews got cheaper without judging differently (issue 26, "Speed"): each recorded game's error rates, decision
counts and luck as the review gave them before the 21 rolls' luck went through the net in one batch and the
look ahead stopped keeping the order of each reply (d92e587), within 1 milli-point (the luck within 1e-5 points:
the replies go through the net in single precision since, which moved a game's luck by under 1e-6); and
the look ahead's replies are the very positions the legal plays reach. `bench/review_compare.py` compares the
two side by side, with their times."""

from __future__ import annotations

import random

import pytest

from game import Game, Play, Side, ai_chooser, legal_plays, random_play, variant
from game.movegen import enumerate_plays
from game.nets import played, review_game

# (variant, dice seed) → white's and black's error rate (milli-points), decisions and luck (points), by the review
# before d92e587 (its parent); the heuristic (white) against random (black), as tests/game/test_nets_review.py plays
# them. Tabla's is judged by portes' net: recorded again by that parent's code when the 232,841-game net shipped,
# when the 355,792-game one of encoding 2 did (that parent with encoding 2's inputs added to its encode.py), and
# when the 530,000-game one of 128 hidden units did (likewise), and when the 1,014,160-game one of encoding 3 did
# (likewise, with main's nets code);
# plakoto's likewise when its 229,418-game net (a running average) shipped.
RECORDED: dict[tuple[str, int], tuple[tuple[float, float], tuple[int, int], tuple[float, float]]] = {
    ("plakoto", 1): ((11.056156481509445, 132.7530957289232), (43, 21), (-1.2774085631982204, -0.5828714214599617)),
    ("plakoto", 2): ((16.945104533532717, 130.21579800482644), (20, 15), (0.2620139397299095, 0.12033987912267952)),
    ("tabla", 11): ((151.53798215584754, 195.9803435863416), (18, 22), (0.06454116273962218, -1.1024560831340968)),
}


@pytest.mark.parametrize(("name", "seed"), sorted(RECORDED))
def test_a_recorded_game_reviews_as_before(name: str, seed: int) -> None:
    start, turns = played(Game.new(variant(name)), _pick, random.Random(seed))
    review = review_game(start, turns)
    rates, counts, luck = RECORDED[name, seed]
    for i, side in enumerate((Side.WHITE, Side.BLACK)):
        assert review.count(side) == counts[i]
        assert review.error_rate(side) == pytest.approx(rates[i], abs=1.0)  # milli-points
        assert review.luck(side) == pytest.approx(luck[i], abs=1e-5)


def _pick(g: Game, rng: random.Random) -> Play | None:
    plays = g.plays()
    return (ai_chooser if g.turn is Side.WHITE else random_play)(plays, rng) if plays else None


@pytest.mark.parametrize("name", ["plakoto", "tabla", "tapa", "fevga", "tawula"])
def test_the_look_aheads_replies_are_the_legal_plays_positions(name: str) -> None:
    start, turns = played(Game.new(variant(name)), _pick, random.Random(5))
    before = start
    for turn in turns[:30]:
        here = before if before.turn is turn.side else before.with_turn(turn.side)
        before = turn.after
        if here.cascade is not None:
            continue
        for a in range(1, 7):
            for b in range(a, 7):
                fast = enumerate_plays(here.cells, here.protected, here.variant, a, b, 4 if a == b else 2,
                                       orders=False)
                assert sorted(work for _, work in fast) == sorted(p.work for p in legal_plays(here, (a, b)))
