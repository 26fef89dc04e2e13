"""Worker processes the event loop talks to directly: one pipe each, read by the loop itself.

`concurrent.futures.ProcessPoolExecutor` carries every call through two threads of its own (its manager and its
queue's feeder) and back through a third wake-up of the loop, each hop waiting for the interpreter's lock; on a
busy 2-core host those hops cost a `/move` more than the hop to the other process itself. Here the loop writes a
pickled call straight into an idle worker's pipe and reads the answer when the pipe becomes readable
(`loop.add_reader`); a worker's exit is seen the same way, on its process sentinel.

A worker gets one call at a time: the others wait in the pool's queue, and the first worker to finish takes the
next. So no pipe ever holds more than one call, and neither side can block the other on a full pipe.

`pause` stops the pool's busy workers (SIGSTOP) until `resume`: the bot pauses its background pool while a board
or the computer's move is being worked out (`bot.workers`), so a review never shares the machine with them.
"""

from __future__ import annotations

import asyncio
import atexit
import collections
import contextlib
import itertools
import logging
import os
import pickle
import signal
import weakref
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import get_context
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

log = logging.getLogger(__name__)

_Job = tuple[int, Callable[[], Any], "asyncio.Future[Any]"]


class WorkerDied(BrokenProcessPool):
    """The worker process running (or about to run) a call exited before it answered."""


def serve(conn: Connection, initializer: Callable[[], None]) -> None:
    """A worker process's life: warm up, then answer calls until the bot closes its end of the pipe."""
    initializer()
    while True:
        try:
            data = conn.recv_bytes()
        except (EOFError, OSError):
            return
        job_id = -1
        try:
            job_id, call = pickle.loads(data)
            answer: tuple[int, bool, Any] = (job_id, True, call())
        except BaseException as exc:  # every failure goes back to the caller, as an executor's does
            answer = (job_id, False, exc)
        try:
            payload = pickle.dumps(answer, pickle.HIGHEST_PROTOCOL)
        except Exception as exc:  # an unpicklable answer fails the call, not the worker
            payload = pickle.dumps((job_id, False, RuntimeError(f"unpicklable answer: {exc!r}")))
        try:
            conn.send_bytes(payload)
        except OSError:  # the bot closed its end: it is shutting down
            return


class _Worker:
    """One worker process, its end of the pipe and the call it is running."""

    def __init__(self, pool: ProcessPool) -> None:
        self.pool = pool
        spawn = get_context("spawn")
        ours, theirs = spawn.Pipe(duplex=True)
        self.conn = ours
        self.process: BaseProcess = spawn.Process(
            target=serve, args=(theirs, pool.initializer), name=f"tabla-{pool.name}", daemon=True)
        self.process.start()
        theirs.close()
        self.job: _Job | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.dead = False

    def watch(self, loop: asyncio.AbstractEventLoop) -> None:
        """Have `loop` read this worker's answers and notice its exit (once, from the loop that first uses it)."""
        if self.loop is None:
            self.loop = loop
            loop.add_reader(self.conn.fileno(), self._readable)
            loop.add_reader(self.process.sentinel, self._exited)

    def send(self, job: _Job) -> None:
        self.job = job
        job_id, call, _ = job
        try:
            self.conn.send_bytes(pickle.dumps((job_id, call), pickle.HIGHEST_PROTOCOL))
        except OSError:
            self._exited()
            return
        if self.pool.paused:
            self.signal(signal.SIGSTOP)

    def signal(self, number: int) -> None:
        """Send the worker a signal (SIGSTOP, SIGCONT), unless it is gone."""
        if self.process.pid is not None and not self.dead:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.process.pid, number)

    def _readable(self) -> None:
        try:
            if not self.conn.poll(0):
                return
            data = self.conn.recv_bytes()
        except (EOFError, OSError):
            self._exited()
            return
        job, self.job = self.job, None
        try:
            _, ok, value = pickle.loads(data)
        except Exception as exc:  # an answer this process cannot unpickle fails its call
            ok, value = False, RuntimeError(f"unreadable answer from a worker process: {exc!r}")
        if job is not None and not job[2].done():
            if ok:
                job[2].set_result(value)
            else:
                job[2].set_exception(value)
        self.pool.next_for(self)

    def _exited(self) -> None:
        if self.dead:
            return
        self.dead = True
        self.unwatch()
        self.conn.close()
        self.process.join(0)  # reap it
        job, self.job = self.job, None
        if job is not None and not job[2].done():
            job[2].set_exception(WorkerDied(f"worker process {self.process.pid} exited"))
        self.pool.lost(self)

    def unwatch(self) -> None:
        if self.loop is not None and not self.loop.is_closed():
            self.loop.remove_reader(self.conn.fileno())
            self.loop.remove_reader(self.process.sentinel)
        self.loop = None

    def stop(self, wait: float) -> None:
        """Close the pipe: the worker finishes the call it is running and exits; wait that long for it. The
        caller of that call is not answered (its future is cancelled)."""
        self.signal(signal.SIGCONT)  # a paused worker must run to see the pipe closed
        self.dead = True
        self.unwatch()
        self.conn.close()
        job, self.job = self.job, None
        if job is not None:
            _cancel(job[2])
        if wait > 0:
            self.process.join(wait)
        if self.process.is_alive() and wait > 0:
            self.process.terminate()


class ProcessPool:
    """`size` worker processes started with `initializer`, each running one call at a time (module docstring).

    `run` raises `WorkerDied` (a `BrokenProcessPool`) where the worker running a call, or every worker, died; the
    pool starts a new process for the next call."""

    def __init__(self, size: int, initializer: Callable[[], None], name: str) -> None:
        self.size = max(1, size)
        self.initializer = initializer
        self.name = name
        self._workers: list[_Worker] = []
        self._queue: collections.deque[_Job] = collections.deque()
        self._ids = itertools.count()
        self._closed = False
        self.paused = False
        _pools.add(self)

    def pause(self) -> None:
        """Stop the workers running a call (SIGSTOP) until `resume`; a call sent meanwhile waits stopped too."""
        if not self.paused:
            self.paused = True
            for worker in self._workers:
                if worker.job is not None:
                    worker.signal(signal.SIGSTOP)

    def resume(self) -> None:
        """Let the workers `pause` stopped go on (SIGCONT)."""
        if self.paused:
            self.paused = False
            for worker in self._workers:
                if worker.job is not None:
                    worker.signal(signal.SIGCONT)

    def start(self) -> None:
        """Start the missing worker processes now (each takes about a second to import and warm up)."""
        while len(self._workers) < self.size and not self._closed:
            self._workers.append(_Worker(self))

    async def run(self, call: Callable[[], Any]) -> Any:
        """`call()` in a worker process; its answer, or its exception raised here."""
        if self._closed:
            raise RuntimeError("the worker processes are closed")
        loop = asyncio.get_running_loop()
        self.start()
        future: asyncio.Future[Any] = loop.create_future()
        self._queue.append((next(self._ids), call, future))
        for worker in self._workers:
            worker.watch(loop)
        for worker in self._workers:
            if worker.job is None and not worker.dead:
                self.next_for(worker)
                break
        return await future

    def next_for(self, worker: _Worker) -> None:
        """Give an idle worker the next waiting call that is still wanted."""
        while self._queue and not worker.dead and worker.job is None:
            job = self._queue.popleft()
            if not job[2].done():  # a caller cancelled while it waited
                worker.send(job)

    def lost(self, worker: _Worker) -> None:
        """A worker exited: a new one takes its place and the waiting calls."""
        if worker in self._workers:
            self._workers.remove(worker)
        if self._closed:
            return
        log.warning("worker process %s exited (code %s); starting a new one", worker.process.pid,
                    worker.process.exitcode)
        if self._queue:
            self.start()
            loop = asyncio.get_running_loop()
            for fresh in self._workers:
                fresh.watch(loop)
                self.next_for(fresh)

    def close(self, wait: float = 5.0) -> None:
        """Stop the workers (a call already running finishes, `wait` seconds at most; waiting calls are
        cancelled)."""
        self._closed = True
        self.paused = False
        for job in self._queue:
            _cancel(job[2])
        self._queue.clear()
        for worker in self._workers:
            worker.stop(wait)
        self._workers.clear()


_pools: weakref.WeakSet[ProcessPool] = weakref.WeakSet()


@atexit.register
def _resume_all() -> None:
    """At exit, before multiprocessing's own exit handler (registered earlier, when `multiprocessing.connection`
    was imported above, so run later) terminates and joins the daemon workers: a stopped worker does not take a
    SIGTERM until continued, and would hold the exit up for ever."""
    for pool in list(_pools):
        pool.resume()


def _cancel(future: asyncio.Future[Any]) -> None:
    """Cancel a call's future, also once its loop is closed (nobody waits on it then)."""
    with contextlib.suppress(RuntimeError):
        future.cancel()
