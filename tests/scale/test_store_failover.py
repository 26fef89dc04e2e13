"""Game steps on a replicated Redis Cluster through a master's SIGKILL: every step the store confirmed is in
its game's log exactly once after the failover, and no log holds a step that was not confirmed."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from storage import GameRecord, MoveLogEntry, Store, StoreSettings, StoreUnavailable, VersionConflict, make_client
from tests.storage.positions import START, next_position

from .cluster import ReplicatedCluster


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[ReplicatedCluster]:
    started = ReplicatedCluster(tmp_path / "cluster").start()
    yield started
    started.stop()


async def open_store(url: str) -> Store:
    settings = StoreSettings.from_url(f"{url}?prefix=failover&replicas=1&replica_wait=0.5&timeout=8")
    store = Store(make_client(settings), settings)
    await store.ping()
    return store


async def player(store: Store, game: GameRecord, until: float, told: list[str]) -> int:
    """Step `game` until `until`; `told` gets each step the store confirmed. Returns the refusals."""
    refused = 0
    n = 0
    while time.monotonic() < until:
        try:
            current = await store.games.get(game.id)
        except StoreUnavailable:
            refused += 1
            await asyncio.sleep(0.05)
            continue
        play = f"{game.id}-{n}"
        after = next_position(current.position, play)
        move = MoveLogEntry(current.turn, "31", play, after, 1_800_000_000.0 + current.version)
        new = dataclasses.replace(current, position=after, turn=1 - current.turn)
        try:
            await store.games.apply(current, new, command_id=play, move=move)
        except (StoreUnavailable, VersionConflict):
            refused += 1  # told "not made": must not be in the log (checked below)
        else:
            told.append(play)
        n += 1
        await asyncio.sleep(0.01)
    return refused


async def test_confirmed_steps_survive_a_master_killed_under_them(cluster: ReplicatedCluster) -> None:
    store = await open_store(cluster.url)
    try:
        games = [await store.games.create(variant="plakoto", players=(f"a{i}", f"b{i}"), position=START)
                 for i in range(12)]
        told: dict[str, list[str]] = {g.id: [] for g in games}
        until = time.monotonic() + 8
        players = [asyncio.create_task(player(store, g, until, told[g.id])) for g in games]
        await asyncio.sleep(2)
        victim = await asyncio.to_thread(cluster.kill_master)
        took = await asyncio.to_thread(cluster.wait_failover)
        refused = sum(await asyncio.gather(*players))
        assert took < 10
        for game in games:
            logged = [entry.play for entry in await store.games.log(game.id)]
            assert logged == told[game.id], game.id  # each confirmed step once, in order, and nothing else
        total = sum(len(t) for t in told.values())
        assert total > 100 and store.games._backend.durable is not None
        assert store.games._backend.durable.steps >= total
        print(f"steps {total}, refused {refused}, failover {took:.1f}s")
        await asyncio.to_thread(cluster.revive, victim)
    finally:
        await store.aclose()
