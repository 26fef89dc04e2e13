"""Where the bot's CPU work runs (`bot.workers.Workers.offload`, `offload_bounded`): with worker processes, a
finished game's review goes to a process of its own at a lower priority, never to the board workers."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path

from bot.service import Service
from bot.workers import Workers
from storage import connect


async def test_background_work_runs_in_its_own_lower_priority_process(redis_url: str, prefix: str) -> None:
    store = await connect(redis_url, prefix=prefix)
    svc = Service(store, render=None, workers=Workers(processes=1))
    try:
        board_pid = await svc.offload(os.getpid)
        review_pid = await svc.offload_bounded(os.getpid)
        assert len({os.getpid(), board_pid, review_pid}) == 3
        assert await svc.offload(os.nice, 0) == os.nice(0)  # the board worker keeps the bot's priority
        assert await svc.offload_bounded(os.nice, 0) >= os.nice(0) + 10
        if hasattr(os, "SCHED_IDLE"):  # Linux: the idle class, a core only when nothing else wants one
            assert await svc.offload(os.sched_getscheduler, 0) == os.sched_getscheduler(0) != os.SCHED_IDLE
            assert await svc.offload_bounded(os.sched_getscheduler, 0) == os.SCHED_IDLE
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


KILL_WORKERS_AND_TRACKER = """
import asyncio, os, signal, sys, time
from multiprocessing import resource_tracker
from bot.service import Service
from bot.workers import Workers
from storage import connect

async def main(url, prefix):
    store = await connect(url, prefix=prefix)
    svc = Service(store, render=None, workers=Workers(processes=1))
    worker = await svc.offload(os.getpid)
    await svc.offload_bounded(os.getpid)
    os.kill(worker, signal.SIGKILL)
    os.kill(resource_tracker._resource_tracker._pid, signal.SIGKILL)
    time.sleep(0.3)
    pids = set()
    for _ in range(3):  # rounds of work after the loss: each one frees the semaphores of a pool
        pids.add(await svc.offload(os.getpid))
        pids.add(await svc.offload_bounded(os.getpid))
    svc.close()
    await store.aclose()
    print("worked", len(pids - {worker, os.getpid()}) >= 1)

asyncio.run(main(sys.argv[1], sys.argv[2]))
"""


def test_killed_workers_and_resource_tracker_are_recovered_without_tracebacks(redis_url: str, prefix: str) -> None:
    """Issue 27, P10: the worker and multiprocessing's resource tracker are killed; the bot goes on with new
    ones, and nothing prints a `KeyError: '/mp-…'` traceback."""
    done = subprocess.run([sys.executable, "-c", KILL_WORKERS_AND_TRACKER, redis_url, prefix], capture_output=True,
                          text=True, timeout=120, cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 0, done.stderr[-3000:]
    assert "worked True" in done.stdout, (done.stdout, done.stderr[-3000:])
    assert "Traceback" not in done.stderr and "KeyError" not in done.stderr, done.stderr[-3000:]


KILLED_BOT = """
import asyncio, os, signal, sys
from bot.workers import Workers

async def main() -> None:
    workers = Workers(processes=1)
    board = await workers.offload(os.getpid)
    review = await workers.offload_bounded(os.getpid)
    print(board, review, flush=True)
    os.kill(review, signal.SIGSTOP)  # paused, as while a board is drawn: it cannot watch for its parent itself
    os.kill(os.getpid(), signal.SIGKILL)  # as the kernel's OOM killer or `kill -9` would

asyncio.run(main())
"""


def _alive(pid: int) -> bool:
    """Whether `pid` is a process that has not exited (a zombie waiting for its reaper counts as gone)."""
    try:
        return _state(pid) != "Z"
    except FileNotFoundError:
        return False


def test_worker_processes_leave_with_a_killed_bot() -> None:
    """A bot process killed outright (SIGKILL) leaves no worker process behind holding its memory: the board
    worker and the background worker (paused at the time) both go once their parent is gone."""
    import time

    with subprocess.Popen([sys.executable, "-c", KILLED_BOT], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                          text=True, cwd=Path(__file__).resolve().parents[2]) as bot:
        assert bot.stdout is not None
        pids = [int(p) for p in bot.stdout.readline().split()]  # the workers hold the pipe: read a line, no EOF
        assert bot.wait(timeout=120) == -9
    assert len(pids) == 2
    for _ in range(100):  # they notice at once; a busy machine may take a moment to schedule them
        if not any(_alive(p) for p in pids):
            break
        time.sleep(0.1)
    left = [p for p in pids if _alive(p)]
    for p in left:
        os.kill(p, 9)
    assert left == [], "worker processes outlived their bot"


async def test_start_has_both_worker_processes_running_before_the_first_job() -> None:
    workers = Workers(processes=1)
    try:
        workers.start()
        await workers.ready()
        children = _children(os.getpid())
        assert len(children) >= 2  # the board worker and the background worker, started by `start` alone
        board_pid = await workers.offload(os.getpid)
        review_pid = await workers.offload_bounded(os.getpid)
        assert {board_pid, review_pid} <= set(children) and board_pid != review_pid
    finally:
        workers.close()
    idle = Workers()  # without worker processes: nothing to start, and ready at once
    idle.start()
    await idle.ready()
    idle.close()


def _children(pid: int) -> list[int]:
    """The running child processes of `pid` (Linux's /proc)."""
    found = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(p) for p in found.read_text().split()] if found.exists() else []


def _ticks(seconds: float) -> list[float]:
    """Busy for `seconds`, noting the clock (system-wide) every 5 ms of it."""
    out: list[float] = []
    end = time.monotonic() + seconds
    while (now := time.monotonic()) < end:
        if not out or now - out[-1] >= 0.005:
            out.append(now)
    return out


def _state_after(pid: int, seconds: float) -> str:
    """The scheduler's state of process `pid` (R running, S sleeping, T stopped) after `seconds`."""
    time.sleep(seconds)
    return _state(pid)


def _state(pid: int) -> str:
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        return stat.read().rsplit(")", 1)[1].split()[0]


async def test_background_work_is_paused_while_a_board_is_worked_out() -> None:
    """A review never runs beside a board or the computer's move: its process is stopped meanwhile (seen from the
    board worker), and goes on after."""
    import functools

    workers = Workers(processes=1)
    try:
        workers.start()
        await workers.ready()
        review_pid = await workers.offload_bounded(os.getpid)
        review = asyncio.ensure_future(workers.offload_bounded(functools.partial(_ticks, 0.6)))
        await asyncio.sleep(0.1)
        assert await workers.offload(functools.partial(_state_after, review_pid, 0.2)) == "T"
        assert _state(review_pid) != "T"  # resumed once the board is drawn
        assert (await review)[-1] > 0  # and the review finished
    finally:
        workers.close()
