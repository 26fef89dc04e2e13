"""A small time-limited memo for records that change rarely (player names, chat settings)."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

V = TypeVar("V")


class TTLCache(Generic[V]):
    """Values by key, each trusted for `seconds` after it was loaded; at most `size` keys (then it starts over).

    Another process's change shows here after at most `seconds`; call `forget` after a change made here.
    """

    def __init__(self, seconds: float, size: int = 10_000, clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds = seconds
        self.size = size
        self._clock = clock
        self._items: dict[str, tuple[float, V]] = {}

    async def get(self, key: str, load: Callable[[str], Awaitable[V]]) -> V:
        """The remembered value of `key`, or `await load(key)` (remembered) when it is missing or too old."""
        now = self._clock()
        hit = self._items.get(key)
        if hit is not None and now - hit[0] < self.seconds:
            return hit[1]
        value = await load(key)
        if len(self._items) >= self.size:
            self._items.clear()
        self._items[key] = (now, value)
        return value

    def forget(self, key: str) -> None:
        self._items.pop(key, None)

    def clear(self) -> None:
        self._items.clear()
