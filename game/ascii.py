"""A compact ASCII board for consoles, logs and bug reports: a pure function of a position.

The board is drawn in the viewer's own numbering (R-BOARD-1): points 13..24 along the top from left to right,
12..1 along the bottom, so the viewer's home board is bottom right. The opponent's checkers are renumbered
for the viewer (R-BOARD-2, R-BOARD-3), so tawula's same-direction board reads the same way.

White's checkers are `X`, black's `O`. A stack grows from the board's edge toward the middle; a stack taller
than the drawing shows its count in its last row. A pinned checker (R-MOVE-2) is drawn in lower case at the
edge, under the checkers that pin it: `o` under `X X` is a black checker pinned by two white ones. Above and
below the board stand each side's pip count, borne-off checkers and, in tawula, waiting and bar checkers
(R-BOARD-4, R-ENTER-2/3); the last line says whose turn it is and shows the dice.

Every word is a `str.format` template of `WORDS` (English); a caller may pass its own (a translation) for any
of them, and `variant` to title the board with the game's name instead of the tools' `plakoto mother=win`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from .position import PointView, Position
from .sides import Side

ROWS = 5  # rows of checkers drawn per half of the board
SYMBOL = {Side.WHITE: "X", Side.BLACK: "O"}

# The words of the drawing (fields in braces); `white` and `black` name the sides.
WORDS: Mapping[str, str] = MappingProxyType({
    "white": "white", "black": "black",
    "seen_by": "{variant}  (seen by {side})", "pinned_key": "x, o: pinned", "you": "{side} (you)",
    "pips": "pips {n}", "waiting": "waiting {n}", "bar": "bar {n}", "pinned": "pinned {n}", "off": "off {n}",
    "to_move": "{side} ({symbol}) to move", "answer": "{side} ({symbol}) to take or drop",
    "dice": "{turn}, dice {dice}", "turns": "turns rolled {w}/{b} (a double cascades from the 4th)",
    "cascade": "cascade: {n} × {d}", "then": "{stage}, then {d}s", "transferred": "{stage} (transferred)",
})


def _stack(view: PointView) -> list[str]:
    """The cells of one point from the edge outward, each three characters wide, ROWS of them."""
    cells: list[str] = []
    if view.pinned is not None:
        cells.append(f" {SYMBOL[view.pinned].lower()} ")
    if view.owner is not None:
        total = len(cells) + view.count
        sym = f" {SYMBOL[view.owner]} "
        if total <= ROWS:
            cells.extend([sym] * view.count)
        else:
            cells.extend([sym] * (ROWS - 1 - len(cells)))
            cells.append(f"{view.count:^3}")
    return cells + ["   "] * (ROWS - len(cells))


def _half(views: list[PointView]) -> list[list[str]]:
    """Twelve points' stacks (left to right), as ROWS rows counted from the edge."""
    stacks = [_stack(v) for v in views]
    return [[s[r] for s in stacks] for r in range(ROWS)]


def _row(cells: list[str]) -> str:
    return f"|{''.join(cells[:6])}|   |{''.join(cells[6:])}|"


def _labels(points: list[int]) -> str:
    left = "".join(f"{p:>3}" for p in points[:6])
    right = "".join(f"{p:>3}" for p in points[6:])
    return f" {left}     {right}"


def _side_line(position: Position, side: Side, you: Side | None, w: Mapping[str, str]) -> str:
    name = w["white" if side is Side.WHITE else "black"]
    parts = [f"{SYMBOL[side]} {w['you'].format(side=name) if side is you else name}",
             w["pips"].format(n=position.pips(side))]
    v = position.variant
    if v.has_waiting:
        parts.append(w["waiting"].format(n=position.waiting(side)))
    if v.has_bar:
        protected = "!" if position.bar_protected(side) else ""
        parts.append(w["bar"].format(n=position.bar(side)) + protected)
    elif v.pinning:
        pinned = len(position.pinned_on(side))
        if pinned:
            parts.append(w["pinned"].format(n=pinned))
    parts.append(w["off"].format(n=position.borne_off(side)))
    return "  ".join(parts)


def render_ascii(position: Position, viewer: Side = Side.WHITE, dice: tuple[int, int] | None = None, *,
                 words: Mapping[str, str] | None = None, variant: str | None = None, you: Side | None = None,
                 answering: Side | None = None, ending: str | None = None) -> str:
    """The board of `position` as seen by `viewer`, in `viewer`'s numbering, as lines of text (no trailing
    newline). `dice`, if given, are shown beside whose turn it is; `words` replace any of `WORDS`, `variant`
    the tools' name of the variant in the title. `you` is the side marked "(you)" (`viewer` unless given);
    `answering`, the side asked to take or drop a double (R-CUBE-3), and `ending`, how a finished game ended,
    take the place of whose turn it is on the last line.

    :raises KeyError: a template of `words` uses a field it does not have (a broken translation).
    """
    w = {**WORDS, **(words or {})}
    marked = viewer if you is None else you
    views = position.points(viewer)  # index p - 1 holds the viewer's point p
    top_points = list(range(13, 25))
    bottom_points = list(range(12, 0, -1))
    top = _half([views[p - 1] for p in top_points])
    bottom = _half([views[p - 1] for p in bottom_points])
    edge = "+" + "-" * 18 + "+---+" + "-" * 18 + "+"
    side_name = {Side.WHITE: w["white"], Side.BLACK: w["black"]}
    title = w["seen_by"].format(variant=variant or position.variant.describe(), side=side_name[viewer])
    if any(v.pinned is not None for v in views):
        title += "  " + w["pinned_key"]
    lines = [
        title,
        _side_line(position, viewer.other, marked, w),
        _labels(top_points),
        edge,
        *(_row(r) for r in top),
        "|" + " " * 18 + "|   |" + " " * 18 + "|",
        *(_row(r) for r in reversed(bottom)),
        edge,
        _labels(bottom_points),
        _side_line(position, viewer, marked, w),
    ]
    if ending is not None:
        lines.append(ending)
        return "\n".join(line.rstrip() for line in lines)
    if answering is not None:
        lines.append(w["answer"].format(side=side_name[answering], symbol=SYMBOL[answering]))
        return "\n".join(line.rstrip() for line in lines)
    turn = w["to_move"].format(side=side_name[position.turn], symbol=SYMBOL[position.turn])
    if dice is not None:
        turn = w["dice"].format(turn=turn, dice=f"{dice[0]}-{dice[1]}")
    state = position.cascade
    if state is not None:  # R-GULBARA-6: what the board does not show
        turn += "  " + w["turns"].format(w=state.white, b=state.black)
        if state.pending:
            stage = w["cascade"].format(n=state.moves, d=state.die)
            if state.die < 6:
                stage = w["then"].format(stage=stage, d=state.die + 1)
            if state.transferred:
                stage = w["transferred"].format(stage=stage)
            turn += "  " + stage
    lines.append(turn)
    return "\n".join(line.rstrip() for line in lines)
