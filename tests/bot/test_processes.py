"""The worker processes the loop talks to through one pipe each (`bot.processes.ProcessPool`): answers and
failures come back to their own caller, a dead worker fails only its call and is replaced, waiting calls are
taken in turn, and a cancelled call is never run."""

from __future__ import annotations

import asyncio
import functools
import os
import signal
import time
from pathlib import Path

import pytest

from bot.processes import ProcessPool, WorkerDied

from .test_workers import _alive


def _nothing() -> None:
    return None


def _boom(text: str) -> None:
    raise ValueError(text)


def _nap(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


def _die() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def _unpicklable() -> object:
    return lambda: None  # a lambda cannot go back through the pipe


def _stamp(path: str, text: str) -> None:
    with open(path, "a", encoding="ascii") as out:
        out.write(text)


async def test_answers_exceptions_and_big_answers_reach_their_caller() -> None:
    pool = ProcessPool(1, _nothing, "test")
    try:
        assert await pool.run(os.getpid) != os.getpid()
        with pytest.raises(ValueError, match="in the worker"):
            await pool.run(functools.partial(_boom, "in the worker"))
        big = await pool.run(functools.partial(bytes, 3_000_000))  # far more than a pipe buffer
        assert big == bytes(3_000_000)
        with pytest.raises(RuntimeError, match="unpicklable answer"):
            await pool.run(_unpicklable)
        assert await pool.run(os.getpid) > 0  # the worker outlived every failure
    finally:
        pool.close()


async def test_a_dead_worker_fails_its_call_only_and_is_replaced() -> None:
    pool = ProcessPool(1, _nothing, "test")
    try:
        first = await pool.run(os.getpid)
        waiting = asyncio.ensure_future(pool.run(functools.partial(_nap, 0)))  # queued behind the dying call
        with pytest.raises(WorkerDied):
            await pool.run(_die)
        second = await waiting  # taken by the new worker
        assert second != first
        assert await pool.run(os.getpid) == second
    finally:
        pool.close()


async def test_calls_beyond_the_workers_wait_their_turn_and_a_cancelled_one_never_runs(tmp_path: Path) -> None:
    pool = ProcessPool(2, _nothing, "test")
    stamps = tmp_path / "stamps"
    try:
        pool.start()
        await asyncio.gather(pool.run(_nothing), pool.run(_nothing))
        busy = [asyncio.ensure_future(pool.run(functools.partial(_nap, 0.3))) for _ in range(2)]
        await asyncio.sleep(0.05)
        dropped = asyncio.ensure_future(pool.run(functools.partial(_stamp, str(stamps), "dropped")))
        kept = asyncio.ensure_future(pool.run(functools.partial(_stamp, str(stamps), "kept")))
        await asyncio.sleep(0)
        dropped.cancel()
        pids = await asyncio.gather(*busy)
        assert len(set(pids)) == 2  # both workers ran one call each at once
        await kept
        assert stamps.read_text() == "kept"
    finally:
        pool.close()


async def test_close_stops_the_processes() -> None:
    pool = ProcessPool(2, _nothing, "test")
    pool.start()
    pids = set(await asyncio.gather(*(pool.run(functools.partial(_nap, 0.1)) for _ in range(2))))
    pool.close()
    for pid in pids:
        for _ in range(50):
            if not _alive(pid):
                break
            await asyncio.sleep(0.1)
        assert not _alive(pid)
    with pytest.raises(RuntimeError):
        await pool.run(os.getpid)



LEFT_PAUSED = """
import asyncio, functools, os, time
from bot.processes import ProcessPool

async def main() -> None:
    pool = ProcessPool(1, os.getpid, "test")
    await pool.run(os.getpid)  # the worker is up
    asyncio.ensure_future(pool.run(functools.partial(time.sleep, 60)))
    await asyncio.sleep(0.3)
    pool.pause()
    print("paused", flush=True)  # and out, without closing the pool

asyncio.run(main())
"""


def test_a_process_leaving_with_its_workers_paused_is_not_held_up() -> None:
    """multiprocessing ends a daemon worker at exit with SIGTERM and waits for it: a worker left stopped (SIGSTOP)
    would not take the signal until continued, and the process would never end. It is continued first."""
    import subprocess
    import sys
    from pathlib import Path

    done = subprocess.run([sys.executable, "-c", LEFT_PAUSED], capture_output=True, text=True, timeout=30,
                          cwd=Path(__file__).resolve().parents[2])
    assert "paused" in done.stdout, done.stderr[-2000:]
