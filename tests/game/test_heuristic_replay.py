"""The heuristic computer replays from a seed: these choices and games were recorded from it, so a change that
alters a single choice (a refactoring that should not) fails here. A deliberate change of the heuristic
records them anew."""

from __future__ import annotations

import random

import pytest

from game import PRESETS, Position, variant
from game.ai import ai_chooser, choose_play, play_game, random_play
from game.plays import Play, legal_plays, pass_position


def _turns(name: str, turns: int) -> list[tuple[Position, tuple[int, int]]]:
    """Positions and rolls with a choice to make, met in one game of two random players seeded by `name`."""
    rng = random.Random(name)
    position = Position.start(variant(name))
    out: list[tuple[Position, tuple[int, int]]] = []
    for _ in range(turns):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        stage = position.cascade
        if stage is not None and stage.pending:  # gulbara: a pending stage comes with its dice (R-GULBARA-3)
            dice = (stage.die, stage.die)
        plays = legal_plays(position, dice)
        if not plays:
            position = pass_position(position, dice)
            continue
        if len(plays) > 1:
            out.append((position, dice))
        play: Play = rng.choice(plays)
        if play.end is not None:
            break
        position = play.position
    return out


CHOICES = [
    ("plakoto", ["24/18 24/20", "24/19 10/7*", "19/8*", "24/22(2) 18/16(2)", "24/23(2) 18/17(2)",
                 "24/19(2) 18/13* 17/12*"]),
    ("tapa", ["24/18 24/19", "18/9*", "24/22 20/17", "20/15 17/15", "18/13* 10/6*", "24/23* 24/23 19/18 10/9"]),
    ("mahbusa", ["24/19 24/21", "13/7*", "21/20 11/5*", "11/4*", "15/4*", "11/8 9/4*"]),
    ("tawula", ["bar/16", "bar/20 21/15", "20/17 7/5", "20/17 19/18*", "9/8*/5", "bar/22*/17*"]),
    ("portes", ["8/6 6/5(2)", "bar/20* 24/20", "14/13 6/1", "7/2", "4/1 4/2", "11/8 6/1"]),
    ("tabla", ["8/2 6/2", "20/13", "13/10 6/5", "bar/20 13/9", "bar/23 20/17", "bar/24 20/19*/18 14/13"]),
    ("fevga", ["24/20 15/9", "24/19 24/23", "24/19 20/16", "24/20 24/23", "24/18(3) 13/7", "24/19 18/17"]),
    ("gulbara", ["24/18 24/20", "24/19 24/22", "21/16 18/3", "24/18 24/21", "13/8", "24/20 24/22 11/9"]),
]


def test_every_game_is_recorded() -> None:
    assert [name for name, _ in CHOICES] == list(PRESETS)


@pytest.mark.parametrize(("name", "expected"), CHOICES)
def test_choices_from_a_seed_are_the_recorded_ones(name: str, expected: list[str]) -> None:
    turns = _turns(name, 60)[::4][:6]
    assert [choose_play(legal_plays(p, d), seed=i).notation for i, (p, d) in enumerate(turns)] == expected


@pytest.mark.parametrize(("name", "turns", "reason", "tpn"), [
    ("plakoto", 34, "mother", "bW1,bW1,B1,,W1,B1,B1,B2,bW1,,B2,bW1,bW1,bW2,W2,,,,,W1,W2,B2,W2, b 0/0/0 0/0/0"),
    ("tawula", 126, "single", ",,,B1,,,,,,,,B6,B1,,,B1,,,B1,,B1,,B1,B1 b 0/0/15 2/0/0"),
    ("fevga", 96, "mars", ",,B1,B1,,B1,B1,,B1,,,,B3,B3,,,B2,,,B1,,,,B1 b 0/0/15 0/0/0"),
    ("gulbara", 48, "mars", ",,,,,B2,B1,,,,,B5,B3,B1,,,,B1,B1,,B1,,, b 0/0/15 0/0/0 t3/3"),
])
def test_a_whole_game_from_a_seed_is_the_recorded_one(name: str, turns: int, reason: str, tpn: str) -> None:
    game = play_game(variant(name), ai_chooser, random_play, random.Random(21))
    assert game.outcome is not None
    assert (game.turns, game.outcome.reason, game.position.to_tpn()) == (turns, reason, tpn)
