"""Putting a stored game at a hand-worked position and cube (RULES.md §13), as a stored step would: one
compare-and-set with a log entry `setup`, so every rule of the cube can be checked on a known position."""

from __future__ import annotations

import time
from dataclasses import replace

from game import Cube, Position, variant
from storage import MoveLogEntry, Store

START = ",".join(("W15" if p == 24 else "B15" if p == 1 else "") for p in range(1, 25))  # tapa's start


def tpn(points: str, turn: str = "w", white: str = "0/0/0", black: str = "0/0/0") -> str:
    return f"{points} {turn} {white} {black}"


async def put(store: Store, gid: str, position: str, cube: Cube, dice: str = "", now: float | None = None) -> None:
    """Set game `gid` at `position` (TPN), `cube` and `dice` (empty: waiting for the roll, or the answer)."""
    now = time.time() if now is None else now
    record = await store.games.get(gid)
    v = variant(record.variant, dict(record.options))
    position = Position.from_tpn(position, v).to_tpn()
    new = replace(record, position=position, dice=dice, cube=cube.to_data())
    await store.games.apply(record, new, command_id=f"setup:{gid}:{record.version}",
                            move=MoveLogEntry(0, "", "setup", position, now), now=now)
