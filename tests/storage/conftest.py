"""Fixtures: a store on the machine's Redis (127.0.0.1:6379) or on a 3-master cluster, and own servers.

Every store gets a key prefix unique to the test, and its keys are deleted afterwards, so runs in parallel
never collide. Repository tests take `store`, which runs them once on a single server and once on the cluster.
"""

from __future__ import annotations

import contextlib
import itertools
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from storage import Store, StoreSettings, StoreUnavailable, make_client

from .servers import RedisCluster, RedisProcess

RUN_ID = uuid.uuid4().hex[:8]
_counter = itertools.count()


@pytest.fixture(scope="session")
def cluster_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    cluster = RedisCluster(tmp_path_factory.mktemp("cluster")).start()
    yield cluster.url
    cluster.stop()


def unique_prefix() -> str:
    return f"tabla-test-{RUN_ID}-{next(_counter)}"


async def open_store(url: str, **overrides: object) -> Store:
    """A store under a fresh prefix, its client connected first as `connect()` does (when Redis answers)."""
    settings = StoreSettings.from_url(url, prefix=unique_prefix(), **overrides)
    store = Store(make_client(settings), settings)
    with contextlib.suppress(StoreUnavailable):
        await store.ping()
    return store


async def delete_everything(store: Store) -> None:
    pattern = store.games._keys.everything_pattern()
    keys = [key async for key in store.client.scan_iter(match=pattern, count=1000)]
    for key in keys:
        await store.client.delete(key)


@asynccontextmanager
async def fresh_store(url: str) -> AsyncIterator[Store]:
    """A store with a prefix of its own on `url`, emptied and closed afterwards."""
    opened = await open_store(url)
    try:
        yield opened
    finally:
        await delete_everything(opened)
        await opened.aclose()


@pytest.fixture(params=["single", "cluster"])
async def store(request: pytest.FixtureRequest) -> AsyncIterator[Store]:
    """A store on the single server, then on the cluster."""
    async with fresh_store(request.getfixturevalue(f"{request.param}_url")) as opened:
        yield opened


@pytest.fixture
async def single_store(single_url: str) -> AsyncIterator[Store]:
    """A store on the single server only (for the multi-process tests)."""
    async with fresh_store(single_url) as opened:
        yield opened


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[RedisProcess]:
    """A redis-server of this test's own, with AOF, on a free port in a temp dir."""
    server = RedisProcess(tmp_path / "redis").start()
    yield server
    server.kill()


@pytest.fixture
def durable_server(tmp_path: Path) -> Iterator[RedisProcess]:
    """Like `own_server`, but fsyncing the AOF before every reply.

    With `appendfsync everysec` Redis may postpone writing the AOF for up to 2 s while an fsync lags, and still
    answer meanwhile, so a crash of Redis itself can lose acknowledged writes; `always` writes first.
    """
    server = RedisProcess(tmp_path / "durable", fsync="always").start()
    yield server
    server.kill()
