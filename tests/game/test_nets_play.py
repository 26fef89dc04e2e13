"""A fresh net plays whole games by the rules; TD targets and equity on hand examples (game/nets)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from game import PRESETS, Side, variant
from game.ai import play_game, random_play
from game.nets.encode import width
from game.nets.gate import net_chooser, summary
from game.nets.net import LOSE2, LOSE3, WIN, WIN2, WIN3, Net, equity, swap
from game.nets.spec import NETS, net_name
from game.nets.td import Trace, lambda_returns, learn, self_play
from game.plays import legal_plays, pass_position


def fresh(name: str, seed: int = 3) -> Net:
    spec = NETS[net_name(name)]
    return Net.fresh(width(spec), spec.hidden, np.random.default_rng(seed))


@pytest.mark.parametrize("name", PRESETS)
def test_trainer_games_follow_the_rules(name: str) -> None:
    """Every turn of the trainer's own game loop, replayed through `game.plays`: the play chosen is legal, a
    pass happens only without a legal play, and the game ends exactly as the engine judges it."""
    v = variant(name)
    spec = NETS[net_name(name)]
    net = fresh(name)
    rng = np.random.default_rng(11)
    for _ in range(2):
        trace: Trace = []
        episode = self_play(net, spec, v, rng, trace)
        assert episode is not None
        for i, (position, dice, work) in enumerate(trace):
            plays = legal_plays(position, dice)
            if work is None:
                assert plays == []
                nxt = pass_position(position, dice)
            else:
                chosen = [p for p in plays if p.work == work]
                assert len(chosen) == 1
                play = chosen[0]
                if i == len(trace) - 1:
                    assert play.end == episode.outcome
                    break
                assert play.end is None
                nxt = play.position
            assert trace[i + 1][0] == nxt
        assert len(episode.movers) == episode.inputs.shape[0] + 1
        learn(net, episode, 0.7, 0.1)


@pytest.mark.parametrize("name", ["plakoto", "portes", "fevga", "tapa", "tawula", "gulbara"])
def test_fresh_net_plays_whole_games_against_random(name: str) -> None:
    v = variant(name)
    mine = net_chooser(fresh(name), NETS[net_name(name)])
    for seed in range(3):
        white, black = (mine, random_play) if seed % 2 == 0 else (random_play, mine)
        game = play_game(v, white, black, random.Random(seed))
        assert game.phase == "over" and game.outcome is not None


def test_lambda_returns_by_hand() -> None:
    a = np.array([0.6, 0.2, 0.0, 0.1, 0.0])
    b = np.array([0.3, 0.1, 0.0, 0.3, 0.05])
    final = np.array([1.0, 1.0, 0.0, 0.0, 0.0])  # white wins a mars with the last play
    values = np.stack([a, b])
    movers = [Side.WHITE, Side.BLACK, Side.WHITE]
    zero = lambda_returns(values, movers, final, 0.0)
    assert np.allclose(zero[1], swap(final))  # black's position: white's win is black's loss
    assert np.allclose(zero[0], swap(b))
    one = lambda_returns(values, movers, final, 1.0)
    assert np.allclose(one[0], final) and np.allclose(one[1], swap(final))
    half = lambda_returns(values, movers, final, 0.5)
    assert np.allclose(half[0], 0.5 * swap(b) + 0.5 * final)
    same = lambda_returns(values, [Side.WHITE, Side.WHITE, Side.WHITE], final, 0.0)  # gulbara: own stages
    assert np.allclose(same[0], b) and np.allclose(same[1], final)


def test_swap_keeps_a_tie_even() -> None:
    tie = np.array([0.5, 0.0, 0.0, 0.0, 0.0])
    assert np.allclose(swap(tie), tie)
    out = np.array([0.7, 0.3, 0.1, 0.05, 0.01])
    assert swap(out).tolist() == pytest.approx([0.3, 0.05, 0.01, 0.3, 0.1])


def test_equity_counts_each_games_points() -> None:
    out = np.zeros(5)
    out[WIN], out[WIN2], out[WIN3], out[LOSE2], out[LOSE3] = 0.6, 0.2, 0.1, 0.1, 0.05
    assert equity(out, variant("portes")) == pytest.approx(0.2 + 0.1)
    assert equity(out, variant("portes", scoring="backgammon")) == pytest.approx(0.2 + 0.1 + 0.05)
    assert equity(out, variant("tawula")) == pytest.approx(0.2 + 6 * 0.1)  # a capote is worth 7 (R-END-5)
    assert equity(np.array([0.5, 0, 0, 0, 0]), variant("plakoto")) == 0.0


def test_gate_summary_pairs() -> None:
    result = summary([(1.0, 0.0), (1.0, 1.0), (0.5, 0.0), (1.0, 1.0)])
    assert result["games"] == 8
    assert result["rate"] == pytest.approx((0.5 + 1 + 0.25 + 1) / 4, abs=1e-4)
    assert 0 < result["se"] < 0.5
