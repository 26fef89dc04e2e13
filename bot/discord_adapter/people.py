"""Who pressed or typed, and where: Discord users, channels and locales as the service's `Identity` and `Chat`."""

from __future__ import annotations

from typing import Any, TypeAlias

import discord

from ..replies import Chat, Identity

PLATFORM = "discord"
Interaction: TypeAlias = discord.Interaction[Any]

# Discord locale → catalogue language; any other locale is English (`bot.i18n.choose` falls back anyway).
LANGUAGES: dict[str, str] = {"bg": "bg", "el": "el", "en-US": "en", "en-GB": "en"}


def language_of(locale: discord.Locale | str | None) -> str | None:
    """The catalogue language of a Discord locale (`el` → `el`), None for locales we have no catalogue for."""
    if locale is None:
        return None
    return LANGUAGES.get(str(locale))


def identity(user: discord.abc.User, locale: discord.Locale | str | None = None) -> Identity:
    """A Discord user as the service knows people: the id is stable, the display name is what others see."""
    return Identity(PLATFORM, str(user.id), user.display_name or user.name, username=user.name,
                    language=language_of(locale))


def caller(interaction: Interaction) -> Identity:
    """Who caused an interaction, with their client's language as a hint."""
    return identity(interaction.user, interaction.locale)


def admin(interaction: Interaction) -> bool | None:
    """Whether the caller may change the server's settings (Manage Server or Administrator in this channel);
    None in a direct message, where there are no admins."""
    if interaction.guild_id is None:
        return None
    perms = interaction.permissions
    return perms.manage_guild or perms.administrator


def chat(interaction: Interaction) -> Chat:
    """The channel an interaction came from; a direct message with the bot is a private chat."""
    private = interaction.guild_id is None
    channel = interaction.channel_id if interaction.channel_id is not None else interaction.user.id
    return Chat(PLATFORM, str(channel), private=private)


def message_chat(message: discord.Message) -> Chat:
    """The channel a typed message was posted in."""
    return Chat(PLATFORM, str(message.channel.id), private=message.guild is None)
