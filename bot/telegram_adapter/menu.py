"""The command menu Telegram shows when a player types `/`: `setMyCommands`, once per supported language.

The English list is the default (no `language_code`); every other catalogue's list is registered for its
language code, so a Greek or Bulgarian client shows the descriptions in its own language.
"""

from __future__ import annotations

import logging

from telegram import Bot, BotCommand
from telegram.error import TelegramError

from .. import i18n

log = logging.getLogger(__name__)

# The msgids are English; their translations live in the service's catalogues (bot/locales).
COMMANDS: tuple[tuple[str, str], ...] = (
    ("challenge", "Challenge a player (reply to them, or @name) or the whole chat"),
    ("play", "Play against the computer, e.g. /play ai tapa to 3"),
    ("move", "Make your move, e.g. /move 24/18 13/8"),
    ("board", "Show the board of your game"),
    ("games", "Your games in progress"),
    ("lobby", "Open challenges in this chat"),
    ("accept", "Accept a challenge"),
    ("decline", "Decline a challenge"),
    ("resign", "Resign your game"),
    ("history", "Replay a game as an animation"),
    ("standings", "The chat's standings"),
    ("stats", "A player's results and ratings"),
    ("rules", "The rules of a variant"),
    ("remind", "Where your reminders go: dm, chat or off"),
    ("lang", "Choose your language"),
    ("invite", "A link to add me to a group"),
    ("help", "How to play"),
)


def commands(lang: str) -> list[BotCommand]:
    """The menu in `lang` (descriptions from the catalogue, English where it has none)."""
    return [BotCommand(name, i18n.tr(lang, description)[:256]) for name, description in COMMANDS]


async def register(bot: Bot) -> None:
    """Register the menu in every supported language; a failure is logged, never fatal."""
    for lang in i18n.available():
        try:
            if lang == i18n.DEFAULT:
                await bot.set_my_commands(commands(lang))
            await bot.set_my_commands(commands(lang), language_code=lang)
        except TelegramError as exc:
            log.warning("could not register the %s command menu: %s", lang, exc)
