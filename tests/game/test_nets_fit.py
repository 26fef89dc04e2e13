"""Fitting a net to its own look ahead (game.nets.fit): the targets are the computer's two-ply values, by a
brute force over `legal_plays`, and a fit brings the net nearer them."""

from __future__ import annotations

import numpy as np
import pytest

from game import Position, Side, legal_plays, variant
from game import board as B
from game.lookahead import ROLLS
from game.nets import equity, play_values
from game.nets.computer import Loaded, _outputs, loaded
from game.nets.fit import Positions, cross_entropy, fit, inputs, sample, targets
from game.plays import pass_position


@pytest.fixture(scope="module")
def portes() -> tuple[Loaded, Positions]:
    found = loaded("portes")
    assert found is not None
    return found, sample(found.net, found.spec, variant("portes"), np.random.default_rng(3), 3)


def after_position(positions: Positions, i: int) -> Position:
    """The `i`-th after-position as the engine holds it: the opponent to move."""
    v = variant("portes")
    mover = Side.WHITE if positions.white[i] else Side.BLACK
    work = tuple(int(c) for c in positions.works[i])
    mine, theirs = (bool(b) for b in positions.protected[i])
    return Position(v, mover.other, B.flip(work, v.contrary), (theirs, mine))


def brute_target(found: Loaded, after: Position) -> tuple[float, int]:
    """Minus the mean over the opponent's 21 rolls of its best reply's one-ply equity (`legal_plays`; a roll it
    cannot play, the net's value of the position it passes in), and how many rolls it could not play."""
    total, passes = 0.0, 0
    for a, b in ROLLS:
        replies = legal_plays(after, (a, b))
        if replies:
            best = float(max(play_values(found.net, found.spec, replies)))
        else:
            passes += 1
            best = float(equity(_outputs(found, pass_position(after, (a, b))), after.variant))
        total += (1 if a == b else 2) * best
    return -total / 36, passes


def test_the_targets_are_the_computers_two_ply_look(portes: tuple[Loaded, Positions]) -> None:
    found, positions = portes
    assert len(positions.works) > 60
    got = equity(targets(found.net, found.spec, variant("portes"), positions), variant("portes"))
    brute = [brute_target(found, after_position(positions, i)) for i in range(len(positions.works))]
    # replies through the net in single precision, as the computer's look: within 1e-6 of the brute force
    assert got == pytest.approx([value for value, _ in brute], abs=1e-6)
    assert any(passes for _, passes in brute)  # the rolls the opponent cannot play were looked at too


def test_sampled_positions_are_the_games_after_positions_but_the_last(portes: tuple[Loaded, Positions]) -> None:
    _, positions = portes
    assert (positions.works[:, B.OFF] < 15).all()
    assert positions.white.any() and not positions.white.all()
    x = inputs(positions, portes[0].spec)
    assert x.shape == (len(positions.works), portes[0].net.w1.shape[1]) and x.dtype == np.float32


def test_a_fit_brings_the_net_nearer_its_targets(portes: tuple[Loaded, Positions]) -> None:
    found, positions = portes
    t = targets(found.net, found.spec, variant("portes"), positions)
    x = inputs(positions, found.spec)
    net = found.net.copy()
    seen: list[tuple[int, float]] = []
    result = fit(net, x, t, np.random.default_rng(0), epochs=30, rate=1e-3, batch=32, held=0.2,
                 report=lambda epoch, ce: seen.append((epoch, ce)))
    assert [e for e, _ in seen] == list(range(1, 31))
    assert result.after < result.before
    assert cross_entropy(net, x, t) < cross_entropy(found.net, x, t)
    assert not np.array_equal(net.w1, found.net.w1)
