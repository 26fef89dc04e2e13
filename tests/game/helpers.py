"""Small builders for the engine's tests: positions from TPN, plays by notation."""

from __future__ import annotations

from game import Position, variant
from game.plays import Play, legal_plays


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
