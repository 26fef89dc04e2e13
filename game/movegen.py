"""Legal plays of a roll (R-TURN-1…6, R-MOVE-*, R-ENTER-*, R-OFF-*, R-PORTES-2/3, R-FEVGA-3…5, R-GULBARA-3).

The generator works on one mutable list in the mover's view (the layout of `board.py`, plus two working cells:
`HOMEOUT`, the mover's checkers not yet in its home board, and `OPROT`, the opponent's bar protected) and
enumerates every order of the dice depth-first, keeping the distinct resulting positions (R-TURN-2).

A step is `(from, to, hit)` in the mover's numbering: `from` 25 is the bar or the waiting checkers (they enter
alike, R-ENTER-2/3, R-PORTES-3), `to` 0 is borne off, and `hit` marks a pin (R-MOVE-2) or a hit (R-MOVE-4) on
landing; it is always False in the blocking games (R-MOVE-6).

The stable API for step-by-step play builders (kept as it is; every variant goes through it):

- `start_work(position) -> list[int]`: the working cells of a position, mover's view (board.py + HOMEOUT, OPROT).
- `roll_dice(position, dice) -> list[int]`: the single-move dice of a roll: `[d1, d2]`, `[d] * 4` for a double,
  or `[d] * n` for gulbara's pending stage of n moves (R-GULBARA-6; its dice must be `(d, d)`).
- `stepper(variant) -> (steps_of, apply)`: the per-die step functions of the variant:
  `steps_of(work: list[int], die: int) -> list[Step]` (the single moves of one die that the variant's rules
  allow at this moment, judged before the move: the bar first, Fevga's runner, R-OFF-1/2 …) and
  `apply(work: list[int], step: Step) -> list[int]` (a new list; the argument is not changed).
- `final_ok(variant, start, end) -> bool`: the rules judged on a whole play's final cells before R-TURN-1
  counts dice (R-FEVGA-4: fevga's own starting quarter never all held); True in every other variant.
- `enumerate_plays(cells, protected, rules, d1, d2, moves=None) -> list[Leaf]`: every legal play as
  `(steps, work)`; `rules` is the `Variant` (or, as before, a bool: True pinning, False tawula), `moves` the
  number of moves of a double (gulbara's pending stage; default 4). `steps` is one order of `(from, to, hit)`
  single moves in the mover's numbering that reaches `work`.
- A sequence of single moves (made with `steps_of`/`apply`, each die of `roll_dice` used once) is a legal play
  exactly when its final work, as a tuple, equals the `work` of one of `enumerate_plays`' leaves: the rules
  judged on whole plays (R-TURN-1, R-ENTER-4, R-FEVGA-4, R-FEVGA-5) are settled by that membership.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .board import BAR, OBAR, OFF, PIN, WAIT, same_map
from .board import mine as _mine

if TYPE_CHECKING:
    from .position import Position
    from .variants import Variant

HOMEOUT = 30
OPROT = 31
WORK = 32

Step = tuple[int, int, bool]
Leaf = tuple[tuple[Step, ...], tuple[int, ...]]
StepsOf = Callable[[list[int], int], list[Step]]
Bounded = Callable[[list[int], int, int], list[Step]]  # steps_of with the highest source point allowed
Apply = Callable[[list[int], Step], list[int]]


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


def pin_steps(s: list[int], d: int, top: int = 24) -> list[Step]:
    """Single moves of die d in a pinning game (R-MOVE-1/2, R-OFF-1/2/3), from points up to `top`."""
    out: list[Step] = []
    bear = s[HOMEOUT] == 0
    for p in range(1, min(top, 24) + 1):
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


def bar_steps(s: list[int], d: int, top: int = 25) -> list[Step]:
    """Single moves of die d in portes and tabla (R-PORTES-2/3, R-MOVE-1/4, R-OFF-1/2), from points up to `top`
    (25: the bar)."""
    if s[BAR]:  # R-PORTES-3: enter everything first; own checkers and blots are fine, two or more are not
        t = 25 - d
        w = s[t]
        return [(25, t, w == -1)] if w >= -1 and top == 25 else []
    out: list[Step] = []
    bear = s[HOMEOUT] == 0
    for p in range(1, min(top, 24) + 1):
        if s[p] <= 0:
            continue
        t = p - d
        if t >= 1:
            w = s[t]
            if w >= -1:  # R-MOVE-4: closed only to two or more opposing checkers
                out.append((p, t, w == -1))
        elif bear and (t == 0 or _is_highest(s, p)):
            out.append((p, 0, False))
    return out


def bar_apply(s: list[int], step: Step) -> list[int]:
    """A copy of s after one portes/tabla step: a hit blot goes to its owner's bar (R-PORTES-2)."""
    p, t, hit = step
    n = s[:]
    if p == 25:
        n[BAR] -= 1
    else:
        n[p] -= 1
    if t == 0:
        n[OFF] += 1
        return n
    if hit:
        n[t] = 1
        n[OBAR] += 1
    else:
        n[t] += 1
    if p > 6 and t <= 6:
        n[HOMEOUT] -= 1
    return n


def block_steps(s: list[int], d: int) -> list[Step]:
    """Single moves of die d in gulbara (R-MOVE-6: a point holding any opposing checker is closed; R-OFF-1/2)."""
    out: list[Step] = []
    bear = s[HOMEOUT] == 0
    for p in range(1, 25):
        if s[p] <= 0:
            continue
        t = p - d
        if t >= 1:
            if s[t] >= 0:
                out.append((p, t, False))
        elif bear and (t == 0 or _is_highest(s, p)):
            out.append((p, 0, False))
    return out


def passed(s: list[int] | tuple[int, ...]) -> bool:
    """R-FEVGA-3: the mover has a checker on its points 1-12 or has borne one off."""
    if s[OFF]:
        return True
    return any(v > 0 for v in s[1:13])


def fevga_steps(s: list[int], d: int) -> list[Step]:
    """Single moves of die d in fevga: R-MOVE-6, and the runner (R-FEVGA-3), judged before each move."""
    if passed(s):
        return block_steps(s, d)
    p = 24
    for q in range(13, 24):  # the runner, if it has left the 24-point: only it may move
        if s[q] > 0:
            p = q
            break
    if s[p] <= 0:
        return []
    t = p - d
    return [(p, t, False)] if s[t] >= 0 else []  # t >= 18 - 6 > 0: no bearing off before passing


def block_apply(s: list[int], step: Step) -> list[int]:
    """A copy of s after one fevga/gulbara step (nothing is hit or pinned, R-MOVE-6)."""
    p, t, _ = step
    n = s[:]
    n[p] -= 1
    if t == 0:
        n[OFF] += 1
        return n
    n[t] += 1
    if p > 6 and t <= 6:
        n[HOMEOUT] -= 1
    return n


def stepper(rules: Variant | bool) -> tuple[StepsOf, Apply]:
    """The per-die step functions of a variant: `(steps_of, apply)` (see the module docstring).

    `rules` may be a bool for the older callers: True the pinning games, False tawula.
    """
    if isinstance(rules, bool):
        return (pin_steps, pin_apply) if rules else (hit_steps, hit_apply)
    name = rules.name
    if rules.pinning:
        return pin_steps, pin_apply
    if name == "tawula":
        return hit_steps, hit_apply
    if rules.hitting:
        return bar_steps, bar_apply
    if rules.runner:
        return fevga_steps, block_apply
    return block_steps, block_apply


def start_work(position: Position) -> list[int]:
    """The working cells of `position` for the generator: its cells (mover's view) plus HOMEOUT and OPROT."""
    return [*position.cells, homeout(position.cells), 1 if position.protected[1] else 0]


def roll_dice(position: Position, dice: tuple[int, int]) -> list[int]:
    """The single-move dice `dice` give in `position`: two, four of a double, or gulbara's pending stage.

    :raises GameFlowError: a gulbara position with a pending stage asked with other dice than `(d, d)`.
    """
    from .cascade import stage_moves

    d1, d2 = dice
    if position.cascade is not None:
        n = stage_moves(position.cascade, dice)
        return [d1] * n if d1 == d2 else [d1, d2]
    return [d1] * 4 if d1 == d2 else [d1, d2]


def quarter_full(s: list[int] | tuple[int, ...]) -> bool:
    """The mover holds all six of its points 19-24 (R-FEVGA-4)."""
    return s[19] > 0 and s[20] > 0 and s[21] > 0 and s[22] > 0 and s[23] > 0 and s[24] > 0


def final_ok(rules: Variant | bool, start: list[int] | tuple[int, ...], end: list[int] | tuple[int, ...]) -> bool:
    """The rules judged on a whole play's final cells before R-TURN-1 (R-FEVGA-4: in fevga a play may not end
    with the mover holding all six of its points 19-24; never waived). True in every other variant."""
    if isinstance(rules, bool) or not rules.runner:
        return True
    return not quarter_full(end)


def trap_points(s: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """R-FEVGA-5: when every opposing checker on the board stands on one point s (the opponent's s >= 7) and
    the mover holds the six points in front of it (the opponent's s-1 … s-6), those six points in the mover's
    numbering; else ()."""
    where = 0
    for p in range(1, 25):
        if s[p] < 0:
            if where:
                return ()
            where = p
    if not where:
        return ()
    theirs = same_map(where)
    if theirs < 7:
        return ()
    six = tuple(same_map(theirs - k) for k in range(1, 7))
    if all(s[q] > 0 for q in six):
        return six
    return ()


def opponent_can_reenter(s: list[int] | tuple[int, ...]) -> bool:
    """R-ENTER-4: some point of the opponent's 19-24 (the mover's 7-12) is open for its re-entry (R-ENTER-3)."""
    for t in range(7, 13):
        w = s[t]
        if w <= 1 and (w >= 0 or t == 12):
            return True
    return False


def enumerate_plays(cells: tuple[int, ...], protected: tuple[bool, bool], rules: Variant | bool,
                    d1: int, d2: int, moves: int | None = None, orders: bool = True) -> list[Leaf]:
    """All legal plays of dice (d1, d2) as (steps, resulting working cells), one per resulting position.

    R-TURN-1 (most dice, then the larger die), R-TURN-2 (distinct positions), R-TURN-4 (bearing off the last
    checker completes a play), R-ENTER-4 (a protected bar, waived when no play keeps an entry open), R-FEVGA-4
    (a play ending with the own quarter full is not a play: shorter plays count instead) and R-FEVGA-5 (after
    R-TURN-1, a trap must be opened when some play opens it). `rules` is the variant (or a bool, see
    `stepper`); `moves` the number of moves of a double (default 4; gulbara's pending stage may have fewer).
    With `orders=False` only the resulting positions matter (a look ahead): of two orders of the same dice that
    reach the same position the first found is kept, never the one with the fewest touches (R-TURN-6).
    """
    s = [*cells, homeout(cells), 1 if protected[1] else 0]
    steps_of, apply = stepper(rules)
    runner = not isinstance(rules, bool) and rules.runner
    tawula = rules is False or (not isinstance(rules, bool) and rules.name == "tawula")
    found: dict[tuple[int, ...], tuple[tuple[Step, ...], tuple[int, ...], int, int]] = {}
    # found[key] = (steps, cells, dice used, highest single die used); cells is the key itself: tuples of
    # ints only, which the garbage collector stops tracking (a search keeps thousands alive)
    full = (moves if moves is not None else 4) if d1 == d2 else 2

    def record(steps: tuple[Step, ...], n: list[int], used: int, die: int) -> None:
        key = tuple(n)
        old = found.get(key)
        if old is None or used > old[2]:
            found[key] = (steps, key, used, die)
        elif orders and used == old[2] and old[0] != steps:  # keep the order with the fewest touches (R-TURN-6)
            touched = _touches(old[0])
            if touched and _touches(steps) < touched:
                found[key] = (steps, key, used, die)

    if d1 != d2:
        for a, b in ((d1, d2), (d2, d1)):
            for st1 in steps_of(s, a):
                n1 = apply(s, st1)
                if n1[OFF] == 15:  # R-TURN-4
                    record((st1,), n1, 2, 0)
                    continue
                seconds = steps_of(n1, b)
                if not seconds or runner:  # fevga: a shorter play counts when the longer ones break R-FEVGA-4
                    record((st1,), n1, 1, a)
                for st2 in seconds:
                    record((st1, st2), apply(n1, st2), 2, 0)
    else:
        seen: set[tuple[int, ...]] = set()
        # Gul Bara: only orders that move from high points to low are walked (`top`, the highest source still
        # allowed). Every play has such an order: a move never opens one from a higher point (no hits, and
        # landing below its source changes neither R-OFF-1's home nor R-OFF-2's highest checker above it).
        ordered = not isinstance(rules, bool) and rules.blocking and not runner

        def walk(cur: list[int], steps: tuple[Step, ...], left: int, top: int) -> None:
            nexts = steps_of(cur, d1) if left else []
            if ordered and nexts:
                nexts = [st for st in nexts if st[0] <= top]
            if not nexts or (runner and steps):
                record(steps, cur, full - left, d1)
                if not nexts:
                    return
            for st in nexts:
                n = apply(cur, st)
                if n[OFF] == 15 or left == 1:  # R-TURN-4, or the last move: a leaf (as `walk` would record it)
                    record((*steps, st), n, full, d1)
                    continue
                key = (left, st[0] if ordered else 0, *n)
                if key in seen:
                    continue
                seen.add(key)
                walk(n, (*steps, st), left - 1, st[0])

        if full:
            walk(s, (), full, 25)
    if runner:  # R-FEVGA-4, before R-TURN-1 counts the dice
        for key in [k for k, v in found.items() if quarter_full(v[1]) and v[2] > 0]:
            del found[key]
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
    if tawula and (s[OPROT] or any(v[1][OPROT] for v in leaves)):
        guarded = [v for v in leaves if not (v[1][OPROT] and v[1][OBAR]) or opponent_can_reenter(v[1])]
        if guarded:  # R-ENTER-4 decision: waived when no complete play meets it
            leaves = guarded
    if runner:
        six = trap_points(s)
        if six:  # R-FEVGA-5: after R-TURN-1; lapses when no play opens one of the six points
            opening = [v for v in leaves if not all(v[1][q] > 0 for q in six)]
            if opening:
                leaves = opening
    return [(v[0], v[1]) for v in leaves]


def sorted_orders(rules: Variant | bool) -> bool:
    """Whether every play of `rules` has an order that moves from high points to low: in the pinning games,
    portes and tabla a move neither closes nor opens a point to the mover (R-MOVE-2, R-MOVE-4), never lands on
    a higher point, and bears off only when no checker is left above the home board and (with a larger die) none
    above it (R-OFF-1/2), so a move from a higher point made after one from a lower point could have been made
    before it, to the same position. Not in tawula (R-MOVE-5: a checker leaving 13-23 opens its point to the
    mover) nor in fevga (the runner moves first, R-FEVGA-3)."""
    if isinstance(rules, bool):
        return rules
    return rules.pinning or (rules.hitting and rules.name != "tawula")


def bounded_steps(rules: Variant | bool) -> Bounded | None:
    """Where `sorted_orders` holds, the step function of `rules` that lists moves from points up to a bound (the
    highest source an order from high points to low still allows); else None."""
    if not sorted_orders(rules):
        return None
    return pin_steps if rules is True or (not isinstance(rules, bool) and rules.pinning) else bar_steps


def _touches(steps: tuple[Step, ...]) -> int:
    return sum(1 for st in steps if st[2])


def any_single_step(cells: tuple[int, ...] | list[int], rules: Variant | bool) -> bool:
    """Whether the mover has a legal single move for at least one die value (R-END-8)."""
    s = [*cells[:30], homeout(cells), 0]
    steps_of, _ = stepper(rules)
    return any(steps_of(s, d) for d in range(1, 7))
