"""The engine is imported from `game`, never from its submodules, outside game/ and tests/: its module layout
can then change (as game/ai.py became evaluation, search and selfplay) without touching the other packages.
The trained evaluators are a second package, `game.nets` (it loads numpy, so only who wants a net imports it),
imported the same way: from `game.nets`, never from its modules.
`game.ai` keeps handing on the computer's names that callers know."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import game

ROOT = Path(__file__).resolve().parents[2]
SKIP = {"game", "tests", ".venv", "build", "dist"}

# Imports of the engine's modules themselves, each with its reason.
ALLOWED = {
    ("bot/messages.py", "game.errors"): "the catalogue extraction lists the error classes of the errors module",
    ("bench/review.py", "game.nets.computer"): "--as-gated judges with an ungated net by swapping the computer's "
                                                "loader for the run",
    ("bench/adapter_discord.py", "game.nets.computer"): "BENCH_COMPUTER=heuristic swaps the computer's loader for "
                                                        "the run, as bench/review.py does",
}


def deep_imports(source: str) -> list[str]:
    """The engine modules and names that `source` imports other than through `game`'s exports, as
    `game.module` or `game.name`, at any depth (inside functions too)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.startswith("game.")]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == "game.nets":
                found += [f"game.nets.{a.name}" for a in node.names if a.name not in _nets_exports()]
            elif node.module.startswith("game."):
                found.append(node.module)
            elif node.module == "game":
                found += [f"game.{a.name}" for a in node.names if a.name not in game.__all__]
    return found


def _nets_exports() -> list[str]:
    from game import nets

    return list(nets.__all__)


def _sources() -> list[Path]:
    tops = [p for p in ROOT.iterdir() if p.name not in SKIP and not p.name.startswith(".")]
    return sorted(f for top in tops for f in ([top] if top.is_file() else top.rglob("*.py")) if f.suffix == ".py")


def test_the_check_sees_every_kind_of_deep_import() -> None:
    source = ("import game.flow\nfrom game.plays import Play\nfrom game import Side, errors\n"
              "def f() -> None:\n    from game.notation import parse_play\n")
    assert deep_imports(source) == ["game.flow", "game.plays", "game.errors", "game.notation"]
    assert deep_imports("from game import Game, legal_plays\nimport game\n") == []


def test_no_package_imports_an_engine_module() -> None:
    files = _sources()
    assert any(p.parts[-2] == "bot" for p in files) and any(p.parts[-2] == "renderer" for p in files)
    found = [f"{p.relative_to(ROOT)}: {name}" for p in files
             for name in deep_imports(p.read_text(encoding="utf-8"))
             if (p.relative_to(ROOT).as_posix(), name) not in ALLOWED]
    assert found == [], "import these from `game` (add the name to game/__init__.py if it is missing)"


def test_every_exported_name_is_there() -> None:
    missing = [name for name in game.__all__ if not hasattr(game, name)]
    assert missing == []


@pytest.mark.parametrize("name", ["choose_play", "ai_chooser", "random_play", "play_game", "play_out",
                                  "play_match", "score_play"])
def test_game_ai_hands_on_the_computers_names(name: str) -> None:
    from game import ai

    assert getattr(ai, name) is getattr(game, name)
