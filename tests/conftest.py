"""Fixtures shared by every test directory: the Redis the tests talk to."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import redis

from tests.storage.servers import RedisProcess

LOCAL_URL = "redis://127.0.0.1:6379/0"


@pytest.fixture(scope="session")
def single_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The machine's Redis (127.0.0.1:6379); if it does not answer, a server of our own for the session."""
    probe = redis.Redis.from_url(LOCAL_URL, socket_connect_timeout=1)
    try:
        probe.ping()
        yield LOCAL_URL
        return
    except redis.RedisError:
        pass
    finally:
        probe.close()
    server = RedisProcess(tmp_path_factory.mktemp("single")).start()
    yield server.url
    server.stop()
