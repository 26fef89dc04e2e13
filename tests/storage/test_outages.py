"""Durability after a crash of Redis, and behaviour while Redis is down or silent."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import socket
import time
from pathlib import Path

import pytest

from storage import MoveLogEntry, StoreUnavailable

from .conftest import open_store
from .positions import START, next_position
from .processes import Workers
from .servers import RedisProcess


async def test_every_acknowledged_move_survives_a_kill_9_of_redis(durable_server: RedisProcess,
                                                                  tmp_path: Path) -> None:
    own_server = durable_server
    store = await open_store(own_server.url)
    ids = [(await store.games.create(variant="tapa", players=("ann", "bob"), position=START)).id for _ in range(20)]
    workers = Workers("moves", [
        {"url": own_server.url, "prefix": store.settings.prefix, "games": ids, "moves": 5000, "proc": proc,
         "seed": proc}
        for proc in range(4)
    ], tmp_path / "go")
    try:
        workers.go()
        deadline = time.monotonic() + 60
        while workers.count() < 400 and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        own_server.kill()
        lines = workers.wait()
    finally:
        workers.kill()
    acks = [json.loads(line) for worker in lines for line in worker if line.startswith("{")]
    assert len(acks) >= 400
    assert all(worker[-1] == "down" for worker in lines), "every worker should have seen Redis go down"
    own_server.start()
    for game_id in ids:
        record, log = await store.games.snapshot(game_id)
        assert record.version == len(log) + 1
        for ack in (ack for ack in acks if ack["game"] == game_id):
            assert ack["version"] - 2 < len(log) and log[ack["version"] - 2].play == ack["cmd"], (
                f"acknowledged move {ack} is lost")
    await store.aclose()


async def test_while_redis_is_down_calls_fail_typed_and_it_recovers_by_itself(own_server: RedisProcess) -> None:
    store = await open_store(own_server.url)
    game = await store.games.create(variant="plakoto", players=("ann", "bob"), position=START)
    own_server.kill()
    after = next_position(START, "c1")
    move = MoveLogEntry(0, "31", "c1", after, time.time())
    for _ in range(3):
        with pytest.raises(StoreUnavailable):
            await store.games.get(game.id)
        with pytest.raises(StoreUnavailable):
            await store.games.apply(game, dataclasses.replace(game, position=after), command_id="c1", move=move)
        with pytest.raises(StoreUnavailable):
            await store.schedule.claim_due(time.time())
    own_server.start()
    assert await store.games.get(game.id) == game
    result = await store.games.apply(game, dataclasses.replace(game, position=after), command_id="c1", move=move)
    assert result.version == 2
    await store.aclose()


async def test_a_redis_that_never_answers_gives_a_typed_error_not_a_hang() -> None:
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(16)  # connections are queued but never answered
        port = silent.getsockname()[1]
        store = await open_store(f"redis://127.0.0.1:{port}/0", operation_timeout=0.3)
        with pytest.raises(StoreUnavailable):
            await store.games.get("g1")
        with pytest.raises(StoreUnavailable):
            await store.ping()
        await store.aclose()


async def test_connect_with_a_url_starts_even_if_redis_is_down_and_works_once_it_is_up(tmp_path: Path) -> None:
    from storage import connect

    server = RedisProcess(tmp_path / "late")
    store = await connect(server.url + "?prefix=late")
    try:
        with pytest.raises(StoreUnavailable):
            await store.games.get("g1")
        server.start()
        await store.ping()
        assert (await store.ratings.get("tapa", "ann")).rating == 1500.0
    finally:
        await store.aclose()
        server.kill()
