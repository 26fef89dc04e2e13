"""The Discord adapter: slash commands, buttons and boards on discord.py, translated to and from the service."""

from .adapter import DiscordAdapter

__all__ = ["DiscordAdapter"]
