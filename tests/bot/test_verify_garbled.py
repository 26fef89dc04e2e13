"""/verify reports a play logged where an opening roll was due as a problem, never by failing (R-DICE-1)."""

from __future__ import annotations

from dataclasses import replace

from bot.dice import roll
from bot.gamestate import seed_of
from bot.replies import Caller
from bot.service import Service
from bot.verify import verify
from storage import MoveLogEntry

from .conftest import ALICE, CHAT


async def test_a_play_logged_in_place_of_an_opening_roll_is_a_problem(service: Service) -> None:
    assert (await service.handle(Caller(ALICE, CHAT), "/play ai portes to 1")).ok
    gid = (await service.store.games.active_for((await service.store.players.find("console", "alice")).id))[0]  # type: ignore[union-attr]
    record, _ = await service.store.games.snapshot(gid)
    seed = seed_of(record)
    tie = next(f"t{k}" for k in range(1000) if len(set(roll(seed, f"t{k}", 0))) == 1)
    record = replace(record, id=tie)  # a game whose first opening roll is equal: another opening roll is due
    w, b = roll(seed, tie, 0)
    opening = MoveLogEntry(0, f"{w}-{b}", "opening", record.start_position, 0.0)
    garbled = [opening, replace(opening, play="24/18 13/8", dice="6-5")]
    check = verify(record, garbled)
    assert not check.ok and check.problem is not None
    assert check.problem.message.endswith("the game was not waiting for a move")
