"""The nets' input encoding on hand-made positions (game/nets/encode.py)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from game import board as B
from game.nets.afterstate import aux_rows
from game.nets.encode import (
    ANY_OFF,
    AUX,
    BAR_ANY,
    BAR_COUNT,
    BREAK,
    CLEAR,
    CONTAIN,
    ESCAPES,
    HIT_SHOT,
    HOME,
    MOBILITY,
    MOTHER_ALONE,
    MOTHER_SHOT,
    NO_ENTRY,
    OFF,
    OPEN_SHOT,
    PASSED,
    PINNED,
    PINNED_COUNT,
    PIP_LOSS,
    PIPS,
    PRIME,
    PROT_ME,
    PROT_THEM,
    PROTECTED,
    RISK,
    SHOT,
    UNARY,
    WAIT_ANY,
    WAIT_COUNT,
    encode,
    side_width,
    width,
)
from game.nets.net import Net
from game.nets.spec import NETS, NetSpec, net_name
from game.nets.store import Checkpoint, load_checkpoint, save_checkpoint
from game.position import Position
from game.sides import Side

from .helpers import pos, random_position, tpn


def features(p: Position, aux: np.ndarray | None = None) -> np.ndarray:
    spec = NETS[net_name(p.variant.name)]
    cells = np.array([p.cells], dtype=np.int64)
    if aux is None:
        aux = np.zeros((1, AUX))
        aux[0, PROT_ME], aux[0, PROT_THEM] = p.protected
    return encode(cells, aux, spec)[0]


def unary(row: np.ndarray, point: int) -> list[float]:
    return row[UNARY + 4 * (point - 1):UNARY + 4 * point].tolist()


def halves(row: np.ndarray, spec: NetSpec) -> tuple[np.ndarray, np.ndarray]:
    n = side_width(spec)
    return row[:n], row[n:2 * n]


def test_plakoto_counts_pins_and_mothers() -> None:
    # white: 5 on its 6-point, 1 on 8, 1 on 3 pinning a black checker, 1 pinned by black on its 20, 7 on 24
    # (the mother stack); black: 14 on its 24-point (white's 1) and the one pinned under white on white's 3
    points = {6: "W5", 8: "W1", 3: "bW1", 20: "wB1", 24: "W7", 1: "B13"}
    p = pos("plakoto", tpn(points))
    spec = NETS["plakoto"]
    me, them = halves(features(p), spec)
    assert unary(me, 6) == [1, 1, 1, 1.0]       # 5 checkers: ≥1, ≥2, ≥3, (5−3)/2
    assert unary(me, 8) == [1, 0, 0, 0]
    assert unary(me, 3) == [1, 0, 0, 0]         # the pinner
    assert unary(me, 20) == [0, 0, 0, 0]        # white's pinned checker is not free
    assert me[PINNED + 19] == 1 and me[PINNED_COUNT] == pytest.approx(1 / 3)
    assert them[PINNED + 21] == 1               # black's pinned checker: black's point 25 − 3
    assert unary(them, 5) == [1, 0, 0, 0]       # black's point 5 is white's 20: black's one on top there
    assert unary(them, 24) == [1, 1, 1, 5.0]    # black's 13 on its 24-point
    white_pips = 5 * 6 + 8 + 3 + 20 + 7 * 24
    assert me[PIPS] == pytest.approx(white_pips / 150)
    assert me[HOME] == 0 and me[OFF] == 0 and me[ANY_OFF] == 0
    assert me[MOTHER_ALONE] == 0 and them[MOTHER_ALONE] == 0


def test_pinning_mother_alone_and_borne_off() -> None:
    p = pos("tapa", tpn({24: "W1", 1: "B5", 2: "B8", 5: "W4"}, white="0/0/10", black="0/0/2"))
    spec = NETS["tapa"]
    me, them = halves(features(p), spec)
    assert me[MOTHER_ALONE] == 1 and them[MOTHER_ALONE] == 0
    assert me[OFF] == pytest.approx(10 / 15) and me[ANY_OFF] == 1
    assert them[OFF] == pytest.approx(2 / 15)


def test_portes_bar_and_home() -> None:
    points = {1: "W2", 2: "W3", 3: "W3", 4: "W3", 5: "W4", 24: "B10", 23: "B2"}
    p = pos("portes", tpn(points, white="0/0/0", black="0/3/0"))
    spec = NETS["portes"]
    me, them = halves(features(p), spec)
    assert me[HOME] == 1 and me[BAR_ANY] == 0
    assert them[BAR_ANY] == 1 and them[BAR_COUNT] == pytest.approx(3 / 4)
    assert them[HOME] == 0
    # black's points: its 24-point is white's 1 (R-BOARD-2); black's 10 on white's 24 are on black's 1
    assert unary(them, 1) == [1, 1, 1, 3.5] and unary(them, 2) == [1, 1, 0, 0]
    assert them[PIPS] == pytest.approx((10 * 1 + 2 * 2 + 3 * 25) / 150)


def test_tawula_waiting_bar_and_protected_bar() -> None:
    p = pos("tawula", tpn({24: "W2", 12: "B2"}, white="12/1!/0", black="13/0/0"))
    spec = NETS["tawula"]
    me, them = halves(features(p), spec)
    assert me[WAIT_ANY] == 1 and me[WAIT_COUNT] == pytest.approx(12 / 15)
    assert me[BAR_ANY] == 1 and me[BAR_COUNT] == pytest.approx(1 / 4) and me[PROTECTED] == 1
    assert them[WAIT_COUNT] == pytest.approx(13 / 15) and them[PROTECTED] == 0 and them[BAR_ANY] == 0
    assert unary(them, 24) == [1, 1, 0, 0]  # black's 24-point is white's 12 (R-BOARD-3)


def test_fevga_passed_and_prime() -> None:
    points = {24: "W8", 23: "W1", 22: "W1", 21: "W1", 20: "W1", 13: "W1", 11: "W2", 12: "B14", 10: "B1"}
    p = pos("fevga", tpn(points))
    spec = NETS["fevga"]
    me, them = halves(features(p), spec)
    assert me[PASSED] == 1 and me[PRIME] == pytest.approx(5 / 6)  # points 20-24
    assert them[PASSED] == 0 and them[PRIME] == pytest.approx(1 / 6)
    assert me[CLEAR] == 0 and them[CLEAR] == 0  # each side has the other's checkers ahead of all its own


def test_fevga_checkers_clear_of_the_other_side() -> None:
    p = pos("fevga", tpn({3: "W5", 24: "W10", 12: "B15"}))
    me, them = halves(features(p), NETS["fevga"])
    assert me[CLEAR] == pytest.approx(5 / 15)  # white's five on its 3-point: nothing of black's below
    assert them[CLEAR] == 0  # black's 24-point is white's 12: white's 24 and 3 are black's 12 and 15


def test_gulbara_pending_stage() -> None:
    p = pos("gulbara", ",,,,,,,,,,,B15,,,,,,,,,,,,W15 w 0/0/0 0/0/0 t3/3")
    works = np.array([[*p.cells, 0, 0]], dtype=np.int64)
    aux = aux_rows(works, p.protected, p.cascade, Side.WHITE, (4, 4), 4)  # a cascade's first stage in full
    row = encode(works, aux, NETS["gulbara"])[0]
    shared = row[2 * side_width(NETS["gulbara"]):]
    assert shared.tolist() == [1, 0, 0, 0, 0, 1, 0, 1, 0, 1, 1]  # same side, 5 × 4 pending, both cascade


def test_gulbara_mobility_and_cascade_risk() -> None:
    """Version 2: per side, how many checkers can move each die value (up to a stage's four moves) and the pips
    of a cascade it may hand over, as the heuristic counts them (R-GULBARA-4, `game.evaluation`)."""
    spec = NETS["gulbara"]
    # white: 10 on its 24, 3 on 3, 2 on 2; black holds white's 20 and 18, four and six pips ahead of the 24
    me, them = halves(features(pos("gulbara", tpn({24: "W10", 3: "W3", 2: "W2", 20: "B8", 18: "B7"}))), spec)
    assert (me[MOBILITY:MOBILITY + 6] * 4).tolist() == [4, 4, 4, 0, 4, 0]
    # a double 1-4 stops at the 4s: 4 × 4 + 4 × (5 + 6) pips handed over; 5-5 and 6-6 at the 6s: 4 × 6
    assert me[RISK] * 10 == pytest.approx((4 * 60 + 2 * 24) / 36)
    # black all home, 1 on its 5-point and 14 on its 1: it bears off from the 1 exactly, the 5 from any higher die
    me, them = halves(features(pos("gulbara", tpn({24: "W15", 17: "B1", 13: "B14"}))), spec)
    assert (them[MOBILITY:MOBILITY + 6] * 4).tolist() == [4, 1, 1, 1, 1, 1]
    assert (me[MOBILITY:MOBILITY + 6] * 4).tolist() == [4] * 6 and me[RISK] == 0
    assert them[RISK] * 10 == pytest.approx((78 + 78 + 69 + 56 + 39 + 18) / 36)


@pytest.mark.parametrize("name", ["plakoto", "tapa", "portes", "fevga", "tawula", "gulbara"])
def test_mirror_symmetry(name: str) -> None:
    """The position seen by the other side encodes as the two blocks swapped."""
    spec = NETS[name]
    for seed in range(12):
        p = random_position(name, seed, 20 + 3 * seed)
        a, b = halves(features(p), spec)
        other = p.with_turn(p.turn.other)
        c, d = halves(features(other), spec)
        assert np.array_equal(a, d) and np.array_equal(b, c)
    assert width(spec) >= 2 * side_width(spec)


def test_pinned_mother() -> None:
    p = pos("plakoto", tpn({1: "bW2", 24: "W13", 2: "B14"}))
    assert p.cells[1] == B.PIN + 2
    me, them = halves(features(p), NETS["plakoto"])
    assert them[PINNED + 23] == 1 and me[PINNED:PINNED + 24].sum() == 0  # black's mother, on its 24-point
    assert unary(me, 1) == [1, 1, 0, 0]


def test_plakoto_exposure_counts_the_other_sides_rolls() -> None:
    """Version 2 of the pin family: a lone checker six points in front of the other side's checkers is reached
    by 17 of the 36 rolls (every 6, 5-1, 4-2, 3-3, 2-2); its mother alone there the same; a lone checker of the
    other side behind all of the mover's is reached by nothing (R-BOARD-2: the sides move against each other)."""
    assert NETS["plakoto"].version >= 2 and side_width(NETS["plakoto"]) == 128
    me, them = halves(features(pos("plakoto", tpn({10: "W1", 6: "W14", 4: "B15"}))), NETS["plakoto"])
    assert me[SHOT] == pytest.approx(17 / 36) and me[MOTHER_SHOT] == 0
    assert them[SHOT] == 0 and them[MOTHER_SHOT] == 0
    me, _ = halves(features(pos("plakoto", tpn({24: "W1", 6: "W14", 18: "B15"}))), NETS["plakoto"])
    assert me[SHOT] == pytest.approx(17 / 36) and me[MOTHER_SHOT] == pytest.approx(17 / 36)
    me, them = halves(features(pos("plakoto", tpn({9: "W1", 6: "W14", 3: "B14", 20: "B1"}))), NETS["plakoto"])
    assert me[SHOT] == pytest.approx(17 / 36)   # 9 − 3: six away; black's lone checker on white's 20 is behind
    assert them[SHOT] == 0 and them[MOTHER_SHOT] == 0  # black's lone one on white's 20: white's 9 and 6 are below
    # two distances: 10 − 4 = 6 and 10 − 1 = 9: the rolls that make 6 or 9 (17, and 5-4: 19)
    me, _ = halves(features(pos("plakoto", tpn({10: "W1", 6: "W14", 4: "B1", 1: "B14"}))), NETS["plakoto"])
    assert me[SHOT] == pytest.approx(19 / 36)


@pytest.mark.parametrize(("name", "new"), [("plakoto", [SHOT, MOTHER_SHOT]),
                                           ("gulbara", list(range(MOBILITY, RISK + 1))),
                                           ("portes", list(range(HIT_SHOT, BREAK + 1)))])
def test_a_version_1_net_widens_to_the_same_play(name: str, new: list[int], tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A checkpoint of encoding version 1 (plakoto, gul bara, portes) loads widened with zero weights for the new
    inputs: on the same positions its outputs are exactly the old net's on the old inputs."""
    v2 = NETS[name]
    v1 = replace(v2, version=1)
    old = Net.fresh(width(v1), v2.hidden, np.random.default_rng(3))
    monkeypatch.setitem(NETS, name, v1)
    save_checkpoint(Checkpoint(name, old, seed=3, games=7), tmp_path)
    monkeypatch.setitem(NETS, name, v2)
    loaded = load_checkpoint(name, tmp_path)
    assert loaded is not None and loaded.games == 7 and loaded.net.w1.shape == (v2.hidden, width(v2))
    rows = np.array([random_position(name, s, 12 + 2 * s).cells for s in range(30)], dtype=np.int64)
    aux = np.zeros((len(rows), AUX))
    aux[:, AUX - 4:] = np.random.default_rng(5).uniform(size=(len(rows), 4))  # gul bara's pending stage
    assert np.allclose(loaded.net(encode(rows, aux, v2)), old(encode(rows, aux, v1)), rtol=0, atol=1e-12)
    assert encode(rows, aux, v2)[:, new].any()  # the new inputs are there, with zero weight


def _covers(a: int, b: int) -> set[int]:
    """The distances up to 12 a roll can cover with one checker, intermediate points unchecked."""
    return {a * k for k in range(1, 5) if a * k <= 12} if a == b else {a, b, a + b}


def _contact_by_hand(cells: tuple[int, ...]) -> list[float]:
    """The mover's four contact inputs (family hit, version 2) counted roll by roll over the 36 rolls."""
    rolls = [(a, b) for a in range(1, 7) for b in range(1, 7)]
    points, bar, their_bar = cells[1:25], cells[25], cells[27]
    sources = ([0] if their_bar else []) + ([p for p in range(1, 25) if points[p - 1] < 0] if their_bar <= 1 else [])
    blots = [p for p in range(1, 25) if points[p - 1] == 1]
    shot = sum(any(t - s in _covers(a, b) for s in sources for t in blots) for a, b in rolls)
    own = [p for p in range(1, 25) if points[p - 1] > 0]
    rear = 25 if bar else max(own, default=0)

    def theirs_held(p: int) -> bool:
        return 1 <= p <= 24 and points[p - 1] <= -2

    def mine_held(p: int) -> bool:
        return 1 <= p <= 24 and points[p - 1] >= 2

    escapes = sum(not theirs_held(rear - a - b) and not (theirs_held(rear - a) and theirs_held(rear - b))
                  for a, b in rolls)
    contain = 1 - min(sum(not mine_held(q + a + b) and not (mine_held(q + a) and mine_held(q + b))
                          for a, b in rolls) for q in range(13)) / 36
    lowest = 0 if their_bar else min((p for p in range(1, 25) if points[p - 1] < 0), default=25)
    pips = sum(points[p - 1] * (p - lowest) for p in own if p > lowest) + bar * (25 - lowest)
    return [shot / 36, escapes / 36, contain, pips / 150]


def test_portes_contact_inputs_count_the_rolls() -> None:
    """Portes' version 2 (R-PORTES-2, R-MOVE-6): a lone checker six points in front of the other side's is hit
    by 17 of 36 rolls, one three points from its bar by 14 (every 3, 2-1, 1-1); a checker behind a full prime
    has no escape and the side holding the prime contains fully; the pips to break contact."""
    assert NETS["portes"].version >= 2 and side_width(replace(NETS["portes"], version=2)) == 106
    spec = NETS["portes"]
    me, them = halves(features(pos("portes", tpn({10: "W1", 6: "W14", 4: "B15"}))), spec)
    assert me[HIT_SHOT] == pytest.approx(17 / 36) and them[HIT_SHOT] == 0
    # white: 10 − 4 and 14 × (6 − 4) pips past black's 15; black: its 15 on its 21, white's rearmost on its 15
    assert me[BREAK] == pytest.approx((6 + 28) / 150) and them[BREAK] == pytest.approx(15 * 6 / 150)
    me, _ = halves(features(pos("portes", tpn({3: "W1", 6: "W14", 20: "B14"}, black="0/1/0"))), spec)
    assert me[HIT_SHOT] == pytest.approx(14 / 36) and me[BREAK] == pytest.approx((3 + 6 * 14) / 150)
    prime = {18: "B2", 19: "B2", 20: "B2", 21: "B2", 22: "B2", 23: "B3", 24: "W1", 6: "W14", 1: "B2"}
    me, them = halves(features(pos("portes", tpn(prime))), spec)
    assert me[ESCAPES] == 0 and them[CONTAIN] == 1
    # black's rearmost, on white's 1 (its 24), faces white's 6 five pips on: 4-1, 3-2 and 5-5 stop there
    assert them[ESCAPES] == pytest.approx(31 / 36)


def _gnubg_shots_by_hand(cells: tuple[int, ...]) -> list[float]:
    """The mover's three inputs of family hit's version 3, counted roll by roll over the 36 rolls: each of the
    other side's checkers stepping die by die (a roll's two orders; a double four times), on open points only."""
    points, their_bar = cells[1:25], cells[27]
    sources = ([0] if their_bar else []) + ([p for p in range(1, 25) if points[p - 1] < 0] if their_bar <= 1 else [])
    blots = {p for p in range(1, 25) if points[p - 1] == 1}

    def landings(s: int, steps: list[int]) -> set[int]:
        out: set[int] = set()
        for d in steps:
            s += d
            if s > 24 or points[s - 1] >= 2:
                break
            out.add(s)
        return out

    shots, loss = 0, 0.0
    for a in range(1, 7):
        for b in range(1, 7):
            orders = [[a] * 4] if a == b else [[a, b], [b, a]]
            hit = {t for s in sources for steps in orders for t in landings(s, steps)} & blots
            shots += bool(hit)
            loss += (25 - min(hit)) / 24 if hit else 0.0
    closed = sum(points[p - 1] <= -2 for p in range(19, 25))
    return [shots / 36, loss / 36, (closed / 6) ** 2]


def test_portes_gnubg_shots_check_the_intermediate_points() -> None:
    """Version 3 (R-MOVE-6, R-MOVE-4): black's checker eight points behind a lone white one, white holding the
    points two, four and six on from black's: 6-2 hits through neither landing (both held), 5-3 through either,
    4-4 through its open first landing, 2-2 not at all (its first step lands on a held point); the pips at stake
    and black's entry against white's one held home point."""
    spec = NETS["portes"]
    assert spec.version >= 3 and side_width(spec) == 109
    p = pos("portes", tpn({10: "W1", 4: "W2", 8: "W2", 12: "W10", 2: "B15"}))  # black moves up: 2 → 10
    me, them = halves(features(p), spec)
    assert me[OPEN_SHOT:NO_ENTRY + 1].tolist() == pytest.approx(_gnubg_shots_by_hand(p.cells))
    assert me[OPEN_SHOT] == pytest.approx(3 / 36) and me[HIT_SHOT] == pytest.approx(6 / 36)
    assert me[PIP_LOSS] == pytest.approx(3 / 36 * (25 - 10) / 24) and me[NO_ENTRY] == 0
    assert them[NO_ENTRY] == pytest.approx((1 / 6) ** 2) and them[OPEN_SHOT] == 0


def test_portes_contact_inputs_match_a_count_by_hand() -> None:
    """On positions from random play the vectorised inputs equal the roll-by-roll count, for both sides."""
    spec = NETS["portes"]
    for seed in range(40):
        p = random_position("portes", seed, 6 + seed)
        me, them = halves(features(p), spec)
        assert me[HIT_SHOT:BREAK + 1].tolist() == pytest.approx(_contact_by_hand(p.cells)), seed
        other = p.with_turn(p.turn.other)
        assert them[HIT_SHOT:BREAK + 1].tolist() == pytest.approx(_contact_by_hand(other.cells)), seed
        assert me[OPEN_SHOT:NO_ENTRY + 1].tolist() == pytest.approx(_gnubg_shots_by_hand(p.cells)), seed
        assert them[OPEN_SHOT:NO_ENTRY + 1].tolist() == pytest.approx(_gnubg_shots_by_hand(other.cells)), seed
