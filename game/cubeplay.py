"""Whole games and matches with the doubling cube between computer players (RULES.md §13).

`game.selfplay.play_out` plays the games; with `cube=on` a game also waits for "roll or double"
(R-CUBE-2) and for "take or drop" (R-CUBE-3). Here each side has a chooser for its plays and a `CubeChooser`
for those decisions: `ai_cube` is the computer's (`game.nets.cube_decision`), `random_cube` doubles one time
in ten and takes one time in two (the baseline).
"""

from __future__ import annotations

import random

from .cube import CubeAction
from .flow import Game
from .match import Match
from .selfplay import Chooser, CubeChooser, play_match, play_out


def ai_cube(game: Game, rng: random.Random) -> CubeAction:
    """The computer's decision: `double`/`roll` in `decide`, `take`/`drop` in `answer` (the nets load here, on
    the first decision, so that `python -m game selfplay` without the cube never imports numpy)."""
    from .nets import cube_decision

    return cube_decision(game) or CubeAction.ROLL


def random_cube(game: Game, rng: random.Random) -> CubeAction:
    """A random decision: double one time in ten, take one time in two."""
    if game.phase == "answer":
        return CubeAction.TAKE if rng.random() < 0.5 else CubeAction.DROP
    return CubeAction.DOUBLE if rng.random() < 0.1 else CubeAction.ROLL


CUBE_CHOOSERS: dict[str, CubeChooser] = {"ai": ai_cube, "random": random_cube}


def play_cube_game(game: Game, white: Chooser, black: Chooser, dice: random.Random,
                   choices: random.Random | None = None, cubes: tuple[CubeChooser, CubeChooser] = (ai_cube, ai_cube),
                   max_turns: int = 10_000) -> Game:
    """`play_out` with the cube decisions of `cubes` (white's, black's), the computer's by default.

    :raises RuntimeError: the game is still running after `max_turns` turns (a safety net, not a rule).
    """
    return play_out(game, white, black, dice, choices, max_turns, cubes=cubes)


def play_cube_match(match: Match, white: Chooser, black: Chooser, dice: random.Random,
                    choices: random.Random | None = None,
                    cubes: tuple[CubeChooser, CubeChooser] = (ai_cube, ai_cube),
                    max_games: int = 1_000) -> tuple[Match, list[Game]]:
    """`play_match` (a plain match, with or without a cube) with the cube decisions of `cubes`.

    :raises RuntimeError: a game that never ends, or more than `max_games` games (safety nets, not rules).
    """
    return play_match(match, white, black, dice, choices, max_games, cubes=cubes)
