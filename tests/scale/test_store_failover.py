"""Game steps on a replicated Redis Cluster through a master's SIGKILL: every step the store confirmed is in
its game's log exactly once after the failover, and no log holds a step that was not confirmed."""

from __future__ import annotations

import asyncio
import dataclasses
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis

from storage import GameRecord, MoveLogEntry, Store, StoreSettings, StoreUnavailable, VersionConflict, make_client
from storage.errors import _bound
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


async def test_a_step_waits_for_the_replica_of_its_own_master(cluster: ReplicatedCluster) -> None:
    """With the replica of the game's master frozen (SIGSTOP) a step waits `replica_wait` for it (WAIT, after the
    step on the connection that wrote it), is counted unconfirmed, and stands; thawed, steps are confirmed at
    once again."""
    store = await open_store(cluster.url)
    try:
        game = await store.games.create(variant="plakoto", players=("ann", "bob"), position=START)
        master = store.client.get_node_from_key(store.games._keys.game(game.id))  # type: ignore[union-attr]
        info = redis.Redis(port=master.port).info("replication")
        replica = next(n for n in cluster.nodes if n.port == int(info["slave0"]["port"]))
        assert replica.process is not None
        durable = store.games._backend.durable
        assert durable is not None and durable.unconfirmed == 0
        replica.process.send_signal(signal.SIGSTOP)
        try:
            after = next_position(game.position, "frozen")
            started = time.monotonic()
            await store.games.apply(game, dataclasses.replace(game, position=after), command_id="frozen",
                                    move=MoveLogEntry(0, "31", "frozen", after, game.created_at))
            took = time.monotonic() - started
        finally:
            replica.process.send_signal(signal.SIGCONT)
        assert took >= 0.45 and durable.unconfirmed == 1
        assert [entry.play for entry in await store.games.log(game.id)] == ["frozen"]
        started = time.monotonic()
        game = await store.games.get(game.id)
        after = next_position(game.position, "thawed")
        await store.games.apply(game, dataclasses.replace(game, position=after), command_id="thawed",
                                move=MoveLogEntry(1, "31", "thawed", after, game.created_at))
        assert time.monotonic() - started < 0.4 and durable.unconfirmed == 1
    finally:
        await store.aclose()


async def test_a_step_cut_off_late_in_its_time_gets_the_whole_timeout_to_be_sent_again(
        single_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A step whose connection a failover broke after it had waited most of its time (a busy process) is sent
    again for a whole operation timeout from then, so a step that was written is answered "made", not "nothing
    was changed"."""
    settings = StoreSettings.from_url(f"{single_url}?prefix=scale-late-{time.time_ns()}&replicas=1"
                                      "&replica_wait=0.01&timeout=3")
    store = Store(make_client(settings), settings)
    try:
        game = await store.games.create(variant="plakoto", players=("a", "b"), position=START)
        durable = store.games._backend.durable  # the repository's writer of confirmed steps
        assert durable is not None
        real = durable.script
        tries = 0

        async def late(*args: object, **kwargs: object) -> object:
            nonlocal tries
            tries += 1
            if tries == 1:  # written, and its answer lost just before the call's time is up
                await real(*args, **kwargs)  # type: ignore[arg-type]
                await almost_out_of_time()
                raise redis.exceptions.ConnectionError("the master died")
            await asyncio.sleep(0.3)  # the new master takes a moment to be known
            return await real(*args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(durable, "script", late)
        after = next_position(game.position, "1")
        result = await store.games.apply(game, dataclasses.replace(game, position=after), command_id="late",
                                         move=MoveLogEntry(0, "31", "1", after, game.created_at))
        assert tries == 2 and not result.duplicate and result.version == game.version + 1
        assert len(await store.games.log(game.id)) == 1
    finally:
        await store.aclose()


async def test_a_step_made_whose_indexes_an_outage_cut_off_is_answered_made(
        single_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The step is written, then the master of its players' or its schedule's slot fails over: the indexes are
    sent again, and the step is answered made, not "nothing was changed"."""
    settings = StoreSettings.from_url(f"{single_url}?prefix=scale-index-{time.time_ns()}&replicas=1"
                                      "&replica_wait=0.01&timeout=3")
    store = Store(make_client(settings), settings)
    try:
        game = await store.games.create(variant="plakoto", players=("a", "b"), position=START)
        real = store.games._sync_indexes  # the repository's index writes
        tries = 0

        async def cut(*args: Any, **kwargs: Any) -> None:
            nonlocal tries
            tries += 1
            if tries == 1:
                await almost_out_of_time()
                raise redis.exceptions.ConnectionError("another slot's master died")
            await real(*args, **kwargs)

        monkeypatch.setattr(store.games, "_sync_indexes", cut)
        after = next_position(game.position, "1")
        new = dataclasses.replace(game, position=after, deadline=game.created_at + 3600)
        result = await store.games.apply(game, new, command_id="indexed",
                                         move=MoveLogEntry(0, "31", "1", after, game.created_at))
        assert tries == 2 and result.version == game.version + 1
        assert any(game_id == game.id for _, game_id, _ in await store.schedule.wakeups())
    finally:
        await store.aclose()


async def almost_out_of_time() -> None:
    """Wait until the storage call in progress has 0.2 s left."""
    bound = _bound.get()
    assert bound is not None and bound.when() is not None
    await asyncio.sleep(max(0.0, (bound.when() or 0.0) - asyncio.get_running_loop().time() - 0.2))


async def test_a_connection_closed_under_a_command_is_an_outage(single_url: str,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """redis-py writing on a connection a failover has just closed raises AttributeError from inside redis: an
    outage (retried or reported as such), not an error of ours."""
    store = Store(make_client(StoreSettings.from_url(f"{single_url}?prefix=scale-closed-{time.time_ns()}")))
    try:
        closed = redis.asyncio.connection.Connection(host="127.0.0.1", port=1)  # never opened: no writer

        async def write(*args: object, **kwargs: object) -> object:
            await closed._send_packed_command([b"PING"])  # raises AttributeError inside redis
            return None

        monkeypatch.setattr(store.client, "execute_command", write)
        with pytest.raises(StoreUnavailable):
            await store.ping()
    finally:
        monkeypatch.undo()
        await store.aclose()
