"""Webhook mode: Telegram posts updates to `TELEGRAM_WEBHOOK_URL`; an aiohttp server of ours receives them on
`TELEGRAM_WEBHOOK_LISTEN:TELEGRAM_WEBHOOK_PORT` at the URL's path.

Every request must carry `TELEGRAM_WEBHOOK_SECRET` in `X-Telegram-Bot-Api-Secret-Token` (Telegram sends the
secret given to `setWebhook`); one without it, or with another, is refused with 403 before it is read. TLS is
the reverse proxy's or load balancer's job; several processes may sit behind it, as no state lives in one.

An update is answered 200 only once it has been handled (python-telegram-bot's own webhook server answers before
handing it on): a process that dies while handling one leaves the request unanswered, and Telegram posts it again
(through the balancer, to a process that lives); the command ids make a redelivered update apply once (N3).
"""

from __future__ import annotations

import json
import logging
from urllib.parse import urlsplit

from aiohttp import web
from telegram import Update
from telegram.ext import Application, ExtBot

from ..settings import Settings

log = logging.getLogger(__name__)
STOP_SECONDS = 5.0  # how long the updates in hand get to finish when the server stops
_SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"


class WebhookSettingsError(ValueError):
    """Webhook mode asked for without what it needs."""


def url_path(url: str) -> str:
    """The path the webhook server answers on: the public URL's path, without its leading slash."""
    return urlsplit(url).path.lstrip("/")


def secret(settings: Settings) -> str:
    """The webhook's secret token.

    :raises WebhookSettingsError: none is set, or it has characters Telegram does not allow.
    """
    token = settings.telegram_webhook_secret.get_secret_value() if settings.telegram_webhook_secret else ""
    if not token:
        raise WebhookSettingsError("TELEGRAM_WEBHOOK_SECRET must be set with TELEGRAM_WEBHOOK_URL")
    if len(token) > 256 or not all(ch.isascii() and (ch.isalnum() or ch in "_-") for ch in token):
        raise WebhookSettingsError("TELEGRAM_WEBHOOK_SECRET: 1-256 characters A-Z, a-z, 0-9, _ and - only")
    return token


class HookServer:
    """Receives the updates of `app` and answers each once it is handled."""

    def __init__(self, app: Application, token: str) -> None:  # type: ignore[type-arg]
        self.app = app
        self.token = token
        self._runner: web.AppRunner | None = None

    async def handle(self, request: web.Request) -> web.Response:
        """One update: refused (403) without the secret, 400 if it is not an update, else handled, then 200."""
        if request.headers.get(_SECRET_HEADER) != self.token:
            return web.Response(status=403)
        try:
            update = Update.de_json(json.loads(await request.read()), self.app.bot)
        except Exception:  # whatever a broken body raises: refused, logged
            log.warning("telegram: a webhook request that is not an update was refused")
            return web.Response(status=400)
        if isinstance(self.app.bot, ExtBot):
            self.app.bot.insert_callback_data(update)
        # the player's updates in order (`ordering.PlayerOrdered`); a failing handler is logged by the
        # application's error handler, and the update answered: posting it again would fail again
        await self.app.update_processor.process_update(update, self.app.process_update(update))
        return web.Response(status=200)

    async def start(self, listen: str, port: int, path: str) -> None:
        """Listen on `listen:port` at `/path`.

        :raises OSError: the address cannot be listened on.
        """
        server = web.Application()
        server.router.add_post(f"/{path}", self.handle)
        runner = web.AppRunner(server, access_log=None, shutdown_timeout=STOP_SECONDS)
        await runner.setup()
        try:
            await web.TCPSite(runner, listen, port).start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner

    async def stop(self) -> None:
        """Stop listening; the updates in hand get `STOP_SECONDS` to finish."""
        if self._runner is not None:
            runner, self._runner = self._runner, None
            await runner.cleanup()


async def start(app: Application, settings: Settings) -> HookServer:  # type: ignore[type-arg]
    """Listen for updates, then register the webhook with Telegram.

    :raises WebhookSettingsError: no usable secret is set.
    :raises OSError: the address cannot be listened on.
    """
    url = settings.telegram_webhook_url or ""
    server = HookServer(app, secret(settings))
    await server.start(settings.telegram_webhook_listen, settings.telegram_webhook_port, url_path(url))
    try:
        await app.bot.set_webhook(url, secret_token=server.token, allowed_updates=Update.ALL_TYPES)
    except BaseException:
        await server.stop()
        raise
    return server
