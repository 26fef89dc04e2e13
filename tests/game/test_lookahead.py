"""A look ahead's replies (game/lookahead.py): walked from high points to low, all 21 rolls together, they are
exactly the positions the legal plays of each roll reach (R-TURN-1…4, R-MOVE-*, R-OFF-*, R-PORTES-3,
R-ENTER-*, R-FEVGA-3…5), in every game, from the start to the bear-off."""

from __future__ import annotations

import random

import pytest

from game.lookahead import ROLLS, Found, _doubles, _mixed, _pin_doubles, _pin_mixed, replies
from game.movegen import enumerate_plays, homeout, pin_apply, pin_steps, sorted_orders
from game.nets import computer
from game.plays import legal_plays
from game.variants import variant

from .helpers import pos, random_position, tpn


def _every_order(p_cells: tuple[int, ...], protected: tuple[bool, bool], name: str) -> list[list[tuple[int, ...]]]:
    """The reference: each roll's plays from every order of its dice (R-TURN-6's walk)."""
    return [sorted(work for _, work in enumerate_plays(p_cells, protected, variant(name), a, b))
            for a, b in ROLLS]


@pytest.mark.parametrize("name", ["plakoto", "tapa", "mahbusa", "portes", "tabla", "tawula", "fevga"])
def test_the_replies_are_every_rolls_legal_positions(name: str) -> None:
    for seed in range(4):
        for plies in (0, 15, 40, 70, 100, 130):
            p = random_position(name, seed, plies)
            got = [sorted(works) for works in replies(p.cells, p.protected, p.variant)]
            assert got == _every_order(p.cells, p.protected, name), (p.to_tpn(), seed, plies)


@pytest.mark.parametrize(("name", "points", "white"), [
    ("portes", {3: "W2", 5: "W1", 6: "W1", 20: "B2", 22: "B13"}, "0/0/11"),       # R-OFF-2: larger dice
    ("portes", {1: "B9", 6: "W5", 8: "W5", 18: "W2", 19: "B2", 20: "B2", 21: "W1", 22: "B2"}, "0/2/0"),  # R-PORTES-3
    ("plakoto", {2: "W1", 4: "bW1", 7: "W2", 12: "B1", 24: "B13"}, "0/0/11"),     # R-MOVE-2/3, R-OFF-1
])
def test_hand_made_positions(name: str, points: dict[int, str], white: str) -> None:
    p = pos(name, tpn(points, white=white))
    assert sorted_orders(p.variant)
    got = [sorted(works) for works in replies(p.cells, p.protected, p.variant)]
    assert got == _every_order(p.cells, p.protected, name)


def test_a_remembered_look_counts_for_the_budget_as_when_it_was_listed() -> None:
    """A candidate whose replies were valued lately is not listed again, yet the two-ply look ranks exactly
    as without it: the replies it counted still use up the look's budget (`computer.JUDGE_LOOK.budget`)."""
    found = computer.loaded("plakoto")
    assert found is not None
    rng = random.Random(3)
    checked = 0
    for plies in range(0, 60, 3):
        p = random_position("plakoto", 7, plies)
        plays = legal_plays(p, (rng.randint(1, 6), rng.randint(1, 6)))
        if len(plays) < 4:
            continue
        computer._SEEN.clear()
        cold, looked = computer._rank(found, plays, 2, computer.JUDGE_LOOK)
        if looked != 2:
            continue
        computer._SEEN.clear()
        computer.two_ply(found, [cold[1][0]])  # the second candidate's replies valued on their own
        warm, again = computer._rank(found, plays, 2, computer.JUDGE_LOOK)
        assert again == looked
        assert [pl.work for pl, _ in warm] == [pl.work for pl, _ in cold]
        # single precision: a batch of other rows may round an equity by ~1e-8 (BLAS picks its kernel by shape)
        assert [v for _, v in warm] == pytest.approx([v for _, v in cold], abs=1e-6)
        checked += 1
    assert checked


@pytest.mark.parametrize("name", ["plakoto", "tapa", "mahbusa"])
def test_the_pinning_walk_in_place_finds_what_the_step_functions_find(name: str) -> None:
    """R-MOVE-1…3, R-OFF-1…3, R-TURN-1/4: the in-place walk of a pinning game's second moves and doubles reaches
    the positions `pin_steps` and `pin_apply` reach, with the same dice used, in the same order."""
    for seed in range(4):
        for plies in (0, 15, 40, 70, 100, 130):
            p = random_position(name, seed, plies)
            s = [*p.cells, homeout(p.cells), 1 if p.protected[1] else 0]
            for d in range(1, 7):
                slow: Found = {}
                fast: Found = {}
                _doubles(s, d, pin_steps, pin_apply, slow)
                _pin_doubles(s, d, fast)
                assert list(fast.items()) == list(slow.items()), (p.to_tpn(), d)
                firsts = [(st, pin_apply(s, st)) for st in pin_steps(s, d)]
                for y in range(1, 7):
                    slow, fast = {}, {}
                    _mixed(firsts, d, y, pin_steps, pin_apply, slow)
                    _pin_mixed(firsts, d, y, fast)
                    assert list(fast.items()) == list(slow.items()), (p.to_tpn(), d, y)
