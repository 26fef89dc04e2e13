"""The computer player: a game's trained net where it passed its gate, else the heuristic (`game.search`).

`choose(game_or_position, dice, seed)` is the one entry the bot, `python -m game choose` and the benches share:

- A game whose shipped net passed the 1,000-game gate (`store.gate_passed`: ≥ 65 % against the heuristic with
  paired dice, the net at one ply, and ≥ 99 % against random, the computer as it plays; recorded in the sidecar for
  exactly these weights) is played by the net: every play valued at one ply (the position after it, the opponent to
  roll; a play that ends the game by its outcome, R-END-1…5), then the best few within a margin of the best
  looked at two plies deep (`PLAY_LOOK`): for each of the opponent's 21 rolls its best reply by the net at one
  ply, weighted by the roll's chance (1/36 a double, 2/36 the others). All replies of all 21 rolls of the
  candidates go through the net in one matrix product. A side without a play passes (R-TURN-3), and the value is
  then the net's own. In portes, tabla, tapa and mahbusa (`LOOKS`) the closest two after that look are looked at
  three plies deep (`three_ply`: after each reply, the mover's best play of each of its 21 rolls; the replies are
  those the two-ply look has just found, `_SEEN`), where that lists no more than a budget of plays, and the better
  by that value is played.
- Gul Bara (R-GULBARA-3…6) with a gated net: a roll or stage that may go on cascading is chosen by where the
  mover's line of stages ends (`gate.choose_values`: the dice of its later stages are known), as the gate plays
  it; any other roll or stage as in the other games, the best few looked at two plies deep, the answers to each
  roll valued at one ply with the stages they leave pending (`cascade_look`); no third ply.
- Every other game keeps the heuristic, `game.search.choose_play`.

Equal values are broken by a `random.Random(seed)`, so the same seed gives the same play.

`rank_plays(position, dice, plies, look)` gives every play of a roll with its equity in points for its mover,
best first (hints and reviews take it through `judge`, two plies deep with `JUDGE_LOOK`, only where the net is
gated);
`evaluate(position)` the net's chances for the side that has just played. Both use a game's shipped net
whether or not it passed the gate (`WeightsError` when there is none).
`cube_decision(game)` is the computer's cube decision: `game.cubeful`'s, fed the gated net's chances
(`net_chances`) in a contact position.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from functools import cache
from itertools import chain
from threading import Lock
from typing import Any

import numpy as np

from .. import board as B
from ..cube import CubeAction
from ..cubeful import Chances, cube_action, double_decision, is_race, take_decision
from ..flow import Game
from ..lookahead import ROLLS, replies
from ..movegen import homeout
from ..plays import Play, legal_plays
from ..position import Position
from ..search import _continues, choose_play
from ..selfplay import Chooser
from ..variants import Variant
from .afterstate import as_it_stands, aux_rows, outcome_target, quick_ends
from .cascade_look import answer_values
from .encode import MY_CASCADES, PROT_ME, ROLL_WEIGHTS, THEIR_CASCADES, FloatArray, IntArray, encode, encode32
from .gate import choose_values, play_values
from .net import LOSE2, LOSE3, WIN, WIN2, WIN3, Inference, Net, equity
from .spec import NETS, NetSpec, net_name
from .store import WeightsError, gate_passed, load_weights


@dataclass(frozen=True, slots=True)
class Look:
    """How wide the look ahead is: the best `candidates` plays at one ply, those within `margin` points of
    the best, looked at two plies deep while fewer than `budget` replies have been listed (the first always is;
    a count, so the same position gives the same candidates whatever the machine's speed); then the best `deep`
    of those by their two-ply value, those within `deep_margin` of the best, looked at three plies deep
    (`three_ply`) unless that lists more than `deep_budget` of the mover's plays (none with `deep` below 2)."""

    candidates: int
    margin: float
    budget: int
    deep: int = 0
    deep_margin: float = 0.0
    deep_budget: int = 0


# The computer's own play: 1,000 paired games against the heuristic at the bot's depth, tapa 69.9 % → 72.0 % with
# the wider look, think p99 54 ms at load 2 (README, docs/TRAINING.md "A wider look").
PLAY_LOOK = Look(candidates=8, margin=1.0, budget=4_000)
# ... and in portes the closest two looked at three plies deep, within a budget of the mover's plays listed:
# gnubg's judgement of the choices on the same 1,000 contact turns, 12.4 → 11.0 milli-points a turn, think p99
# of those turns 32 → 132 ms at load 2 with 20,000 (docs/TRAINING.md "A third ply for the closest two"); in tapa
# (and mahbusa, its net) 74.65 % → 76.35 % against the heuristic in 1,000 paired games, think p99 38 → 122 ms.
DEEP_LOOK = replace(PLAY_LOOK, deep=2, deep_margin=0.1, deep_budget=16_000)
LOOKS = {"portes": DEEP_LOOK, "tapa": DEEP_LOOK}  # the nets whose deeper look was measured; others: PLAY_LOOK
# Hints and reviews: a review ranks every turn of a game, so its cost (and its recorded error rates) rest on this.
JUDGE_LOOK = Look(candidates=3, margin=0.25, budget=1_000)
WEIGHTS = ROLL_WEIGHTS


@dataclass(frozen=True, slots=True)
class Loaded:
    """A shipped net, its spec, the games it was trained on and whether it passed its gate."""

    net: Net
    spec: NetSpec
    games_trained: int
    gated: bool
    fast: Inference = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "fast", Inference.of(self.net))  # the look ahead's batches (`_values`)


@cache
def loaded(game: str) -> Loaded | None:
    """The shipped net serving `game` (a preset name), or None when it has none (or no usable weights)."""
    try:
        name = net_name(game)
        net, side = load_weights(name, widened=False)
    except (KeyError, WeightsError):
        return None
    spec = replace(NETS[name], version=side["encoding_version"])  # its own inputs, not the later versions' as well
    return Loaded(net, spec, int(side.get("games_trained", 0)), gate_passed(side))


def uses_net(game: str) -> bool:
    """Whether the computer plays `game` with its net (shipped and gated), not the heuristic."""
    found = loaded(game)
    return found is not None and found.gated


def computer_name(game: str) -> str:
    """`net` or `heuristic`: which computer plays `game`."""
    return "net" if uses_net(game) else "heuristic"


def _usable(variant: Variant) -> Loaded:
    found = loaded(variant.name)
    if found is None:
        raise WeightsError(f"{variant.name} has no trained net yet")
    return found


def choose(game_or_position: Game | Position, dice: tuple[int, int] | None = None,
           seed: int | None = None) -> Play | None:
    """The computer's play for `dice` (a `Game`'s own dice when not given), or None when no die can be played
    (the turn passes, R-TURN-3). See the module's docstring for who chooses how."""
    if isinstance(game_or_position, Game):
        position = game_or_position.position
        if dice is None:
            dice = game_or_position.dice
    else:
        position = game_or_position
    if dice is None:
        raise ValueError("the computer needs dice to choose a play")
    plays = legal_plays(position, dice)
    if not plays:
        return None
    return _pick(loaded(position.variant.name), plays, seed)


def _pick(found: Loaded | None, plays: list[Play], seed: int | None) -> Play:
    """`choose` among `plays` (one roll's, at least one) with `found` if it is gated."""
    if len(plays) == 1:
        return plays[0]
    if found is None or not found.gated:
        return choose_play(plays, seed)
    if _continues(plays[0]):  # gulbara: by the end of the mover's line of stages, as the gate plays it
        indices, values = choose_values(found.net, found.spec, plays)
        return _best([(plays[i], v) for i, v in zip(indices, values, strict=True)], seed)
    ranked, looked = _rank(found, plays, 2, play_look(found))
    return _best(ranked[:looked or len(ranked)], seed)


def play_look(found: Loaded) -> Look:
    """How far the computer looks with `found`'s net (`LOOKS`, else `PLAY_LOOK`)."""
    return LOOKS.get(found.spec.name, PLAY_LOOK)


def _best(valued: list[tuple[Play, float]], seed: int | None) -> Play:
    """The play of highest value among `valued` (at least one), equal ones broken by `random.Random(seed)`."""
    best = max(v for _, v in valued)
    top = [p for p, v in valued if v >= best - 1e-12]
    return top[0] if len(top) == 1 else random.Random(seed).choice(top)


def computer_chooser(net: Net, spec: NetSpec) -> Chooser:
    """The computer as `choose` plays it, with `net` as if it were shipped and gated (for the gate of new
    weights, `bench/gate.py --plies 2`): its tie-break seed drawn from the game's choices."""
    found = Loaded(net, spec, 0, True)

    def computer(plays: list[Play], rng: random.Random) -> Play:
        return _pick(found, plays, rng.randrange(1 << 30))

    return computer


def rank_plays(position: Position, dice: tuple[int, int], plies: int = 2,
               look: Look = JUDGE_LOOK) -> list[tuple[Play, float]]:
    """Every legal play of `dice` with its equity in points for its mover, best first (equal ones in the
    engine's order): the net at one ply, or with `plies=2` the best few at one ply (`look`) looked at two plies
    deep and ranked first by that value (the closest few first by their three-ply value, where `look` says),
    then the others by their one-ply value. Empty when no die can be played (R-TURN-3). With the computer's own
    look (`play_look`) its first play is the computer's (`choose`), ties aside.

    :raises WeightsError: the game has no shipped net.
    :raises ValueError: `plies` is not 1 or 2.
    """
    if plies not in (1, 2):
        raise ValueError(f"plies is 1 or 2, not {plies}")
    found = _usable(position.variant)
    plays = legal_plays(position, dice)
    if not plays:
        return []
    return _rank(found, plays, 1 if position.variant.cascading else plies, look)[0]


def _rank(found: Loaded, plays: list[Play], plies: int, look: Look) -> tuple[list[tuple[Play, float]], int]:
    """`plays` with their equity, best first: at one ply, or with `plies=2` the candidates of `look` looked at
    two plies deep first (by their two-ply value, the closest few by their three-ply value before them, see
    `Look`), then the others by their one-ply value; and how many lead the list valued alike (0 at one ply)."""
    one = play_values(found.net, found.spec, plays)
    values = [float(v) for v in one]
    tiers = [2] * len(plays)  # 0 looked at three plies, 1 at two, 2 at one
    if plies == 2 and len(plays) > 1:
        order = [int(i) for i in np.argsort(-one, kind="stable")]
        best = float(one[order[0]])
        if plays[order[0]].end is None:  # a play that ends the game needs no look ahead
            near = [i for i in order[:look.candidates] if one[i] >= best - look.margin and plays[i].end is None]
            if plays[0].before.variant.cascading:  # gulbara: the answers' stages as the inputs say (R-GULBARA-3)
                looked_at = answer_values(found.net, found.spec, [plays[i] for i in near], look.budget)
            else:
                looked_at = _replies(found, [plays[i] for i in near], look.budget)
            for i, value in zip(near, looked_at, strict=False):
                values[i] = value
                tiers[i] = 1
            if look.deep > 1 and looked_at:
                top = max(looked_at)
                close = sorted((i for i in near if tiers[i] == 1 and values[i] >= top - look.deep_margin),
                               key=lambda i: -values[i])[:look.deep]
                deeper = three_ply(found, [plays[i] for i in close], look.deep_budget) if len(close) > 1 else None
                if deeper is not None:  # None: over the budget, the two-ply ranking stands
                    for i, value in zip(close, deeper, strict=True):
                        values[i] = value
                        tiers[i] = 0
    ranked = sorted(range(len(plays)), key=lambda i: (tiers[i], -values[i]))
    first = tiers[ranked[0]]
    return [(plays[i], values[i]) for i in ranked], 0 if first == 2 else tiers.count(first)


def three_ply(found: Loaded, plays: list[Play], budget: int | None = None) -> list[float] | None:
    """The equity of each of `plays` (one roll's, none ending the game) for its mover three plies deep: the
    average over the opponent's 21 rolls of the mover's value after the opponent's best reply at one ply (as
    `two_ply` chooses it): the outcome of a reply that ends the game, else the average over the mover's 21
    rolls of its best play at one ply (`roll_bests`). A roll a side cannot play passes (R-TURN-3). All the
    mover's plays after all replies of all `plays` go through the net in one batch; None, without that batch,
    once more than `budget` of them are listed (a count, so the same position is looked at alike on any
    machine)."""
    rows: list[tuple[int, ...]] = []
    protected: list[tuple[bool, bool]] = []
    starts: list[int] = []
    ends: dict[tuple[int, int], float] = {}  # (play, roll) → the mover's equity of a reply that ends the game
    nodes: list[tuple[int, int]] = []  # (play, roll) whose replies' rolls are listed in `rows`, in order
    mover = plays[0].before.turn
    for p, play in enumerate(plays):
        after = play.position
        stands = as_it_stands(after)
        for r, best in enumerate(_look_at(found, after).rows):  # the opponent's best reply to each roll
            if best == stands:  # the opponent cannot play this roll (a play always moves a checker)
                node = after.with_turn(mover)
            else:
                reply = Play(after, ROLLS[r], (), best)
                if (end := reply.end) is not None:
                    ends[p, r] = -float(equity(outcome_target(end, after.turn), after.variant))
                    continue
                node = reply.position
            nodes.append((p, r))
            _roll_rows(node, rows, protected, starts)
            if budget is not None and len(rows) > budget:
                return None
    per = np.zeros((len(plays), len(ROLLS)))
    if nodes:
        bests = _bests(found, plays[0].before, rows, protected, starts)[0].reshape(len(nodes), len(ROLLS))
        for (p, r), mine in zip(nodes, bests @ WEIGHTS, strict=True):
            per[p, r] = mine
    for (p, r), points in ends.items():
        per[p, r] = points
    return [float(v) for v in per @ WEIGHTS]


def _works(rows: list[tuple[int, ...]]) -> IntArray:
    """`rows` (working cells, one a row) as an array, through np.fromiter (a third faster than np.array)."""
    works: IntArray = np.fromiter(chain.from_iterable(rows), dtype=np.int64,
                                  count=len(rows) * len(rows[0])).reshape(len(rows), -1)
    return works


def _prot(protected: list[tuple[bool, bool]]) -> np.ndarray[Any, np.dtype[np.bool_]]:
    prot: np.ndarray[Any, np.dtype[np.bool_]] = np.fromiter(chain.from_iterable(protected), dtype=bool,
                                                             count=2 * len(protected)).reshape(-1, 2)
    return prot


def two_ply(found: Loaded, plays: list[Play]) -> list[float]:
    """The equity of each of `plays` (one roll's, none ending the game) for its mover two plies deep: the
    average over the opponent's 21 rolls of minus the opponent's best reply at one ply (its value by the net,
    or by the outcome for a reply that ends the game); a roll the opponent cannot play leaves the net's value
    of the position as it stands, seen by the opponent (R-TURN-3)."""
    return _replies(found, plays, budget=None)


def _replies(found: Loaded, plays: list[Play], budget: int | None) -> list[float]:
    """`two_ply` of the first of `plays`: all of them without a `budget`, else the first and then more
    only while fewer than `budget` replies have been listed (a count, so the same position gives the same
    candidates whatever the machine's speed). All replies go through the net in one batch; a position whose
    replies were valued lately (`roll_bests`, a review's chosen play that was also a candidate) is not listed
    again, and counts for the budget as when it was listed."""
    if not plays:
        return []
    rows: list[tuple[int, ...]] = []
    protected: list[tuple[bool, bool]] = []
    starts: list[int] = []  # where each (play, roll)'s replies begin in `rows`
    known: dict[int, FloatArray] = {}  # each play's roll_bests
    fresh: list[tuple[int, int]] = []  # the plays listed here, with their replies' count
    listed = 0
    for i, play in enumerate(plays):
        if budget is not None and i and listed >= budget:
            break
        seen = _recall(found, play.position)
        if seen is None:
            before = len(rows)
            _roll_rows(play.position, rows, protected, starts)
            fresh.append((i, len(rows) - before))
            listed += len(rows) - before
        else:
            known[i] = seen.bests
            listed += seen.count
    if fresh:
        values, at = _bests(found, plays[0].position, rows, protected, starts)
        shape = (len(fresh), len(ROLLS))
        for (i, count), bests, firsts in zip(fresh, values.reshape(shape), at.reshape(shape), strict=True):
            known[i] = bests
            _remember(found, plays[i].position, Seen(bests, count, [rows[j] for j in firsts]))
    return [float(-(known[i] @ WEIGHTS)) for i in range(len(known))]


def _roll_rows(position: Position, rows: list[tuple[int, ...]], protected: list[tuple[bool, bool]],
               starts: list[int]) -> None:
    """Append the plays of each of the 21 rolls from `position` (its side to move's view) to `rows`, and where
    each roll's begin to `starts`; a roll that cannot be played (R-TURN-3) leaves the position as it stands."""
    cells, prot = position.cells, position.protected
    for works in replies(cells, prot, position.variant):
        starts.append(len(rows))
        if works:
            rows.extend(works)
            protected.extend([prot] * len(works))
        else:
            rows.append(as_it_stands(position))
            protected.append(prot)


def _bests(found: Loaded, position: Position, rows: list[tuple[int, ...]], protected: list[tuple[bool, bool]],
           starts: list[int]) -> tuple[FloatArray, IntArray]:
    """The one-ply equity of the best row of each roll (`starts`) for `position`'s side to move, in one batch,
    and where in `rows` that row is (the first of equal ones, as np.argmax)."""
    value = _values(found, position.variant, position.turn, _works(rows), _prot(protected))
    at = np.array(starts, dtype=np.int64)
    best: FloatArray = np.maximum.reduceat(value, at)
    index = np.arange(len(rows))
    first: IntArray = np.minimum.reduceat(np.where(value == np.repeat(best, np.diff(at, append=len(rows))),
                                                   index, len(rows)), at)
    return best, first


@dataclass(frozen=True, slots=True)
class Seen:
    """A position's `roll_bests`, how many replies they were valued over, and each roll's best reply (its
    working cells, or the position as it stands where the roll cannot be played, as `_roll_rows` lists it)."""

    bests: FloatArray
    count: int
    rows: list[tuple[int, ...]]


_SEEN: dict[tuple[int, Position], Seen] = {}  # the last positions looked at, newest last
_SEEN_SIZE = 64
_SEEN_LOCK = Lock()


def _remember(found: Loaded, position: Position, seen: Seen) -> None:
    """Keep what `position`'s replies were found to be."""
    with _SEEN_LOCK:
        _SEEN[id(found.net), position] = seen
        while len(_SEEN) > _SEEN_SIZE:
            del _SEEN[next(iter(_SEEN))]


def _recall(found: Loaded, position: Position) -> Seen | None:
    """What `position`'s replies were found to be, if it was looked at lately."""
    with _SEEN_LOCK:
        seen = _SEEN.get((id(found.net), position))
    return seen


def _look_at(found: Loaded, position: Position) -> Seen:
    """`position`'s replies, each roll's in one batch through the net: remembered, or listed, valued and kept."""
    seen = _recall(found, position)
    if seen is None:
        rows: list[tuple[int, ...]] = []
        protected: list[tuple[bool, bool]] = []
        starts: list[int] = []
        _roll_rows(position, rows, protected, starts)
        bests, at = _bests(found, position, rows, protected, starts)
        seen = Seen(bests, len(rows), [rows[j] for j in at])
        _remember(found, position, seen)
    return seen


def roll_bests(found: Loaded, position: Position) -> FloatArray:
    """For each of the 21 rolls (`ROLLS`), the one-ply equity of the best play of the side to move in
    `position` (the net's value, or the outcome of a play that ends the game; a roll that cannot be played
    leaves the position as it stands, R-TURN-3), all in one batch through the net. A position whose replies
    `two_ply` has just looked at (a review's next turn after a play the computer also looked at) is
    remembered, not computed again."""
    return _look_at(found, position).bests


def _values(found: Loaded, variant: Variant, mover: Any, works: IntArray,
            protected: np.ndarray[Any, np.dtype[np.bool_]]) -> FloatArray:
    """The one-ply equity of each row of `works` (the mover's view after its reply), for `mover`: through the
    net in single precision (`net.Inference`), three times quicker on these batches of hundreds of rows; an
    equity moves by about 1e-6 points, far below what a review reports (milli-points)."""
    aux = aux_rows(works, (False, False), None, mover, (1, 1), 0)
    aux[:, PROT_ME] = protected[:, 0] & (works[:, B.BAR] > 0)  # per row (R-ENTER-4)
    value = equity(found.fast(encode32(works, aux, found.spec)), variant)
    for i, end in quick_ends(variant, mover, works).items():
        value[i] = equity(outcome_target(end, mover), variant)
    return value


def _outputs(found: Loaded, position: Position) -> FloatArray:
    """The net's five outputs for the side that has just played, `position`'s side to move to roll."""
    if position.cascade is not None and position.cascade.pending:
        raise ValueError("the side to move has a cascade stage to play: the position is not the opponent's "
                         "to roll")
    cells = B.flip(position.cells, position.variant.contrary)
    prot = (position.protected[1], position.protected[0])
    work: IntArray = np.array([(*cells, homeout(cells), 1 if prot[1] else 0)], dtype=np.int64)
    aux = aux_rows(work, prot, None, position.turn.other, (1, 2), 0)
    if position.cascade is not None:  # gulbara: the opponent rolls next, no stage pending (R-GULBARA-2)
        aux[:, MY_CASCADES] = position.cascade.cascades(position.turn.other)
        aux[:, THEIR_CASCADES] = position.cascade.cascades(position.turn)
    out: FloatArray = found.net(encode(work, aux, found.spec))[0]
    return out


def evaluate(position: Position) -> dict[str, Any]:
    """The net's chances and equity for the side that has just played (`position`'s opponent), the side to
    move to roll: `win` (a tie counts ½), `win2`/`win3` its double/triple wins, `lose2`/`lose3` the
    opponent's, and `equity` in points for the game's options; `net`, `gated`, `games_trained`.

    :raises WeightsError: the game has no shipped net.
    :raises ValueError: a gulbara position whose side to move has a cascade stage pending.
    """
    found = _usable(position.variant)
    out = _outputs(found, position)
    return {"side": position.turn.other.name.lower(), "win": round(float(out[WIN]), 4),
            "win2": round(float(out[WIN2]), 4), "win3": round(float(out[WIN3]), 4),
            "lose2": round(float(out[LOSE2]), 4), "lose3": round(float(out[LOSE3]), 4),
            "equity": round(float(equity(out, position.variant)), 4), "net": found.spec.name,
            "gated": found.gated, "games_trained": found.games_trained}


def net_chances(position: Position) -> Chances | None:
    """The gated net's cubeless chances for the side to roll in `position` (`game.cubeful.Chances`: its wins,
    double and triple wins and losses), or None where the computer plays by the heuristic."""
    found = loaded(position.variant.name)
    if found is None or not found.gated or position.cascade is not None:
        return None
    out = _outputs(found, position)
    return Chances(1.0 - float(out[WIN]), float(out[LOSE2]), float(out[WIN2]), float(out[LOSE3]),
                   float(out[WIN3]))


def cube_decision(game: Game) -> CubeAction | None:
    """The computer's cube decision (R-CUBE-2, R-CUBE-3) for the side the game waits on, as
    `game.cubeful.cube_action` makes it, with the gated net's chances in a contact position: a race keeps
    the Keith count in money play and the race model in a match, a game without a gated net the heuristic's
    calibrated chances."""
    if game.cube is None or game.phase not in ("decide", "answer") or is_race(game.position):
        return cube_action(game)
    ch = net_chances(game.position)
    if ch is None:
        return cube_action(game)
    if game.phase == "decide":
        return double_decision(game.position, game.cube, ch)
    return take_decision(game.position, game.cube, ch)
