"""A task cancelled while it waits for the store is cancelled (redis-py would finish the command and return)."""

from __future__ import annotations

import asyncio
import time
import uuid

import pytest

from storage import connect


async def test_a_cancelled_caller_gets_cancelled_error_not_the_reply(single_url: str) -> None:
    store = await connect(single_url, prefix=f"test-cancel-{uuid.uuid4().hex[:8]}")
    try:
        for call in (store.ping, lambda: store.schedule.claim_due(time.time()), lambda: store.games.active_for("x")):
            task = asyncio.create_task(call())
            await asyncio.sleep(0)  # the command is on its way
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
        await store.ping()  # the store is still usable
    finally:
        await store.aclose()
