"""The heuristic computer's one-ply evaluation: how good a play's resulting layout is for its mover.

The heuristic is the hand-weighted computer opponent, kept as the baseline that trained evaluations are
measured against and as the fallback where none is available. Every legal play (R-TURN-1, R-TURN-2) is
scored on its resulting layout, still seen from the mover (the `work` cells of a `Play`, board.py's layout):
a play that wins the game ranks above every other (R-END-1, R-END-2, R-END-5), the biggest win first; any
other play is valued by a handful of hand-weighted terms (the weights below, in pips) —

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

`score_play` and `score_leaf` turn this into a key that sorts plays; `game.search` chooses by it.
"""

from __future__ import annotations

from functools import cache, lru_cache

from .board import BAR, OBAR, OFF, OOFF, OWAIT, PIN, SAME_INDEX, WAIT, flip
from .cascade import after
from .outcome import Outcome
from .plays import Play
from .position import Position
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
        score += CASCADE_RISK * (cascade_risk(their_caps) - cascade_risk(my_caps))
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
def cascade_risk(caps: tuple[int, ...]) -> float:
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


# --- scoring a play ------------------------------------------------------------------------------------------


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
