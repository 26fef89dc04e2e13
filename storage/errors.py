"""Typed errors of the storage layer, and the one place where Redis client errors become them.

Every public coroutine of a repository is wrapped by `guarded`: it bounds the call by the store's operation
timeout and turns connection failures and timeouts into `StoreUnavailable` (`outages_as_errors`), so callers
never see a `redis` exception type and never wait for ever.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections.abc import Awaitable, Callable, Coroutine, Iterator
from contextvars import ContextVar
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar

from redis import exceptions as redis_errors


class StorageError(Exception):
    """Base class of every error raised by `storage`."""


class StoreUnavailable(StorageError):
    """Redis could not be reached or did not answer in time; retry later (the store reconnects by itself)."""


class NotFound(StorageError, LookupError):
    """No record of this kind has this id (or it has expired)."""

    def __init__(self, kind: str, record_id: str) -> None:
        super().__init__(f"no {kind} {record_id!r}")
        self.kind = kind
        self.record_id = record_id


class AlreadyExists(StorageError):
    """A record with this id exists already."""

    def __init__(self, kind: str, record_id: str) -> None:
        super().__init__(f"{kind} {record_id!r} exists already")
        self.kind = kind
        self.record_id = record_id


class VersionConflict(StorageError):
    """The record changed since it was read: `expected` is the version the caller had, `actual` the stored one.

    Reload the record, recompute and try again (with a new command id only if the command itself changed).
    """

    def __init__(self, kind: str, record_id: str, expected: int, actual: int) -> None:
        super().__init__(f"{kind} {record_id!r} is at version {actual}, not {expected}")
        self.kind = kind
        self.record_id = record_id
        self.expected = expected
        self.actual = actual


class UnknownSchemaVersion(StorageError):
    """A stored record was written with a schema this code does not know; it is refused, not guessed at."""

    def __init__(self, key: str, version: object, known: int) -> None:
        super().__init__(f"record {key!r} has schema version {version!r}; this code reads only version {known}")
        self.key = key
        self.version = version


class ServerStartError(StorageError):
    """No Redis server could be started for the one-process setup."""


class NotRedis(ServerStartError):
    """Something answers at the configured address, but not as a usable Redis: not Redis at all, or a Redis server
    that refuses the URL (a database number it does not have); the message says which."""


_OUTAGES: tuple[type[BaseException], ...] = (
    redis_errors.ConnectionError,  # includes BusyLoadingError and MaxConnectionsError
    redis_errors.TimeoutError,
    redis_errors.ClusterDownError,
    redis_errors.TryAgainError,
    redis_errors.SlotNotCoveredError,
    redis_errors.RedisClusterException,
    TimeoutError,
    OSError,
)


def is_outage(error: BaseException) -> bool:
    """Whether `error` says Redis could not be reached or did not answer (a retry may succeed)."""
    return isinstance(error, _OUTAGES)


class HasOperationTimeout(Protocol):
    """Anything that knows how long one storage call may take."""

    @property
    def operation_timeout(self) -> float: ...


_bound: ContextVar[asyncio.Timeout | None] = ContextVar("storage_bound", default=None)  # of the guarded call running
S = TypeVar("S", bound=HasOperationTimeout)
P = ParamSpec("P")
R = TypeVar("R")


def guarded(method: Callable[Concatenate[S, P], Awaitable[R]]) -> Callable[Concatenate[S, P], Coroutine[Any, Any, R]]:
    """Bound an async method by `self.operation_timeout` and map outages to `StoreUnavailable`."""

    @functools.wraps(method)
    async def wrapper(self: S, /, *args: P.args, **kwargs: P.kwargs) -> R:
        task = asyncio.current_task()
        cancelled_before = task.cancelling() if task is not None else 0
        with outages_as_errors():
            async with asyncio.timeout(self.operation_timeout) as bound:
                token = _bound.set(bound)
                try:
                    result = await method(self, *args, **kwargs)
                finally:
                    _bound.reset(token)
        if task is not None and task.cancelling() > cancelled_before:
            # redis-py finishes a command whose caller was cancelled and returns its reply, swallowing the
            # cancellation; pass it on, or a cancelled task would go on as if nothing had happened
            raise asyncio.CancelledError
        return result

    return wrapper


def extend_bound(seconds: float) -> None:
    """Give the `guarded` call in progress `seconds` more from now, where it had less left: a step sent again
    after an outage (a failover) that may have written it gets the whole timeout to find out, however long the
    call had waited before."""
    bound = _bound.get()
    when = bound.when() if bound is not None else None
    if bound is not None and when is not None:
        bound.reschedule(max(when, asyncio.get_running_loop().time() + seconds))


@contextlib.contextmanager
def outages_as_errors() -> Iterator[None]:
    """Turn connection failures and timeouts inside the block into `StoreUnavailable`."""
    try:
        yield
    except StorageError:
        raise
    except _OUTAGES as exc:
        raise StoreUnavailable(f"Redis is unavailable: {exc or type(exc).__name__}") from exc
    except AttributeError as exc:
        if not _in_redis(exc):
            raise
        # redis-py: a failover closed a connection while a command was being written on it
        raise StoreUnavailable("Redis is unavailable: a connection closed under a command (a failover)") from exc


def _in_redis(exc: BaseException) -> bool:
    """Whether `exc` was raised inside the redis package."""
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    return tb is not None and "/redis/" in tb.tb_frame.f_code.co_filename.replace("\\", "/")
