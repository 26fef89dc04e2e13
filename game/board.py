"""The compact board layout the move generator works on.

A position is kept from the **mover's** view as a flat tuple of 30 small ints (`cells`), so the move
generator never translates coordinates. Indices:

- `OFF` (0): the mover's borne-off checkers; `1..24`: points in the mover's numbering (R-BOARD-1);
- `BAR` (25), `WAIT` (26): the mover's checkers on the bar (hit, tawula) and waiting to enter (tawula);
- `OBAR` (27), `OWAIT` (28), `OOFF` (29): the same for the opponent.

A point holds one code:

- `0`: empty; `n` (1..99): n of the mover's checkers; `-n`: n of the opponent's;
- `100 + n`: n of the mover's checkers on top of one pinned opponent checker (R-MOVE-2);
- `-(100 + n)`: n of the opponent's checkers on top of one pinned checker of the mover.

Changing the viewpoint negates every point code and maps the point numbers (R-BOARD-2, R-BOARD-3).
"""

from __future__ import annotations

OFF = 0
BAR = 25
WAIT = 26
OBAR = 27
OWAIT = 28
OOFF = 29
SIZE = 30
PIN = 100


def point_name(p: int) -> str:
    """A point index as notation writes it (R-NOTE-1): `bar` (25), `off` (0), else the number."""
    return "bar" if p == BAR else "off" if p == OFF else str(p)


def contrary_map(p: int) -> int:
    """R-BOARD-2: point p of one side is point 25 − p of the other."""
    return 25 - p


def same_map(p: int) -> int:
    """R-BOARD-3: point p of one side is p − 12 (p > 12) or p + 12 of the other."""
    return p - 12 if p > 12 else p + 12


CONTRARY_INDEX: tuple[int, ...] = tuple(range(1, 25)[::-1])
SAME_INDEX: tuple[int, ...] = tuple(same_map(p) for p in range(1, 25))


def flip(cells: tuple[int, ...] | list[int], contrary: bool) -> tuple[int, ...]:
    """The same position seen by the other side."""
    idx = CONTRARY_INDEX if contrary else SAME_INDEX
    return (cells[OOFF], *[-cells[i] for i in idx], cells[OBAR], cells[OWAIT], cells[BAR], cells[WAIT],
            cells[OFF])


def mine(code: int) -> int:
    """How many of the mover's checkers a point code holds (pinned ones included)."""
    if code > 0:
        return code - PIN if code > PIN else code
    return 1 if code < -PIN else 0


def theirs(code: int) -> int:
    """How many of the opponent's checkers a point code holds (pinned ones included)."""
    return mine(-code)
