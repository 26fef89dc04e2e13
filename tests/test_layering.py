"""The packages' imports, read from the source with `ast` (every import: at the top, under `TYPE_CHECKING`, and
inside functions), keep the layering and form no circle.

Layering: `game` imports nothing of ours; `storage` imports only `game`; `renderer` imports only `game`; `bot`
may import all of them. Circles: none in `bot/` (its job modules take the `bot.core.Core` toolkit and only the
`bot.service` facade imports them), and elsewhere only the ones in `ALLOWED` below, each with its reason (one
today, held by an import inside a function: `game.plays` → `game.notation` → `game.explain`).

Inside `bot/` the facade `bot.service` stands between the front ends above it (the chat adapters, the console,
the board page, the runner) and the jobs and values below it: nothing it imports, however indirectly, is a front
end's, and no package of `bot/` has modules on both sides of it (what the service and the adapters need of the
page, its links, signatures and words, lives below it in `bot/boardpage/`). The page's server (`bot/web/`) sees
the service only through its seam (`bot.web.seam.PageSeam`) and the values below it, never the store.

Only `storage/` talks to Redis: no other module imports `redis` or reaches for a store's client
(`store.client`, `service.store.client`); every key is built in `storage/keys.py`.

A module's imports are resolved to our modules: `from . import x` is the submodule `x` when there is one, else
the package itself; importing a submodule is an edge to that submodule only (a package's `__init__` only hands
names on, STYLE.md, so the edges it would add say nothing about the code's shape).
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Iterator
from pathlib import Path

import networkx as nx  # type: ignore[import-untyped]
import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("game", "storage", "renderer", "bot")
MAY_IMPORT = {"game": {"game"}, "storage": {"storage", "game"}, "renderer": {"renderer", "game"},
              "bot": set(PACKAGES)}

# Circles tolerated for now, as sets of modules, each with why.
ALLOWED: dict[frozenset[str], str] = {
    frozenset({"game.plays", "game.notation", "game.explain"}):
        "a `Play` prints itself (`Play.notation`) with the notation module, which parses text into plays and "
        "asks `explain` why a text is no legal play (both list the plays); the print is imported when first "
        "asked for, so a play stays a plain value of `plays`.",
}


def modules() -> dict[str, Path]:
    """Every module of ours: dotted name → file."""
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> Iterator[tuple[str, int]]:
    """The modules of ours that `name` imports, with the line of each import."""
    is_package = path.name == "__init__.py"
    here = name.split(".") if is_package else name.split(".")[:-1]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                target = _ours(alias.name, known)
                if target:
                    yield target, node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[:len(here) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            for alias in node.names:
                target = _ours(f"{module}.{alias.name}", known) if f"{module}.{alias.name}" in known else None
                target = target or _ours(module, known)
                if target:
                    yield target, node.lineno


def _ours(module: str, known: dict[str, Path]) -> str | None:
    """The longest prefix of `module` that is a module of ours."""
    parts = module.split(".")
    for n in range(len(parts), 0, -1):
        candidate = ".".join(parts[:n])
        if candidate in known:
            return candidate
    return None


def graph() -> nx.DiGraph:
    known = modules()
    g = nx.DiGraph()
    for name, path in known.items():
        g.add_node(name)
        for target, line in imports(name, path, known):
            if target != name:
                g.add_edge(name, target, line=f"{path.relative_to(ROOT)}:{line}")
    return g


def test_the_reader_sees_imports_inside_functions_and_relative_ones() -> None:
    g = graph()
    assert g.has_edge("bot.service", "bot.dispatch")  # `from .dispatch import HANDLERS`, at the top
    assert g.has_edge("bot.cli", "bot.console")  # `from .console import Console`, inside a function
    assert g.has_edge("renderer.theme", "game")  # `from game import Side`
    assert g.has_edge("renderer.palette", "renderer.background")  # `from .background import background`, inside


@pytest.mark.parametrize("package", PACKAGES)
def test_each_package_imports_only_the_layers_below_it(package: str) -> None:
    g = graph()
    crossing = [f"{g.edges[a, b]['line']}: {a} imports {b}" for a, b in g.edges
                if a.split(".")[0] == package and b.split(".")[0] not in MAY_IMPORT[package]]
    assert crossing == []


def test_no_import_circles_but_the_named_ones() -> None:
    g = graph()
    circles = [frozenset(c) for c in nx.strongly_connected_components(g) if len(c) > 1]
    unexplained = [sorted(c) for c in circles if c not in ALLOWED]
    assert unexplained == [], _describe(g, unexplained)
    assert not any(m.startswith("bot") for c in circles for m in c), "no circle in bot/"
    assert set(ALLOWED) <= set(circles), "an allowed circle is gone: take it out of ALLOWED"


FACADE = "bot.service"
FRONT_ENDS = ("bot.web", "bot.telegram_adapter", "bot.discord_adapter", "bot.console", "bot.cli", "bot.runner")
# What the page's server may import of `bot/` besides itself: its seam's values and words, the reply values, the
# languages, and what `tabla run` starts it with.
PAGE_MAY_IMPORT = {"bot.boardpage.view", "bot.boardpage.words", "bot.boardpage.auth", "bot.boardpage.replay_view",
                   "bot.boardpage.replay_words", "bot.boardpage.replay_link", "bot.boardpage.tournament_view",
                   "bot.replies", "bot.i18n",
                   "bot.moments", "bot.words", "bot.adapter", "bot.runner", "bot.settings"}


def _in(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def test_the_facade_reaches_no_front_end() -> None:
    g = graph()
    below = nx.descendants(g, FACADE)
    reached = sorted(m for m in below if any(_in(m, f) for f in FRONT_ENDS))
    assert reached == [], _paths(g, FACADE, reached)


def test_no_package_of_bot_stands_on_both_sides_of_the_facade() -> None:
    """An arrow that runs back up: a package whose modules import the facade while the facade imports others of
    it (as `bot.web` did, the service importing its links while its server imported the service)."""
    g = graph()
    above, below = nx.ancestors(g, FACADE), nx.descendants(g, FACADE)
    packages = {".".join(m.split(".")[:2]) for m in g if m.count(".") >= 2 and m.startswith("bot.")}
    both = sorted(p for p in packages if any(_in(m, p) for m in above) and any(_in(m, p) for m in below))
    assert both == [], "\n".join(f"{p}: above {sorted(m for m in above if _in(m, p))}, below "
                                  f"{sorted(m for m in below if _in(m, p))}" for p in both)


def test_the_page_sees_the_service_only_through_its_seam() -> None:
    g = graph()
    internals = sorted(f"{g.edges[a, b]['line']}: {a} imports {b}" for a, b in g.edges
                       if _in(a, "bot.web") and _in(b, "bot") and not _in(b, "bot.web")
                       and b not in PAGE_MAY_IMPORT)
    assert internals == []
    stores = [f"{path.relative_to(ROOT)}:{node.lineno}" for name, path in modules().items() if _in(name, "bot.web")
              for node in ast.walk(ast.parse(path.read_text())) if isinstance(node, ast.Attribute)
              and node.attr == "store"]
    assert stores == [], "the page reads the store"


def _paths(g: nx.DiGraph, source: str, targets: list[str]) -> str:
    lines = []
    for target in targets:
        path = nx.shortest_path(g, source, target)
        lines.append(source + "".join(f" → {b} ({g.edges[a, b]['line']})" for a, b in itertools.pairwise(path)))
    return "\n".join(lines)


def redis_touches(path: Path) -> Iterator[str]:
    """Where a module imports redis or reaches for a store's Redis client."""
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            names = [node.module or ""]
        if any(n == "redis" or n.startswith("redis.") for n in names):
            yield f"{path}:{node.lineno}: imports redis"
        if isinstance(node, ast.Attribute) and node.attr in ("client", "_client") and _is_store(node.value):
            yield f"{path}:{node.lineno}: uses the store's Redis client"


def _is_store(node: ast.expr) -> bool:
    """`store`, `self.store`, `service.store`, `store._backend`…: an expression naming a store."""
    if isinstance(node, ast.Name):
        return "store" in node.id
    return isinstance(node, ast.Attribute) and ("store" in node.attr or node.attr == "_backend")


def test_the_reader_finds_a_store_client(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("from redis.asyncio import Redis\n\ndef f(service):\n    return service.store.client\n")
    assert len(list(redis_touches(sample))) == 2


def test_only_storage_talks_to_redis() -> None:
    touches = [t for name, path in modules().items() if not name.startswith("storage")
               for t in redis_touches(path)]
    assert touches == []


def _describe(g: nx.DiGraph, circles: list[list[str]]) -> str:
    lines = []
    for members in circles:
        sub = g.subgraph(members)
        lines += [f"  {sub.edges[a, b]['line']}: {a} → {b}" for a, b in sub.edges]
    return "\n".join(lines)
