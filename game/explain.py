"""Why a readable play is illegal, in a player's words (R-NOTE-3).

`game.notation.parse_play` reads a play; when no legal play matches it, these functions say why, as an English
template with `{name}` fields and their values (`errors.GameError`), so a caller can say it in the player's
language. The reason named is the rule the player broke, not a consequence of it: bearing off before every
checker is home (R-OFF-1), a pinned checker (R-MOVE-2), a closed point (R-MOVE-2, R-MOVE-4, R-MOVE-6), the bar
first (R-ENTER-3, R-PORTES-3), the fevga runner (R-FEVGA-3), a die left unplayed (R-TURN-1, R-TURN-2).
"""

from __future__ import annotations

import itertools

from . import board as B
from .movegen import HOMEOUT, OPROT, homeout, passed, quarter_full, start_work, stepper, trap_points
from .plays import Play
from .position import Position

Hop = tuple[int, int]  # a checker hop as typed: (from, to) in the mover's numbering, bar 25, off 0
Why = tuple[str, dict[str, object]]  # an English template and its values (errors.GameError)


def outright(position: Position, hops: list[Hop]) -> Why | None:
    """A rule the typed `hops` break in any order and with any dice, or None. Such a rule is the reason to
    give, whatever else is wrong with the play (a die that does not fit, an empty point on the way):

    - a checker on the bar and no hop enters it: everything on the bar enters first (R-ENTER-3, R-PORTES-3);
    - the hops bear off, but more of the mover's checkers are outside its home board (on points 7-24, on the
      bar or waiting) than the hops bring home (R-OFF-1).
    """
    cells = position.cells
    if position.variant.has_bar and cells[B.BAR] and not any(a == B.BAR for a, _ in hops):
        return "you must enter your checker from the bar first", {}
    if any(b == B.OFF for _, b in hops):
        brought = sum(1 for a, b in hops if a > 6 and b <= 6)  # each checker's path crosses into home once
        if homeout(cells) > brought:
            return "you can bear off only when all your checkers are in your home board (points 1-6)", {}
    return None


def dice_mismatch(hops: list[Hop], dice: tuple[int, int], roll: list[int], unmade: Hop | None) -> Why:
    """Why the typed `hops` cannot be made with the dice at all: too far, or `unmade`, the first hop no die or
    sum of dice makes (None: each can, but together they need more dice than `roll` has)."""
    d1, d2 = dice
    text = f"{d1}-{d2}"
    total = sum(roll)
    dist = sum(a - b for a, b in hops if b != 0)
    if dist > total:
        return ("you rolled {dice}: that moves {distance} pips, more than your dice allow",
                {"dice": text, "distance": dist})
    if unmade is not None:
        a, b = unmade
        if b == 0:
            return "you rolled {dice}: no die bears off from point {point}", {"dice": text, "point": a}
        return ("you rolled {dice}: {move} is a move of {distance}, which your dice don't make",
                {"dice": text, "move": f"{B.point_name(a)}/{B.point_name(b)}", "distance": a - b})
    return "you rolled {dice}: those moves use more dice than you have", {"dice": text}


def _example(plays: list[Play]) -> str:
    return plays[0].notation


def _why_step(position: Position, s: list[int], step: Hop) -> Why | None:
    """Why a single step cannot be made in working cells `s`, in a player's words; None if it can."""
    p, t = step
    v = position.variant
    opp = position.turn.other.value
    if p == 25:
        if not v.has_bar:
            return "there is no bar in {variant}", {"variant": v.name}
        if s[B.BAR] + s[B.WAIT] == 0:
            return "you have no checker to enter", {}
    else:
        if v.has_bar and s[B.BAR]:
            return "you must enter your checker from the bar first", {}
        c = s[p]
        if c < -B.PIN:
            return "your checker on point {point} is pinned and cannot move", {"point": p}
        if c <= 0:
            return "you have no checker on point {point}", {"point": p}
        if v.has_waiting and p == 24 and s[B.WAIT] and c <= 2:
            return "the two checkers on your 24-point stay until all your checkers have entered", {}
        if v.runner and not passed(s):
            runner = next((q for q in range(13, 24) if s[q] > 0), 0)
            if runner and p != runner:
                return ("only your runner on point {runner} may move until it reaches your points 1-12 "
                        "(fevga)", {"runner": runner})
    if t == 0:
        if s[HOMEOUT]:
            return "you can bear off only when all your checkers are in your home board (points 1-6)", {}
        return "you can bear off from point {point} with a bigger number only from your highest point", {"point": p}
    w = s[t]
    if w < -B.PIN:
        return "point {point} is closed: {side} holds it with a checker that pins yours", {"point": t, "side": opp}
    if v.blocking and w < 0:
        return ("point {point} is closed: {side} holds it (one checker holds a point in {variant})",
                {"point": t, "side": opp, "variant": v.name})
    if w < -1:
        return "point {point} is closed: {side} holds it with {count} checkers", {"point": t, "side": opp,
                                                                                   "count": -w}
    if v.has_waiting and w > 0 and (p == 25 and (t != 24 or not s[B.BAR])):
        return "you cannot enter onto point {point}: you already have a checker there", {"point": t}
    if v.has_waiting and w > 0 and 13 <= t <= 23:
        return "you may have only one checker on point {point} (points 13-23 hold one checker each)", {"point": t}
    return None


def _out_of_order(s: list[int], step: Hop, later: tuple[Hop, ...]) -> bool:
    """Whether `step` fails only because this order puts it too early: a later step lands on the point it
    leaves (its own chain, `24/18/13` tried as 18/13 first), or the mover has a checker on the bar and a later
    step enters it (R-ENTER-3, R-PORTES-3). Such a failure names no rule the player broke."""
    p, _ = step
    if any(t == p for _, t in later):
        return True
    return p != B.BAR and s[B.BAR] > 0 and any(q == B.BAR for q, _ in later)


def explain(position: Position, dice: tuple[int, int], cands: list[tuple[Hop, ...]], plays: list[Play]) -> Why:
    """Say why none of the candidate step sets is a legal play (R-NOTE-3)."""
    v = position.variant
    steps_of, apply = stepper(v)
    base = start_work(position)
    d1, d2 = dice
    best_reason: Why | None = None
    best_depth = -1
    complete = False
    full_quarter = False
    for cand in cands:
        for order in itertools.permutations(cand):
            s = base
            for depth, (p, t) in enumerate(order):
                die = p - t if t else None
                legal = [st for dv in ({d1, d2} if die is None else {die}) for st in steps_of(s, dv)
                         if st[0] == p and st[1] == t]
                if not legal:
                    reason = None if _out_of_order(s, (p, t), order[depth + 1:]) else _why_step(position, s, (p, t))
                    if reason and depth > best_depth:  # the reason met furthest into the play
                        best_reason, best_depth = reason, depth
                    break
                s = apply(s, legal[0])
            else:
                complete = True
                full_quarter = full_quarter or (v.runner and quarter_full(s))
                break
    example = _example(plays)
    need = len(plays[0].steps)
    if complete or best_reason is None:
        if full_quarter:
            return ("your play may not end with all six of your points 19-24 held (fevga), for example "
                    "{example} is possible", {"example": example})
        used = max(len(c) for c in cands)
        if used < need and not any(pl.work[B.OFF] == 15 for pl in plays):
            if d1 != d2:
                return "you must play both dice, for example {example}", {"example": example}
            return "you must play {count} moves, for example {example}", {"count": need, "example": example}
        if d1 != d2 and need == 1:
            return ("you must play the {die} (the larger die) when only one die can be played, for example "
                    "{example}", {"die": max(d1, d2), "example": example})
        if v.name == "tawula" and (base[OPROT] or any(pl.work[OPROT] for pl in plays)):
            return ("{side}'s bar is protected: leave it a point to enter in your 7-12, for example {example}",
                    {"side": position.turn.other.value, "example": example})
        if v.runner and trap_points(base):
            return ("{side} is shut in behind your six points: open one of them, for example {example}",
                    {"side": position.turn.other.value, "example": example})
        return "that play is not allowed; for example {example}", {"example": example}
    return best_reason
