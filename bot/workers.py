"""Where the bot's CPU work runs (drawing, the computer's thinking, a finished game's review): off the event
loop, in worker processes or threads, so the loop keeps serving other chats meanwhile.

With `processes` set (`tabla run` does) the work goes to that many worker processes, and drawing uses another
core instead of holding this process's interpreter; else to a small pool of `threads` (every function and
argument must then be picklable either way, so the jobs pass module-level functions and the reader's language,
never a closure). Background work (`offload_bounded`) runs at most `background_limit` jobs at once: with
worker processes in one process of its own at a lower priority, with threads one worker fewer than the pool
has, so the boards and the computer's thinking always find one free.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import ParamSpec, TypeVar

from . import images
from .processes import ProcessPool

log = logging.getLogger(__name__)

_PR_SET_PDEATHSIG = 1  # prctl(2)

P = ParamSpec("P")
R = TypeVar("R")


def leave_with_parent() -> None:
    """In a worker process: exit as soon as the bot process that started it is gone. A bot killed outright
    (`kill -9`, the kernel's OOM killer) cannot stop its workers, and a worker waiting for work would wait for
    ever, holding its memory (the nets, the fonts): a thread waits on the parent's sentinel instead, and on Linux
    the kernel is asked to kill the worker with its parent (a paused background worker cannot run that thread)."""
    import ctypes
    import multiprocessing
    import os
    import signal
    import threading
    from multiprocessing.connection import wait

    parent = multiprocessing.parent_process()
    if parent is None:
        return
    sentinel = parent.sentinel
    if sys.platform == "linux":  # a worker the bot paused (SIGSTOP) cannot run its watch: the kernel kills it then
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)

    def watch() -> None:
        wait([sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="tabla-parent-watch", daemon=True).start()


def start_worker() -> None:
    """A board and computer worker process: it leaves with its bot, and is warmed up (`images.prepare_worker`)."""
    leave_with_parent()
    images.prepare_worker()


def start_background_worker() -> None:
    """A background worker process: it leaves with its bot, at a lower priority
    (`images.prepare_background_worker`)."""
    leave_with_parent()
    images.prepare_background_worker()


def _ready() -> bool:
    """A worker's answer once it has started (`Workers.ready`)."""
    return True


class Workers:
    """The worker threads and processes of one service (see the module's docstring)."""

    def __init__(self, *, threads: int = 2, processes: int = 0) -> None:
        self._threads = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="tabla-work")
        self._processes = processes
        self.background_limit = 1 if processes else max(1, threads - 1)
        self._slots = asyncio.Semaphore(self.background_limit)
        self._board: ProcessPool | None = None
        self._quiet: ProcessPool | None = None
        self._foreground = 0  # boards and moves being worked out in the worker processes now
        if processes:
            self._board = ProcessPool(processes, start_worker, "worker")
            self._quiet = ProcessPool(self.background_limit, start_background_worker, "background")

    def start(self) -> None:
        """Start the worker processes now, rather than at the first board and the first finished game's review:
        a process takes about a second to import the bot and warm up, at full priority until its initializer
        lowers the background one's, and in the middle of a game that second lands on the moves beside it (the
        latency part of the service bench: p99 about 18 ms → 14–16 ms). Without worker processes there is nothing
        to start."""
        for pool in (self._board, self._quiet):
            if pool is None:
                continue
            try:
                pool.start()
            except OSError:  # no process now: the first job starts one, as before
                log.warning("could not start a worker process ahead of its first job", exc_info=True)

    async def ready(self) -> None:
        """Wait until the processes `start` started answer (at once without them)."""
        pings = [pool.run(_ready) for pool in (self._board, self._quiet) if pool is not None
                 for _ in range(pool.size)]
        for outcome in await asyncio.gather(*pings, return_exceptions=True):
            if isinstance(outcome, BaseException):  # a process that died is replaced at its next use
                log.warning("a worker process did not start: %r", outcome)

    async def offload(self, fn: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """Run CPU work (drawing, the computer's thinking) in the worker processes or threads, off the loop.

        A worker process that dies is replaced, and the work is done once more in a thread.
        """
        call = functools.partial(fn, *args, **kwargs)
        if self._board is not None:
            self._foreground += 1
            if self._quiet is not None:
                self._quiet.pause()
            try:
                result: R = await self._board.run(call)
                return result
            except BrokenProcessPool:
                log.warning("a worker process died; the work is done in a thread")
            finally:
                self._foreground -= 1
                if self._foreground == 0 and self._quiet is not None:
                    self._quiet.resume()
        return await asyncio.get_running_loop().run_in_executor(self._threads, call)

    async def offload_bounded(self, fn: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """`offload` for background work: at most `background_limit` such jobs at once, the others waiting.

        With worker processes the work goes to processes of its own, at a lower scheduling priority (nice 10, and
        the idle class on Linux), paused outright while a board or the computer's move is being worked out: a
        finished game's review never holds up a board or the computer's move, and takes only the CPU they
        leave. (The idle class alone left a board drawn beside a review a fifth slower on a 2-core host: the
        two cores share more than their time.) A background process that dies is replaced, and the work is done
        once more in a thread.
        """
        async with self._slots:
            if self._quiet is not None:
                try:
                    result: R = await self._quiet.run(functools.partial(fn, *args, **kwargs))
                    return result
                except BrokenProcessPool:
                    log.warning("a background worker process died; the work is done in a thread")
            return await self.offload(fn, *args, **kwargs)

    def close(self) -> None:
        """Stop the worker threads and processes (work already running in a board worker finishes, a few
        seconds at most; a review cut short is made at its first /review; work still waiting is dropped)."""
        self._threads.shutdown(wait=True, cancel_futures=True)
        if self._board is not None:
            self._board.close(wait=5.0)
        if self._quiet is not None:
            self._quiet.close(wait=0)
