"""The computer's cube over the trained net's chances (§13: R-CUBE-2, R-CUBE-3): `game.nets.cube_decision`."""

from __future__ import annotations

import random

from game import Position, variant
from game.cube import Cube
from game.cubeful import chances, cube_action, double_decision, is_race, take_decision
from game.flow import Game
from game.nets import cube_decision, net_chances, uses_net
from game.plays import legal_plays

from .helpers import pos, tpn

PORTES = variant("portes", cube="on")


def _contact_positions(game: str, count: int, seed: int = 3) -> list[Position]:
    """Positions of random games of `game` with contact left, the side to move to roll."""
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < count:
        position = Position.start(variant(game, cube="on"))
        for _ in range(rng.randrange(4, 30)):
            plays = legal_plays(position, (rng.randint(1, 6), rng.randint(1, 6)))
            if not plays:
                break
            play = rng.choice(plays)
            if play.end is not None:
                break
            position = play.position
        if not is_race(position) and position.cascade is None:
            out.append(position)
    return out


def test_the_gated_net_gives_the_chances_of_the_side_to_roll() -> None:
    assert uses_net("portes")
    for position in _contact_positions("portes", 20):
        ch = net_chances(position)
        assert ch is not None
        assert 0.0 <= ch.win <= 1.0
        assert ch.win_backgammon <= ch.win_gammon <= ch.win + 1e-6
        assert ch.lose_backgammon <= ch.lose_gammon <= 1.0 - ch.win + 1e-6


def test_contact_decisions_follow_the_net_and_races_the_keith_count() -> None:
    differ = 0
    for position in _contact_positions("portes", 60):
        ch = net_chances(position)
        assert ch is not None
        decide = Game.resume(PORTES, position, Cube())
        assert cube_decision(decide) == double_decision(position, Cube(), ch)
        answer = decide.double()
        assert cube_decision(answer) == take_decision(position, Cube(offered=True), ch)
        own, offered = chances(position), Cube(offered=True)
        differ += (double_decision(position, Cube(), own) != double_decision(position, Cube(), ch)
                   or take_decision(position, offered, own) != take_decision(position, offered, ch))
    assert differ > 0  # the net's chances decide: somewhere they disagree with the heuristic's calibration
    for points in ({6: "W15", 18: "B10", 19: "B5"}, {1: "W8", 2: "W7", 20: "B15"}):
        race = pos("portes", tpn(points, "w"), cube="on")
        assert is_race(race) and net_chances(race) is not None
        for g in (Game.resume(PORTES, race, Cube()), Game.resume(PORTES, race, Cube()).double()):
            assert cube_decision(g) == cube_action(g)  # money races: the Keith count


def test_a_game_without_a_gated_net_keeps_the_heuristic() -> None:
    for game in ("plakoto", "tapa"):
        if uses_net(game):
            continue
        for position in _contact_positions(game, 5):
            assert net_chances(position) is None
            g = Game.resume(variant(game, cube="on"), position, Cube())
            assert cube_decision(g) == cube_action(g)
