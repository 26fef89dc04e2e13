"""A fresh net plays whole games by the rules; TD targets and equity on hand examples (game/nets)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from game import PRESETS, variant
from game.ai import play_game, random_play
from game.nets.computer import computer_chooser
from game.nets.encode import width
from game.nets.gate import FOLLOW, net_chooser, play_values, summary
from game.nets.net import LOSE2, LOSE3, SWAP_MATRIX, SWAP_OFFSET, WIN, WIN2, WIN3, Net, equity, swap
from game.nets.spec import NETS, net_name
from game.nets.td import HISTORY, Learner, Trace, self_play
from game.plays import Play, legal_plays, pass_position
from game.sides import Side

from .helpers import pos


def fresh(name: str, seed: int = 3, hidden: int | None = None) -> Net:
    """A fresh net for `name`: its spec's hidden units, or `hidden`."""
    spec = NETS[net_name(name)]
    return Net.fresh(width(spec), hidden or spec.hidden, np.random.default_rng(seed))


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
        episode = self_play(net, spec, v, rng, 0.7, 0.1, trace)
        assert episode is not None
        assert episode.plays == sum(1 for _, _, work in trace if work is not None)
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


@pytest.mark.parametrize("name", ["gulbara", "plakoto"])
def test_a_training_game_against_an_opponent_takes_its_plays_and_learns_from_them(name: str) -> None:
    """`self_play` with an opponent: each of that side's turns with a choice is the opponent's play (a recording
    random mover here), the other side's are the net's, the game follows the rules, and the net still learns."""
    v = variant(name)
    spec = NETS[net_name(name)]
    net = fresh(name)
    before = net.w1.copy()
    picked: list[tuple[int, ...]] = []

    def opponent(plays: list[Play], rng: random.Random) -> Play:
        play = random_play(plays, rng)
        picked.append(play.work)
        return play

    trace: Trace = []
    episode = self_play(net, spec, v, np.random.default_rng(5), 0.7, 0.1, trace, opponent=(Side.BLACK, opponent))
    assert episode is not None and picked
    theirs = [(position, dice, work) for position, dice, work in trace
              if work is not None and position.turn is Side.BLACK and len(legal_plays(position, dice)) > 1]
    assert [work for _, _, work in theirs] == picked  # every choice of black's was the opponent's, in order
    for i, (position, dice, work) in enumerate(trace[:-1]):
        nxt = pass_position(position, dice) if work is None else \
            next(p for p in legal_plays(position, dice) if p.work == work).position
        assert trace[i + 1][0] == nxt
    assert not np.array_equal(net.w1, before)


@pytest.mark.parametrize("name", ["plakoto", "portes", "fevga", "tapa", "tawula", "gulbara"])
def test_fresh_net_plays_whole_games_against_random(name: str) -> None:
    v = variant(name)
    mine = net_chooser(fresh(name), NETS[net_name(name)])
    for seed in range(3):
        white, black = (mine, random_play) if seed % 2 == 0 else (random_play, mine)
        game = play_game(v, white, black, random.Random(seed))
        assert game.phase == "over" and game.outcome is not None


def white_outputs(net: Net, x: np.ndarray, white: bool) -> np.ndarray:
    y = net(x[None, :])[0]
    return y if white else SWAP_MATRIX @ y + SWAP_OFFSET


def numeric_gradient(net: Net, x: np.ndarray, white: bool) -> list[np.ndarray]:
    """d(white's five outputs)/d(every weight), by central differences: one (5, *shape) array a weight array."""
    grads = []
    for w in (net.w1, net.b1, net.w2, net.b2):
        g = np.zeros((5, *w.shape))
        for idx in np.ndindex(w.shape):
            old = w[idx]
            w[idx] = old + 1e-6
            up = white_outputs(net, x, white)
            w[idx] = old - 1e-6
            down = white_outputs(net, x, white)
            w[idx] = old
            g[(slice(None), *idx)] = (up - down) / 2e-6
        grads.append(g)
    return grads


def test_learner_is_td_lambda_with_traces() -> None:
    """The learner's weights after a few plays of both sides, against TD(λ) done by brute force: dense
    traces of numerically differentiated outputs, all seen from white's side."""
    rng = np.random.default_rng(4)
    net = Net.fresh(6, 3, rng)
    twin = net.copy()
    lam, alpha = 0.7, 0.5
    learner = Learner(net, lam, alpha)
    traces = [np.zeros((5, *w.shape)) for w in (twin.w1, twin.b1, twin.w2, twin.b2)]
    prev = None
    sides = [True, False, False, True, False, True, True, False]  # gul bara: a side may play twice running
    for white in sides:
        x = rng.uniform(0, 1, 6)
        h = net.hidden(x[None, :])[0]
        learner.step(x, h, net.outputs(h[None, :])[0], white)
        seen = white_outputs(twin, x, white)
        grads = numeric_gradient(twin, x, white)
        if prev is not None:
            for w, e in zip((twin.w1, twin.b1, twin.w2, twin.b2), traces, strict=True):
                w += alpha * np.tensordot(seen - prev, e, axes=1)
        traces = [lam * e + g for e, g in zip(traces, grads, strict=True)]
        prev = seen
    final = np.array([1.0, 1.0, 0.0, 0.0, 0.0])
    learner.end(final, False)
    for w, e in zip((twin.w1, twin.b1, twin.w2, twin.b2), traces, strict=True):
        w += alpha * np.tensordot(SWAP_MATRIX @ final + SWAP_OFFSET - prev, e, axes=1)
    assert len(sides) < HISTORY
    for k in ("w1", "b1", "w2", "b2"):
        assert np.allclose(getattr(net, k), getattr(twin, k), atol=1e-6), k
    assert not np.allclose(net.w1, Net.fresh(6, 3, np.random.default_rng(4)).w1)


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


def test_gulbara_stage_chosen_by_the_end_of_the_movers_cascade() -> None:
    """A cascading double's stage is chosen by where the mover's line of stages ends, each later stage played
    by the net at one ply (R-GULBARA-3: their dice are known), not by the position after the stage alone."""
    p = pos("gulbara", ",B1,,B2,B1,,,,,,W1,B11,W1,W1,,,,,W1,,W1,,,W10 b 0/0/0 0/0/0 t3/3")
    spec = NETS["gulbara"]
    net = fresh("gulbara", hidden=80)  # a net of this seed and width whose stage alone misleads it here
    plays = legal_plays(p, (2, 2))
    one_ply = play_values(net, spec, plays)

    def line(play: Play, value: float) -> float:
        while play.end is None and play.position.turn is p.turn and play.position.cascade is not None \
                and play.position.cascade.pending:
            die = play.position.cascade.die
            nxt = legal_plays(play.position, (die, die))
            if not nxt:
                break
            values = play_values(net, spec, nxt)
            play, value = nxt[int(np.argmax(values))], float(np.max(values))
        return value

    top = [int(i) for i in np.argsort(-one_ply, kind="stable")[:FOLLOW]]
    best = max(top, key=lambda i: line(plays[i], float(one_ply[i])))
    chosen = net_chooser(net, spec)(plays, random.Random(0))
    assert chosen is plays[best]
    assert chosen is not plays[int(np.argmax(one_ply))]  # here the stage alone would have misled it
    assert computer_chooser(net, spec)(plays, random.Random(0)) is chosen  # the computer as the gate plays it
