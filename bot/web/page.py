"""`BoardPage`: the board page's web server as one more part of `tabla run` (`bot.adapter.Adapter`).

It serves no chat of its own (`platform` "web" receives no notices); what a confirm on the page answers is
posted through the chat adapters it was built with, as the deadline loop posts its notices.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence

from ..adapter import Adapter
from ..replies import Notice
from ..runner import Router
from ..settings import Settings
from .seam import PageSeam
from .server import WebServer, make_app

log = logging.getLogger(__name__)


class BoardPage:
    """The page's server, started and stopped with the chat adapters."""

    platform = "web"

    def __init__(self, server: WebServer, follows: Adapter | None = None) -> None:
        self.server = server
        self.follows = follows  # beside the console: the page has finished when the console has
        self._stopped = asyncio.Event()

    @classmethod
    def from_settings(cls, service: PageSeam, settings: Settings, adapters: Sequence[Adapter],
                      secret: str | None = None, follows: Adapter | None = None) -> BoardPage:
        """The page for `tabla run`; `secret` signs links instead of TABLA_WEB_SECRET (the console's own), and
        with `follows` the page ends with that adapter (the console at the end of its input)."""
        token = settings.telegram_token.get_secret_value() if settings.telegram_token else None
        if secret is None:
            secret = settings.web_secret.get_secret_value() if settings.web_secret else None
        app = make_app(service, telegram_token=token or None, link_secret=secret or None,
                       deliver=Router(adapters), language=settings.language)
        return cls(WebServer(app, settings.web_listen, settings.web_port), follows)

    async def start(self) -> None:
        await self.server.start()
        log.info("board page: listening on %s:%s", self.server.host, self.server.port)

    async def stop(self) -> None:
        await self.server.stop()
        self._stopped.set()

    async def deliver(self, notice: Notice) -> None:
        """The page has no chats: nothing is delivered here."""

    async def finished(self) -> None:
        if self.follows is None:
            await self._stopped.wait()
            return
        waits = {asyncio.ensure_future(self._stopped.wait()), asyncio.ensure_future(self.follows.finished())}
        _, pending = await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
