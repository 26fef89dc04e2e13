"""The heuristic computer's choice of a play: the best by the one-ply evaluation, searched further in Gul Bara.

`choose_play` takes a play that wins the game whenever there is one, else the best by `score_play`
(`game.evaluation`). In a Gul Bara cascade the dice of every stage to come are known (R-GULBARA-3), so a
stage is not chosen on its own: `plan_cascade` follows the best plays through the stages after it (a beam
search within a budget of plays listed) and values each by the best end of the cascade it leads to. Any
other Gul Bara turn looks one ply further: `weigh_replies` values its best three plays by the opponent's
best answer to each roll.

Ties between equally valued plays are broken by a seeded `random.Random`, so a seed fixes every choice.
"""

from __future__ import annotations

import random

from .board import OFF, flip
from .evaluation import cascade_after, evaluate, score_leaf, score_play
from .movegen import Step, enumerate_plays, roll_dice
from .plays import Play, outcome_of
from .position import Position


def choose_play(plays: list[Play], seed: int | None = None, rng: random.Random | None = None) -> Play:
    """The best of `plays` (all of one roll) by `score_play`: a winning play whenever there is one, else the
    best evaluated. In a Gul Bara cascade the stage is chosen by `plan_cascade`, for the best position at the
    end of the stages still to come. Equal values are broken by `rng`, or by a `random.Random(seed)` when no
    `rng` is given, so a seed makes the choice reproducible.

    :raises ValueError: `plays` is empty (the turn passes, R-TURN-3: there is nothing to choose).
    """
    if not plays:
        raise ValueError("no legal play to choose from: the turn passes (R-TURN-3)")
    if rng is None:
        rng = random.Random(seed)
    if len(plays) == 1:
        return plays[0]
    scored = [(score_play(p), p) for p in plays]
    if _continues(plays[0]):
        scored = plan_cascade(scored)
    elif plays[0].before.cascade is not None:
        scored = weigh_replies(scored)
    rank, value = max(s for s, _ in scored)
    top = [p for (r, v), p in scored if r == rank and v >= value - 1e-9]
    return top[0] if len(top) == 1 else rng.choice(top)


PLAN_FIRST = 6        # gulbara: the best plays of a stage followed through the rest of the cascade ...
PLAN_BEAM = 4         # ... and the best positions kept after each later stage ...
PLAN_BUDGET = 1_200   # ... while the plays listed and valued stay within this many (the time a stage takes)


def _continues(play: Play) -> bool:
    """Whether `play`'s roll or stage may leave its mover a stage still to play (R-GULBARA-3/4): a cascading
    double, an own pending stage below 6, or a transferred remainder's stage below 6."""
    state = play.before.cascade
    if state is None:
        return False
    if state.pending:
        return state.die < 6
    d1, d2 = play.dice
    return d1 == d2 and d1 < 6 and state.cascades(play.before.turn)


def plan_cascade(scored: list[tuple[tuple[int, float], Play]]) -> list[tuple[tuple[int, float], Play]]:
    """Gul Bara: value the best plays of a cascade stage by where the rest of the cascade can take them.

    The dice of the stages to come are known (R-GULBARA-3), so this is a search without chance: the best
    `PLAN_FIRST` plays by `score_play`, then after each later stage the best `PLAN_BEAM` positions (one per
    layout) go on to all their next stage's plays, until each line ends: by the cascade's end, by stopping
    short (R-GULBARA-4) or by the game's end (R-GULBARA-5). Each first play is worth the best value of the
    ends its lines reached. Once `PLAN_BUDGET` plays have been listed, the lines still open end where they
    are, at their `score_play` value. Returns the first plays with those values (`scored` if none ended).

    The later stages' plays are kept as bare layouts, not `Play` objects: there are thousands of them.
    """
    first = sorted(scored, key=lambda s: s[0], reverse=True)[:PLAN_FIRST]
    best: dict[int, tuple[int, float]] = {}
    frontier: list[tuple[tuple[int, float], int, Play]] = []
    for root, (value, play) in enumerate(first):
        if _goes_on(play.before, play.dice, len(play.steps), play.work, value):
            frontier.append((value, root, play))
        else:
            best[root] = value
    listed = last = len(scored)
    while frontier:
        # by layout: (value, root, the index in `frontier` of the line it extends, steps); ints and tuples of
        # ints only, so thousands of them give the garbage collector nothing to trace
        children: dict[tuple[int, ...], tuple[tuple[int, float], int, int, tuple[Step, ...]]] = {}
        stages: list[tuple[Position, tuple[int, int]]] = []  # each line followed: its position and stage dice
        for at, (value, root, play) in enumerate(frontier):
            if listed + last > PLAN_BUDGET:  # out of budget: the lines not followed end where they are
                for rest in frontier[at:]:
                    _keep(best, rest[1], rest[0])
                break
            position = play.position
            dice = _stage_dice(position)
            stages.append((position, dice))
            leaves = enumerate_plays(position.cells, position.protected, position.variant, *dice,
                                     moves=len(roll_dice(position, dice)))
            if not leaves:  # the whole stage passes over: the line ends where it is (R-GULBARA-4)
                _keep(best, root, value)
            for steps, work in leaves:
                if work not in children:
                    score = score_leaf(position, dice, len(steps), work, outcome_of(position, work))
                    children[work] = (score, root, at, steps)
            listed += len(leaves)
            last = len(leaves)
        going: list[tuple[tuple[int, float], int, int, tuple[Step, ...], tuple[int, ...]]] = []
        for work, (value, root, at, steps) in children.items():
            if _goes_on(*stages[at], len(steps), work, value):
                going.append((value, root, at, steps, work))
            else:
                _keep(best, root, value)
        going.sort(key=lambda c: c[0], reverse=True)
        frontier = [(value, root, Play(*stages[at], steps, work)) for value, root, at, steps, work in going[:PLAN_BEAM]]
    if not best:
        return scored
    return [(value, first[root][1]) for root, value in best.items()]


def _stage_dice(position: Position) -> tuple[int, int]:
    """The dice `(d, d)` of the stage pending in `position` (R-GULBARA-6)."""
    assert position.cascade is not None
    return position.cascade.die, position.cascade.die


def _keep(best: dict[int, tuple[int, float]], root: int, value: tuple[int, float]) -> None:
    """Record a line's end: `best[root]` is the best end found from first play `root`."""
    if root not in best or value > best[root]:
        best[root] = value


def _goes_on(before: Position, dice: tuple[int, int], used: int, work: tuple[int, ...],
             value: tuple[int, float]) -> bool:
    """Whether the mover of a play (`used` moves of `dice` from `before` to `work`, worth `value`) plays
    another stage right after it (R-GULBARA-3/4), the game not over."""
    if value[0] != 0 or before.cascade is None:
        return False
    side, state = cascade_after(before.cascade, before.turn, dice, used, work[OFF] == 15)
    return state.pending and side is before.turn


REPLY_FIRST = 3       # gulbara: the best plays of a turn valued by the opponent's best replies to them
WIN = 1_000.0         # a won or lost game against the pips of `evaluate`, where values of both kinds are averaged

NON_DOUBLES: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(1, 6) for b in range(a + 1, 7))


def weigh_replies(scored: list[tuple[tuple[int, float], Play]]) -> list[tuple[tuple[int, float], Play]]:
    """Gul Bara: value the best plays of a turn by what the opponent can answer (a search of two plies).

    The best `REPLY_FIRST` plays by `score_play` (one per layout) are each worth `answer_value` of the position
    they leave. Returns those plays with those values, or `scored` as it is when a play ends the game, or
    when one of them does not leave the opponent to roll (a stage of a cascade transferred to it,
    R-GULBARA-4).
    """
    ranked = sorted(scored, key=lambda s: s[0], reverse=True)
    if ranked[0][0][0] != 0:
        return scored
    top: dict[tuple[int, ...], Play] = {}
    for _, play in ranked:
        top.setdefault(play.work, play)
        if len(top) == REPLY_FIRST:
            break
    if len(top) < 2:
        return scored
    for play in top.values():
        after_play = play.position
        if play.end is not None or after_play.turn is play.before.turn or (
                after_play.cascade is not None and after_play.cascade.pending):
            return scored
    return [((0, answer_value(play.position)), play) for play in top.values()]


def answer_value(position: Position) -> float:
    """The value of `position` for the side that just moved, the opponent to roll: over its 36 rolls, for each
    non-double the opponent's best reply by `score_leaf` (a win for it as a loss of `WIN` and more), for a
    double the position as it stands. A double's replies are not listed: in gulbara they may be a whole
    cascade (R-GULBARA-3), and what a cascade can do to each side is in the evaluation already
    (`CASCADE_RISK`)."""
    cells = position.cells
    total = 6 * evaluate(flip(cells, False), position.variant)  # the six doubles, one of the 36 rolls each
    for dice in NON_DOUBLES:
        leaves = enumerate_plays(cells, position.protected, position.variant, *dice, moves=2)
        if not leaves:
            best = _pips(score_leaf(position, dice, 0, cells, None))
        else:
            best = max(_pips(score_leaf(position, dice, len(steps), work, outcome_of(position, work)))
                       for steps, work in leaves)
        total -= 2 * best
    return total / 36.0


def _pips(value: tuple[int, float]) -> float:
    """A `score_leaf` key as one number: an evaluation in pips, or a game won (lost) as `WIN` (−`WIN`) and
    more the more points it is worth."""
    rank, pips = value
    return pips if rank == 0 else rank * WIN + 100 * pips
