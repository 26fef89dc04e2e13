"""The FIBS rating formula (RATINGS.md RT-2…RT-6), pure: no store, no chat.

The live update runs the same arithmetic inside the store's one atomic step (`storage/rating_apply.lua`), in the
same order of operations, so both agree to the last bit on any one platform; a test holds them together.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

START_RATING = 1500.0  # RT-2
START_EXPERIENCE = 0
MINUS = "\u2212"  # RT-6: a change shown with a real minus sign


@dataclass(frozen=True, slots=True)
class Rated:
    """A player's rating and experience in one pool (RT-1)."""

    rating: float = START_RATING
    experience: int = START_EXPERIENCE


def expected(rating: float, opponent: float, n: int) -> float:
    """RT-4: E_i = 1 / (1 + 10^((R_j − R_i)·√n / 2000)), the expected score of `rating` in a match to `n`."""
    return 1.0 / (1.0 + float(10.0 ** ((opponent - rating) * math.sqrt(n) / 2000.0)))


def factor(experience: int) -> float:
    """RT-4: K_i = max(1, 5 − X_i / 100); newcomers move faster."""
    return max(1.0, 5.0 - experience / 100.0)


def change(me: Rated, other: Rated, n: int, score: float) -> float:
    """RT-4: change_i = 4·K_i·√n·(S_i − E_i), with S 1 (won), 0 (lost) or ½ (a tied single game, RT-3).

    :raises ValueError: `n` is not a match length (≥ 1) or `score` is not 0, ½ or 1 (½ only for n = 1).
    """
    if n < 1:
        raise ValueError(f"a match is played to at least 1 point, not {n}")
    if score not in (0.0, 0.5, 1.0) or (score == 0.5 and n != 1):
        raise ValueError(f"a score is 0, 1 or ½ (a single game's tie), not {score} in a match to {n}")
    return 4.0 * factor(me.experience) * math.sqrt(n) * (score - expected(me.rating, other.rating, n))


def apply(a: Rated, b: Rated, n: int, score_a: float) -> tuple[Rated, Rated]:
    """Both players after a match to `n` that `a` scored `score_a` in (1 won, 0 lost, ½ tied): ratings move by
    their RT-4 changes, computed from the ratings and experiences before the match; experience grows by n."""
    da, db = change(a, b, n, score_a), change(b, a, n, 1.0 - score_a)
    return Rated(a.rating + da, a.experience + n), Rated(b.rating + db, b.experience + n)


def shown(value: float) -> str:
    """RT-6: one decimal (`1523.4`)."""
    return f"{value:.1f}"


def signed(delta: float) -> str:
    """RT-6: a change with its sign, one decimal: `+9.4`, `−8.4` (a change that rounds to nothing: `+0.0`)."""
    text = f"{abs(delta):.1f}"
    return f"{MINUS}{text}" if delta < 0 and text != "0.0" else f"+{text}"
