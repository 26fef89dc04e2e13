"""Where the bot's CPU work runs (`bot.core.Core.offload`, `offload_bounded`): with worker processes, a
finished game's review goes to a process of its own at a lower priority, never to the board workers."""

from __future__ import annotations

import os

from bot.service import Service
from storage import connect


async def test_background_work_runs_in_its_own_lower_priority_process(redis_url: str, prefix: str) -> None:
    store = await connect(redis_url, prefix=prefix)
    svc = Service(store, render=None, processes=1)
    try:
        board_pid = await svc.offload(os.getpid)
        review_pid = await svc.offload_bounded(os.getpid)
        assert len({os.getpid(), board_pid, review_pid}) == 3
        assert await svc.offload(os.nice, 0) == os.nice(0)  # the board worker keeps the bot's priority
        assert await svc.offload_bounded(os.nice, 0) >= os.nice(0) + 10
        assert await svc.offload_bounded(os.getpid) == review_pid  # one process, kept
    finally:
        svc.close()
        await store.aclose()


async def test_without_worker_processes_background_work_shares_the_threads(redis_url: str, prefix: str) -> None:
    store = await connect(redis_url, prefix=prefix)
    svc = Service(store, render=None)
    try:
        assert await svc.offload_bounded(os.getpid) == os.getpid()
        assert svc.background_limit == 1
    finally:
        svc.close()
        await store.aclose()
