"""Store settings: one small dataclass, built from a URL.

URL forms: `redis://host:port/db`, `rediss://…` (TLS), `unix:///path/to/socket`, and for a Redis Cluster
`redis+cluster://host:port` (or `rediss+cluster://`), which gives a `redis.asyncio.cluster.RedisCluster` seeded
from that node. Query parameters of the store's own: `prefix=<name>` sets the key prefix (default `tabla`);
`replicas=<n>` makes every game step wait until `n` replicas hold it (`WAIT`) before it counts as made, at most
`replica_wait=<seconds>` (default 0.5); `timeout=<seconds>` sets `operation_timeout`. Any other query parameters
go to redis-py as usual.
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
_OWN_PARAMETERS = ("prefix", "replicas", "replica_wait", "timeout")


@dataclass(frozen=True, slots=True)
class StoreSettings:
    """How to reach Redis and how the store lays out and bounds its data.

    - `url`: a redis-py URL (without the `+cluster` marker; see `cluster`).
    - `connect_timeout` / `operation_timeout`: seconds before an unreachable or silent Redis raises
      `StoreUnavailable` (an operation never takes longer than `operation_timeout`).
    - `schedule_buckets`: the schedule is sharded over this many sorted sets (hash tags); every process
      must use the same number.
    - `commands_kept` / `commands_ttl`: how many recent command ids a game remembers, and for how long.
    - `wait_replicas` / `replica_wait`: where the store is replicated, a game step is answered only once this
      many replicas acknowledged it (`WAIT`, on the connection that wrote it), waiting at most `replica_wait`
      seconds; 0 (the default) does not wait. A step a replica did not confirm in time is still made (the
      master has it) and logged; see `durable.py`.
    """

    url: str = "redis://127.0.0.1:6379/0"
    cluster: bool = False
    prefix: str = DEFAULT_PREFIX
    connect_timeout: float = 1.0
    operation_timeout: float = 2.0
    schedule_buckets: int = 16
    commands_kept: int = 8
    commands_ttl: float = 86400.0
    wait_replicas: int = 0
    replica_wait: float = 0.5

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
        ours = {key: value for key, value in query if key in _OWN_PARAMETERS}
        rest = urlencode([(key, value) for key, value in query if key not in _OWN_PARAMETERS])
        plain = _unsplit(scheme, parts.netloc, parts.path, rest)
        settings = cls(url=plain, cluster=cluster, prefix=ours.get("prefix", DEFAULT_PREFIX))
        try:
            if "replicas" in ours:
                settings = replace(settings, wait_replicas=int(ours["replicas"]))
            if "replica_wait" in ours:
                settings = replace(settings, replica_wait=float(ours["replica_wait"]))
            if "timeout" in ours:
                settings = replace(settings, operation_timeout=float(ours["timeout"]))
        except ValueError:
            raise ValueError(f"the Redis URL's replicas, replica_wait and timeout must be numbers, not "
                             f"{ours!r}") from None
        if settings.wait_replicas < 0 or settings.replica_wait <= 0 or settings.operation_timeout <= 0:
            raise ValueError("the Redis URL's replicas must be 0 or more, replica_wait and timeout above 0")
        return replace(settings, **overrides)

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
