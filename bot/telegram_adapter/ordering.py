"""Updates of one player in one chat are handled one after another, in the order Telegram sent them; everything
else runs concurrently.

A player's two quick taps must not race each other (the second would answer against a board the first is still
replacing), but one slow board must not hold up the other games of the same group, nor other groups. Different
players' updates need no order between them: the service refuses a stale press by its version.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any

from telegram import Update
from telegram.ext import BaseUpdateProcessor

Key = tuple[int, int]


def order_key(update: object) -> Key | None:
    """What orders an update: its chat and its sender (inline queries: the sender alone), else nothing."""
    if not isinstance(update, Update) or update.effective_user is None:
        return None
    chat = update.effective_chat.id if update.effective_chat is not None else 0
    return chat, update.effective_user.id


class PlayerOrdered(BaseUpdateProcessor):
    """At most `max_concurrent_updates` updates at once, at most one per player and chat."""

    def __init__(self, max_concurrent_updates: int) -> None:
        super().__init__(max_concurrent_updates)
        self._locks: dict[Key, tuple[asyncio.Lock, int]] = {}

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        key = order_key(update)
        if key is None:
            await coroutine
            return
        lock, users = self._locks.get(key, (asyncio.Lock(), 0))
        self._locks[key] = (lock, users + 1)
        try:
            async with lock:
                await coroutine
        finally:
            lock, users = self._locks[key]
            if users <= 1:
                del self._locks[key]
            else:
                self._locks[key] = (lock, users - 1)

    async def initialize(self) -> None:
        """Nothing to set up."""

    async def shutdown(self) -> None:
        """Nothing to release."""
