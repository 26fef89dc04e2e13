"""Live updates for the board page: `GET /api/events`, server-sent events over aiohttp's `StreamResponse`.

Stateless across processes: a stream holds no game state of its own; once a second (`TICK`) it asks the service for
the game's version (`PageSeam.page_version`) and, when it differs from the last one sent (at first: the page's
`since`), sends `event: version` / `data: {"version": n}`; the page then fetches its state (`/api/state`) as a poll
would. So any process behind the balancer can serve any stream, whoever made the move. Bounded: at most
`Config.max_streams` open streams a process (more get 503 and the page polls), each closed after `LIFETIME` seconds
(the page opens a new one) or when the game ends, a comment line every `BEAT` seconds keeps proxies from closing an
idle stream, and the server's shutdown ends them all at once. Credentials are checked once, when the stream opens;
the page sends them in the `Authorization` header (it reads the stream with `fetch`, since `EventSource` cannot).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from dataclasses import dataclass, field

from aiohttp import web

from storage import StorageError

from ..boardpage.words import refusal
from .api import CONFIG, SERVICE, Refused, find_view

TICK = 1.0
BEAT = 15.0
LIFETIME = 300.0


@dataclass
class Streams:
    """This process's open streams: how many, and the signal that ends them (the server's shutdown)."""

    open: int = 0
    closing: asyncio.Event = field(default_factory=asyncio.Event)


STREAMS = web.AppKey("streams", Streams)


def install(app: web.Application) -> None:
    """Add the route, and end every stream when the server shuts down."""
    app[STREAMS] = Streams()
    app.router.add_get("/api/events", get_events)

    async def closing(app: web.Application) -> None:
        app[STREAMS].closing.set()

    app.on_shutdown.append(closing)


def _since(text: str | None) -> int | None:
    if text is None:
        return None
    if not re.fullmatch(r"[0-9]{1,9}", text):  # not str.isdigit(): it takes "²" and other scripts' digits
        raise Refused(400, "bad version")
    return int(text)


async def get_events(request: web.Request) -> web.StreamResponse:
    seam = request.app[SERVICE]
    cfg = request.app[CONFIG]
    streams = request.app[STREAMS]
    view = await find_view(request, seam, cfg, request.query.get("game"))
    sent = _since(request.query.get("since"))
    if streams.open >= cfg.max_streams:
        raise Refused(503, refusal(view.lang, "too many live pages: polling"), view.lang)
    response = web.StreamResponse(headers={"Content-Type": "text/event-stream", "Cache-Control": "no-store",
                                           "X-Accel-Buffering": "no"})
    streams.open += 1
    try:
        await response.prepare(request)
        await response.write(b"retry: 3000\n\n")
        loop = asyncio.get_running_loop()
        end = loop.time() + LIFETIME
        quiet = 0.0
        current: tuple[int, bool] | None = (view.version, view.over)
        while current is not None:
            version, over = current
            if version != sent:
                sent = version
                await response.write(f"event: version\ndata: {json.dumps({'version': sent})}\n\n".encode())
                quiet = 0.0
            elif quiet >= BEAT:
                await response.write(b": beat\n\n")
                quiet = 0.0
            if over or loop.time() >= end:  # over: nothing more will come
                break
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(streams.closing.wait(), TICK)
            if streams.closing.is_set():
                break
            quiet += TICK
            current = await seam.page_version(view.game_id)
    except (ConnectionError, StorageError):
        pass  # the page went away, or the store did: the page reconnects or polls
    finally:
        streams.open -= 1
    return response
