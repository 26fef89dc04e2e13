"""The computer's cube in pure races: agreement with the Keith count, and the time a cube decision adds.

Run: `python bench/cube_race.py [--positions 1000] [--seed 7]`. Half the positions are portes, half tapa, each a
generated pure race (no contact: every checker of each side has passed all of the other's) whose Keith margin
(see below) lies within ±12 pips, where cube decisions are close; a position is drawn again otherwise. For
each, the computer's money-play decisions (`game.cubeful`, a single game with `cube=on`) — double with the cube
in the middle, redouble owning it at 2, and take — are compared with the Keith count worked out here on its own
from the points (Tom Keith: each side's pip count, plus 2 per checker beyond one on its 1-point, 1 per checker
beyond one on its 2-point, 1 per checker beyond three on its 3-point, 1 per empty 4-, 5- or 6-point; the
roller's count increased by a seventh; double if it exceeds the other's by at most 4, redouble by at most 3,
take if it exceeds it by at least 2). A position agrees when all three decisions do. `model_agreement` is the
same figure for the race model the computer uses in matches (`race_chances` with Janowski's equity), played
as money.

The added time is that of `cube_action` (the decision the computer makes before its roll or when asked to
take), over the race positions and over contact positions of self-played portes and tapa games. The last line is
a JSON object: `agreement`, `model_agreement`, `cube_ms_p50`, `cube_ms_p99`, `cube_ms_max`.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.percentile import pct
from game import (
    CONTACT_EFFICIENCY,
    RACE_EFFICIENCY,
    Cube,
    Game,
    Position,
    Side,
    choose_play,
    cube_action,
    equities,
    is_race,
    race_chances,
    variant,
)

WINDOW = 12.0


def side_points(rng: random.Random) -> tuple[dict[int, int], int]:
    """One side's race checkers (its own points → count) and how many it has borne off."""
    off = rng.choice([0] * 6 + list(range(0, 12)))
    top = rng.randint(6, 11) if rng.random() < 0.8 else rng.randint(3, 6)
    points: dict[int, int] = {top: 1}
    for _ in range(14 - off):
        p = min(rng.randint(1, top), rng.randint(1, top))
        points[p] = points.get(p, 0) + 1
    return points, off


def race_tpn(rng: random.Random) -> str:
    """A pure race: white's checkers on its points 1..12 and below black's, black's on its 1..12."""
    white, woff = side_points(rng)
    black, boff = side_points(rng)
    cells = [""] * 24
    for p, n in white.items():
        cells[p - 1] = f"W{n}"
    for q, n in black.items():
        cells[25 - q - 1] = f"B{n}"
    turn = rng.choice("wb")
    return f"{','.join(cells)} {turn} 0/0/{woff} 0/0/{boff}"


def keith(position: Position, side: Side) -> float:
    """The Keith count of `side`, worked out from the points (independently of `game.cubeful`)."""
    views = position.points(side)
    count = {p: (views[p - 1].count if views[p - 1].owner is side else 0) for p in range(1, 25)}
    pips = sum(p * n for p, n in count.items())
    return (pips + 2 * max(0, count[1] - 1) + max(0, count[2] - 1) + max(0, count[3] - 3)
            + sum(1 for p in (4, 5, 6) if count[p] == 0))


def keith_decisions(position: Position) -> tuple[bool, bool, bool]:
    margin = keith(position, position.turn) * 8 / 7 - keith(position, position.turn.other)
    return margin <= 4, margin <= 3, margin >= 2


def computer_decisions(position: Position) -> tuple[bool, bool, bool]:
    v = position.variant
    mover = position.turn
    centred = Game.resume(v, position, Cube())
    owned = Game.resume(v, position, Cube(2, mover))
    asked = centred.double()
    return (cube_action(centred) == "double", cube_action(owned) == "double", cube_action(asked) == "take")


def model_decisions(position: Position) -> tuple[bool, bool, bool]:
    ch = race_chances(position)
    centred = equities(Cube(), position.turn, ch, RACE_EFFICIENCY)
    owned = equities(Cube(2, position.turn), position.turn, ch, RACE_EFFICIENCY)
    return centred.double, owned.double, centred.should_take


def race_positions(count: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    out: list[Position] = []
    names = ("portes", "tapa")
    while len(out) < count:
        v = variant(names[len(out) % 2], cube="on")
        position = Position.from_tpn(race_tpn(rng), v)
        assert is_race(position)
        margin = keith(position, position.turn) * 8 / 7 - keith(position, position.turn.other)
        if abs(margin) <= WINDOW:
            out.append(position)
    return out


def contact_positions(seed: int, games: int) -> list[Position]:
    """Positions before a roll in self-played portes and tapa games (contact ones)."""
    out: list[Position] = []
    for i in range(games):
        rng = random.Random(seed + i)
        game = Game.new(variant(("portes", "tapa")[i % 2]))
        while game.phase == "opening":
            game = game.opening(rng.randint(1, 6), rng.randint(1, 6))
        while game.phase != "over":
            if game.phase == "roll":
                if not is_race(game.position):
                    out.append(Position.from_tpn(game.position.to_tpn(), variant(game.variant.name, cube="on")))
                game = game.roll(rng.randint(1, 6), rng.randint(1, 6))
            plays = game.plays()
            game = game.play(choose_play(plays, rng=rng)) if plays else game.pass_turn()
    return out


def timed(positions: list[Position]) -> list[float]:
    times: list[float] = []
    for position in positions:
        for game in (Game.resume(position.variant, position, Cube()),
                     Game.resume(position.variant, position, Cube(away=(3, 4))),
                     Game.resume(position.variant, position, Cube()).double()):
            start = time.perf_counter()
            cube_action(game)
            times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--positions", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--games", type=int, default=20)
    ns = ap.parse_args()
    races = race_positions(ns.positions, ns.seed)
    agree = sum(computer_decisions(p) == keith_decisions(p) for p in races)
    model = sum(model_decisions(p) == keith_decisions(p) for p in races)
    contact = contact_positions(ns.seed, ns.games)
    times = timed(races) + timed(contact)
    print(json.dumps({
        "positions": len(races), "agreement": round(agree / len(races), 4),
        "model_agreement": round(model / len(races), 4), "contact_positions": len(contact),
        "contact_efficiency": CONTACT_EFFICIENCY,
        "cube_ms_p50": round(pct(times, 0.5), 3), "cube_ms_p99": round(pct(times, 0.99), 3),
        "cube_ms_max": round(max(times), 3),
    }))


if __name__ == "__main__":
    main()
