"""Legal plays of a roll (R-TURN-1…6, R-MOVE-*, R-ENTER-*, R-OFF-*).

The generator works on one mutable list in the mover's view (the layout of `board.py`, plus two working cells:
`HOMEOUT`, the mover's checkers not yet in its home board, and `OPROT`, the opponent's bar protected) and
enumerates every order of the dice depth-first, keeping the distinct resulting positions (R-TURN-2).

A step is `(from, to, hit)` in the mover's numbering: `from` 25 is the bar or the waiting checkers (they enter
alike, R-ENTER-2/3), `to` 0 is borne off, and `hit` marks a pin (R-MOVE-2) or a hit (R-MOVE-4) on landing.
"""

from __future__ import annotations

from .board import BAR, OBAR, OFF, PIN, WAIT
from .board import mine as _mine

HOMEOUT = 30
OPROT = 31
WORK = 32

Step = tuple[int, int, bool]
Leaf = tuple[tuple[Step, ...], tuple[int, ...]]


def homeout(cells: tuple[int, ...] | list[int]) -> int:
    """The mover's checkers that keep it from bearing off (R-OFF-1): on points 7-24, on the bar or waiting."""
    return sum(_mine(cells[p]) for p in range(7, 25)) + cells[BAR] + cells[WAIT]


def _is_highest(s: list[int], p: int) -> bool:
    """R-OFF-2: no checker of the mover, free or pinned, above point p."""
    for q in range(p + 1, 7):
        v = s[q]
        if v > 0 or v < -PIN:
            return False
    return True


def pin_steps(s: list[int], d: int) -> list[Step]:
    """Single moves of die d in a pinning game (R-MOVE-1/2, R-OFF-1/2/3)."""
    out: list[Step] = []
    bear = s[HOMEOUT] == 0
    for p in range(1, 25):
        v = s[p]
        if v <= 0:  # empty, the opponent's, or the mover's pinned checker (R-MOVE-2)
            continue
        t = p - d
        if t >= 1:
            w = s[t]
            if w >= -1:  # open: empty, own, own pinning stack, or a lone opposing checker
                out.append((p, t, w == -1))
        elif bear and (t == 0 or _is_highest(s, p)):
            out.append((p, 0, False))
    return out


def pin_apply(s: list[int], step: Step) -> list[int]:
    """A copy of s after one pinning-game step."""
    p, t, _ = step
    n = s[:]
    v = n[p]
    n[p] = -1 if v == PIN + 1 else (v - 1)  # R-MOVE-3: the last pinner leaving frees the pinned checker
    if t == 0:
        n[OFF] += 1
    else:
        w = n[t]
        n[t] = PIN + 1 if w == -1 else w + 1
        if p > 6 and t <= 6:
            n[HOMEOUT] -= 1
    return n


def hit_steps(s: list[int], d: int) -> list[Step]:
    """Single moves of die d in tawula (R-MOVE-4/5, R-ENTER-2/3, R-OFF-1/2)."""
    if s[BAR]:  # R-ENTER-3: re-enter before anything else; joining one's own head is allowed
        t = 25 - d
        w = s[t]
        if w < -1 or (w > 0 and t != 24):
            return []
        return [(25, t, w == -1)]
    out: list[Step] = []
    waiting = s[WAIT]
    if waiting:  # R-ENTER-2: not onto own checkers, not onto two or more opposing ones
        t = 25 - d
        w = s[t]
        if -1 <= w <= 0:
            out.append((25, t, w == -1))
    bear = s[HOMEOUT] == 0
    for p in range(1, 25):
        v = s[p]
        if v <= 0 or (p == 24 and waiting and v <= 2):  # R-ENTER-2: the two starters stay
            continue
        t = p - d
        if t >= 1:
            w = s[t]
            if w < -1 or (w > 0 and 13 <= t <= 23):  # R-MOVE-4 closed; R-MOVE-5 one checker a point
                continue
            out.append((p, t, w == -1))
        elif bear and (t == 0 or _is_highest(s, p)):
            out.append((p, 0, False))
    return out


def hit_apply(s: list[int], step: Step) -> list[int]:
    """A copy of s after one tawula step."""
    p, t, hit = step
    n = s[:]
    if p == 25:
        if n[BAR]:
            n[BAR] -= 1
        else:
            n[WAIT] -= 1
    else:
        n[p] -= 1
    if t == 0:
        n[OFF] += 1
        return n
    if hit:
        n[t] = 1
        n[OBAR] += 1
        if 7 <= t <= 12:  # R-ENTER-4: a hit in the opponent's starting table protects its bar
            n[OPROT] = 1
    else:
        n[t] += 1
    if p > 6 and t <= 6:
        n[HOMEOUT] -= 1
    return n


def opponent_can_reenter(s: list[int] | tuple[int, ...]) -> bool:
    """R-ENTER-4: some point of the opponent's 19-24 (the mover's 7-12) is open for its re-entry (R-ENTER-3)."""
    for t in range(7, 13):
        w = s[t]
        if w <= 1 and (w >= 0 or t == 12):
            return True
    return False


def enumerate_plays(cells: tuple[int, ...], protected: tuple[bool, bool], pinning: bool,
                    d1: int, d2: int) -> list[Leaf]:
    """All legal plays of dice (d1, d2) as (steps, resulting working cells), one per resulting position.

    R-TURN-1 (most dice, then the larger die), R-TURN-2 (distinct positions), R-TURN-4 (bearing off the last
    checker completes a play), R-ENTER-4 (a protected bar, waived when no play keeps an entry open).
    """
    s = [*cells, homeout(cells), 1 if protected[1] else 0]
    steps_of = pin_steps if pinning else hit_steps
    apply = pin_apply if pinning else hit_apply
    found: dict[tuple[int, ...], tuple[tuple[Step, ...], list[int], int, int]] = {}
    # found[key] = (steps, cells, dice used, highest single die used)

    def record(steps: tuple[Step, ...], n: list[int], used: int, die: int) -> None:
        key = tuple(n)
        old = found.get(key)
        if old is None:
            found[key] = (steps, n, used, die)
        elif old[0] != steps:  # keep the order with the fewest touches (R-TURN-6), for the notation
            touched = _touches(old[0])
            if touched and _touches(steps) < touched:
                found[key] = (steps, n, used, die)

    if d1 != d2:
        for a, b in ((d1, d2), (d2, d1)):
            for st1 in steps_of(s, a):
                n1 = apply(s, st1)
                if n1[OFF] == 15:  # R-TURN-4
                    record((st1,), n1, 2, 0)
                    continue
                seconds = steps_of(n1, b)
                if not seconds:
                    record((st1,), n1, 1, a)
                    continue
                for st2 in seconds:
                    record((st1, st2), apply(n1, st2), 2, 0)
    else:
        seen: set[tuple[int, ...]] = set()

        def walk(cur: list[int], steps: tuple[Step, ...], left: int) -> None:
            nexts = steps_of(cur, d1) if left else []
            if not nexts:
                record(steps, cur, 4 - left, d1)
                return
            for st in nexts:
                n = apply(cur, st)
                if n[OFF] == 15:
                    record((*steps, st), n, 4, d1)
                    continue
                if left > 1:
                    key = (left, *n)
                    if key in seen:
                        continue
                    seen.add(key)
                walk(n, (*steps, st), left - 1)

        walk(s, (), 4)
    if not found:
        return []
    best = max(v[2] for v in found.values())
    if best == 0:
        return []
    leaves = [v for v in found.values() if v[2] == best]
    if best == 1 and d1 != d2:  # R-TURN-1: the larger die when only one can be played
        big = max(d1, d2)
        if any(v[3] == big for v in leaves):
            leaves = [v for v in leaves if v[3] == big]
    if not pinning and (s[OPROT] or any(v[1][OPROT] for v in leaves)):
        guarded = [v for v in leaves if not (v[1][OPROT] and v[1][OBAR]) or opponent_can_reenter(v[1])]
        if guarded:  # R-ENTER-4 decision: waived when no complete play meets it
            leaves = guarded
    return [(v[0], tuple(v[1])) for v in leaves]


def _touches(steps: tuple[Step, ...]) -> int:
    return sum(1 for st in steps if st[2])


def any_single_step(cells: tuple[int, ...] | list[int], pinning: bool) -> bool:
    """Whether the mover has a legal move for at least one die value (R-END-8)."""
    s = [*cells[:30], homeout(cells), 0]
    steps_of = pin_steps if pinning else hit_steps
    return any(steps_of(s, d) for d in range(1, 7))
