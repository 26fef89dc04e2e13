"""Discord shards split over bot processes on a replicated Redis Cluster: each process connects its own shard
(`DISCORD_SHARD_IDS`) and serves the guilds on it; when one is killed (SIGKILL) its shard's gateway session
ends, the other shard plays on, and a standby started with the dead process's shard takes its guilds over."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.actions import Verb
from bot.service import Service
from storage import connect
from tests.discord.fake import GUILD_ID, FakeDiscord, Person, slash
from tests.discord.play import actions, random_play

from .bots import BotProcess
from .cluster import ReplicatedCluster

ALICE = Person(100_000_000_000_000_001, "alice")


def guild_on(shard: int, shards: int = 2) -> int:
    """A guild id that Discord puts on `shard` (guild id >> 22, modulo the shard count)."""
    guild = GUILD_ID
    while (guild >> 22) % shards != shard:
        guild += 1 << 22
    return guild


async def shard_state(fake: FakeDiscord, shard: int, *, connected: bool, timeout: float = 60) -> None:
    """Until the fake gateway has (or no longer has) a session for `shard`."""
    async with asyncio.timeout(timeout):
        while (shard in fake.sockets) != connected:
            await asyncio.sleep(0.1)


@pytest.fixture
async def cluster(tmp_path: Path) -> AsyncIterator[ReplicatedCluster]:
    started = await asyncio.to_thread(ReplicatedCluster(tmp_path / "cluster").start)
    yield started
    await asyncio.to_thread(started.stop)


async def test_a_killed_process_s_shard_is_taken_over_by_a_standby(cluster: ReplicatedCluster,
                                                                    tmp_path: Path) -> None:
    url = f"{cluster.url}?prefix=shards&replicas=1&replica_wait=0.5&timeout=8"
    fake = await FakeDiscord(shards=2).start()
    bots = [BotProcess.discord(tmp_path / f"bot{i}", fake.api, url, str(i), 2).start() for i in range(2)]
    store = await connect(url)
    service = Service(store, render=None)
    rng = random.Random(5)
    try:
        await fake.connected(2, timeout=60)
        guilds = [guild_on(0), guild_on(1)]
        games = []
        for guild in guilds:
            board = await (await slash(fake, ALICE, "play", guild=guild, variant="tapa", match=1)).board(timeout=30)
            games.append(next(a for a in actions(board) if a.verb is Verb.OPEN).ref)

        async def move(i: int) -> None:
            play = await random_play(service, games[i], rng)
            await (await slash(fake, ALICE, "move", guild=guilds[i], play=play, game=games[i])).board(timeout=30)

        await move(0)
        await move(1)
        bots[1].kill()
        await shard_state(fake, 1, connected=False)
        await move(0)  # the other shard plays on
        standby = BotProcess.discord(tmp_path / "standby", fake.api, url, "1", 2).start()
        bots.append(standby)
        await shard_state(fake, 1, connected=True)
        await move(1)  # the dead process's guild, served by the standby
        logged = [len([e for e in await store.games.log(g) if e.play != "opening"]) for g in games]
        assert logged[0] >= 4 and logged[1] >= 4  # each move of Alice's with the computer's reply
    finally:
        for bot in bots:
            await asyncio.to_thread(bot.stop)
        service.close()
        await store.aclose()
        await fake.stop()
