"""The cube is one value and one table (issue 26, Build 1): no file outside `game/` and `bot/cube/` names a cube
action by string; every front end reads `bot.cube.table.ROWS` (the command table, the slash commands, the
buttons, the page's words and verbs); `Game.cube_choices()` is what the buttons offer."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot import commands
from bot.actions import Action
from bot.boardpage.words import PAGE_WORDS
from bot.cube import answers
from bot.cube.table import BY_VERB, LOGGED, ROWS, parse
from bot.dispatch import HANDLERS
from game import Cube, CubeAction, Game, GameFlowError, variant

ROOT = Path(__file__).resolve().parent.parent.parent
SPELLED = {"double", "take", "drop"}  # "roll" is also a phase of the game: its phase checks are no cube action
# Strings that look like an action and are not one, each with why.
ALLOWED = {
    ("bot/i18n.py", "drop"): "the outcome reason `drop` (game.outcome.REASONS), not the action",
}


def _spelled(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                  and node.body and isinstance(node.body[0], ast.Expr)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in SPELLED
            and id(node) not in docstrings]


def test_no_file_outside_the_cube_spells_a_cube_action() -> None:
    found = []
    for package in ("bot", "storage"):  # renderer draws outcomes, whose reason `drop` is no action
        for path in sorted((ROOT / package).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            if name.startswith("bot/cube/"):
                continue
            found += [f"{name}:{line}: {text!r}" for line, text in _spelled(path) if (name, text) not in ALLOWED]
    assert not found, "cube actions spelled outside game/ and bot/cube/ (read bot.cube.table.ROWS):\n" + \
        "\n".join(found)


def test_the_check_finds_a_spelled_action(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('"""A double."""\nVERBS = {"roll": 1, "double": 2}\nif x == "take":\n    pass\n')
    assert [text for _, text in _spelled(sample)] in (["double", "take"], ["take", "double"])


def test_every_action_has_one_row_and_every_front_end_reads_it() -> None:
    assert set(ROWS) == set(CubeAction)
    assert len({row.verb for row in ROWS.values()}) == len(ROWS) == len(BY_VERB)
    for action, row in ROWS.items():
        spec = commands.BY_NAME[action.value]
        assert spec.help == row.help
        assert HANDLERS[action.value] is answers.HANDLERS[action]
        assert PAGE_WORDS[action.value] == row.label
        assert parse(action.value) is action
        assert Action.unpack(Action(row.verb, "abcd", 3).pack()).verb is row.verb
    assert sorted(LOGGED) == ["double", "drop", "take"]
    assert parse("beaver") is None and parse(None) is None


def test_cube_choices_and_act() -> None:
    game = Game.new(variant("plakoto", {"cube": "on"}))
    assert game.cube_choices() == ()
    game = game.opening(6, 5)
    if game.phase == "roll":  # the first turn after the opening roll: its roll is due (R-CUBE-2)
        assert game.cube_choices() == ()
        game = game.roll(6, 5)
    assert game.cube_choices() == ()
    game = game.play(game.plays()[0])
    assert game.phase == "decide" and game.cube_choices() == (CubeAction.ROLL, CubeAction.DOUBLE)
    offered = game.act(CubeAction.DOUBLE)
    assert offered.cube_choices() == (CubeAction.TAKE, CubeAction.DROP)
    assert offered.act(CubeAction.TAKE).cube == Cube(2, offered.turn.other)
    assert offered.act(CubeAction.DROP).outcome is not None
    assert game.act(CubeAction.ROLL, (3, 1)).dice == (3, 1)
    with pytest.raises(ValueError):
        game.act(CubeAction.ROLL)
    with pytest.raises(GameFlowError):
        game.act(CubeAction.TAKE)
