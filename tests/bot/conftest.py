"""Fixtures: a `Service` on the machine's Redis (or a server of our own) with a unique key prefix per test,
a controllable clock, and helpers that play whole games by commands."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Iterator

import pytest
import redis

from bot.replies import Chat, Identity
from bot.service import Service
from storage import Store, connect

CHAT = Chat("console", "local")
ALICE = Identity("console", "alice", "alice", username="alice")
BOB = Identity("console", "bob", "bob", username="bob")
CAROL = Identity("console", "carol", "carol", username="carol")


class Clock:
    """A clock the test moves by hand."""

    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, hours: float) -> None:
        self.now += hours * 3600


@pytest.fixture(scope="session")
def redis_url(single_url: str) -> str:
    return single_url


@pytest.fixture
def prefix(redis_url: str) -> Iterator[str]:
    """A key prefix of the test's own; its keys are deleted afterwards (also those written by subprocesses)."""
    name = f"test-bot-{uuid.uuid4().hex[:10]}"
    yield name
    client = redis.Redis.from_url(redis_url)
    try:
        keys = list(client.scan_iter(match=f"{name}:*", count=1000))
        for i in range(0, len(keys), 500):
            client.delete(*keys[i:i + 500])
    finally:
        client.close()


@pytest.fixture
async def store(redis_url: str, prefix: str) -> AsyncIterator[Store]:
    store = await connect(redis_url, prefix=prefix)
    yield store
    keys = [key async for key in store.client.scan_iter(match=f"{prefix}:*", count=1000)]
    if keys:
        await store.client.delete(*keys)
    await store.aclose()


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def service(store: Store, clock: Clock) -> AsyncIterator[Service]:
    """A service whose directory knows alice, bob and carol (as if each had written in the chat once)."""
    svc = Service(store, clock=clock, render=None)
    for who in (ALICE, BOB, CAROL):
        await svc.remember(who)
    yield svc
    svc.close()
