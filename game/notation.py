"""Notation of plays (R-NOTE-1…3): canonical output and a forgiving parser with player-worded errors.

Canonical form: one token a checker path, `FROM/TO` in the mover's numbering (`bar`, `off`), sorted from the
highest starting point down; a checker that moves on after pinning or hitting shows the touch as
`24/18*/13` (R-TURN-6); a landing pin or hit is marked `13/7*`; repeated moves are grouped `13/7(2)`; a
combined move is written `24/13` unless its paths would lead to different positions, then the chain is spelled
out (`24/19/13`); a move one die makes by itself is read as that die's move, never as a combined one. The
parser accepts any order, chains, combined moves, `(n)`, `bar`/`b`/`in`, `off`/`o`,
optional `*`, commas or spaces, any case. Why a readable play is illegal is said by `game.explain`.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter

from . import board as B
from .errors import AmbiguousPlayError, IllegalPlayError, NotationError
from .explain import Hop, dice_mismatch, explain, outright
from .movegen import Step, roll_dice, start_work, stepper
from .plays import Play, legal_plays
from .position import Position

MAX_TEXT = 200
_TOKEN = re.compile(r"^([a-z0-9*]+(?:/[a-z0-9*]+)+)(?:\((\d)\))?$")
_POINT_WORDS = {"bar": 25, "b": 25, "in": 25, "off": 0, "o": 0}


# --- output ---------------------------------------------------------------------------------------------


def _paths(steps: tuple[Step, ...]) -> list[list[tuple[int, bool]]]:
    """Link single steps into checker paths: [(from, False), (to, hit), (to, hit), ...]."""
    paths: list[list[tuple[int, bool]]] = []
    for p, t, hit in steps:
        for path in reversed(paths):
            if path[-1][0] == p and p != 0:
                path.append((t, hit))
                break
        else:
            paths.append([(p, False), (t, hit)])
    return paths


def _path_text(path: list[tuple[int, bool]], explicit: bool) -> str:
    touched = any(hit for _, hit in path[1:-1])
    if explicit or touched:
        return "/".join(B.point_name(p) + ("*" if hit else "") for p, hit in path)
    last, hit = path[-1]
    return f"{B.point_name(path[0][0])}/{B.point_name(last)}{'*' if hit else ''}"


def _join(paths: list[list[tuple[int, bool]]], explicit: bool) -> str:
    ordered = sorted(paths, key=lambda pa: (-pa[0][0], pa[-1][0], [-p for p, _ in pa]))
    counts = Counter(_path_text(pa, explicit) for pa in ordered)
    out: list[str] = []
    for pa in ordered:
        text = _path_text(pa, explicit)
        n = counts.pop(text, 0)
        if n:
            out.append(f"{text}({n})" if n > 1 else text)
    return " ".join(out)


def format_steps(steps: tuple[Step, ...], explicit: bool = False) -> str:
    """Notation of a sequence of steps, without checking ambiguity."""
    return _join(_paths(steps), explicit)


def format_play(play: Play) -> str:
    """The canonical notation of `play` (see the module docstring); parses back to `play`."""
    paths = _paths(play.steps)
    text = _join(paths, False)
    d1, d2 = play.dice
    if not play.before.variant.hitting or d1 == d2:
        # A combined move is never ambiguous here: with doubles its landing points are fixed, in a pinning game
        # a touched checker is freed again, so every path gives the same position (R-TURN-6), and in a blocking
        # game nothing is touched (R-MOVE-6).
        return text
    if all(len(pa) == 2 or any(h for _, h in pa[1:-1]) for pa in paths):
        return text
    try:
        if parse_play(play.before, play.dice, text) == play:
            return text
    except IllegalPlayError:
        pass
    return _join(paths, True)


# --- input ----------------------------------------------------------------------------------------------


def _read_point(word: str, raw: str) -> int:
    w = word.rstrip("*")
    if w in _POINT_WORDS:
        return _POINT_WORDS[w]
    if w.isdigit() and 1 <= int(w) <= 24:
        return int(w)
    raise NotationError("{token!r}: {word!r} is not a point (use 1-24, bar or off)", token=raw, word=w)


def read_hops(text: str) -> list[Hop]:
    """The checker hops a player typed: `24/18/13 6/off(2)` → [(24,18),(18,13),(6,0),(6,0)].

    :raises NotationError: anything that is not a play, in a player's words.
    """
    if not isinstance(text, str) or not text.strip():
        raise NotationError("type your play like 24/18 13/11")
    if len(text) > MAX_TEXT:
        raise NotationError("that is far too long to be a play; type it like 24/18 13/11")
    clean = text.lower().replace(",", " ").replace("-", "/").replace(" /", "/").replace("/ ", "/")
    hops: list[Hop] = []
    for raw in clean.split():
        m = _TOKEN.match(raw)
        if not m:
            raise NotationError("I can't read {token!r}: write each move as FROM/TO, like 24/18 or bar/22", token=raw)
        points = [_read_point(w, raw) for w in m.group(1).split("/")]
        repeat = int(m.group(2) or 1)
        if not 1 <= repeat <= 4:
            raise NotationError("{token!r}: a move can be repeated 1 to 4 times", token=raw)
        for i, p in enumerate(points):
            if p == 25 and i > 0:
                raise NotationError("{token!r}: bar can only start a move", token=raw)
            if p == 0 and i < len(points) - 1:
                raise NotationError("{token!r}: off can only end a move", token=raw)
        for a, b in itertools.pairwise(points):
            if b >= a:
                raise NotationError("{token!r}: checkers move down from higher to lower points "
                                    "({start} to {end} goes backwards)", token=raw, start=B.point_name(a),
                                    end=B.point_name(b))
        hops.extend(list(itertools.pairwise(points)) * repeat)
    return hops


def _realizations(hop: Hop, dice: list[int]) -> list[tuple[tuple[Hop, ...], tuple[int, ...]]]:
    """The ways to make one hop with some of `dice`: (single steps, dice left)."""
    a, b = hop
    out: list[tuple[tuple[Hop, ...], tuple[int, ...]]] = []
    seen: set[tuple[tuple[Hop, ...], tuple[int, ...]]] = set()
    for k in range(1, len(dice) + 1):
        for idx in itertools.permutations(range(len(dice)), k):
            pos = a
            steps: list[Hop] = []
            ok = True
            for j, i in enumerate(idx):
                nxt = pos - dice[i]
                last = j == k - 1
                if last:
                    if b == 0 and nxt <= 0:
                        nxt = 0
                    elif nxt != b:
                        ok = False
                        break
                elif nxt <= b or nxt <= 0:
                    ok = False
                    break
                steps.append((pos, nxt))
                pos = nxt
            if ok:
                left = tuple(sorted(dice[i] for i in range(len(dice)) if i not in idx))
                item = (tuple(steps), left)
                if item not in seen:
                    seen.add(item)
                    out.append(item)
    return out


def _candidates(hops: list[Hop], dice: list[int]) -> list[tuple[Hop, ...]]:
    """Every multiset of single steps (sorted) that the hops can stand for with the dice."""
    results: set[tuple[Hop, ...]] = set()

    def go(i: int, left: list[int], acc: tuple[Hop, ...]) -> None:
        if i == len(hops):
            results.add(tuple(sorted(acc)))
            return
        for steps, rest in _realizations(hops[i], left):
            go(i + 1, list(rest), acc + steps)

    go(0, dice, ())
    return sorted(results)


def _match(position: Position, dice: tuple[int, int], cands: list[tuple[Hop, ...]],
           legal: dict[tuple[int, ...], Play]) -> dict[tuple[int, ...], tuple[Step, ...]]:
    """The legal plays that some order of some candidate step set makes: {resulting cells: steps}."""
    steps_of, apply = stepper(position.variant)
    base = start_work(position)
    roll = roll_dice(position, dice)
    found: dict[tuple[int, ...], tuple[Step, ...]] = {}

    def run(s: list[int], order: tuple[Hop, ...], i: int, left: list[int], seq: tuple[Step, ...]) -> None:
        if i == len(order):
            key = tuple(s)
            if key in legal:
                found.setdefault(key, seq)
            return
        p, t = order[i]
        for d in set(left):
            if (t and p - t != d) or (not t and d < p and p != 25):
                continue
            for st in steps_of(s, d):
                if st[0] == p and st[1] == t:
                    rest = list(left)
                    rest.remove(d)
                    run(apply(s, st), order, i + 1, rest, (*seq, st))

    for cand in cands:
        for order in set(itertools.permutations(cand)):
            run(base, order, 0, roll, ())
    return found


def parse_play(position: Position, dice: tuple[int, int], text: str) -> Play:
    """The legal play that `text` describes (R-NOTE-1, R-NOTE-2).

    :raises NotationError: the text is not a play at all.
    :raises AmbiguousPlayError: a combined move whose paths lead to different positions.
    :raises IllegalPlayError: a readable play the rules forbid; the message says why (R-NOTE-3).
    """
    hops = read_hops(text)
    d1, d2 = dice
    roll = roll_dice(position, dice)
    plays = legal_plays(position, dice)
    by_work = {pl.work: pl for pl in plays}
    if not plays:
        raise IllegalPlayError("no move is possible with {dice}: your turn passes", dice=f"{d1}-{d2}")
    if not position.variant.has_bar and any(a == 25 for a, _ in hops):
        raise IllegalPlayError("there is no bar in {variant}", variant=position.variant.name)
    why = outright(position, hops)
    if why is not None:
        raise IllegalPlayError(why[0], **why[1])
    cands = _candidates(hops, roll)
    if not cands:
        unmade = next((hop for hop in hops if not _realizations(hop, roll)), None)
        template, values = dice_mismatch(hops, dice, roll, unmade)
        raise IllegalPlayError(template, **values)
    matches = _match(position, dice, cands, by_work)
    if len(matches) > 1:
        # A move that one die makes by itself is that move, not a combined one (R-NOTE-2): the last checker
        # borne off with the 4 is `3/off`, and the same checker hitting on the way with 2 then 4 is `3/1*/off`.
        literal = {key: seq for key, seq in matches.items() if len(seq) == len(hops)}
        if len(literal) == 1:
            matches = literal
    if len(matches) == 1:
        return by_work[next(iter(matches))]
    if len(matches) > 1:
        alts = sorted({format_steps(seq, explicit=True) for seq in matches.values()})
        raise AmbiguousPlayError("{play} is ambiguous: {choices}", alts, play=text.strip(),
                                 choices=" or ".join(alts))
    template, values = explain(position, dice, cands, plays)
    raise IllegalPlayError(template, **values)
