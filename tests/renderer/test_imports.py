"""The renderer's modules import one another without a circle (issue 17 §4: `background` ↔ `palette` was one),
and nothing of ours but `game` (the layering in README)."""

from __future__ import annotations

import ast
from pathlib import Path

import renderer

PACKAGE = Path(renderer.__file__).parent


def imports() -> dict[str, set[str]]:
    """Each renderer module → the renderer modules it imports, at the top or inside a function."""
    found: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.glob("*.py")):
        name = path.stem
        found[name] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module:
                    found[name].add(node.module.split(".")[0])
                else:
                    found[name].update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("renderer"):
                found[name].add(node.module.split(".")[1] if "." in node.module else "__init__")
    return found


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every circle of imports, each as the path that closes it."""
    out: list[list[str]] = []

    def walk(node: str, path: list[str]) -> None:
        for nxt in sorted(graph.get(node, ())):
            if nxt in path:
                out.append([*path[path.index(nxt):], nxt])
            elif nxt != "__init__":
                walk(nxt, [*path, nxt])

    for start in graph:
        if start != "__init__":
            walk(start, [start])
    return out


def test_no_module_of_the_renderer_imports_itself_back():
    graph = imports()
    assert "palette" in graph["draw"] and "background" in graph["palette"]  # the walk sees real imports
    assert cycles(graph) == []


def test_the_cycle_finder_finds_a_circle():
    assert cycles({"a": {"b"}, "b": {"a"}})[0] == ["a", "b", "a"]


def test_the_renderer_imports_only_game_of_ours():
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [node.module or ""] if isinstance(node, ast.ImportFrom) and node.level == 0 else [])
            for n in names:
                assert n.split(".")[0] not in ("bot", "storage"), (path.name, n)
