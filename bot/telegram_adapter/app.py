"""`TelegramAdapter`: the python-telegram-bot `Application` wired to the service, started and stopped by
`tabla run` like every adapter (`bot.adapter.Adapter`).

The application talks to `TELEGRAM_API_URL` (the root of a Bot API server: `<root>/bot<token>/<method>`),
processes updates concurrently but those of one player in one chat in order, throttles to Telegram's
flood limits when `TELEGRAM_RATE_LIMIT` is on (a 429 is retried either way), and receives updates by long
polling, or by webhook when `TELEGRAM_WEBHOOK_URL` is set (`webhook.HookServer`: each update answered once
handled).
"""

from __future__ import annotations

import asyncio
import logging

from telegram import Update
from telegram.error import Forbidden, InvalidToken, NetworkError, TelegramError
from telegram.ext import Application, ContextTypes, TypeHandler

from ..replies import Notice
from ..settings import Settings
from ..startup import configuration, reason, unreachable
from . import menu, webhook
from .handlers import Router
from .inline import Inline
from .limits import rate_limiter
from .ordering import PlayerOrdered
from .polling import TolerantRequest
from .post import Poster
from .seam import Seam
from .transport import AiohttpRequest

log = logging.getLogger(__name__)

CONCURRENT_UPDATES = 256
CONNECTIONS = 16  # Bot API connections at once (`transport.AiohttpRequest`)
POLL_TIMEOUT = 10


class TelegramAdapter:
    """Serves Telegram chats for `service`; built from `settings` (TELEGRAM_*)."""

    platform = "telegram"

    def __init__(self, service: Seam, settings: Settings) -> None:
        if settings.telegram_token is None:
            raise ValueError("TelegramAdapter needs TELEGRAM_TOKEN")
        if settings.telegram_webhook_url:
            webhook.secret(settings)  # refuse webhook mode without its secret before anything starts
        self.service = service
        self.settings = settings
        root = settings.telegram_api_url.rstrip("/")
        builder = (Application.builder()
                   .token(settings.telegram_token.get_secret_value())
                   .base_url(f"{root}/bot")
                   .base_file_url(f"{root}/file/bot")
                   .concurrent_updates(PlayerOrdered(CONCURRENT_UPDATES))
                   .request(AiohttpRequest(CONNECTIONS))
                   .rate_limiter(rate_limiter(settings.telegram_rate_limit))
                   .get_updates_request(TolerantRequest(read_timeout=POLL_TIMEOUT + 5.0)))
        if settings.telegram_webhook_url:
            builder = builder.updater(None)  # our webhook server (`webhook.HookServer`) takes the updates
        self.app = builder.build()
        self.hook: webhook.HookServer | None = None
        page = None
        if settings.web_url:
            page = service.page_links(settings.web_url, app_name=settings.web_app_name)
        self.poster = Poster(self.app.bot, service.boards, page)
        self.inline = Inline(service, self.poster, int(settings.challenge_hours * 3600))
        self.router = Router(service, self.poster, self.inline)
        self.app.add_handler(TypeHandler(Update, self.router.dispatch))
        self.app.add_error_handler(self._failed)
        self._stopped = asyncio.Event()

    async def start(self) -> None:
        """Connect (getMe), register the command menu and the invite link, then poll or listen.

        :raises StartupError: the token is refused, Telegram cannot be reached, or the webhook cannot be set up
            (the message says what to do and never holds the token).
        """
        root = self.settings.telegram_api_url.rstrip("/")
        try:
            await self._start()
        except InvalidToken as exc:  # a 401, or a 404 from a server that is not a Bot API server
            other = "" if root == Settings.model_fields["telegram_api_url"].default else ", or check TELEGRAM_API_URL"
            raise configuration(f"{root} refused TELEGRAM_TOKEN: set it to the token @BotFather gave the bot "
                                f"(/mybots → API Token){other}") from exc
        except NetworkError as exc:  # TimedOut too
            raise unreachable(f"cannot reach Telegram at {root} ({reason(exc)}): check the network, or "
                              f"TELEGRAM_API_URL") from exc
        except TelegramError as exc:
            raise configuration(f"Telegram refused to start the bot: {exc.message}; check the TELEGRAM_* "
                                f"settings") from exc
        except OSError as exc:
            if not self.settings.telegram_webhook_url:
                raise unreachable(f"cannot reach Telegram at {root} ({reason(exc)}): check the network") from exc
            where = f"{self.settings.telegram_webhook_listen}:{self.settings.telegram_webhook_port}"
            raise configuration(f"the webhook server cannot listen on {where} ({reason(exc)}): set "
                                f"TELEGRAM_WEBHOOK_LISTEN and TELEGRAM_WEBHOOK_PORT") from exc

    async def _start(self) -> None:
        await self.app.initialize()
        me = self.app.bot
        self.router.bot_id = me.id
        self.router.bot_username = me.username
        self.service.invite_links[self.platform] = f"https://t.me/{me.username}?startgroup=1"
        await menu.register(me)
        await self.app.start()
        if self.settings.telegram_webhook_url:
            self.hook = await webhook.start(self.app, self.settings)
        else:
            await self.app.updater.start_polling(  # type: ignore[union-attr]
                timeout=POLL_TIMEOUT, allowed_updates=Update.ALL_TYPES, drop_pending_updates=False)
        log.info("telegram: serving as @%s (%s)", me.username,
                 "webhook" if self.settings.telegram_webhook_url else "long polling")

    async def stop(self) -> None:
        """Stop receiving, let the updates in hand finish, disconnect."""
        try:
            if self.hook is not None:
                hook, self.hook = self.hook, None
                await hook.stop()
            if self.app.updater is not None and self.app.updater.running:
                await self.app.updater.stop()
            if self.app.running:
                await self.app.stop()
        finally:
            try:
                await self.app.shutdown()
            finally:
                await self.app.bot.shutdown()  # the HTTP sessions, also when start() failed in getMe
                self._stopped.set()

    async def deliver(self, notice: Notice) -> None:
        """Post a notice: to the player directly when it is addressed to them and they have started the bot,
        else in the notice's chat; a notice that names a message to `edit` (a standings card) edits it."""
        to = notice.to
        try:
            if notice.edit is not None:  # a standings card: edited in place
                if notice.chat.chat_id.lstrip("-").isdigit() and notice.edit.isdigit():
                    await self.poster.edit_card(int(notice.chat.chat_id), int(notice.edit), notice.reply)
                return
            if to is not None and to.platform == self.platform and to.user_id.lstrip("-").isdigit():
                try:
                    await self.poster.post(int(to.user_id), notice.reply)
                    return
                except Forbidden:
                    log.info("notice for %s goes to the chat: no private chat with them", to.user_id)
            if notice.chat.platform == self.platform and notice.chat.chat_id.lstrip("-").isdigit():
                await self.poster.post(int(notice.chat.chat_id), notice.reply)
        except TelegramError as exc:
            log.warning("could not deliver a %s notice to %s: %s", notice.kind, notice.chat.key, exc)

    async def finished(self) -> None:
        """Chat adapters do not end by themselves: this returns once the adapter has been stopped."""
        await self._stopped.wait()

    async def _failed(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        uid = update.update_id if isinstance(update, Update) else None
        log.error("telegram: update %s failed", uid, exc_info=context.error)
