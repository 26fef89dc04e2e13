"""The FIBS formula (RATINGS.md RT-2…RT-6): the six worked examples and alice's and bob's sequence, to ±0.01."""

from __future__ import annotations

import pytest

from bot.ratings import START_EXPERIENCE, START_RATING, Rated, apply, change, signed
from storage import START_RATING as STORED_START

CASES = [  # RATINGS.md: (R_A, X_A), (R_B, X_B), n, A's score, A's change, B's change
    ((1500, 0), (1500, 0), 1, 1.0, +10.00, -10.00),
    ((1500, 0), (1500, 0), 5, 1.0, +22.36, -22.36),
    ((1600, 450), (1500, 120), 7, 1.0, +4.49, -17.07),
    ((1600, 450), (1500, 120), 7, 0.0, -6.09, +23.15),
    ((1550, 30), (1450, 0), 1, 0.5, -0.54, +0.58),
    ((1800, 1000), (1400, 2000), 11, 1.0, +2.37, -2.37),
]


@pytest.mark.parametrize(("a", "b", "n", "score", "da", "db"), CASES)
def test_the_worked_examples(a: tuple[float, int], b: tuple[float, int], n: int, score: float, da: float,
                             db: float) -> None:
    ra, rb = Rated(*a), Rated(*b)
    assert change(ra, rb, n, score) == pytest.approx(da, abs=0.01)
    assert change(rb, ra, n, 1 - score) == pytest.approx(db, abs=0.01)
    after_a, after_b = apply(ra, rb, n, score)
    assert after_a.rating == pytest.approx(a[0] + da, abs=0.01)
    assert after_b.rating == pytest.approx(b[0] + db, abs=0.01)
    assert (after_a.experience, after_b.experience) == (a[1] + n, b[1] + n)


def test_alice_and_bob_in_one_pool() -> None:
    alice, bob = Rated(), Rated()
    assert (alice.rating, alice.experience) == (START_RATING, START_EXPERIENCE) == (STORED_START, 0)
    alice, bob = apply(alice, bob, 3, 1.0)
    assert (alice.rating, bob.rating) == (pytest.approx(1517.32, abs=0.01), pytest.approx(1482.68, abs=0.01))
    assert alice.experience == bob.experience == 3
    bob, alice = apply(bob, alice, 5, 1.0)
    assert (bob.rating, alice.rating) == (pytest.approx(1505.90, abs=0.01), pytest.approx(1494.10, abs=0.01))
    assert alice.experience == bob.experience == 8
    alice, bob = apply(alice, bob, 1, 1.0)
    assert (alice.rating, bob.rating) == (pytest.approx(1504.01, abs=0.01), pytest.approx(1495.99, abs=0.01))
    assert alice.experience == bob.experience == 9


def test_a_match_never_ties_and_a_score_is_a_score() -> None:
    with pytest.raises(ValueError):
        change(Rated(), Rated(), 3, 0.5)
    with pytest.raises(ValueError):
        change(Rated(), Rated(), 0, 1.0)
    with pytest.raises(ValueError):
        change(Rated(), Rated(), 1, 0.7)


def test_changes_are_shown_with_their_sign() -> None:
    assert (signed(9.44), signed(-8.36), signed(-0.04), signed(0.0)) == ("+9.4", "\u22128.4", "+0.0", "+0.0")
