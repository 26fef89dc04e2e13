"""Properties over random positions (hypothesis): checker accounting, R-TURN-1/2, TPN and notation round trips."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game import PRESETS, Position, Side
from game import board as B
from game.movegen import final_ok, roll_dice, start_work, stepper
from game.notation import parse_play
from game.plays import legal_plays, pass_position

from .helpers import random_position


def _count(p: Position, side: Side) -> int:
    return (sum(p.checkers_on(side, q) for q in range(1, 25)) + p.waiting(side) + p.bar(side)
            + p.borne_off(side))


def _reference_max(p: Position, dice: tuple[int, int]) -> tuple[int, set[int]]:
    """Brute force over every order of the dice: the most dice usable, and the dice usable alone (a play that
    breaks a whole-play rule, R-FEVGA-4, does not count)."""
    steps_of, apply = stepper(p.variant)
    s = start_work(p)
    d1, d2 = dice
    moves = roll_dice(p, dice)
    orders = [moves] if d1 == d2 else [[d1, d2], [d2, d1]]
    best = 0
    singles: set[int] = set()

    def walk(cur: list[int], rest: list[int], used: int) -> None:
        nonlocal best
        if cur[B.OFF] == 15:
            used = len(orders[0])
        if used and final_ok(p.variant, s, cur):
            best = max(best, used)
            if used == 1:
                singles.add(d1 if d1 == d2 else orders_die[0])
        if cur[B.OFF] == 15 or not rest:
            return
        for stp in steps_of(cur, rest[0]):
            walk(apply(cur, stp), rest[1:], used + 1)

    orders_die = [0]

    for order in orders:
        orders_die[0] = order[0]
        walk(s, order, 0)
    return best, singles


positions = st.builds(
    random_position,
    st.sampled_from(PRESETS), st.integers(0, 10**6), st.integers(0, 120),
)
rolls = st.tuples(st.integers(1, 6), st.integers(1, 6))


@st.composite
def dice(draw: st.DrawFn) -> tuple[int, int]:
    """A roll; the property tests give gulbara's pending stage its own dice (R-GULBARA-6) by `_roll`."""
    return draw(rolls)


def _roll(p: Position, roll: tuple[int, int]) -> tuple[int, int]:
    if p.cascade is not None and p.cascade.pending:
        return (p.cascade.die, p.cascade.die)
    return roll


@settings(max_examples=150, deadline=None)
@given(positions, dice())
def test_fifteen_checkers_a_side_always(p: Position, roll: tuple[int, int]) -> None:
    roll = _roll(p, roll)
    for pl in legal_plays(p, roll):
        for side in Side:
            assert _count(pl.position, side) == 15


@settings(max_examples=150, deadline=None)
@given(positions, dice())
def test_R_TURN_1_most_dice_and_the_larger_die(p: Position, roll: tuple[int, int]) -> None:
    roll = _roll(p, roll)
    ps = legal_plays(p, roll)
    best, singles = _reference_max(p, roll)
    if best == 0:
        assert ps == []
        return
    assert ps
    for pl in ps:
        finished = pl.work[B.OFF] == 15
        assert len(pl.steps) == best or finished
    if best == 1 and roll[0] != roll[1] and max(roll) in singles:
        for pl in ps:
            (p_from, p_to, _), = pl.steps
            d = p_from - p_to
            assert d == max(roll) or (p_to == 0 and d < max(roll))


@settings(max_examples=150, deadline=None)
@given(positions, dice())
def test_R_TURN_2_no_two_plays_give_the_same_position(p: Position, roll: tuple[int, int]) -> None:
    roll = _roll(p, roll)
    ps = legal_plays(p, roll)
    assert len({pl.position for pl in ps}) == len(ps)
    assert len({pl.position.to_tpn() for pl in ps}) == len(ps)


@settings(max_examples=150, deadline=None)
@given(positions, dice())
def test_tpn_round_trips(p: Position, roll: tuple[int, int]) -> None:
    roll = _roll(p, roll)
    assert Position.from_tpn(p.to_tpn(), p.variant) == p
    for pl in legal_plays(p, roll):
        after = pl.position
        assert Position.from_tpn(after.to_tpn(), p.variant) == after
        if after.cascade is None:
            assert after.turn is p.turn.other
        elif after.turn is p.turn:  # R-GULBARA-6: only a stage played in full or a remainder keeps the mover
            assert after.cascade.pending or (p.cascade is not None and p.cascade.transferred)
    after = pass_position(p, roll)
    assert Position.from_tpn(after.to_tpn(), p.variant) == after


@settings(max_examples=150, deadline=None)
@given(positions, dice())
def test_notation_round_trips_and_parses_to_the_same_play(p: Position, roll: tuple[int, int]) -> None:
    roll = _roll(p, roll)
    for pl in legal_plays(p, roll):
        text = pl.notation
        again = parse_play(p, roll, text)
        assert again == pl, text
        assert again.notation == text
        assert parse_play(p, roll, text.upper().replace(" ", ", ")) == pl
