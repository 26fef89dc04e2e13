"""The judge of plays (hints, reviews) and a game's review: legal plays best first, and a fixed game's numbers
recomputed here from the judge turn by turn."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game import Game, Play, Position, Side, ai_chooser, legal_plays, random_play, variant
from game.nets import (
    NETS,
    Turn,
    computer,
    judge_name,
    judge_plays,
    judge_values,
    load_weights,
    net_name,
    play_values,
    played,
    rank_plays,
    review_game,
    roll_luck,
    two_ply,
)


def _game(name: str, seed: int) -> tuple[Position, list[Turn]]:
    """A whole game, seeded dice, the heuristic (white) against random (black)."""

    def pick(g: Game, rng: random.Random) -> Play | None:
        plays = g.plays()
        return (ai_chooser if g.turn is Side.WHITE else random_play)(plays, rng) if plays else None

    return played(Game.new(variant(name)), pick, random.Random(seed))


@pytest.mark.parametrize("name", ["tabla", "plakoto"])
def test_judged_plays_are_the_legal_ones_best_first(name: str) -> None:
    start, turns = _game(name, 3)
    before, judged = start, 0
    for turn in turns[:12]:
        position = before if before.turn is turn.side else before.with_turn(turn.side)
        before = turn.after
        ranked = judge_plays(position, turn.dice, plies=1)
        legal = legal_plays(position, turn.dice)
        assert sorted(p.notation for p, _ in ranked) == sorted(p.notation for p in legal)
        values = [v for _, v in ranked]
        assert values == sorted(values, reverse=True)
        judged += len(values) >= 3
        deep = judge_plays(position, turn.dice)  # two plies: the best few looked at first, by that value
        assert sorted(p.notation for p, _ in deep) == sorted(p.notation for p in legal)
        assert deep[0][1] == pytest.approx(judge_values([deep[0][0]])[0])  # the best at the judge's look-ahead
    assert judged


def test_the_net_judges_where_it_ships_and_passed_its_gate() -> None:
    assert computer.uses_net("tabla")
    assert judge_name(variant("tabla")) == "net"
    for name in ("plakoto", "fevga", "gulbara", "tawula"):  # judged by the net only where the computer plays it
        assert judge_name(variant(name)) == ("net" if computer.uses_net(name) else "heuristic")
    net, _ = load_weights(net_name("tabla"))
    start, turns = _game("tabla", 5)
    ranked = judge_plays(start, turns[0].dice, plies=1)
    direct = play_values(net, NETS["portes"], [p for p, _ in ranked])
    assert [v for _, v in ranked] == pytest.approx(list(direct))


def test_an_ungated_net_leaves_the_judging_to_the_heuristic(monkeypatch: pytest.MonkeyPatch) -> None:
    """A net that has not passed its gate plays worse than the heuristic: it judges neither hints nor reviews."""
    start, turns = _game("tabla", 5)
    by_net = judge_plays(start, turns[0].dice, plies=1)
    real = computer.loaded("tabla")
    assert real is not None
    monkeypatch.setattr(computer, "loaded", lambda game: replace(real, gated=False))
    assert judge_name(variant("tabla")) == "heuristic"
    by_heuristic = judge_plays(start, turns[0].dice)
    assert sorted(p.notation for p, _ in by_heuristic) == sorted(p.notation for p, _ in by_net)
    assert [v for _, v in by_heuristic] != pytest.approx([v for _, v in by_net])
    assert roll_luck(start, turns[0].dice) is None
    assert review_game(start, turns[:6]).plies == 1


def test_the_judge_at_two_plies_is_the_computers_own_ranking() -> None:
    start, turns = _game("tabla", 5)
    before, looked = start, 0
    for turn in turns[:10]:
        here = before if before.turn is turn.side else before.with_turn(turn.side)
        before = turn.after
        two = judge_plays(here, turn.dice)
        assert two == rank_plays(here, turn.dice, plies=2)
        one = dict((p.notation, v) for p, v in judge_plays(here, turn.dice, plies=1))
        looked += sum(1 for p, v in two if v != pytest.approx(one[p.notation]))
    assert looked  # some plays were re-valued two plies deep
    with pytest.raises(ValueError):
        judge_plays(start, turns[0].dice, plies=3)


def test_a_fixed_game_reviews_to_the_judges_own_numbers() -> None:
    """Each loss: the best play two plies deep (`judge_plays`) minus the chosen play's value, its own two-ply
    value by the computer's look (`two_ply`) when it is not the best; the luck at one ply."""
    start, turns = _game("tabla", 11)
    review = review_game(start, turns)
    assert review == review_game(start, turns)  # the same game, the same review
    assert (review.judge, review.plies) == ("net", 2)
    found = computer.loaded("tabla")
    assert found is not None
    losses: dict[Side, list[float]] = {Side.WHITE: [], Side.BLACK: []}
    lucks: dict[Side, float] = {Side.WHITE: 0.0, Side.BLACK: 0.0}
    before = start
    for turn in turns:
        here = before if before.turn is turn.side else before.with_turn(turn.side)
        before = turn.after
        rolls = {}
        for a in range(1, 7):
            for b in range(1, 7):
                ranked = judge_plays(here, (a, b), plies=1)
                rolls[(a, b)] = ranked[0][1] if ranked else None
        if all(v is not None for v in rolls.values()):
            mine = rolls[turn.dice]
            assert mine is not None
            lucks[turn.side] += mine - sum(v for v in rolls.values() if v is not None) / 36
        if not turn.played:
            continue
        ranked = judge_plays(here, turn.dice)
        play = next(p for p, _ in ranked if p.position.to_tpn() == turn.after.to_tpn())
        top = ranked[0][1]
        chosen = top if play is ranked[0][0] else (two_ply(found, [play])[0] if play.end is None
                                                    else play_values(found.net, found.spec, [play])[0])
        values = [v for _, v in ranked]
        if max(values) - min(values) > 0.001:
            losses[turn.side].append(max(0.0, top - chosen))
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
