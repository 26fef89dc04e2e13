"""Connecting: `connect()` gives a ready `Store` on the Redis of `REDIS_URL`, or on an embedded server.

Clients are built to fail fast and heal by themselves: a connect timeout of `connect_timeout`, one immediate
retry (which replaces a pooled connection that a Redis restart broke), and the pool reconnects on the next call
once Redis is back. Replies have no socket timeout of their own: every store operation is bounded as a whole by
`operation_timeout` (`errors.guarded`), so an unreachable or silent Redis gives `StoreUnavailable` within that
time instead of a hang, and a cancelled read drops its connection (redis-py disconnects on cancellation). A
per-socket timeout would cost a task per command in redis-py's send path for no extra safety.

A Redis Cluster (`redis+cluster://`) gets redis-py's cluster client: it routes each command by its keys' hash
slot, follows MOVED and ASK, and reloads its slot map after a failover. Every script's keys share one hash tag
(`keys.py`), so a script runs on one node and moves with its slot. A promoted replica has no scripts in its
cache (Redis does not replicate SCRIPT LOAD): the first call there answers NOSCRIPT and the script is loaded
and run again (`coalescing.py`, `durable.py`). With `replicas=` in the URL, game steps wait for replicas
(`durable.py`), and a step whose reply a failover cut off is retried by its command id (`games.py`).
"""

from __future__ import annotations

import asyncio
import logging
import os
from pathlib import Path
from typing import Any

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import RedisError, ResponseError

from .embedded import EmbeddedServer
from .errors import NotRedis, StoreUnavailable
from .settings import Client, StoreSettings
from .store import Store

log = logging.getLogger(__name__)

URL_ENV = "REDIS_URL"


def make_client(settings: StoreSettings) -> Client:
    """A redis-py asyncio client (or cluster client) for `settings`, not yet connected."""
    options: dict[str, Any] = {
        "socket_connect_timeout": settings.connect_timeout,
        "retry": Retry(NoBackoff(), 1),
    }
    if settings.cluster:
        return RedisCluster.from_url(settings.url, **options)
    return Redis.from_url(settings.url, health_check_interval=30, **options)


def _refusal(display_url: str, reason: str) -> str:
    """What a Redis server that answered but refused the connection's set-up said, in an operator's words."""
    if "DB index" in reason:
        base, _, db = display_url.rpartition("/")
        return (f"the Redis server at {base} has no database {db} ({reason}): use a database number it has "
                f"(0 to 15 unless its `databases` setting says more)")
    return f"the Redis server at {display_url} refused the connection: {reason}"


async def connect(url: str | None = None, *, data_dir: str | Path | None = None, **overrides: Any) -> Store:
    """A `Store` on `url`, else on `$REDIS_URL`, else on an embedded server keeping its data in `data_dir`.

    Keyword arguments override `StoreSettings` fields. With a URL, a Redis that does not answer yet is only
    logged: the store starts anyway and works as soon as Redis does.

    :raises ServerStartError: no URL, and no embedded server could be started (the message says how to set
        `REDIS_URL`).
    :raises NotRedis: something that is not Redis answers at the URL, or a Redis server refuses it (a database
        number it does not have).
    :raises ValueError: a URL that is not a usable Redis URL.
    """
    url = url or os.environ.get(URL_ENV) or None
    if url is not None:
        settings = StoreSettings.from_url(url, **overrides)
        store = Store(make_client(settings), settings, description=f"Redis at {settings.display_url}")
        log.info("storage: using %s (key prefix %r)", store.description, settings.prefix)
        try:
            await store.ping()
        except StoreUnavailable as exc:
            log.warning("storage: %s does not answer yet (%s); operations fail until it does", store.description, exc)
        except ResponseError as exc:  # a Redis server that refuses the URL: a database it lacks, a bad password
            await store.aclose()
            raise NotRedis(_refusal(settings.display_url, str(exc))) from exc
        except RedisError as exc:
            await store.aclose()
            raise NotRedis(f"what answers at {settings.display_url} is not a Redis server ({exc})") from exc
        return store
    server = EmbeddedServer(data_dir)
    await asyncio.to_thread(server.start)
    settings = StoreSettings.from_url(server.url, **overrides)
    store = Store(make_client(settings), settings, on_close=lambda: asyncio.to_thread(server.stop),
                  description=f"embedded Redis in {server.directory}")
    log.info("storage: using the %s (set %s to use another Redis)", store.description, URL_ENV)
    return store
