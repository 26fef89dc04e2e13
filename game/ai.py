"""A computer opponent: picks a legal play by a 1-ply evaluation of the position it leads to.

Every legal play (R-TURN-1, R-TURN-2) is scored on its resulting layout, still seen from the mover (the
`work` cells of a `Play`, board.py's layout): a play that wins the game is always taken (R-END-1, R-END-2,
R-END-5), the biggest win first; any other play is valued by a handful of hand-weighted terms —

- the race: pip counts of both sides (waiting and bar checkers count 25, R-ENTER-2);
- pins (pinning games, R-MOVE-2): an opposing checker held down is worth a lot, more the farther it still has
  to travel (the deeper in the mover's home board), and the opponent's mother held on the mover's 1-point
  is close to a win (R-END-2); the mover's own pinned checkers cost the same way;
- blots: a lone checker of the mover that the opponent can land on next turn, weighted by how many of the
  36 rolls reach it and by what being pinned (R-MOVE-2) or hit (R-MOVE-4) there would cost; the mother left
  alone on the mover's 24-point in reach of the opponent is nearly a lost game (R-END-2);
- made points, the home board and primes (a point with two or more checkers is closed, R-MOVE-2, R-MOVE-4);
- the bar (tawula, portes, tabla; R-MOVE-4, R-ENTER-3, R-PORTES-3): opposing checkers on it are good, the
  mover's own are bad;
- bearing off (R-OFF-1): checkers borne off and checkers already home;
- the blocking games (fevga, gulbara, R-MOVE-6): points held ahead of the other side's checkers and walls of
  them, how many checkers each side could move for each die value (a side that cannot play a Gul Bara stage
  in full hands the rest of the cascade over, R-GULBARA-4), and in gulbara the cascade still pending after
  the play and the one each side may hand over at its next roll.

In a Gul Bara cascade the dice of every stage to come are known (R-GULBARA-3), so a stage is not chosen on
its own: `plan_cascade` follows the best plays through the stages after it (a beam search within a budget
of plays listed) and values each by the best end of the cascade it leads to. Any other Gul Bara turn looks
one ply further: `weigh_replies` values its best three plays by the opponent's best answer to each roll.

Ties between equally valued plays are broken by a seeded `random.Random`, so a seed fixes every choice.
`random_play` is the uniformly random baseline, and `play_game` plays one whole game between two choosers
through `game.flow.Game` (R-OPEN-1, R-TURN-3).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache, lru_cache

from .board import BAR, OBAR, OFF, OOFF, OWAIT, PIN, SAME_INDEX, WAIT, flip
from .cascade import after
from .flow import Game
from .match import Match
from .movegen import Step, enumerate_plays, roll_dice
from .outcome import Outcome
from .plays import Play, outcome_of
from .position import Position
from .sides import Side
from .variants import Variant

# --- weights (in pips) ------------------------------------------------------------------------------------

PIN_BASE = 12.0           # an opposing checker pinned (R-MOVE-2) ...
PIN_PER_PIP = 0.9         # ... plus this per pip it still has to travel
MOTHER_PINNED = 150.0     # the opponent's mother held on the mover's 1-point (R-END-2)
MOTHER_EXPOSED = 250.0    # the mover's lone mother that the opponent can pin (R-END-2), times the hit chance
MOTHER_NO_WIN = 0.3       # the mother terms' weight where a pinned mother does not win (mother=tie or off)
POINT = 2.0               # a made point (two or more checkers)
HOME_POINT = 3.0          # a made point in the mover's home board, on top of POINT
PRIME = 1.5               # per point of a run of three or more made points, times (run - 2)
BLOT_SHOT = 1.0           # the mover's blot within reach: hit chance times the cost of losing it
HIT_SHOT = 2.5            # the same in tawula, where a hit checker also holds up the whole side (R-ENTER-3)
TARGET = 0.15             # an opposing blot within the mover's reach: hit chance times its value
BAR_CHECKER = 6.0         # tawula: a checker on the bar (R-ENTER-3), besides its pips
BORNE_OFF = 1.5           # a checker borne off (R-OFF-1), besides its pips
HOME_CHECKER = 0.3        # a checker already home while the race is on
TIE = 0.0                 # a tie (R-END-3, R-END-8): worth what an even position is worth
BLOCK = 2.0               # fevga, gulbara: a point held ahead of the other side's rearmost checker (R-MOVE-6)
WALL = 1.0                # ... per pair of neighbours in a run of such points, times run × (run - 1)
STACK = 0.5               # ... per checker beyond three on one point outside the home board
MOBILITY = 4.0            # ... per checker able to move each die value, up to 4 a value (R-GULBARA-4)
OPP_MOBILITY = 1.0        # ... the same for the other side, against the mover
NEAR = 0.5                # ... per opposing checker one to six points behind a held point (capped 4 a point)
OFF_BLOCKING = 4.0        # ... a checker borne off, besides its pips (bearing off early in a race of cascades)
CASCADE_RISK = 4.0        # gulbara: per pip of a cascade a side can expect to hand over at its next roll
                          # (a double swing: the side loses those pips and the other side gains them)
CASCADE = 1.0             # gulbara: per pip of a pending cascade the side to move can (or cannot) play

cascade_after = lru_cache(maxsize=4096)(after)
"""`game.cascade.after`, remembered: every play of a stage asks it with the same few arguments."""

# --- hit chances ------------------------------------------------------------------------------------------


def _roll_masks() -> list[tuple[int, int]]:
    """The 21 distinct rolls as (bitmask of distances they can cover, how many of the 36 rolls they are)."""
    out: list[tuple[int, int]] = []
    for a in range(1, 7):
        for b in range(a, 7):
            if a == b:
                mask = sum(1 << (a * k) for k in range(1, 5) if a * k <= 12)
                out.append((mask, 1))
            else:
                out.append(((1 << a) | (1 << b) | (1 << (a + b)), 2))
    return out


def _shot_table() -> tuple[int, ...]:
    """For every set of distances 1..12 (bit d), how many of the 36 rolls cover at least one of them.

    Intermediate landing points are not checked (R-MOVE-1): a slight overestimate for combined shots.
    """
    rolls = _roll_masks()
    return tuple(sum(n for m, n in rolls if m & (mask << 1)) for mask in range(1 << 12))


SHOTS: tuple[int, ...] = _shot_table()


def _shots(sources: int, target: int) -> int:
    """How many of the 36 rolls let a side land on its point `target`, given `sources`: a bitmask of its
    points (its own numbering, bit 25 = bar or waiting) holding checkers free to move."""
    return SHOTS[(sources >> (target + 1)) & 0xFFF]


# --- evaluation -------------------------------------------------------------------------------------------


def evaluate(cells: tuple[int, ...], variant: Variant) -> float:
    """How good the layout `cells` (board.py, the mover's view, the opponent to roll next) is for the mover.

    Not an outcome check: a finished game is judged by the play's `end` (see `score_play`).
    """
    if variant.pinning:
        # R-END-2: a pinned mother wins the game only where the mother rule says so; elsewhere (mother=tie,
        # mother=off) it is still a checker held on its start, just not a win.
        return _evaluate_pinning(cells, 1.0 if variant.mother_wins else MOTHER_NO_WIN)
    if variant.blocking:
        return _evaluate_blocking(cells, variant.cascading)
    return _evaluate_hitting(cells, variant.contrary)


def _evaluate_pinning(c: tuple[int, ...], mother: float) -> float:
    """Plakoto, tapa, mahbusa (R-BOARD-2): the opponent's point for the mover's point p is 25 − p.

    `mother` scales the mother terms (R-END-2).
    """
    my_pips = 0
    opp_pips = 0
    score = 0.0
    my_blots: list[int] = []        # the mover's points with a lone free checker
    opp_blots: list[int] = []       # the mover's points with a lone free opposing checker
    my_sources = 0                  # bit p: the mover's point p has free checkers (R-MOVE-2)
    opp_sources = 0                 # bit q: the opponent's point q (its numbering) has free checkers
    points = 0.0                    # made points, the home board and primes (R-MOVE-2: closed points)
    run = 0
    my_home = 0
    my_back = 0                     # the mover's highest point with a checker
    opp_front = 0                   # the mover's lowest point with an opposing checker
    for p in range(1, 25):
        v = c[p]
        if v > 0:
            if v > PIN:  # the mover's checkers pinning one of the opponent's (R-MOVE-2)
                n = v - PIN
                opp_pips += 25 - p
                # the opponent's pinned checker: worth more the farther it has to go, its mother most
                score += PIN_BASE + PIN_PER_PIP * (25 - p)
                if p == 1:
                    score += MOTHER_PINNED * mother
                if not opp_front:
                    opp_front = p
            else:
                n = v
                if n == 1:
                    my_blots.append(p)
            my_pips += n * p
            my_sources |= 1 << p
            my_back = p
            if p <= 6:
                my_home += n
            if n >= 2 or v > PIN:
                points += POINT + HOME_POINT if p <= 6 else POINT
                run += 1
                continue
        elif v < 0:
            if v < -PIN:  # the opponent's checkers pinning one of the mover's
                n = -v - PIN
                my_pips += p
                score -= PIN_BASE + PIN_PER_PIP * p
                if p == 24:
                    score -= MOTHER_PINNED * mother
                my_back = p
            else:
                n = -v
                if n == 1:
                    opp_blots.append(p)
            opp_pips += n * (25 - p)
            opp_sources |= 1 << (25 - p)
            if not opp_front:
                opp_front = p
        if run >= 3:
            points += PRIME * run * (run - 2)
        run = 0
    if run >= 3:
        points += PRIME * run * (run - 2)
    score += opp_pips - my_pips
    if opp_front and my_back > opp_front:  # contact: an opposing checker still lies ahead of one of the mover's
        score += points
        for p in my_blots:
            shots = _shots(opp_sources, 25 - p)
            if shots:
                chance = shots / 36.0
                if p == 24:  # the mover's mother left alone (R-END-2)
                    score -= MOTHER_EXPOSED * mother * chance
                score -= BLOT_SHOT * chance * (PIN_BASE + PIN_PER_PIP * p)
        for p in opp_blots:
            shots = _shots(my_sources, p)
            if shots:
                value = PIN_BASE + PIN_PER_PIP * (25 - p) + (MOTHER_PINNED * mother if p == 1 else 0.0)
                score += TARGET * shots / 36.0 * value
    else:
        score += HOME_CHECKER * my_home
    score += BORNE_OFF * (c[OFF] - c[OOFF])
    return score


def _evaluate_hitting(c: tuple[int, ...], contrary: bool) -> float:
    """Tawula, portes, tabla: hits send a checker to the bar (R-MOVE-4, R-ENTER-3, R-PORTES-3). The opponent's
    point for the mover's p is 25 − p in portes and tabla (R-BOARD-2), p − 12 or p + 12 in tawula (R-BOARD-3)."""
    my_out = c[BAR] + c[WAIT]
    opp_out = c[OBAR] + c[OWAIT]
    my_pips = 25 * my_out
    opp_pips = 25 * opp_out
    score = BAR_CHECKER * (c[OBAR] - c[BAR])
    my_blots: list[int] = []
    opp_blots: list[int] = []       # the opponent's points (its numbering) with a lone checker
    my_sources = (1 << 25) if my_out else 0
    opp_sources = (1 << 25) if opp_out else 0
    run = 0
    my_home = 0
    for p in range(1, 25):
        v = c[p]
        if v > 0:
            my_pips += v * p
            my_sources |= 1 << p
            if p <= 6:
                my_home += v
            if v == 1:
                my_blots.append(p)
            else:
                score += POINT + HOME_POINT if p <= 6 else POINT
                run += 1
                continue
        elif v < 0:
            q = 25 - p if contrary else (p - 12 if p > 12 else p + 12)
            opp_pips -= v * q
            opp_sources |= 1 << q
            if v == -1:
                opp_blots.append(q)
        if run >= 3:
            score += PRIME * run * (run - 2)
        run = 0
    if run >= 3:
        score += PRIME * run * (run - 2)
    score += opp_pips - my_pips
    opp_back = max((q for q in range(1, 26) if opp_sources >> q & 1), default=0)
    my_back = max((p for p in range(1, 26) if my_sources >> p & 1), default=0)
    contact = not contrary or (my_back + opp_back > 25)  # portes: some checker still has to pass the other side's
    if contact:
        for p in my_blots:
            shots = _shots(opp_sources, (25 - p) if contrary else (p - 12 if p > 12 else p + 12))
            if shots:
                score -= HIT_SHOT * shots / 36.0 * (25 - p + BAR_CHECKER)
        for q in opp_blots:
            shots = _shots(my_sources, (25 - q) if contrary else (q - 12 if q > 12 else q + 12))
            if shots:
                score += TARGET * shots / 36.0 * (25 - q + BAR_CHECKER)
    score += HOME_CHECKER * my_home
    score += BORNE_OFF * (c[OFF] - c[OOFF])
    return score


def _evaluate_blocking(c: tuple[int, ...], cascading: bool) -> float:
    """Fevga and gulbara: same direction (R-BOARD-3), one checker holds a point and nothing is hit (R-MOVE-6).

    The race, plus the points held in front of the other side's checkers (runs of them most: a wall the other
    side must get past, R-MOVE-6), minus the same for the other side, with a little for spreading checkers
    over many points rather than stacking them, and for checkers home and borne off.

    Points are kept as bitmasks (bit p: point p), each side's in its own numbering and in the other's, so the
    terms are a few integer operations each: this runs for every play of every cascade stage looked at.
    """
    my_pips = 0
    opp_pips = 0
    mine = 0            # the mover's points, its numbering
    mine_t = 0          # the same points in the opponent's numbering
    theirs = 0          # the opponent's points, its numbering
    theirs_m = 0        # the same points in the mover's numbering
    my_big = 0          # the mover's points with four or more checkers (its numbering)
    their_big = 0
    my_count = [0] * 25
    opp_count = [0] * 25
    my_back = 0
    opp_back = 0
    my_home = 0
    stack = 0
    for p in range(1, 25):
        v = c[p]
        if v > 0:
            q = OTHER[p]
            my_pips += v * p
            mine |= 1 << p
            mine_t |= 1 << q
            my_count[p] = v
            my_back = p
            if v >= 4:
                my_big |= 1 << p
            if p <= 6:
                my_home += v
            elif v > 3:
                stack += v - 3
        elif v < 0:
            q = OTHER[p]
            opp_pips -= v * q
            theirs |= 1 << q
            theirs_m |= 1 << p
            opp_count[q] = -v
            if -v >= 4:
                their_big |= 1 << q
            if q > opp_back:
                opp_back = q
    score = float(opp_pips - my_pips)
    score += _wall(mine & AHEAD[opp_back]) - _wall(theirs & AHEAD[my_back])
    if NEAR:
        score += NEAR * (_near(mine_t, theirs, opp_count) - _near(theirs_m, mine, my_count))
    my_caps = _mobility(mine, theirs_m, my_big, my_count, my_back)
    their_caps = _mobility(theirs, mine_t, their_big, opp_count, opp_back)
    score += MOBILITY * sum(my_caps) - OPP_MOBILITY * sum(their_caps)
    if cascading:
        score += CASCADE_RISK * (_cascade_risk(their_caps) - _cascade_risk(my_caps))
    score -= STACK * stack
    score += HOME_CHECKER * my_home
    score += OFF_BLOCKING * (c[OFF] - c[OOFF])
    return score


OTHER: tuple[int, ...] = (0, *SAME_INDEX)
"""A point's number for the other side in the same-direction games (`board.same_map`, R-BOARD-3); index 0
unused."""

AHEAD: tuple[int, ...] = tuple(sum(1 << p for p in range(1, 25) if OTHER[p] < back) for back in range(26))
"""For the other side's rearmost point `back` (its numbering): the mask of points (the owner's numbering) it
still has to pass, where a held point blocks it (R-MOVE-6)."""


def _mobility(own: int, closed: int, big: int, count: list[int], back: int) -> tuple[int, ...]:
    """How freely a side can move: for each die value 1..6 (index 0..5), how many of its checkers could move it,
    up to the four moves of a double (R-MOVE-6; a side that cannot play a cascade stage in full hands the rest
    to the other, R-GULBARA-4).

    `own` and `closed` are the side's points and the points the other side holds, both in the side's numbering;
    `big` its points with four or more checkers, `count` its checkers per point, `back` its rearmost point.
    A checker moves d from p when p − d is open; with all home (R-OFF-1/2) it bears off from d exactly, or from
    its rearmost point when d is higher.
    """
    home = back <= 6
    caps = []
    for d in range(1, 7):
        movable = own & ~(closed << d) & ~((2 << d) - 1)
        if home:
            movable |= own & (1 << d)
            if back < d:
                movable |= 1 << back
        if movable & big:
            caps.append(4)
            continue
        k = 0
        while movable:
            low = movable & -movable
            k += count[low.bit_length() - 1]
            if k >= 4:
                k = 4
                break
            movable ^= low
        caps.append(k)
    return tuple(caps)


@cache  # 5^6 distinct arguments at most
def _cascade_risk(caps: tuple[int, ...]) -> float:
    """Gul Bara: the pips a side can expect to hand over at its next roll (R-GULBARA-3/4): for each double d,
    the rest of a cascade from d from the first stage it cannot play in full (by `_mobility`), over 36 rolls."""
    risk = 0
    for d in range(1, 7):
        for e in range(d, 7):
            if caps[e - 1] < 4:
                risk += (4 - caps[e - 1]) * e + sum(4 * k for k in range(e + 1, 7))
                break
    return risk / 36.0


def _near(held: int, theirs: int, count: list[int]) -> int:
    """Direct blocks: for each point in `held` (given in the other side's numbering), the other side's checkers
    one to six points behind it, at most 4 a point, which it keeps from landing there (R-MOVE-6). `theirs` is
    the other side's points and `count` its checkers per point, both in its numbering."""
    n = 0
    shifted = held << 6
    while theirs:
        low = theirs & -theirs
        i = low.bit_length() - 1
        k = count[i]
        n += (k if k < 4 else 4) * ((shifted >> i) & 0x3F).bit_count()
        theirs ^= low
    return n


def _wall(blocks: int) -> float:
    """What the points in `blocks` (a mask of held points the other side still has to pass, `AHEAD`) are worth:
    each point, and each run of neighbours the more the longer it is (R-MOVE-6)."""
    value = BLOCK * blocks.bit_count()
    while blocks:
        blocks >>= (blocks & -blocks).bit_length() - 1
        run = (~blocks & (blocks + 1)).bit_length() - 1
        if run >= 2:
            value += WALL * run * (run - 1)
        blocks >>= run
    return value


# --- choosing ---------------------------------------------------------------------------------------------


def score_play(play: Play) -> tuple[int, float]:
    """The value of `play` for its mover, as a key that sorts better plays higher (see `score_leaf`)."""
    return score_leaf(play.before, play.dice, len(play.steps), play.work, play.end)


def score_leaf(before: Position, dice: tuple[int, int], used: int, work: tuple[int, ...],
               end: Outcome | None) -> tuple[int, float]:
    """The value for its mover of the play of `used` single moves of `dice` from `before` to `work`, which
    ends the game with `end` (or not, None), as a key that sorts better plays higher.

    A play that wins the game ranks above every other, the more points the better (R-END-1, R-END-2,
    R-END-5); a tie (R-END-3, R-END-8) is worth `TIE`, an even game; any other play is valued by `evaluate`
    on the layout it leads to, and in gulbara by the rest of a cascade it leaves (`_cascade_value`).
    """
    if end is not None:
        if end.winner is None:
            return (0, TIE)
        if end.winner is before.turn:
            return (1, float(end.points))
        return (-1, -float(end.points))
    value = evaluate(work, before.variant)
    if before.cascade is not None:
        value += _cascade_value(before, dice, used, work)
    return (0, value)


def _cascade_value(before: Position, dice: tuple[int, int], used: int, work: tuple[int, ...]) -> float:
    """Gul Bara: the rest of a cascade still to be played after the play (R-GULBARA-3/4), for the mover.

    The side to move next gets the pips of the pending stages if it can play them; what it cannot play passes
    to the other side (or is lost, for a transferred remainder). Estimated from how many checkers can move the
    pending die now.
    """
    assert before.cascade is not None
    side, state = cascade_after(before.cascade, before.turn, dice, used, work[OFF] == 15)
    if not state.pending:
        return 0.0
    rest = state.moves * state.die + sum(4 * d for d in range(state.die + 1, 7))
    same = side is before.turn
    cells = work if same else flip(work, False)
    d = state.die
    home = all(cells[p] <= 0 for p in range(7, 25))
    movable = 0
    for p in range(1, 25):
        v = cells[p]
        if v > 0 and ((p > d and cells[p - d] >= 0) or (home and p <= d)):
            movable += v
    share = min(1.0, movable / state.moves)
    value = CASCADE * rest * share
    if not state.transferred:
        value -= CASCADE * rest * (1.0 - share)  # stopped short: the rest goes to the other side
    return value if same else -value


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


def random_play(plays: list[Play], rng: random.Random) -> Play:
    """A uniformly random legal play: the baseline opponent the evaluation is measured against.

    :raises ValueError: `plays` is empty (R-TURN-3).
    """
    if not plays:
        raise ValueError("no legal play to choose from: the turn passes (R-TURN-3)")
    return rng.choice(plays)


# --- whole games ------------------------------------------------------------------------------------------

Chooser = Callable[[list[Play], random.Random], Play]


def ai_chooser(plays: list[Play], rng: random.Random) -> Play:
    """`choose_play` in the shape of a `Chooser`."""
    return choose_play(plays, rng=rng)


CHOOSERS: dict[str, Chooser] = {"ai": ai_chooser, "random": random_play}


def play_game(variant: Variant, white: Chooser, black: Chooser, dice: random.Random,
              choices: random.Random | None = None, max_turns: int = 10_000) -> Game:
    """One whole game from the opening roll (R-OPEN-1) to its end, with dice drawn from `dice`; a side with
    no legal play passes (R-TURN-3). `choices` breaks the choosers' ties (defaults to `dice`).

    :raises RuntimeError: the game is still running after `max_turns` turns (a safety net, not a rule).
    """
    return play_out(Game.new(variant), white, black, dice, choices, max_turns)


def play_out(game: Game, white: Chooser, black: Chooser, dice: random.Random,
             choices: random.Random | None = None, max_turns: int = 10_000) -> Game:
    """Play `game` to its end: the opening roll if due, rolls, plays, passes, and Gul Bara's cascade stages,
    which come with their dice and no roll (R-GULBARA-3).

    :raises RuntimeError: the game is still running after `max_turns` turns (a safety net, not a rule).
    """
    choices = dice if choices is None else choices
    while game.phase == "opening":
        game = game.opening(dice.randint(1, 6), dice.randint(1, 6))
    while game.phase != "over":
        if game.turns > max_turns:
            raise RuntimeError(f"the game did not end within {max_turns} turns")
        if game.phase == "roll":
            game = game.roll(dice.randint(1, 6), dice.randint(1, 6))
        plays = game.plays()
        if not plays:
            game = game.pass_turn()
            continue
        chooser = white if game.turn is Side.WHITE else black
        game = game.play(chooser(plays, choices))
    return game


def play_match(match: Match, white: Chooser, black: Chooser, dice: random.Random,
               choices: random.Random | None = None, max_games: int = 1_000) -> tuple[Match, list[Game]]:
    """Play `match` (plain or cycle, R-CYCLE-1…5) to its end; returns the finished match and its games.

    :raises RuntimeError: a game that never ends, or more than `max_games` games (safety nets, not rules).
    """
    played: list[Game] = []
    while not match.over:
        if len(played) >= max_games:
            raise RuntimeError(f"the match did not end within {max_games} games")
        game = play_out(match.new_game(), white, black, dice, choices)
        assert game.outcome is not None
        played.append(game)
        match = match.record(game.outcome)
    return match, played
