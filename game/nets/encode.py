"""The net's inputs: a position after a play, seen by the side that made it, with the opponent to roll.

A batch of positions comes as integer cells (board.py's layout, one row a position, the mover's view) and an
`aux` array (`AUX` columns) of what the cells do not hold. Both sides are encoded by the same function — the
mover's block from the cells, the opponent's from the same cells seen by the opponent (R-BOARD-2/3) — so the
encoding is symmetric by construction: swapping the two blocks encodes the mirrored position. Per side:

- every point 1-24, Tesauro's truncated unary code of the side's free checkers there: ≥1, ≥2, ≥3, (n−3)/2;
- checkers borne off (/15 and any at all: a mars, R-END-1), the pip count (/150), whether it may bear off
  (R-OFF-1);
- family `pin` (plakoto, tapa, mahbusa): a flag per point where the side's checker is pinned (R-MOVE-2), the
  number pinned, and the side's mother alone on its 24-point (R-END-2); from version 2 also the side's
  exposure, as in TD-Gammon's hand-made inputs: the share of the other side's 36 rolls that land one of its
  checkers on a lone checker of this side (pinning it at its turn, R-MOVE-2), and on the mother left alone
  (R-END-2); a combined move is counted without checking its intermediate point, as the heuristic does;
- family `hit` (portes, tabla): checkers on the bar (R-PORTES-2/3); from version 2 also four of the contact
  inputs backgammon nets use (gnubg's among them), each this side's: its exposure (the share of the other
  side's 36 rolls that hit one of its lone checkers, R-PORTES-2, counted as the pinning games' exposure, from
  the other side's bar too); its escapes (the share of its own rolls with which its rearmost checker, on the
  bar or on its highest point, can move the whole roll past the other side's held points, R-MOVE-6); the
  containment it builds (one less the fewest escapes of an opposing checker on the points 0-12 before it,
  the bar included); and the pips it needs to break contact (to bring every checker below the other side's
  rearmost one, /150); from version 3 also three more of gnubg's: its exposure counted as gnubg counts shots
  (a combined move hits only through open intermediate points: not the side's own held ones, R-MOVE-6, each
  step of a double checked, R-MOVE-4), the pips it can expect to lose to a hit (over the other side's 36 rolls,
  what a roll's hit costs most: 25 less the point of the lone checker it hits nearest this side's home, /24),
  and the share of its own rolls that cannot enter from the bar, (the other side's held home points / 6)²;
- family `tawula`: the bar, the waiting checkers (R-ENTER-2/3) and the protected bar (R-ENTER-4);
- families `block` and `cascade` (fevga, gulbara): whether the side has passed (R-FEVGA-3), its longest run
  of held points (a prime, R-MOVE-6) and its checkers clear of the other side (/15: none of the other side's
  checkers on a lower point of their way);
- family `cascade` (gulbara) adds, once: who moves next, the pending stage (die, moves, transferred) and
  whether each side's doubles cascade (R-GULBARA-2…6); from version 2 also, per side, its mobility: for each
  die value 1-6 how many of its checkers could move it, up to the four moves of a stage (/4), and the pips of
  a cascade it can expect to hand over at its next roll (/10), as the heuristic counts them (`game.evaluation`:
  a side that cannot play a stage in full hands the rest of the cascade to the other, R-GULBARA-4).

`VERSION` (in `spec.NETS`) changes whenever this layout does; shipped weights carry it and the loader checks it.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..board import CONTRARY_INDEX, PIN, SAME_INDEX
from ..evaluation import SHOTS, cascade_risk
from ..lookahead import ROLLS
from .spec import NetSpec

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

# aux columns: the mover's and the opponent's protected bar (tawula), then gulbara's state after the play
AUX = 13
PROT_ME, PROT_THEM, SAME, DIE0, MOVES, TRANSFERRED, MY_CASCADES, THEIR_CASCADES = 0, 1, 2, 3, 9, 10, 11, 12

# where things stand in a side's block (the opponent's block follows the mover's, `side_width` later)
UNARY, OFF, ANY_OFF, PIPS, HOME, EXTRA = 0, 96, 97, 98, 99, 100  # UNARY + 4·(p − 1): point p's four inputs
PINNED, PINNED_COUNT, MOTHER_ALONE = EXTRA, EXTRA + 24, EXTRA + 25  # family pin
SHOT, MOTHER_SHOT = EXTRA + 26, EXTRA + 27  # family pin, version 2
BAR_ANY, BAR_COUNT, WAIT_ANY, WAIT_COUNT, PROTECTED = EXTRA, EXTRA + 1, EXTRA + 2, EXTRA + 3, EXTRA + 4
HIT_SHOT, ESCAPES, CONTAIN, BREAK = EXTRA + 2, EXTRA + 3, EXTRA + 4, EXTRA + 5  # family hit, version 2
OPEN_SHOT, PIP_LOSS, NO_ENTRY = EXTRA + 6, EXTRA + 7, EXTRA + 8  # family hit, version 3
PASSED, PRIME, CLEAR = EXTRA, EXTRA + 1, EXTRA + 2  # families block and cascade
MOBILITY, RISK = EXTRA + 3, EXTRA + 9  # family cascade, version 2: die values 1-6, then the cascade risk

CONTRARY_FAMILIES = frozenset({"hit", "pin"})
_OFFSET = PIN + 15
_CONTRARY = np.array(CONTRARY_INDEX, dtype=np.int64)
_SAME = np.array(SAME_INDEX, dtype=np.int64)
_POINTS = np.arange(1, 25, dtype=np.float64)


def _code_table() -> FloatArray:
    """Per point code (shifted by `_OFFSET`): ≥1, ≥2, ≥3, (n−3)/2 of the side's free checkers, its pinned
    checker (R-MOVE-2), all its checkers there."""
    table = np.zeros((2 * _OFFSET + 1, 6))
    for code in range(-_OFFSET, _OFFSET + 1):
        n = code - PIN if code > PIN else (code if code > 0 else 0)
        pinned = 1 if code < -PIN else 0
        table[code + _OFFSET] = (n >= 1, n >= 2, n >= 3, max(n - 3, 0) / 2, pinned, n + pinned)
    return table


def _run_tables() -> tuple[IntArray, IntArray, IntArray]:
    """For 12-bit masks: the longest run of ones, the run from bit 0 up, the run from bit 11 down."""
    longest = np.zeros(4096, dtype=np.int64)
    low = np.zeros(4096, dtype=np.int64)
    high = np.zeros(4096, dtype=np.int64)
    for m in range(4096):
        bits = [(m >> i) & 1 for i in range(12)]
        run = best = 0
        for b in bits:
            run = run + 1 if b else 0
            best = max(best, run)
        longest[m] = best
        low[m] = next((i for i, b in enumerate(bits) if not b), 12)
        high[m] = next((i for i, b in enumerate(reversed(bits)) if not b), 12)
    return longest, low, high


_TABLE = _code_table()
_UNARY = np.ascontiguousarray(_TABLE[:, :4])  # per code: the four unary inputs of a point
_PINNED = np.ascontiguousarray(_TABLE[:, 4])
_TOTAL = np.ascontiguousarray(_TABLE[:, 5])
_SHOTS = np.array(SHOTS) / 36  # per set of distances 1-12 (bit d − 1): the share of the 36 rolls reaching one
_BITS24 = (1 << np.arange(24)).astype(np.int64)
_DISTANCES = np.arange(1, 13, dtype=np.int64)
_LONGEST, _LOW, _HIGH = _run_tables()
_BITS = (1 << np.arange(12)).astype(np.int64)
_DIE_INDEX = np.arange(6)
_LANDING = np.array([[p - d if p >= d else 24 for p in range(24)] for d in range(1, 7)])  # (6, 24): p − d, or off
_POWERS5 = 5 ** np.arange(6, dtype=np.int64)
_BITS25 = (1 << np.arange(1, 25)).astype(np.int64)  # bit p: point p (bit 0: the other side's bar)
_DOWN25 = (1 << (25 - np.arange(1, 25))).astype(np.int64)  # bit 25 − p: point p, for a side moving down
_BEFORE = np.arange(13, dtype=np.int64)  # containment: an opposing checker on the bar (0) or points 1-12
_RISK = np.array([cascade_risk(tuple((i // 5 ** d) % 5 for d in range(6))) for i in range(5 ** 6)])
_DIE_A32 = np.array([a for a, _ in ROLLS], dtype=np.int32)  # per roll of `lookahead.ROLLS`, its dice
_DIE_B32 = np.array([b for _, b in ROLLS], dtype=np.int32)
ROLL_WEIGHTS = np.where(_DIE_A32 == _DIE_B32, 1.0, 2.0) / 36  # each roll's chance: 1/36 a double, 2/36 the others
_DOUBLES = np.flatnonzero(_DIE_A32 == _DIE_B32)
_DIE_D32 = _DIE_A32[_DOUBLES]
_FULL25 = (1 << 25) - 1


def _longest_run(held: npt.NDArray[np.bool_]) -> IntArray:
    """The longest run of consecutive held points 1-24, per row."""
    lo = held[:, :12] @ _BITS
    hi = held[:, 12:] @ _BITS
    out: IntArray = np.maximum(np.maximum(_LONGEST[lo], _LONGEST[hi]), _HIGH[lo] + _LOW[hi])
    return out


def _reached(blots: IntArray, sources: IntArray) -> IntArray:
    """Per row, (k, 12): column d − 1 holds the lone checkers (a bitmask of points, `blots`) d = 1…12 points ahead
    of the other side's checkers (`sources`, in the same numbering) in its direction of travel."""
    out: IntArray = blots[:, None] & (sources[:, None] << _DISTANCES)
    return out


def _exposure(points: IntArray) -> FloatArray:
    """Per row, (k, 2): the share of the other side's 36 rolls that reach a lone checker of this side, and
    its mother alone on its 24-point. `points` (k, 24) are codes in this side's view; the other side's free
    checkers (negative codes) move up this side's numbering (R-BOARD-2)."""
    blots = (points == 1).astype(np.int64) @ _BITS24     # bit p − 1: a lone checker of this side on p
    sources = (points < 0).astype(np.int64) @ _BITS24   # bit p − 1: the other side's free checkers on p
    reached = _reached(blots, sources)
    anywhere = (reached != 0) @ _BITS
    on_mother = (reached & (1 << 23) != 0) @ _BITS
    out: FloatArray = np.stack([_SHOTS[anywhere], _SHOTS[on_mother]], axis=1)
    return out


def _escape_table() -> IntArray:
    """For 12-bit masks of held points ahead (bit j: the point j + 1 pips ahead), how many of the 36 rolls
    move a checker its whole roll: both dice, one after the other in either order, every landing open (a double
    counted by its first two steps, as gnubg's escapes are)."""
    out = np.zeros(4096, dtype=np.int64)
    for m in range(4096):
        held = {pips for pips in range(1, 13) if (m >> (pips - 1)) & 1}
        out[m] = sum(1 if a == b else 2 for a in range(1, 7) for b in range(a, 7)
                     if a + b not in held and not (a in held and b in held))
    return out


_ESCAPES = _escape_table()


def _open_hits(blots: IntArray, sources: IntArray, held: IntArray) -> tuple[FloatArray, FloatArray]:
    """Per row, the share of the other side's 36 rolls that hit a lone checker of this side, and the pips it
    can expect to lose by them (/24), counted as gnubg counts shots: `blots`, `sources` (the other side's
    checkers, bit 0 its bar) and `held` (this side's held points, which no step may land on, R-MOVE-6) are
    25-bit masks, bit p point p in this side's numbering, up which the other side moves; each step of a roll
    from an open landing (the two orders of a roll, and up to four steps of a double, R-MOVE-4)."""
    shot, expected = np.zeros(len(blots)), np.zeros(len(blots))
    rows = np.flatnonzero(blots)  # only rows with a lone checker can be hit
    # 32 bits are enough: every landing is masked to 25 bits before the next step of at most 6
    src = sources[rows, None].astype(np.int32)
    free = (~held[rows, None] & _FULL25).astype(np.int32)
    step_a = (src << _DIE_A32) & free
    step_b = (src << _DIE_B32) & free
    reach = step_a | step_b | ((step_a << _DIE_B32) | (step_b << _DIE_A32)) & free
    third = (reach[:, _DOUBLES] << _DIE_D32) & free  # a double's third and fourth steps, on from its landings
    reach[:, _DOUBLES] |= third | (third << _DIE_D32) & free
    hit = reach & blots[rows, None].astype(np.int32)  # (rows, 21)
    # the hit blot nearest home: the lowest bit, read from the exponent of its float (127 + its point; 0: none)
    lowest = (hit & -hit).astype(np.float32).view(np.int32) >> 23
    hits = hit != 0
    shot[rows] = hits @ ROLL_WEIGHTS
    expected[rows] = (hits * (152 - lowest) / 24) @ ROLL_WEIGHTS
    return shot, expected


def _contact(points: IntArray, bar: IntArray, their_bar: IntArray, version: int = 2) -> FloatArray:
    """Per row, (k, 4): this side's exposure, escapes, containment and pips to break contact (family `hit`,
    version 2), and from `version` 3 (k, 7) also its exposure through open points, expected pip loss and no
    entry (see the module's docstring). `points` (k, 24) are counts in this side's view (the other side's
    negative; it moves up this numbering, R-BOARD-2, and enters from 0)."""
    own, theirs = points > 0, points < 0
    # exposure: the other side's checkers (with two or more on its bar, only those) d pips below a lone checker
    blots = (points == 1).astype(np.int64) @ _BITS25
    on_bar = (their_bar > 0).astype(np.int64)  # bit 0: the other side's bar
    sources: IntArray = np.where(their_bar <= 1, theirs.astype(np.int64) @ _BITS25, 0) | on_bar
    shot = _SHOTS[(_reached(blots, sources) != 0) @ _BITS]
    # escapes of the rearmost checker: the other side's held points on the 12 below it (bit 25 − p: point p)
    held_down = (points <= -2).astype(np.int64) @ _DOWN25
    rear = np.where(bar > 0, 25, np.where(own.any(axis=1), 24 - np.argmax(own[:, ::-1], axis=1), 0))
    escapes = _ESCAPES[(held_down >> (26 - rear)) & 0xFFF] / 36
    # containment: the fewest escapes of an opposing checker on 0-12, facing this side's held points above it
    held_up = (points >= 2).astype(np.int64) @ _BITS25
    contain = 1 - _ESCAPES[(held_up[:, None] >> (_BEFORE + 1)) & 0xFFF].min(axis=1) / 36
    # contact: this side's checkers above the other side's rearmost (lowest) checker, and their pips past it
    lowest = np.where(their_bar > 0, 0, np.where(theirs.any(axis=1), np.argmax(theirs, axis=1) + 1, 25))
    counts = np.maximum(points, 0)
    behind = np.maximum(_POINTS[None, :] - lowest[:, None], 0)
    pips = (counts * behind).sum(axis=1) + bar * (25 - lowest)
    columns = [shot, escapes, contain, pips / 150]
    if version >= 3:
        columns.extend(_open_hits(blots, sources, held_up))
        columns.append(((points[:, 18:] <= -2).sum(axis=1) / 6) ** 2)  # the other side's home, this side's 19-24
    out: FloatArray = np.stack(columns, axis=1)
    return out


def _mobility(points: IntArray, total: FloatArray) -> IntArray:
    """Per row, (k, 6): for each die value d, how many of this side's checkers could move d, up to 4 (as
    `game.evaluation`'s `_mobility`): a checker on p moves to p − d where the other side holds nothing
    (R-MOVE-6); with all home (R-OFF-1) it bears off from d exactly, or from its rearmost point when d is higher.
    `points` (k, 24) are codes in this side's view (the other side's checkers negative), `total` its checkers."""
    own = total > 0
    k = points.shape[0]
    landing = np.ones((k, 25))
    landing[:, :24] = points >= 0
    landing[:, 24] = 0.0  # a move off the board is no move (bearing off is counted below)
    n = np.einsum("ij,idj->id", total, np.take(landing, _LANDING, axis=1))  # (k, 6): checkers with p − d open
    rear = 23 - np.argmax(own[:, ::-1], axis=1)  # index of the rearmost point (23 when there is none)
    home = own[:, 6:].sum(axis=1) == 0
    at_rear = total[np.arange(k), rear][:, None] * (rear[:, None] < _DIE_INDEX)  # bears off with a higher die
    n += home[:, None] * (total[:, :6] + at_rear)
    caps: IntArray = np.minimum(n, 4).astype(np.int64)
    return caps


def _side(out: npt.NDArray[Any], points: IntArray, off: IntArray, bar: IntArray, wait: IntArray, prot: FloatArray,
          family: str, version: int = 1) -> None:
    """Write one side's block into `out` (k, `side_width`): `points` (k, 24) are codes in that side's view and
    numbering (family `hit`'s contact inputs are `_fill`'s, both sides at once)."""
    k = points.shape[0]
    codes = points + _OFFSET
    out[:, UNARY:OFF] = np.take(_UNARY, codes, axis=0).reshape(k, 96)  # np.take: many times faster than [codes]
    total = np.take(_TOTAL, codes)
    away = bar + wait
    out[:, OFF] = off / 15
    out[:, ANY_OFF] = off > 0
    out[:, PIPS] = (total @ _POINTS + 25 * away) / 150
    out[:, HOME] = total[:, 6:].sum(axis=1) + away == 0         # R-OFF-1
    if family == "pin":
        pinned = np.take(_PINNED, codes)
        out[:, PINNED:PINNED + 24] = pinned
        out[:, PINNED_COUNT] = pinned.sum(axis=1) / 3
        out[:, MOTHER_ALONE] = points[:, 23] == 1
        if version >= 2:
            out[:, SHOT:MOTHER_SHOT + 1] = _exposure(points)
    elif family == "hit":
        out[:, BAR_ANY] = bar >= 1
        out[:, BAR_COUNT] = bar / 4
    elif family == "tawula":
        out[:, BAR_ANY] = bar >= 1
        out[:, BAR_COUNT] = bar / 4
        out[:, WAIT_ANY] = wait >= 1
        out[:, WAIT_COUNT] = wait / 15
        out[:, PROTECTED] = prot
    else:  # block, cascade
        held = total > 0
        out[:, PASSED] = (off > 0) | held[:, :12].any(axis=1)    # R-FEVGA-3
        opposing = points < 0
        # clear: no opposing checker on a lower point
        clear: npt.NDArray[np.bool_] = (np.cumsum(opposing, axis=1) - opposing) == 0
        out[:, PRIME] = _longest_run(held) / 6
        out[:, CLEAR] = (total * clear).sum(axis=1) / 15
        if family == "cascade" and version >= 2:
            caps = _mobility(points, total)
            out[:, MOBILITY:MOBILITY + 6] = caps / 4
            out[:, RISK] = _RISK[caps @ _POWERS5] / 10


def encode(cells: IntArray, aux: FloatArray, spec: NetSpec) -> FloatArray:
    """The inputs of a batch: `cells` (k, ≥30) in the mover's view after its play, `aux` (k, AUX)."""
    out: FloatArray = np.empty((cells.shape[0], width(spec)))
    _fill(out, cells, aux, spec)
    return out


def encode32(cells: IntArray, aux: FloatArray, spec: NetSpec) -> npt.NDArray[np.float32]:
    """`encode` in single precision, for `net.Inference` (the same inputs, each rounded to float32)."""
    out: npt.NDArray[np.float32] = np.empty((cells.shape[0], width(spec)), dtype=np.float32)
    _fill(out, cells, aux, spec)
    return out


def _fill(out: npt.NDArray[Any], cells: IntArray, aux: FloatArray, spec: NetSpec) -> None:
    contrary = spec.family in CONTRARY_FAMILIES
    half = side_width(spec)
    cascade = spec.family == "cascade"
    _side(out[:, :half], cells[:, 1:25], cells[:, 0], cells[:, 25], cells[:, 26], aux[:, PROT_ME], spec.family,
          spec.version)
    theirs = -cells[:, _CONTRARY if contrary else _SAME]
    _side(out[:, half:2 * half], theirs, cells[:, 29], cells[:, 27], cells[:, 28], aux[:, PROT_THEM], spec.family,
          spec.version)
    if spec.family == "hit" and spec.version >= 2:
        k, bars = cells.shape[0], cells[:, [25, 27]]
        both = _contact(np.concatenate([cells[:, 1:25], theirs]), bars.T.ravel(), bars[:, ::-1].T.ravel(),
                        spec.version)
        last = HIT_SHOT + both.shape[1]
        out[:, HIT_SHOT:last] = both[:k]
        out[:, half + HIT_SHOT:half + last] = both[k:]
    if cascade:
        out[:, 2 * half:] = aux[:, SAME:]


def side_width(spec: NetSpec) -> int:
    """How many inputs one side's block has."""
    if spec.family == "pin":
        return 126 if spec.version < 2 else 128
    if spec.family == "cascade" and spec.version >= 2:
        return 110
    if spec.family == "hit" and spec.version >= 2:
        return 106 if spec.version == 2 else 109
    return {"hit": 102, "tawula": 105}.get(spec.family, 103)


def width(spec: NetSpec) -> int:
    """How many inputs the net of `spec` takes: its two sides' blocks, and in the cascade family the aux columns
    from `SAME` on."""
    return 2 * side_width(spec) + (AUX - SAME if spec.family == "cascade" else 0)
