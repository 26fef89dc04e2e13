"""Whole games and matches with the doubling cube between computer players (RULES.md §13).

`game.ai.play_out` plays games without a cube; with `cube=on` a game also waits for "roll or double"
(R-CUBE-2) and for "take or drop" (R-CUBE-3). Here each side has a chooser for its plays and a `CubeChooser`
for those decisions: `ai_cube` is the computer's (`game.cubeful.cube_action`), `random_cube` doubles one time
in ten and takes one time in two (the baseline).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .ai import Chooser
from .cubeful import cube_action
from .flow import Game
from .match import Match
from .sides import Side

CubeChooser = Callable[[Game, random.Random], str]


def ai_cube(game: Game, rng: random.Random) -> str:
    """The computer's decision: `double`/`roll` in `decide`, `take`/`drop` in `answer`."""
    return cube_action(game) or "roll"


def random_cube(game: Game, rng: random.Random) -> str:
    """A random decision: double one time in ten, take one time in two."""
    if game.phase == "answer":
        return "take" if rng.random() < 0.5 else "drop"
    return "double" if rng.random() < 0.1 else "roll"


CUBE_CHOOSERS: dict[str, CubeChooser] = {"ai": ai_cube, "random": random_cube}


def play_cube_game(game: Game, white: Chooser, black: Chooser, dice: random.Random,
                   choices: random.Random | None = None, cubes: tuple[CubeChooser, CubeChooser] = (ai_cube, ai_cube),
                   max_turns: int = 10_000) -> Game:
    """Play `game` to its end with the cube: the opening roll if due, the cube decisions of `cubes` (white's,
    black's), rolls, plays and passes.

    :raises RuntimeError: the game is still running after `max_turns` turns (a safety net, not a rule).
    """
    choices = dice if choices is None else choices
    while game.phase == "opening":
        game = game.opening(dice.randint(1, 6), dice.randint(1, 6))
    while game.phase != "over":
        if game.turns > max_turns:
            raise RuntimeError(f"the game did not end within {max_turns} turns")
        if game.phase == "answer":
            answering = game.turn.other
            decision = cubes[0 if answering is Side.WHITE else 1](game, choices)
            game = game.take() if decision == "take" else game.drop()
            continue
        if game.phase == "decide":
            decision = cubes[0 if game.turn is Side.WHITE else 1](game, choices)
            if decision == "double":
                game = game.double()
                continue
        if game.phase in ("roll", "decide"):
            game = game.roll(dice.randint(1, 6), dice.randint(1, 6))
        plays = game.plays()
        if not plays:
            game = game.pass_turn()
            continue
        chooser = white if game.turn is Side.WHITE else black
        game = game.play(chooser(plays, choices))
    return game


def play_cube_match(match: Match, white: Chooser, black: Chooser, dice: random.Random,
                    choices: random.Random | None = None,
                    cubes: tuple[CubeChooser, CubeChooser] = (ai_cube, ai_cube),
                    max_games: int = 1_000) -> tuple[Match, list[Game]]:
    """Play the plain match `match` (with or without a cube) to its end; returns it finished and its games.

    :raises RuntimeError: a game that never ends, or more than `max_games` games (safety nets, not rules).
    """
    played: list[Game] = []
    while not match.over:
        if len(played) >= max_games:
            raise RuntimeError(f"the match did not end within {max_games} games")
        game = play_cube_game(match.new_game(), white, black, dice, choices, cubes)
        assert game.outcome is not None
        played.append(game)
        match = match.record(game.outcome)
    return match, played
