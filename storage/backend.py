"""What every repository shares: the Redis client, the key layout, the registered scripts and the settings."""

from __future__ import annotations

from .coalescing import Coalescer
from .durable import DurableWriter
from .keys import Keys
from .scripts import Scripts
from .settings import Client, StoreSettings


class Backend:
    """The connected client and everything derived from the settings."""

    def __init__(self, client: Client, settings: StoreSettings) -> None:
        self.client = client
        self.settings = settings
        self.keys = Keys(settings.prefix)
        self.scripts = Scripts(client)
        self.coalescer = Coalescer(client)
        self.durable = (DurableWriter(client, settings.wait_replicas, settings.replica_wait)
                        if settings.wait_replicas else None)


class Repository:
    """Base of the repositories: gives `guarded` its timeout."""

    def __init__(self, backend: Backend) -> None:
        self._backend = backend
        self._client = backend.client
        self._keys = backend.keys
        self._scripts = backend.scripts

    @property
    def operation_timeout(self) -> float:
        return self._backend.settings.operation_timeout


def text(value: object) -> str:
    """A reply value as text (the client is used without decode_responses: move logs are binary)."""
    return value.decode() if isinstance(value, bytes) else str(value)


def pairs(reply: object) -> list[tuple[str, float]]:
    """A WITHSCORES reply as (member, score) pairs."""
    assert isinstance(reply, list)
    return [(text(name), float(score)) for name, score in reply]
