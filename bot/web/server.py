"""The board page's web server: aiohttp, run by `tabla run` inside the bot process when `TABLA_WEB_URL` is set.

It serves the static page (`static/`) and the JSON API (`api`), listening on `TABLA_WEB_LISTEN:TABLA_WEB_PORT`
behind a TLS-terminating reverse proxy (as the Telegram webhook). Nothing lives in the process: every request
is authenticated afresh and read through the service (`seam.PageSeam`), so any number of bot processes behind one
balancer serve the page alike. Request bodies are capped (`api.MAX_BODY`); errors never carry a stack trace to the page.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from aiohttp import web

from .. import i18n
from . import api, files, live, replay, tournament
from .seam import PageSeam

HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self' https://telegram.org; style-src 'self' "
                               "'unsafe-inline'; img-src 'self' data:; connect-src 'self'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def make_app(service: PageSeam, *, telegram_token: str | None, link_secret: str | None,
             clock: Callable[[], float] = time.time, deliver: api.Deliver | None = None,
             max_streams: int = 500, language: str = i18n.DEFAULT) -> web.Application:
    """The page's application: `/` the page, `/static/…` its script and style, `/api/…` its JSON and live
    updates (`live`, at most `max_streams` open at once); `language`: the bot's default, for refusals to a
    request that tells none."""
    app = web.Application(client_max_size=api.MAX_BODY, middlewares=[api.refusals])
    app[api.SERVICE] = service
    app[api.CONFIG] = api.Config(telegram_token, link_secret, clock, deliver, max_streams, language)
    app.router.add_get("/", files.page("index.html"))
    app.router.add_get("/static/{name:(app\\.js|style\\.css)}", files.asset)
    app.router.add_get("/api/state", api.get_state)
    app.router.add_get("/api/words", api.get_words)
    app.router.add_get("/api/export", api.get_export)
    app.router.add_post("/api/confirm", api.post_confirm)
    app.router.add_post("/api/cube", api.post_cube)
    live.install(app)
    replay.install(app)
    tournament.install(app)  # /tournament: a tournament's table and its matches
    app.on_response_prepare.append(_headers)
    return app


async def _headers(request: web.Request, response: web.StreamResponse) -> None:
    for k, v in HEADERS.items():
        response.headers.setdefault(k, v)


class WebServer:
    """The page's server as `tabla run` starts and stops it."""

    def __init__(self, app: web.Application, host: str, port: int) -> None:
        self.app = app
        self.host = host
        self.port = port
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        self._runner = web.AppRunner(self.app, access_log=None)
        await self._runner.setup()
        await web.TCPSite(self._runner, self.host, self.port).start()

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
