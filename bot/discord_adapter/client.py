"""The Discord client: an `AutoShardedClient` that owns the command tree, registers the dynamic button and
syncs the slash commands when it logs in.

No privileged intent is needed: slash commands, buttons and autocomplete arrive as interactions whatever the
intents. With `DISCORD_MESSAGE_CONTENT` on, the client also reads bare typed moves (`24/18 13/11`) in channels,
which needs the Message Content intent switched on in the developer portal.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

from ..commands import looks_like_move
from ..replies import Caller
from . import people, rest, slash
from .answers import INCOMPLETE, UNKNOWN_BUTTON, Answers
from .components import action_button, is_ours
from .messages import outgoing, post
from .people import Interaction
from .translator import CatalogueTranslator

log = logging.getLogger(__name__)

GUILD_READY_TIMEOUT = 0.5  # interactions are served before "ready" anyway; do not wait long for guild lists


@dataclass(frozen=True)
class Options:
    """How to connect: from `bot.settings.Settings` (see `adapter.options_from`)."""

    guild_ids: tuple[int, ...] = ()
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    message_content: bool = False
    api_url: str | None = None


def shows(message: discord.Message | None, custom_id: str) -> bool:
    """Whether `message` has the component `custom_id` (where discord.py looks for a pressed dynamic item)."""
    if message is None:
        return False
    for row in message.components:
        for child in getattr(row, "children", ()):
            if getattr(child, "custom_id", None) == custom_id:
                return True
    return False


class Tree(app_commands.CommandTree[Any]):
    """The command tree; a command whose options did not arrive as declared is refused, never left unanswered."""

    def __init__(self, client: discord.Client, answers: Answers) -> None:
        super().__init__(client)
        self.answers = answers

    async def on_error(self, interaction: Interaction, error: app_commands.AppCommandError, /) -> None:
        if isinstance(error, app_commands.CommandInvokeError):
            log.error("slash command %s failed", interaction.command and interaction.command.name,
                      exc_info=error.original)
        else:
            log.info("refused an interaction: %s", error)
        await self.answers.refuse(interaction, INCOMPLETE)


class TablaClient(discord.AutoShardedClient):
    """One client for all the shards this process runs."""

    def __init__(self, answers: Answers, options: Options) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # not privileged; keeps discord.py's channel cache coherent
        if options.message_content:
            intents.guild_messages = intents.dm_messages = intents.message_content = True
        shards: dict[str, Any] = {"shard_count": options.shard_count}
        if options.shard_ids is not None:
            shards["shard_ids"] = list(options.shard_ids)
        # the bot never joins a voice channel: no start-up warning that voice's libraries are missing
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        super().__init__(intents=intents, allowed_mentions=discord.AllowedMentions.none(),
                         chunk_guilds_at_startup=False, guild_ready_timeout=GUILD_READY_TIMEOUT, **shards)
        self.answers = answers
        self.options = options
        self.tree = Tree(self, answers)
        slash.register(self.tree, answers)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(action_button(self.answers.press))
        await self.tree.set_translator(CatalogueTranslator())
        if self.options.api_url:
            gateway = await rest.use_gateway_of(self.http)
            log.info("REST at %s, gateway at %s", self.options.api_url, gateway)
        if self.options.shard_ids is None or 0 in self.options.shard_ids:  # one process syncs the commands
            await self.sync_commands()

    async def sync_commands(self) -> None:
        """Register the slash commands: in each of `guild_ids` at once, else globally."""
        if self.options.guild_ids:
            for gid in self.options.guild_ids:
                guild = discord.Object(gid)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def on_interaction(self, interaction: Interaction) -> None:
        """Presses the dynamic button does not see: a component that is not ours (an old message's) is refused;
        one of ours on a message that no longer shows it (pressed twice, quicker than its removal) is pressed
        all the same, so that the service answers it."""
        if interaction.type is not discord.InteractionType.component or interaction.data is None:
            return
        custom_id = str(interaction.data.get("custom_id", ""))
        if not is_ours(custom_id):
            if not interaction.response.is_done():
                await self.answers.refuse(interaction, UNKNOWN_BUTTON)
        elif not shows(interaction.message, custom_id):
            await self.answers.press(interaction, custom_id)

    async def on_message(self, message: discord.Message) -> None:
        """A bare typed move in a channel (only with the Message Content intent)."""
        if not self.options.message_content or message.author.bot or not looks_like_move(message.content):
            return
        reply = await self.answers.service.handle(
            Caller(people.identity(message.author), people.message_chat(message), str(message.id)), message.content)
        if reply.repeat:  # the same message again (a replayed gateway event): it was answered the first time
            return
        try:
            out = outgoing(reply, pings=not reply.private)
            sent = await post(message.channel, out, reference=message if reply.private else None)
            await self.answers.boards.posted(self, out, sent.channel.id, sent.id)
        except discord.HTTPException as exc:
            log.warning("could not answer message %s: %s", message.id, exc)
