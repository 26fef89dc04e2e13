"""The cube's decisions judged (issue 27; R-CUBE-2, R-CUBE-3): `game.nets.judge_cube` agrees with the computer's
cube, prices a different answer by the equities of the two, and a review counts the cube's decisions beside the
plays."""

from __future__ import annotations

import random

import pytest

from game import CubeAction, Game, Position, Side, variant
from game.cube import Cube
from game.cubeful import CONTACT_EFFICIENCY, chances, equities, is_race
from game.nets import CLOSE, cube_decision, cube_equities, judge_cube, net_chances, played, review_game
from game.plays import legal_plays

PLAKOTO = variant("plakoto", cube="on")


def _positions(count: int, seed: int = 5) -> list[Position]:
    """Contact positions of random plakoto games, the side to move about to roll."""
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < count:
        position = Position.start(PLAKOTO)
        for _ in range(rng.randrange(2, 24)):
            plays = legal_plays(position, (rng.randint(1, 6), rng.randint(1, 6)))
            if not plays or any(p.end is not None for p in plays):
                break
            position = rng.choice(plays).position
        if not is_race(position):
            out.append(position)
    return out


@pytest.mark.parametrize("cube", [Cube(), Cube(2, Side.WHITE), Cube(2, Side.BLACK), Cube(away=(3, 2))])
def test_every_answer_is_priced_against_the_computers(cube: Cube) -> None:
    for position in _positions(12):
        game = Game.resume(PLAKOTO, position, cube)
        if game.phase != "decide":
            continue
        eq = cube_equities(game)
        assert eq is not None and eq.best is cube_decision(game)
        ch = net_chances(position) or chances(position)
        raw = equities(cube, position.turn, ch, CONTACT_EFFICIENCY)
        assert eq.no_double == pytest.approx(cube.value * raw.no_double)
        assert eq.take == pytest.approx(cube.value * raw.take)
        for action in (CubeAction.ROLL, CubeAction.DOUBLE):
            judged = judge_cube(game, action, 9)
            assert judged is not None and judged.turn == 9 and judged.side is position.turn
            if action is eq.best:
                assert judged.loss == 0.0
            else:
                assert judged.loss == pytest.approx(abs(eq.no_double - min(eq.take, eq.drop)))
            assert judged.decision == (action is CubeAction.DOUBLE or judged.loss > 0
                                       or abs(min(eq.take, eq.drop) - eq.no_double) <= CLOSE)
        answering = game.double()
        best = cube_decision(answering)
        for action in (CubeAction.TAKE, CubeAction.DROP):
            judged = judge_cube(answering, action, 10)
            assert judged is not None and judged.side is position.turn.other and judged.decision
            assert judged.loss == (0.0 if action is best else pytest.approx(abs(eq.take - eq.drop)))


def test_a_review_counts_the_cube_decisions_in_the_error_rate() -> None:
    start, turns = played(Game.new(variant("plakoto")), lambda g, r: g.plays()[0] if g.plays() else None,
                          random.Random(4))
    plain = review_game(start, turns)
    position = _positions(1)[0]
    wrong = judge_cube(Game.resume(PLAKOTO, position, Cube()).double(), CubeAction.DROP, 3)
    right = judge_cube(Game.resume(PLAKOTO, position, Cube()).double(), CubeAction.TAKE, 3)
    assert wrong is not None and right is not None
    loser = wrong if wrong.loss > 0 else right
    assert loser.loss > 0
    side = loser.side
    review = review_game(start, turns, [loser])
    assert review.count(side) == plain.count(side) + 1
    mine = [d.loss for d in plain.decisions if d.side is side and d.decision] + [loser.loss]
    assert review.error_rate(side) == pytest.approx(1000 * sum(mine) / len(mine))
    assert review.error_rate(side.other) == plain.error_rate(side.other)
    assert loser in review.worst(side, 100)
    assert review_game(start, turns[:0], [loser]).error_rate(side) == pytest.approx(1000 * loser.loss)  # no play
