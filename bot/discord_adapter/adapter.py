"""`DiscordAdapter`: the Discord client as one of `tabla run`'s adapters (start, stop, deliver a notice)."""

from __future__ import annotations

import asyncio
import contextlib
import logging

import aiohttp
import discord

from ..replies import Notice
from ..settings import Settings
from ..startup import configuration, reason, unreachable
from . import rest
from .answers import Answers
from .client import Options, TablaClient
from .messages import Outgoing, outgoing, post
from .people import PLATFORM
from .seam import Seam

log = logging.getLogger(__name__)

STOP_WITHIN = 8.0
PERMISSIONS = discord.Permissions(view_channel=True, send_messages=True, send_messages_in_threads=True,
                                  embed_links=True, attach_files=True, read_message_history=True)


def id_list(text: str | None) -> tuple[int, ...]:
    """`"1, 2,3"` → `(1, 2, 3)`.

    :raises ValueError: an entry that is not a number.
    """
    return tuple(int(part) for part in (text or "").replace(" ", "").split(",") if part)


def options_from(settings: Settings) -> Options:
    """The client's options from the settings.

    :raises ValueError: `DISCORD_GUILD_IDS` or `DISCORD_SHARD_IDS` is not a list of numbers, or shard ids are
        given without `DISCORD_SHARD_COUNT` or outside it.
    """
    shard_ids = id_list(settings.discord_shard_ids) or None
    count = settings.discord_shard_count
    if shard_ids is not None and (count is None or any(not 0 <= s < count for s in shard_ids)):
        raise ValueError("DISCORD_SHARD_IDS needs DISCORD_SHARD_COUNT, and each id below it")
    return Options(guild_ids=id_list(settings.discord_guild_ids), shard_count=count, shard_ids=shard_ids,
                   message_content=settings.discord_message_content, api_url=settings.discord_api_url or None)


class DiscordAdapter:
    """Serves the service's games on Discord."""

    platform = PLATFORM

    def __init__(self, service: Seam, settings: Settings) -> None:
        if settings.discord_token is None:
            raise ValueError("the Discord adapter needs DISCORD_TOKEN")
        self.service = service
        self.token = settings.discord_token.get_secret_value()
        self.options = options_from(settings)
        page = None
        if settings.web_url and settings.web_secret is not None and settings.web_secret.get_secret_value():
            page = service.page_links(settings.web_url, secret=settings.web_secret.get_secret_value())
        self.answers = Answers(service, page)
        self.client = TablaClient(self.answers, self.options)
        self._connection: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Log in, sync the commands, connect every shard; return once all of them are ready.

        :raises StartupError: the token or the intents are refused, or Discord cannot be reached (the message
            says what to do and never holds the token).
        """
        where = f"Discord at {self.options.api_url}" if self.options.api_url else "Discord"
        try:
            await self._start()
        except discord.LoginFailure as exc:
            raise configuration("Discord refused DISCORD_TOKEN: set it to the bot's token from the developer "
                                "portal (Applications → your bot → Bot → Reset Token)") from exc
        except discord.PrivilegedIntentsRequired as exc:
            raise configuration("Discord refused the Message Content intent: switch it on in the developer portal "
                                "(Bot → Privileged Gateway Intents), or unset DISCORD_MESSAGE_CONTENT") from exc
        except discord.HTTPException as exc:
            if exc.status >= 500:
                raise unreachable(f"{where} answers {exc.status}: try again later") from exc
            raise configuration(f"{where} refused to start the bot ({exc.status} {exc.text or exc.response.reason})"
                                f": check the DISCORD_* settings") from exc
        except (OSError, aiohttp.ClientError, discord.GatewayNotFound, discord.ConnectionClosed) as exc:
            raise unreachable(f"cannot reach {where} ({reason(exc)}): check the network, or DISCORD_API_URL") from exc

    async def _start(self) -> None:
        rest.use_rest(self.options.api_url)
        await self.client.login(self.token)
        if self.client.application_id is not None:
            self.service.invite_links[PLATFORM] = discord.utils.oauth_url(
                self.client.application_id, permissions=PERMISSIONS, scopes=("bot", "applications.commands"))
        self._connection = asyncio.create_task(self.client.connect(reconnect=True), name="discord-gateway")
        ready = asyncio.create_task(self.client.wait_until_ready())
        done, _ = await asyncio.wait({self._connection, ready}, return_when=asyncio.FIRST_COMPLETED)
        if ready not in done:
            ready.cancel()
            self._connection.result()  # the reason it ended
            raise RuntimeError("the Discord gateway closed before it was ready")

    async def stop(self) -> None:
        """Close the gateway and the HTTP session (bounded: a few seconds at most)."""
        try:
            await asyncio.wait_for(self.client.close(), STOP_WITHIN)
        except TimeoutError:
            log.warning("the Discord client did not close within %.0f s", STOP_WITHIN)
        if self._connection is not None:
            if not self._connection.done():
                self._connection.cancel()
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(self._connection, 1.0)
        rest.restore()

    async def finished(self) -> None:
        """Return when the gateway connection has ended (only after `stop`, or when Discord refuses us)."""
        if self._connection is None:
            return
        try:
            await self._connection
        except asyncio.CancelledError:
            pass
        except Exception:
            log.exception("the Discord connection ended")

    async def deliver(self, notice: Notice) -> None:
        """Post a notice: to its player by direct message when it names one, else (or if that fails) in its chat."""
        if notice.to is not None and notice.to.platform == PLATFORM and notice.to.user_id.isdigit():
            try:
                dm = await self.client.create_dm(discord.Object(int(notice.to.user_id)))
                await self._post(dm, outgoing(notice.reply, pings=False))
                return
            except discord.HTTPException as exc:
                log.info("no direct message to %s (%s); posting in the channel", notice.to.user_id, exc)
        if not notice.chat.chat_id.isdigit():
            log.warning("a notice for chat %s, which is not a Discord channel", notice.chat.key)
            return
        channel = self.client.get_partial_messageable(int(notice.chat.chat_id))
        try:
            if notice.edit is not None:  # a standings card: its new picture and text in place
                if notice.edit.isdigit():
                    out = outgoing(notice.reply, pings=False)
                    await channel.get_partial_message(int(notice.edit)).edit(
                        content=out.parts[0], attachments=out.files(), allowed_mentions=out.allowed_mentions)
                return
            out = outgoing(notice.reply)
            self.answers.replay_link(notice.reply, out)
            await self._post(channel, out)
        except discord.HTTPException as exc:
            log.warning("could not post a notice in %s: %s", notice.chat.chat_id, exc)

    async def _post(self, channel: discord.abc.Messageable, out: Outgoing) -> None:
        sent = await post(channel, out)
        await self.answers.boards.posted(self.client, out, sent.channel.id, sent.id)
