"""`tabla run`'s wiring: every configured adapter and the deadline loop in one process, stopped cleanly.

`serve` starts the adapters concurrently (if one cannot start, every one is stopped again and its error
raised), runs the deadline loop every `check_seconds` (every second while the store does not answer, so what
an outage left waiting follows as soon as it is back) and routes each notice to the adapter of its chat's
platform — the service's own too (`Core.notify`: a finished game's review summary) — and returns 0 when
SIGTERM or SIGINT arrives (or every adapter has ended by itself, as the console does at the end of its input):
the service's background work gets `SETTLE_SECONDS` to finish (a review nearly done still posts its summary)
and the rest is cancelled (a review left undone is computed at its first `/review`), adapters stop taking
events, commands in flight finish, and the caller closes the store.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Awaitable, Callable, Sequence

from storage import StoreUnavailable

from .adapter import Adapter
from .replies import Notice
from .service import Service

log = logging.getLogger(__name__)
STOP_SECONDS = 8.0
SETTLE_SECONDS = 2.0
PROBE_SECONDS = 1.0


class Router:
    """Delivers each notice through the adapter of its chat's platform."""

    def __init__(self, adapters: Sequence[Adapter]) -> None:
        self.by_platform = {a.platform: a for a in adapters}

    async def __call__(self, notice: Notice) -> None:
        adapter = self.by_platform.get(notice.chat.platform)
        if adapter is None:
            log.warning("no adapter for a notice in %s", notice.chat.key)
            return
        try:
            await adapter.deliver(notice)
        except Exception:
            log.exception("delivering a notice to %s failed", notice.chat.key)


async def deadline_loop(service: Service, route: Callable[[Notice], Awaitable[None]], every: float) -> None:
    """Reminders, losses on time, resumed games, seasons' ends and standings cards' edits, checked every `every`
    seconds for ever, and sooner when something falls due before that (`Core.wake_at`); every game left waiting on
    the service resumed once at the start (those marked `Service.settle_seconds` before it: a command another
    process has in flight finishes and answers by itself).

    While the store does not answer (a round found it so, or a command did: `Core.store_silent`), the loop
    probes it every `PROBE_SECONDS` and logs one warning line when it goes away and one when it is back (N5);
    the games the outage left waiting are resumed as soon as it answers (N4), not a round later: those marked
    before it was seen answering, once a command still storing its first step could have finished
    (`Service.settle_seconds`), so resuming never takes a game from under a command in flight.
    """
    starting = True
    down = False
    while True:
        try:
            if service.outage.is_set() or down:
                probed = service.clock()
                await service.probe()
                service.outage.clear()
                if down:
                    log.warning("the store answers again; going on with the games it left waiting")
                    down = False
                await asyncio.sleep(service.settle_seconds)  # a command that marked a game before `probed`
                for notice in await service.resume(before=probed):  # has stored its play or failed by now
                    await _deliver(service, route, notice)
            if starting:  # what was marked before a command in flight elsewhere could have stored its steps
                starting = False
                for notice in await service.resume(before=service.clock() - service.settle_seconds):
                    await _deliver(service, route, notice)
            for notice in await service.tick():
                await _deliver(service, route, notice)
        except asyncio.CancelledError:
            raise
        except StoreUnavailable:
            if not down:
                log.warning("the store does not answer; trying again every %g s", PROBE_SECONDS)
                down = True
        except Exception:
            log.exception("the deadline loop failed; retrying")
        if down:
            await asyncio.sleep(PROBE_SECONDS)
            continue
        with contextlib.suppress(TimeoutError):  # a command that found the store silent wakes the loop, and so
            await asyncio.wait_for(_either(service.outage, service.woken), every)  # does an edit falling due
        service.woken.clear()


async def _either(*events: asyncio.Event) -> None:
    """Return when any of `events` is set."""
    waits = [asyncio.ensure_future(event.wait()) for event in events]
    try:
        await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for wait in waits:
            wait.cancel()


async def _deliver(service: Service, route: Callable[[Notice], Awaitable[None]], notice: Notice) -> None:
    """Route `notice`; then the review of the game whose result it carries may follow (`Notice.ends`)."""
    try:
        await route(notice)
    finally:
        if notice.ends is not None:
            service.result_out(notice.ends)


async def serve(service: Service, adapters: Sequence[Adapter], *, check_seconds: float,
                stop: asyncio.Event | None = None) -> int:
    """Run `adapters` and the deadline loop until `stop` is set, a signal arrives, or every adapter ends."""
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    installed = []
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(sig, stop.set)
            installed.append(sig)
    router = Router(adapters)
    starting = [asyncio.create_task(a.start(), name=f"tabla-start-{a.platform}") for a in adapters]
    try:
        await asyncio.gather(*starting)
    except BaseException:  # one adapter could not start: none is left half-started
        for one in starting:
            one.cancel()
        await asyncio.gather(*starting, return_exceptions=True)
        await _stop(adapters)
        for sig in installed:
            loop.remove_signal_handler(sig)
        raise
    service.notify = router
    ticking = asyncio.create_task(deadline_loop(service, router, check_seconds), name="tabla-deadlines")
    ended = asyncio.create_task(_all_finished(adapters), name="tabla-adapters")
    stopping = asyncio.create_task(stop.wait(), name="tabla-stop")
    try:
        await asyncio.wait({ended, stopping}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in (ticking, ended, stopping):
            task.cancel()
        await asyncio.gather(ticking, ended, stopping, return_exceptions=True)
        await service.settle(SETTLE_SECONDS)  # while the adapters can still deliver what it posts
        service.notify = None
        await _stop(adapters)
        for sig in installed:
            loop.remove_signal_handler(sig)
    return 0


async def _stop(adapters: Sequence[Adapter]) -> None:
    """Stop every adapter, each within `STOP_SECONDS`; a failure to stop is logged, not raised."""
    results = await asyncio.gather(*(asyncio.wait_for(a.stop(), STOP_SECONDS) for a in adapters),
                                   return_exceptions=True)
    for adapter, result in zip(adapters, results, strict=True):
        if isinstance(result, BaseException):
            log.warning("stopping %s: %r", adapter.platform, result)


async def _all_finished(adapters: Sequence[Adapter]) -> None:
    await asyncio.gather(*(a.finished() for a in adapters))
