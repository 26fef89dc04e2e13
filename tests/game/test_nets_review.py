"""The judge of plays (hints, reviews) and a game's review: legal plays best first, and a fixed game's numbers
recomputed here from the judge turn by turn."""

from __future__ import annotations

import random

import pytest

from game import Game, Position, Side, ai_chooser, legal_plays, random_play, variant
from game.nets import NETS, Turn, judge_name, judge_plays, load_weights, net_name, play_values, review_game, roll_luck


def _game(name: str, seed: int) -> tuple[Position, list[Turn]]:
    """A whole game, seeded dice, the heuristic (white) against random (black)."""
    g = Game.new(variant(name))
    rng = random.Random(seed)
    while g.phase == "opening":
        g = g.opening(rng.randint(1, 6), rng.randint(1, 6))
    start = g.position
    turns: list[Turn] = []
    while g.phase != "over":
        if g.phase == "roll":
            g = g.roll(rng.randint(1, 6), rng.randint(1, 6))
        side, dice = g.turn, g.dice
        assert dice is not None
        plays = g.plays()
        if not plays:
            g = g.pass_turn()
            turns.append(Turn(side, dice, g.position, False))
            continue
        g = g.play((ai_chooser if side is Side.WHITE else random_play)(plays, rng))
        turns.append(Turn(side, dice, g.position))
    return start, turns


@pytest.mark.parametrize("name", ["tabla", "plakoto"])
def test_judged_plays_are_the_legal_ones_best_first(name: str) -> None:
    start, turns = _game(name, 3)
    before, judged = start, 0
    for turn in turns[:12]:
        position = before if before.turn is turn.side else before.with_turn(turn.side)
        before = turn.after
        ranked = judge_plays(position, turn.dice)
        legal = legal_plays(position, turn.dice)
        assert sorted(p.notation for p, _ in ranked) == sorted(p.notation for p in legal)
        values = [v for _, v in ranked]
        assert values == sorted(values, reverse=True)
        judged += len(values) >= 3
    assert judged


def test_the_net_judges_where_it_ships() -> None:
    assert judge_name(variant("tabla")) == "net"
    assert judge_name(variant("gulbara")) in ("net", "heuristic")
    net, _ = load_weights(net_name("tabla"))
    start, turns = _game("tabla", 5)
    ranked = judge_plays(start, turns[0].dice)
    direct = play_values(net, NETS["portes"], [p for p, _ in ranked])
    assert [v for _, v in ranked] == pytest.approx(list(direct))


def test_only_one_ply_is_judged_here() -> None:
    start, turns = _game("tabla", 5)
    with pytest.raises(ValueError):
        judge_plays(start, turns[0].dice, plies=2)


def test_a_fixed_game_reviews_to_the_judges_own_numbers() -> None:
    start, turns = _game("tabla", 11)
    review = review_game(start, turns)
    assert review == review_game(start, turns)  # the same game, the same review
    losses: dict[Side, list[float]] = {Side.WHITE: [], Side.BLACK: []}
    lucks: dict[Side, float] = {Side.WHITE: 0.0, Side.BLACK: 0.0}
    before = start
    for turn in turns:
        here = before if before.turn is turn.side else before.with_turn(turn.side)
        before = turn.after
        rolls = {}
        for a in range(1, 7):
            for b in range(1, 7):
                ranked = judge_plays(here, (a, b))
                rolls[(a, b)] = ranked[0][1] if ranked else None
        if all(v is not None for v in rolls.values()):
            mine = rolls[turn.dice]
            assert mine is not None
            lucks[turn.side] += mine - sum(v for v in rolls.values() if v is not None) / 36
        if not turn.played:
            continue
        ranked = judge_plays(here, turn.dice)
        chosen = next(v for p, v in ranked if p.position.to_tpn() == turn.after.to_tpn())
        if ranked[0][1] - ranked[-1][1] > 0.001:
            losses[turn.side].append(ranked[0][1] - chosen)
    for side in (Side.WHITE, Side.BLACK):
        assert review.count(side) == len(losses[side])
        assert review.error_rate(side) == pytest.approx(1000 * sum(losses[side]) / len(losses[side]))
        worst = sorted(losses[side], reverse=True)[:3]
        assert [d.loss for d in review.worst(side)] == pytest.approx([w for w in worst if w > 0])
        if all(turn.played for turn in turns):
            assert review.luck(side) == pytest.approx(lucks[side])


def test_the_random_mover_errs_more_than_the_heuristic_by_the_nets_judgement() -> None:
    """Over a few games (one game alone may go either way), summed loss per decision."""
    totals = {Side.WHITE: [0.0, 0], Side.BLACK: [0.0, 0]}
    for seed in (11, 12, 13, 14):
        review = review_game(*_game("tabla", seed))
        for side in totals:
            rate = review.error_rate(side)
            if rate is not None:
                totals[side][0] += rate * review.count(side)
                totals[side][1] += review.count(side)
    heuristic, random_mover = (totals[s][0] / totals[s][1] for s in (Side.WHITE, Side.BLACK))
    assert random_mover > heuristic


def test_luck_averages_to_nothing_over_every_roll() -> None:
    start, _ = _game("tabla", 2)
    total = sum(roll_luck(start, (a, b)) or 0.0 for a in range(1, 7) for b in range(1, 7))
    assert total == pytest.approx(0.0, abs=1e-9)
