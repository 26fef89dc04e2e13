"""Message catalogues (gettext, `bot/locales/<lang>/LC_MESSAGES/tabla.mo`): English msgids, any number of
translations. A translator adds a language by adding a `.po` file and compiling it (`pybabel compile`).

Language choice: the player's, else the chat's, else the default (English).
"""

from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path

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
    "single": "a single game",
    "mars": "mars: the loser bore off no checker",
    "backgammon": "backgammon: the loser bore off none and is still in the winner's home board or on the bar",
    "mother": "the mother checker is pinned",
    "capote": "capote",
    "tie": "both mother checkers are pinned",
    "stuck": "neither side can move",
    "resign": "resignation",
    "timeout": "out of time",
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


SERVED_OPTIONS = ("mother", "scoring")  # the rule options a player may ask for (the cube is refused until served)


def game_error(lang: str, exc: Exception) -> str:
    """An engine error (`game.GameError`) in `lang`: its English template translated, with its values, as a
    sentence (the engine's messages start lower-case, to be composed)."""
    template = getattr(exc, "template", None)
    values = getattr(exc, "values", None)
    text = tr(lang, template, **_words_of(lang, values)) \
        if isinstance(template, str) and isinstance(values, dict) else str(exc)
    return text[:1].upper() + text[1:]


def _words_of(lang: str, values: dict[str, object]) -> dict[str, object]:
    """An engine error's values as a reader sees them: sides and variant names in `lang`."""
    from .words import board_words

    out = dict(values)
    for key in ("side", "mover", "opponent"):
        if out.get(key) == "white":
            out[key] = tr(lang, "white")
        elif out.get(key) == "black":
            out[key] = tr(lang, "black")
    if isinstance(out.get("variant"), str):
        out["variant"] = board_words(lang).variant(str(out["variant"]))
    if isinstance(out.get("options"), str):  # the options a variant takes: only those a player may ask for
        out["options"] = ", ".join(o for o in str(out["options"]).split(", ") if o in SERVED_OPTIONS)
    return out
