"""Small builders for the engine's tests: positions from TPN, plays by notation."""

from __future__ import annotations

import random

from game import Position, variant
from game.plays import Play, legal_plays, pass_position


def pos(name: str, tpn: str, **opts: str) -> Position:
    return Position.from_tpn(tpn, variant(name, opts))


def plays(name: str, tpn: str, dice: tuple[int, int], **opts: str) -> list[Play]:
    return legal_plays(pos(name, tpn, **opts), dice)


def notations(name: str, tpn: str, dice: tuple[int, int], **opts: str) -> set[str]:
    return {pl.notation for pl in plays(name, tpn, dice, **opts)}


def afters(name: str, tpn: str, dice: tuple[int, int], **opts: str) -> set[str]:
    return {pl.position.to_tpn() for pl in plays(name, tpn, dice, **opts)}


def tpn(points: dict[int, str], turn: str = "w", white: str = "0/0/0", black: str = "0/0/0") -> str:
    """A TPN from {white's point: entry}."""
    return ",".join(points.get(p, "") for p in range(1, 25)) + f" {turn} {white} {black}"


def roll_for(p: Position, rng: random.Random) -> tuple[int, int]:
    """A random roll, or the dice of gulbara's pending stage (R-GULBARA-6: asked with `(d, d)`)."""
    if p.cascade is not None and p.cascade.pending:
        return (p.cascade.die, p.cascade.die)
    return (rng.randint(1, 6), rng.randint(1, 6))


def random_position(name: str, seed: int, plies: int, **opts: str) -> Position:
    """The position after up to `plies` random plays from the start (stopping before a play that ends the game)."""
    rng = random.Random(seed)
    p = Position.start(variant(name, opts))
    for _ in range(plies):
        roll = roll_for(p, rng)
        ps = legal_plays(p, roll)
        if not ps:
            p = pass_position(p, roll)
            continue
        pl = rng.choice(ps)
        if pl.end is not None:
            break
        p = pl.position
    return p
