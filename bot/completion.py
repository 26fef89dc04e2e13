"""Autocomplete's test of a typed text against one legal play (pure; `interact.suggest` ranks what passes).

A play is seen as its single-die moves, each an edge `from → to` (25 the bar, 0 off). The typed text's finished
words are hops (`read_hops`: `24/18/13` is two hops), and each hop must be covered by a chain of the play's edges
not used by another hop, in any order the player typed them: `19/16 19/13 24/2` fits `24/21 19/13 19/16`
whichever checker the engine moved first. The unfinished last word must begin the name of some chain of edges
(`24/2` begins `24/21`; `bar/2` begins `bar/22`; `13/7(` begins `13/7`).
"""

from __future__ import annotations

from collections.abc import Iterator

from game import GameError, Play, read_hops

Edge = tuple[int, int]
_SPELLINGS = (("in/", "bar/"), ("b/", "bar/"), ("/o", "/off"))  # short forms a player may start a word with


def matches(play: Play, text: str) -> bool:
    """Whether `text` (normalised spaces) could be the start of `play`, its moves in any order."""
    if not text:
        return True
    words = text.lower().replace(",", " ").split()
    done, last = (words, "") if text.endswith(" ") else (words[:-1], words[-1])
    edges = [(frm, to) for frm, to, _ in play.steps]
    if done:
        try:
            hops = read_hops(" ".join(done))
        except GameError:
            return False
        if not _covers(hops, edges, [False] * len(edges)):
            return False
    if not last:
        return True
    last = last.split("(")[0].replace("*", "").replace("-", "/")
    for short, full in _SPELLINGS:
        if last.startswith(short) or last.endswith(short):
            last = last.replace(short, full)
    return any(name.startswith(last) for name in _names(edges))


def _covers(hops: list[Edge], edges: list[Edge], used: list[bool]) -> bool:
    """Whether every hop is a chain of unused edges, no edge serving two hops (a backtracking search: a play
    has at most four edges)."""
    if not hops:
        return True
    (a, b), rest = hops[0], hops[1:]
    for chain in _chains(a, b, edges, used):
        for i in chain:
            used[i] = True
        fits = _covers(rest, edges, used)
        for i in chain:
            used[i] = False
        if fits:
            return True
    return False


def _chains(a: int, b: int, edges: list[Edge], used: list[bool]) -> Iterator[list[int]]:
    """The ways to go from point `a` to point `b` along unused edges, as lists of edge indices."""
    for i, (frm, to) in enumerate(edges):
        if used[i] or frm != a or to < b:
            continue
        if to == b:
            yield [i]
        elif to != 0:
            used[i] = True
            for tail in _chains(to, b, edges, used):
                yield [i, *tail]
            used[i] = False


def _names(edges: list[Edge]) -> set[str]:
    """Every word a move of the play can be typed as: `from/to` for any chain of edges, and the whole chain
    (`24/20/16`)."""
    names: set[str] = set()

    def walk(path: list[int], used: list[bool]) -> None:
        here = path[-1]
        for i, (frm, to) in enumerate(edges):
            if used[i] or frm != here or here == 0:
                continue
            used[i] = True
            longer = [*path, to]
            names.add(f"{_name(longer[0])}/{_name(to)}")
            names.add("/".join(_name(p) for p in longer))
            walk(longer, used)
            used[i] = False

    for start in {frm for frm, _ in edges}:
        walk([start], [False] * len(edges))
    return names


def _name(point: int) -> str:
    return "bar" if point == 25 else "off" if point == 0 else str(point)
