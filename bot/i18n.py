"""Message catalogues (gettext, `bot/locales/<lang>/LC_MESSAGES/tabla.mo`): English msgids, any number of
translations. A translator adds a language by adding a `.po` file and compiling it (`pybabel compile`).

Language choice: the player's, else the chat's, else the default (English).
"""

from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path

from babel import Locale, UnknownLocaleError

LOCALES = Path(__file__).parent / "locales"
DOMAIN = "tabla"
DEFAULT = "en"


def available() -> tuple[str, ...]:
    """Language codes with a compiled catalogue, English always first."""
    found = sorted(p.name for p in LOCALES.iterdir() if (p / "LC_MESSAGES" / f"{DOMAIN}.mo").exists()) \
        if LOCALES.exists() else []
    return (DEFAULT, *[code for code in found if code != DEFAULT])


@cache
def catalogue(lang: str) -> gettext.NullTranslations:
    """The catalogue of `lang`, or the untranslated English one."""
    try:
        return gettext.translation(DOMAIN, LOCALES, languages=[lang])
    except (OSError, ValueError):
        return gettext.NullTranslations()


def tr(lang: str, message: str, /, **values: object) -> str:
    """`message` translated into `lang`, with `values` filled in (a broken translation falls back to English)."""
    text = catalogue(lang).gettext(message)
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError):
        return message.format(**values)


def trn(lang: str, singular: str, plural: str, n: int, /, **values: object) -> str:
    """The singular or plural form (gettext `ngettext`, the language's own plural rules), filled in."""
    text = catalogue(lang).ngettext(singular, plural, n)
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError):
        return (singular if n == 1 else plural).format(**values)


REASONS: dict[str, str] = {
    "single": "a plain win",
    "mars": "mars: the loser bore off no checker",
    "backgammon": "backgammon: the loser bore off none and is still in the winner's home board or on the bar",
    "mother": "the mother checker is pinned",
    "capote": "capote",
    "tie": "both mother checkers are pinned",
    "stuck": "neither side can move",
    "resign": "resignation",
    "timeout": "out of time",
    "drop": "the double was dropped",
}


def reason(lang: str, code: str) -> str:
    """How a game ended (`game.outcome.REASONS` codes) in words."""
    return tr(lang, REASONS[code]) if code in REASONS else code


def choose(*candidates: str | None, default: str = DEFAULT) -> str:
    """The first candidate language that has a catalogue (player's, then chat's), else `default`."""
    langs = available()
    for code in candidates:
        if code and code in langs:
            return code
    return default if default in langs else DEFAULT


def accepted(header: str | None) -> str | None:
    """The language with a catalogue that an HTTP `Accept-Language` header prefers (RFC 9110, 12.5.4: its tags
    by their `q` weights, the first listed first among equals; a regional tag matches its language), chosen by
    Babel's negotiation (`babel.Locale.negotiate`); None when it names none of them."""
    ranked = []
    for n, part in enumerate((header or "")[:512].split(",")):
        tag, _, params = part.partition(";")
        weight = 1.0
        name, _, value = params.partition("=")
        if name.strip() == "q":
            try:
                weight = float(value)
            except ValueError:
                weight = 0.0
        tag = tag.strip()
        if tag and tag != "*" and 0 < weight <= 1:
            ranked.append((-weight, n, tag.replace("-", "_")))
    if not ranked:
        return None
    try:
        found = Locale.negotiate([tag for _, _, tag in sorted(ranked)], list(available()), sep="_")
    except (ValueError, UnknownLocaleError):
        return None
    return None if found is None else str(found.language)
