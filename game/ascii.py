"""A compact ASCII board for consoles, logs and bug reports: a pure function of a position.

The board is drawn in the viewer's own numbering (R-BOARD-1): points 13..24 along the top from left to right,
12..1 along the bottom, so the viewer's home board is bottom right. The opponent's checkers are renumbered
for the viewer (R-BOARD-2, R-BOARD-3), so tawula's same-direction board reads the same way.

White's checkers are `X`, black's `O`. A stack grows from the board's edge toward the middle; a stack taller
than the drawing shows its count in its last row. A pinned checker (R-MOVE-2) is drawn in lower case at the
edge, under the checkers that pin it: `o` under `X X` is a black checker pinned by two white ones. Above and
below the board stand each side's pip count, borne-off checkers and, in tawula, waiting and bar checkers
(R-BOARD-4, R-ENTER-2/3); the last line says whose turn it is and shows the dice.
"""

from __future__ import annotations

from .position import PointView, Position
from .sides import Side

ROWS = 5  # rows of checkers drawn per half of the board
SYMBOL = {Side.WHITE: "X", Side.BLACK: "O"}


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


def _side_line(position: Position, side: Side, viewer: Side) -> str:
    parts = [f"{SYMBOL[side]} {side.value}{' (you)' if side is viewer else ''}",
             f"pips {position.pips(side)}"]
    v = position.variant
    if v.has_waiting:
        parts.append(f"waiting {position.waiting(side)}")
    if v.has_bar:
        protected = "!" if position.bar_protected(side) else ""
        parts.append(f"bar {position.bar(side)}{protected}")
    elif v.pinning:
        pinned = len(position.pinned_on(side))
        if pinned:
            parts.append(f"pinned {pinned}")
    parts.append(f"off {position.borne_off(side)}")
    return "  ".join(parts)


def render_ascii(position: Position, viewer: Side = Side.WHITE, dice: tuple[int, int] | None = None) -> str:
    """The board of `position` as seen by `viewer`, in `viewer`'s numbering, as lines of text (no trailing
    newline). `dice`, if given, are shown beside whose turn it is."""
    views = position.points(viewer)  # index p - 1 holds the viewer's point p
    top_points = list(range(13, 25))
    bottom_points = list(range(12, 0, -1))
    top = _half([views[p - 1] for p in top_points])
    bottom = _half([views[p - 1] for p in bottom_points])
    edge = "+" + "-" * 18 + "+---+" + "-" * 18 + "+"
    title = f"{position.variant.describe()}  (seen by {viewer.value})"
    if any(v.pinned is not None for v in views):
        title += "  x, o: pinned"
    lines = [
        title,
        _side_line(position, viewer.other, viewer),
        _labels(top_points),
        edge,
        *(_row(r) for r in top),
        "|" + " " * 18 + "|   |" + " " * 18 + "|",
        *(_row(r) for r in reversed(bottom)),
        edge,
        _labels(bottom_points),
        _side_line(position, viewer, viewer),
    ]
    turn = f"{position.turn.value} ({SYMBOL[position.turn]}) to move"
    if dice is not None:
        turn += f", dice {dice[0]}-{dice[1]}"
    state = position.cascade
    if state is not None:  # R-GULBARA-6: what the board does not show
        turn += f"  turns {state.white}/{state.black}"
        if state.pending:
            then = f", then {state.die + 1}s" if state.die < 6 else ""
            whose = " (transferred)" if state.transferred else ""
            turn += f"  cascade: {state.moves} × {state.die}{then}{whose}"
    lines.append(turn)
    return "\n".join(line.rstrip() for line in lines)
