"""Counting the Redis commands a piece of work sends: a wrapper around the store's client."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from storage import Store


class Commands:
    """The commands sent since `count` began, by name (scripts count as one command each)."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.keys: list[tuple[str, ...]] = []  # the arguments of each command, as text

    def reads_of(self, key: str) -> int:
        """How many plain reads (GET) of `key` were sent."""
        return sum(1 for name, args in zip(self.sent, self.keys, strict=True) if name == "GET" and args[:1] == (key,))

    def __len__(self) -> int:
        return len(self.sent)

    def clear(self) -> None:
        self.sent.clear()
        self.keys.clear()


@contextmanager
def count(store: Store) -> Iterator[Commands]:
    """Count every command the store's client sends while the block runs (the client is the real one, its
    `execute_command` wrapped)."""
    client: Any = store.client
    original = client.execute_command
    seen = Commands()

    async def counted(*args: Any, **options: Any) -> Any:
        seen.sent.append(str(args[0]))
        seen.keys.append(tuple(a.decode(errors="replace") if isinstance(a, bytes) else str(a) for a in args[1:]))
        return await original(*args, **options)

    client.execute_command = counted
    try:
        yield seen
    finally:
        del client.execute_command
