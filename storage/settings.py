"""Store settings: one small dataclass, built from a URL.

URL forms: `redis://host:port/db`, `rediss://…` (TLS), `unix:///path/to/socket`, and for a Redis Cluster
`redis+cluster://host:port` (or `rediss+cluster://`), which gives a `redis.asyncio.cluster.RedisCluster` seeded
from that node. A `prefix=<name>` query parameter sets the key prefix (default `tabla`); any other query
parameters go to redis-py as usual.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster

from .keys import DEFAULT_PREFIX

Client = Redis | RedisCluster
_CLUSTER_SUFFIX = "+cluster"


@dataclass(frozen=True, slots=True)
class StoreSettings:
    """How to reach Redis and how the store lays out and bounds its data.

    - `url`: a redis-py URL (without the `+cluster` marker; see `cluster`).
    - `connect_timeout` / `operation_timeout`: seconds before an unreachable or silent Redis raises
      `StoreUnavailable` (an operation never takes longer than `operation_timeout`).
    - `schedule_buckets`: the schedule is sharded over this many sorted sets (hash tags); every process
      must use the same number.
    - `commands_kept` / `commands_ttl`: how many recent command ids a game remembers, and for how long.
    """

    url: str = "redis://127.0.0.1:6379/0"
    cluster: bool = False
    prefix: str = DEFAULT_PREFIX
    connect_timeout: float = 1.0
    operation_timeout: float = 2.0
    schedule_buckets: int = 16
    commands_kept: int = 8
    commands_ttl: float = 86400.0

    @classmethod
    def from_url(cls, url: str, **overrides: Any) -> StoreSettings:
        """Settings for `url`; keyword arguments override any field."""
        parts = urlsplit(url)
        scheme = parts.scheme
        cluster = scheme.endswith(_CLUSTER_SUFFIX)
        if cluster:
            scheme = scheme.removesuffix(_CLUSTER_SUFFIX)
        if scheme not in ("redis", "rediss", "unix"):
            raise ValueError(f"unsupported Redis URL scheme {parts.scheme!r}; use redis://, rediss://, unix:// "
                             f"or redis+cluster://")
        query = parse_qsl(parts.query, keep_blank_values=True)
        prefix = next((value for key, value in query if key == "prefix"), DEFAULT_PREFIX)
        rest = urlencode([(key, value) for key, value in query if key != "prefix"])
        plain = _unsplit(scheme, parts.netloc, parts.path, rest)
        return replace(cls(url=plain, cluster=cluster, prefix=prefix), **overrides)

    @property
    def display_url(self) -> str:
        """The URL without any password, for logs."""
        parts = urlsplit(self.url)
        netloc = parts.netloc.rpartition("@")[2]
        scheme = parts.scheme + (_CLUSTER_SUFFIX if self.cluster else "")
        return _unsplit(scheme, netloc, parts.path, "")


def _unsplit(scheme: str, netloc: str, path: str, query: str) -> str:
    """Like `urlunsplit`, but keeps `unix:///path` (with an empty host) as it is."""
    return f"{scheme}://{netloc}{path}" + (f"?{query}" if query else "")
