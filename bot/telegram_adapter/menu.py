"""The command menu Telegram shows when a player types `/`: `setMyCommands`, once per supported language.

The English list is the default (no `language_code`); every other catalogue's list is registered for its
language code, so a Greek or Bulgarian client shows the descriptions in its own language. The commands and
their descriptions are those of `bot.commands.TABLE` that Telegram lists.
"""

from __future__ import annotations

import logging

from telegram import Bot, BotCommand
from telegram.error import TelegramError

from .. import i18n
from ..commands import listed
from .incoming import PLATFORM

log = logging.getLogger(__name__)


def commands(lang: str) -> list[BotCommand]:
    """The menu in `lang`: the commands Telegram lists in `bot.commands.TABLE`, each with its help line from the
    catalogue (English where it has none)."""
    return [BotCommand(spec.name, i18n.tr(lang, spec.help)[:256]) for spec in listed(PLATFORM)]


async def register(bot: Bot) -> None:
    """Register the menu in every supported language; a failure is logged, never fatal."""
    for lang in i18n.available():
        try:
            if lang == i18n.DEFAULT:
                await bot.set_my_commands(commands(lang))
            await bot.set_my_commands(commands(lang), language_code=lang)
        except TelegramError as exc:
            log.warning("could not register the %s command menu: %s", lang, exc)
