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

Ties between equally valued plays are broken by a seeded `random.Random`, so a seed fixes every choice.
`random_play` is the uniformly random baseline, and `play_game` plays one whole game between two choosers
through `game.flow.Game` (R-OPEN-1, R-TURN-3).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .board import BAR, OBAR, OFF, OOFF, OWAIT, PIN, WAIT, flip
from .cascade import after as cascade_after
from .flow import Game
from .match import Match
from .plays import Play
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
    """
    my_pips = 0
    opp_pips = 0
    my_held = [False] * 25       # by the mover's numbering
    opp_held = [False] * 25      # by the opponent's numbering
    my_count = [0] * 31          # checkers by the mover's numbering (padded for the look behind a point)
    opp_count = [0] * 31         # the opponent's, by its numbering
    my_back = 0
    opp_back = 0
    my_home = 0
    stack = 0
    for p in range(1, 25):
        v = c[p]
        if v > 0:
            my_pips += v * p
            my_held[p] = True
            my_count[p] = v
            my_back = p
            if p <= 6:
                my_home += v
            elif v > 3:
                stack += v - 3
        elif v < 0:
            q = p - 12 if p > 12 else p + 12
            opp_pips -= v * q
            opp_held[q] = True
            opp_count[q] = -v
            opp_back = max(opp_back, q)
    score = float(opp_pips - my_pips)
    score += _wall(my_held, opp_back, True) - _wall(opp_held, my_back, False)
    if NEAR:
        score += NEAR * (_near(my_held, opp_count) - _near(opp_held, my_count))
    mine, theirs = _mobility(c), _mobility(flip(c, False))
    score += MOBILITY * sum(mine) - OPP_MOBILITY * sum(theirs)
    if cascading:
        score += CASCADE_RISK * (_cascade_risk(theirs) - _cascade_risk(mine))
    score -= STACK * stack
    score += HOME_CHECKER * my_home
    score += OFF_BLOCKING * (c[OFF] - c[OOFF])
    return score


def _mobility(c: tuple[int, ...] | list[int]) -> list[int]:
    """How freely the side whose view `c` is can move: for each die value 1..6 (index 0..5), how many of its
    checkers could move it, up to the four moves of a double (R-MOVE-6; a side that cannot play a cascade stage
    in full hands the rest to the other, R-GULBARA-4)."""
    pts = [p for p in range(1, 25) if c[p] > 0]
    if not pts:
        return [0] * 6
    top = pts[-1]
    home = top <= 6
    caps: list[int] = []
    for d in range(1, 7):
        k = 0
        for p in pts:
            if (p > d and c[p - d] >= 0) or (home and (p == d or (p < d and p == top))):
                k += c[p]
                if k >= 4:
                    k = 4
                    break
        caps.append(k)
    return caps


def _cascade_risk(caps: list[int]) -> float:
    """Gul Bara: the pips a side can expect to hand over at its next roll (R-GULBARA-3/4): for each double d,
    the rest of a cascade from d from the first stage it cannot play in full (by `_mobility`), over 36 rolls."""
    risk = 0
    for d in range(1, 7):
        for e in range(d, 7):
            if caps[e - 1] < 4:
                risk += (4 - caps[e - 1]) * e + sum(4 * k for k in range(e + 1, 7))
                break
    return risk / 36.0


def _near(held: list[bool], theirs: list[int]) -> int:
    """Direct blocks: for each point in `held` (its owner's numbering), the other side's checkers (`theirs`, by
    their numbering, 31 long) one to six points behind it, at most 4 a point, which it keeps from landing there
    (R-MOVE-6)."""
    pre = [0] * 32
    acc = 0
    for i in range(31):
        k = theirs[i]
        acc += k if k < 4 else 4
        pre[i + 1] = acc
    n = 0
    for p in range(1, 25):
        if held[p]:
            q = p - 12 if p > 12 else p + 12
            n += pre[q + 7] - pre[q + 1]
    return n


def _wall(held: list[bool], their_back: int, mine: bool) -> float:
    """What the points in `held` (their owner's numbering) are worth as blocks against the other side, whose
    rearmost checker stands on its point `their_back`: a point counts while it lies ahead of that checker."""
    value = 0.0
    run = 0
    for p in range(1, 25):
        q = p - 12 if p > 12 else p + 12  # the other side's number for this point
        if held[p] and q < their_back:
            value += BLOCK
            run += 1
            continue
        if run >= 2:
            value += WALL * run * (run - 1)
        run = 0
    if run >= 2:
        value += WALL * run * (run - 1)
    return value


# --- choosing ---------------------------------------------------------------------------------------------


def score_play(play: Play) -> tuple[int, float]:
    """The value of `play` for its mover, as a key that sorts better plays higher.

    A play that wins the game ranks above every other, the more points the better (R-END-1, R-END-2,
    R-END-5); a tie (R-END-3, R-END-8) is worth `TIE`, an even game; any other play is valued by `evaluate`
    on the layout it leads to.
    """
    end = play.end
    if end is not None:
        if end.winner is None:
            return (0, TIE)
        if end.winner is play.before.turn:
            return (1, float(end.points))
        return (-1, -float(end.points))
    value = evaluate(play.work, play.before.variant)
    if play.before.cascade is not None:
        value += _cascade_value(play)
    return (0, value)


def _cascade_value(play: Play) -> float:
    """Gul Bara: the rest of a cascade still to be played after `play` (R-GULBARA-3/4), for the mover.

    The side to move next gets the pips of the pending stages if it can play them; what it cannot play passes
    to the other side (or is lost, for a transferred remainder). Estimated from how many checkers can move the
    pending die now.
    """
    before = play.before
    assert before.cascade is not None
    work = play.work
    side, state = cascade_after(before.cascade, before.turn, play.dice, len(play.steps), work[OFF] == 15)
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
    best evaluated. Equal values are broken by `rng`, or by a `random.Random(seed)` when no `rng` is given,
    so a seed makes the choice reproducible.

    :raises ValueError: `plays` is empty (the turn passes, R-TURN-3: there is nothing to choose).
    """
    if not plays:
        raise ValueError("no legal play to choose from: the turn passes (R-TURN-3)")
    if rng is None:
        rng = random.Random(seed)
    if len(plays) == 1:
        return plays[0]
    scored = [(score_play(p), p) for p in plays]
    rank, value = max(s for s, _ in scored)
    top = [p for (r, v), p in scored if r == rank and v >= value - 1e-9]
    return top[0] if len(top) == 1 else rng.choice(top)


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
