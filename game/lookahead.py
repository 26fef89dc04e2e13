"""A look ahead's replies: the positions the plays of each of the 21 rolls reach from one position.

`replies(cells, protected, rules)` lists, per roll of `ROLLS` (a ≤ b), the working cells (`movegen`'s layout, the
mover's view) of every legal play, exactly the positions `enumerate_plays(…, orders=False)` gives (R-TURN-1…4,
R-MOVE-*, R-OFF-*); an empty list for a roll that cannot be played (R-TURN-3). In the pinning games, portes and
tabla, where every play has an order from high points to low (`movegen.sorted_orders`), the 21 rolls are walked
together: each die's first moves are made once for the five rolls that share it, and only the orders from high
points to low are walked. In the pinning games the second moves, and a double's moves, are made (and the last ones
undone) in place rather than through `pin_steps` and `pin_apply`: the same positions, in the same order. Tawula,
fevga and gul bara go roll by roll through `enumerate_plays`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import OFF, PIN
from .movegen import (
    HOMEOUT,
    Apply,
    Bounded,
    Step,
    _is_highest,
    bounded_steps,
    enumerate_plays,
    homeout,
    pin_steps,
    stepper,
)

if TYPE_CHECKING:
    from .variants import Variant

ROLLS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(1, 7) for b in range(a, 7))

Work = tuple[int, ...]
Found = dict[Work, tuple[int, int]]  # a position reached → (dice used, the single die used when only one was)


def replies(cells: tuple[int, ...], protected: tuple[bool, bool], rules: Variant | bool) -> list[list[Work]]:
    """Per roll of `ROLLS`, the working cells of its legal plays from `cells` (the side to move's view)."""
    below = bounded_steps(rules)
    if below is None:
        return [[work for _, work in enumerate_plays(cells, protected, rules, a, b, 4 if a == b else 2,
                                                      orders=False)] for a, b in ROLLS]
    s = [*cells, homeout(cells), 1 if protected[1] else 0]
    steps_of, apply = stepper(rules)
    firsts = {d: [(st, apply(s, st)) for st in steps_of(s, d)] for d in range(1, 7)}  # each die's first moves
    out: list[list[Work]] = []
    for a, b in ROLLS:
        found: Found = {}
        if a == b and below is pin_steps:
            _pin_doubles(s, a, found)
        elif a == b:
            _doubles(s, a, below, apply, found)
        else:
            for x, y in ((a, b), (b, a)):
                if below is pin_steps:
                    _pin_mixed(firsts[x], x, y, found)
                else:
                    _mixed(firsts[x], x, y, below, apply, found)
        out.append(_legal(found, a, b))
    return out


def _record(found: Found, key: Work, used: int, die: int) -> None:
    old = found.get(key)
    if old is None or used > old[0]:
        found[key] = (used, die)


def _mixed(firsts: list[tuple[Step, list[int]]], x: int, y: int, below: Bounded, apply: Apply,
           found: Found) -> None:
    """Die `x` then die `y`, the second move from no higher a point than the first."""
    for st1, n1 in firsts:
        if n1[OFF] == 15:  # R-TURN-4
            _record(found, tuple(n1), 2, 0)
            continue
        seconds = below(n1, y, st1[0])
        if not seconds:
            _record(found, tuple(n1), 1, x)
        for st2 in seconds:
            key = tuple(apply(n1, st2))
            if found.get(key, (0,))[0] < 2:
                found[key] = (2, 0)


def _pin_mixed(firsts: list[tuple[Step, list[int]]], x: int, y: int, found: Found) -> None:
    """`_mixed` in the pinning games, the second move made and undone in place (R-MOVE-1…3, R-OFF-1…3): the
    same positions reached, in the same order."""
    for st1, n in firsts:
        if n[OFF] == 15:  # R-TURN-4
            _record(found, tuple(n), 2, 0)
            continue
        bear = n[HOMEOUT] == 0
        moved = False
        for p in range(1, min(st1[0], 24) + 1):  # `pin_steps` inline, as in `_pin_doubles`
            v = n[p]
            if v <= 0:  # empty, the opponent's, or the mover's pinned checker (R-MOVE-2)
                continue
            t = p - y
            if t >= 1:
                w = n[t]
                if w < -1:
                    continue
            elif bear and (t == 0 or _is_highest(n, p)):
                t = w = 0
            else:
                continue
            moved = True
            _made(n, p, t, v, w, (2, 0), found)  # no play of two dice uses more
        if not moved:
            _record(found, tuple(n), 1, x)


def _doubles(s: list[int], d: int, below: Bounded, apply: Apply, found: Found) -> None:
    """The four moves of a double, from high points to low."""
    seen: set[Work] = set()

    def walk(cur: list[int], left: int, top: int) -> None:
        nexts = below(cur, d, top)
        if not nexts:
            _record(found, tuple(cur), 4 - left, d)
            return
        for st in nexts:
            n = apply(cur, st)
            if n[OFF] == 15 or left == 1:  # R-TURN-4, or the last move
                key = tuple(n)
                if found.get(key, (0,))[0] < 4:
                    found[key] = (4, d)
                continue
            key = (left, st[0], *n)
            if key in seen:
                continue
            seen.add(key)
            walk(n, left - 1, st[0])

    walk(s, 4, 25)


def _pin_doubles(s: list[int], d: int, found: Found) -> None:
    """`_doubles` in the pinning games, each move made in place (R-MOVE-1…3, R-OFF-1…3): the same positions
    reached, in the same order."""
    seen: set[Work] = set()

    def walk(cur: list[int], left: int, top: int) -> None:
        bear = cur[HOMEOUT] == 0
        moved = False
        for p in range(1, top + 1):  # `pin_steps` inline: a generator here made the walk 10–25 % slower
            v = cur[p]
            if v <= 0:  # empty, the opponent's, or the mover's pinned checker (R-MOVE-2)
                continue
            t = p - d
            if t >= 1:
                w = cur[t]
                if w < -1:
                    continue
            elif bear and (t == 0 or _is_highest(cur, p)):
                t = w = 0
            else:
                continue
            moved = True
            if left == 1:  # the last move, made and undone in place
                _made(cur, p, t, v, w, (4, d), found)
                continue
            n = cur[:]
            _pin_make(n, p, t, v, w)
            if n[OFF] == 15:  # R-TURN-4: no play uses more dice
                found[tuple(n)] = (4, d)
                continue
            key = (left, p, *n)
            if key in seen:
                continue
            seen.add(key)
            walk(n, left - 1, p)
        if not moved:
            _record(found, tuple(cur), 4 - left, d)

    walk(s, 4, 24)


def _pin_make(cur: list[int], p: int, t: int, v: int, w: int) -> None:
    """The move from `p` (holding `v`) to `t` (holding `w`; 0 is off) made in `cur` (R-MOVE-3)."""
    cur[p] = -1 if v == PIN + 1 else v - 1
    if t == 0:
        cur[OFF] += 1
    else:
        cur[t] = PIN + 1 if w == -1 else w + 1
        if p > 6 and t <= 6:
            cur[HOMEOUT] -= 1


def _made(cur: list[int], p: int, t: int, v: int, w: int, value: tuple[int, int], found: Found) -> None:
    """A play's last move made in `cur`, the position recorded as `value` (dice used, die), and the move undone."""
    out = cur[HOMEOUT]
    _pin_make(cur, p, t, v, w)
    found[tuple(cur)] = value
    cur[p] = v
    cur[HOMEOUT] = out
    if t == 0:
        cur[OFF] -= 1
    else:
        cur[t] = w


def _legal(found: Found, a: int, b: int) -> list[Work]:
    """R-TURN-1: the plays that use the most dice, and the larger die when only one can be played."""
    if not found:
        return []
    best = max(found.values())[0]  # the most dice used
    if best == 0:
        return []
    if best == 1 and a != b:
        big = max(a, b)
        if any(used == 1 and die == big for used, die in found.values()):
            return [k for k, (used, die) in found.items() if used == 1 and die == big]
    return [k for k, (used, _) in found.items() if used == best]
