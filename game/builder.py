"""Building a play one single move at a time (R-TURN-1, R-TURN-2): the moves a player may pick next.

A partial play is a sequence of single moves `(from, to, die)` in the mover's numbering (`from` 25 is the bar or
the waiting checkers, `to` 0 is borne off). `build` replays them on the position and lists the single moves
that continue toward some legal play, never one that leads to a dead end, and says whether the moves so far
already make a complete legal play. Any order of single moves that reaches a legal play is accepted, because
what decides is the position reached: a play is identified by its resulting position (R-TURN-2).

Legality is never decided here: the moves are walked with the move generator's own per-die step functions,
and a walk counts only if it ends in the position of one of `legal_plays` (so the most-dice and larger-die rules,
the protected bar and every whole-play rule hold by construction).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .errors import IllegalPlayError
from .movegen import Apply, Step, StepsOf, roll_dice, start_work, stepper
from .notation import format_steps
from .plays import Play, legal_plays
from .position import Position

Pick = tuple[int, int, int]  # (from, to, die)
Work = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SingleMove:
    """One single move the player may pick next: `die` moves a checker `frm` → `to`; `hit` marks a pin or hit."""

    frm: int
    to: int
    die: int
    hit: bool

    @property
    def pick(self) -> Pick:
        return (self.frm, self.to, self.die)

    @property
    def notation(self) -> str:
        """`24/18`, `bar/22`, `6/off`, `13/7*` (R-NOTE-1)."""
        return format_steps(((self.frm, self.to, self.hit),))


@dataclass(frozen=True, slots=True)
class BuildState:
    """Where a partial play stands: the moves picked (with their hits), the next moves, the play if complete."""

    picked: tuple[SingleMove, ...]
    next: tuple[SingleMove, ...]
    play: Play | None

    @property
    def notation(self) -> str:
        """The picked moves as typed, in the order picked."""
        return " ".join(m.notation for m in self.picked)


def build(position: Position, dice: tuple[int, int], picked: Sequence[Pick]) -> BuildState:
    """The state of the partial play `picked` from `position` with `dice`.

    :raises IllegalPlayError: a picked move is not a legal continuation (a stale or forged partial play).
    """
    plays = legal_plays(position, dice)
    targets = {p.work: p for p in plays}
    walker = _Walker(targets.keys().__contains__, *stepper(position.variant))
    left = tuple(sorted(roll_dice(position, dice)))  # two dice, four of a double, or a pending stage's moves
    cur: Work = tuple(start_work(position))
    done: list[SingleMove] = []
    for frm, to, die in picked:
        step = _find(walker.steps_of(list(cur), die), frm, to) if die in left else None
        if step is None:
            raise IllegalPlayError(f"{format_steps(((frm, to, False),))} with a {die} is not a legal next move here")
        cur, left = tuple(walker.apply(list(cur), step)), _without(left, die)
        if not walker.reaches(cur, left):
            raise IllegalPlayError(f"{format_steps(((frm, to, False),))} with a {die} leads to no legal play")
        done.append(SingleMove(frm, to, die, step[2]))
    following: list[SingleMove] = []
    for die in sorted(set(left), reverse=True):
        for step in walker.steps_of(list(cur), die):
            if walker.reaches(tuple(walker.apply(list(cur), step)), _without(left, die)):
                following.append(SingleMove(step[0], step[1], die, step[2]))
    return BuildState(tuple(done), tuple(following), targets.get(cur) if done else None)


class _Walker:
    """Walks single moves, remembering which (cells, dice left) can still end in a legal play."""

    def __init__(self, is_target: Callable[[Work], bool], steps_of: StepsOf, apply: Apply) -> None:
        self.is_target = is_target
        self.steps_of = steps_of
        self.apply = apply
        self.memo: dict[tuple[Work, tuple[int, ...]], bool] = {}

    def reaches(self, work: Work, left: tuple[int, ...]) -> bool:
        if self.is_target(work):
            return True
        key = (work, left)
        found = self.memo.get(key)
        if found is None:
            cells = list(work)
            found = any(self.reaches(tuple(self.apply(cells, st)), _without(left, die))
                        for die in set(left) for st in self.steps_of(cells, die))
            self.memo[key] = found
        return found


def _find(steps: list[Step], frm: int, to: int) -> Step | None:
    return next((st for st in steps if st[0] == frm and st[1] == to), None)


def _without(dice: tuple[int, ...], die: int) -> tuple[int, ...]:
    i = dice.index(die)
    return dice[:i] + dice[i + 1:]
