"""The play builder (R-TURN-1, R-TURN-2): following it from the empty play reaches exactly the legal plays."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import PRESETS, IllegalPlayError, Position, variant
from game.builder import Pick, build
from game.plays import legal_plays

from .helpers import random_position

VARIANTS = PRESETS
positions = st.builds(random_position, st.sampled_from(VARIANTS), st.integers(0, 10**6), st.integers(0, 120))
dice = st.tuples(st.integers(1, 6), st.integers(1, 6))


def _dice(p: Position, roll: tuple[int, int]) -> tuple[int, int]:
    """`roll`, or the dice a pending Gul Bara stage is played with (R-GULBARA-6)."""
    stage = getattr(p, "cascade", None)
    return (stage.die, stage.die) if stage is not None and stage.die else roll


def _reachable(p: Position, roll: tuple[int, int]) -> set[tuple[int, ...]]:
    """Every play the builder completes, following every offered move in every order (memoised by state)."""
    complete: set[tuple[int, ...]] = set()
    seen: set[tuple[Pick, ...]] = set()

    def walk(picked: tuple[Pick, ...]) -> None:
        state = build(p, roll, picked)
        if state.play is not None:
            # complete; it may still be continued when bearing off wasted a die's pips (5/off with the 5, or
            # 5/4/off with both dice, is the same play), so further moves may be offered as well
            complete.add(state.play.work)
        else:
            assert state.next or not picked, "the builder never leads to a dead end"
        for move in state.next:
            key = tuple(sorted((*picked, move.pick)))
            if key in seen:  # the same moves in another order: checked by the order test below
                continue
            seen.add(key)
            walk((*picked, move.pick))

    walk(())
    return complete


@settings(max_examples=120, deadline=None)
@given(positions, dice)
def test_the_builder_reaches_exactly_the_legal_plays(p: Position, roll: tuple[int, int]) -> None:
    roll = _dice(p, roll)
    legal = {pl.work for pl in legal_plays(p, roll)}
    assert _reachable(p, roll) == legal


@settings(max_examples=120, deadline=None)
@given(positions, dice, st.integers(0, 10**6))
def test_every_order_of_a_legal_play_is_accepted(p: Position, roll: tuple[int, int], seed: int) -> None:
    roll = _dice(p, roll)
    rng = random.Random(seed)
    plays = legal_plays(p, roll)
    if not plays:
        assert build(p, roll, ()).next == ()
        return
    picked: list[Pick] = []
    for _ in range(4):  # a random walk: any offered move that keeps the chosen play reachable
        state = build(p, roll, picked)
        if state.play is not None:
            break
        options = list(state.next)
        rng.shuffle(options)
        picked.append(options[0].pick)
    state = build(p, roll, picked)
    assert state.play is not None and state.play in plays
    # the same moves, shuffled into any order the position allows, complete the same play
    for _ in range(3):
        order = picked[:]
        rng.shuffle(order)
        try:
            again = build(p, roll, order)
        except IllegalPlayError:
            continue  # that order is physically impossible (a checker moved before it arrived)
        assert again.play is not None and again.play.work == state.play.work


def test_a_combined_move_may_be_picked_either_way_round() -> None:
    start = Position.start(variant("plakoto"))
    six_first = build(start, (6, 5), [(24, 18, 6), (18, 13, 5)])
    five_first = build(start, (6, 5), [(24, 19, 5), (19, 13, 6)])
    assert six_first.play is not None and six_first.play == five_first.play
    assert six_first.play.notation == "24/13"
    assert build(start, (6, 5), [(24, 18, 6)]).play is None


def test_a_forged_partial_play_is_refused() -> None:
    start = Position.start(variant("plakoto"))
    with pytest.raises(IllegalPlayError):
        build(start, (6, 5), [(24, 17, 6)])
    with pytest.raises(IllegalPlayError):
        build(start, (6, 5), [(24, 18, 6), (18, 12, 6)])  # the six is used up
