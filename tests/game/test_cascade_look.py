"""Gul Bara's two-ply look (game.nets.cascade_look) equals a brute force over `legal_plays` (R-GULBARA-2…5)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from game import variant
from game.ai import play_game, random_play
from game.lookahead import ROLLS
from game.movegen import homeout
from game.nets.cascade_look import answer_values
from game.nets.computer import PLAY_LOOK, Loaded, _rank, computer_chooser
from game.nets.encode import width
from game.nets.gate import play_values
from game.nets.net import Net
from game.nets.spec import NETS
from game.plays import Play, legal_plays
from game.search import _continues

SPEC = NETS["gulbara"]
NET = Net.fresh(width(SPEC), SPEC.hidden, np.random.default_rng(7))


def brute(play: Play) -> float:
    """For each roll after `play` (or its one pending stage), the best answer's one-ply value by `legal_plays`
    and `play_values` (a roll that cannot be played: the position as it stands, nothing moved), seen by
    `play`'s mover and weighted by the roll's chance."""
    after = play.position
    state = after.cascade
    assert state is not None
    rolls = [((state.die, state.die), 1.0)] if state.pending else [(r, (1 if r[0] == r[1] else 2) / 36) for r in ROLLS]
    total = 0.0
    for dice, weight in rolls:
        answers = legal_plays(after, dice) or [
            Play(after, dice, (), (*after.cells, homeout(after.cells), int(after.protected[1])))]
        best = float(max(play_values(NET, SPEC, answers)))
        total += weight * (best if after.turn is play.mover else -best)
    return total


def sample_plays() -> list[list[Play]]:
    """The non-ending plays of every roll or stage that leaves no stage to its mover, from random games."""
    found: list[list[Play]] = []

    def keep(plays: list[Play], rng: random.Random) -> Play:
        if not _continues(plays[0]) and (rest := [p for p in plays if p.end is None]):
            found.append(rest)
        return random_play(plays, rng)

    for seed in range(4):
        play_game(variant("gulbara"), keep, keep, random.Random(seed))
    return found


@pytest.fixture(scope="module")
def samples() -> list[list[Play]]:
    return sample_plays()


def test_answer_values_equal_the_brute_force(samples: list[list[Play]]) -> None:
    kinds = {"stage pending": 0, "mover rolls again": 0, "a roll not played": 0}
    pending = [plays for plays in samples if plays[0].position.cascade.pending]  # type: ignore[union-attr]
    for plays in samples[::4] + pending:
        chosen = plays[:3]
        assert answer_values(NET, SPEC, chosen) == pytest.approx([brute(p) for p in chosen], abs=1e-9)
        for p in chosen:
            after = p.position
            assert after.cascade is not None
            kinds["stage pending"] += after.cascade.pending
            kinds["mover rolls again"] += after.turn is p.mover
            rolls = [(after.cascade.die,) * 2] if after.cascade.pending else ROLLS
            kinds["a roll not played"] += any(not legal_plays(after, r) for r in rolls)
    assert all(kinds.values()), kinds  # each kind of answer was compared


def test_a_budget_looks_at_the_first_and_then_while_fewer_answers_are_listed(samples: list[list[Play]]) -> None:
    plays = max(samples, key=len)[:4]
    everything = answer_values(NET, SPEC, plays)
    assert answer_values(NET, SPEC, plays, budget=1) == everything[:1]
    assert answer_values(NET, SPEC, plays, budget=10**6) == everything


def test_a_play_that_ends_the_game_or_leaves_a_stage_is_refused(samples: list[list[Play]]) -> None:
    found: list[Play] = []

    def keep(plays: list[Play], rng: random.Random) -> Play:
        found.extend(p for p in plays if p.end is not None)
        return random_play(plays, rng)

    play_game(variant("gulbara"), keep, keep, random.Random(1))
    with pytest.raises(ValueError, match="two-ply look"):
        answer_values(NET, SPEC, found[:1])


def test_the_computer_plays_gul_bara_by_its_two_ply_look(samples: list[list[Play]]) -> None:
    """A gated net in gul bara (`computer._rank`, as `choose` plays): the best few at one ply lead the ranking by
    their two-ply value, and the play chosen is the best of them."""
    found = Loaded(NET, SPEC, 0, True)
    plays = max(samples, key=len)
    ranked, looked = _rank(found, plays, 2, PLAY_LOOK)
    assert 1 < looked <= PLAY_LOOK.candidates
    leaders = [p for p, _ in ranked[:looked]]
    assert [v for _, v in ranked[:looked]] == pytest.approx(answer_values(NET, SPEC, leaders))
    assert [v for _, v in ranked[:looked]] == sorted((v for _, v in ranked[:looked]), reverse=True)
    assert computer_chooser(NET, SPEC)(plays, random.Random(1)) is leaders[0]
