"""Slash command names, descriptions and choices in the players' languages, from our gettext catalogues.

Descriptions and choice names are their own English msgids. Names are looked up as `command: <name>` and
`option: <name>` (a name is one lower-case word in Discord, and the same English word may need another word as
a name than in a sentence); a name without a translation, or whose translation Discord would refuse, stays
English. A game choice (its `locale_str` carries `offer=<key>`) is named by `bot.games` in the player's language.
"""

from __future__ import annotations

import re

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation as Where

from .. import games, i18n
from . import people

NAME = re.compile(r"^[-_\w]{1,32}$")
MAX_TEXT = 100
NAME_KINDS = {Where.command_name: "command", Where.group_name: "command", Where.parameter_name: "option"}


def name_msgid(location: Where, name: str) -> str:
    """The msgid under which a command or option name is translated."""
    return f"{NAME_KINDS[location]}: {name}"


def translate(language: str, location: Where, message: str) -> str | None:
    """`message` at `location` in `language`, or None to leave it English."""
    catalogue = i18n.catalogue(language)
    if location in NAME_KINDS:
        msgid = name_msgid(location, message)
        text = catalogue.gettext(msgid)
        if text == msgid:
            return None
        name = text.rpartition(":")[2].strip().lower().replace(" ", "-")
        return name if NAME.match(name) and name != message else None
    text = catalogue.gettext(message)
    return text[:MAX_TEXT] if text != message and text.strip() else None


class CatalogueTranslator(app_commands.Translator):
    """discord.py's translator hook, answered from `bot/locales` for the Discord locales we have catalogues for."""

    async def translate(self, string: app_commands.locale_str, locale: Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        language = people.language_of(locale)
        if language is None or language == i18n.DEFAULT or language not in i18n.available():
            return None
        offer = games.BY_KEY.get(str(string.extras.get("offer", "")))
        if offer is not None:
            return offer.name(language)[:MAX_TEXT]
        return translate(language, context.location, string.message)
