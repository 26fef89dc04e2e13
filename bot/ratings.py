"""Elo ratings per variant, one update per finished game.

Elo, not Glicko-2: a rating is one number per player in a sorted set, and a result is applied as a pair of
deltas by one atomic counted increment, so results applied by any process in any order add up. Glicko-2 needs a
deviation and a volatility per player and rating periods, which a chat bot with sparse asynchronous play would
have to fake.
"""

from __future__ import annotations

K = 24.0


def expected(rating: float, opponent: float) -> float:
    """The expected score of `rating` against `opponent` (0..1)."""
    return 1.0 / (1.0 + float(10.0 ** ((opponent - rating) / 400.0)))


def deltas(winner: float, loser: float, tie: bool = False) -> tuple[float, float]:
    """Rating changes of (winner, loser); with `tie` both scored ½ (R-END-4)."""
    score = 0.5 if tie else 1.0
    change = K * (score - expected(winner, loser))
    return round(change, 2), round(-change, 2)
