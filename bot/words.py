"""The words drawn on a board picture in a player's language: a `renderer.Words` filled from the catalogues.

Each field's msgid is its English default (`renderer.ENGLISH`), in the `board` context so a short word on the
picture ("OFF", "pass", "mars") is translated apart from the same word in a sentence; `point_one` and
`point_other` are one plural entry. A word the catalogue lacks stays English, and a translation the renderer
refuses (a template with fields it does not know) leaves the whole picture English rather than failing a reply.
"""

from __future__ import annotations

import contextlib
import gettext
import logging
from collections.abc import Mapping
from dataclasses import fields
from functools import cache
from types import MappingProxyType

from game import ASCII_WORDS, CYCLES, GameError, variant
from renderer import ENGLISH, Words

from . import i18n
from .cube import table as cube

log = logging.getLogger(__name__)

BOARD = "board"  # the msgctxt of the words drawn on a board picture
BOARD_PLURALS = {"point_one": "point_other"}  # fields drawn as a pair chosen by number: one plural entry


@cache
def board_words(lang: str) -> Words:
    """The picture's words in `lang` (English for English or a language without a catalogue)."""
    if lang == i18n.DEFAULT:
        return ENGLISH
    catalogue = i18n.catalogue(lang)
    plurals = set(BOARD_PLURALS.values())
    values: dict[str, object] = {}
    for f in fields(ENGLISH):
        english = getattr(ENGLISH, f.name)
        if f.name in plurals:
            continue
        if isinstance(english, str):
            if f.name in BOARD_PLURALS:
                other = BOARD_PLURALS[f.name]
                plural = getattr(ENGLISH, other)
                values[f.name] = catalogue.npgettext(BOARD, english, plural, 1)
                values[other] = catalogue.npgettext(BOARD, english, plural, 2)
            else:
                values[f.name] = catalogue.pgettext(BOARD, english) if english else english
        else:
            values[f.name] = _mapping(catalogue, english)
    try:
        return Words(**values)  # type: ignore[arg-type]
    except ValueError:
        log.exception("the %s board words do not fit the picture; drawing in English", lang)
        return ENGLISH


def _mapping(catalogue: gettext.NullTranslations, english: Mapping[str, str]) -> dict[str, str]:
    return {key: catalogue.pgettext(BOARD, text) if text else text for key, text in english.items()}


def title(lang: str, name: str, options: Mapping[str, str] | None = None) -> str:
    """A game's name in a sentence, in `lang`: `Tapa (mother tie, backgammon)`, or a cycle match's
    `Tavli (Portes → Plakoto → Fevga)`; the options a variant takes beyond its defaults (RULES.md §9, §12).
    An unknown name or option (an old record) is shown as it is."""
    words = board_words(lang)
    opts = dict(options or {})
    cycle = opts.pop("cycle", None)
    if cycle in CYCLES:
        head = f"{words.cycle(cycle)} ({' → '.join(words.variant(n) for n in CYCLES[cycle])})"
        extra = [words.option(k, v) for k, v in sorted(opts.items())]
        return f"{head}, {', '.join(extra)}" if extra else head
    with contextlib.suppress(GameError):
        opts = variant(name, opts).options()
    extra = [words.option(k, v) for k, v in opts.items()]
    return f"{words.variant(name)} ({', '.join(extra)})" if extra else words.variant(name)


SERVED_OPTIONS = {"mother": "mother=win|win+tie|tie|off", "scoring": "scoring=mars|backgammon", "cube": "cube=on|off"}
"""The rule options a player may ask for, as typed."""


def game_error(lang: str, exc: Exception) -> str:
    """An engine error (`game.GameError`) in `lang`: its English template translated, with its values, as a
    sentence (the engine's messages start lower-case, to be composed)."""
    template = getattr(exc, "template", None)
    values = getattr(exc, "values", None)
    text = i18n.tr(lang, template, **_words_of(lang, values)) \
        if isinstance(template, str) and isinstance(values, dict) else str(exc)
    return text[:1].upper() + text[1:]


def _words_of(lang: str, values: dict[str, object]) -> dict[str, object]:
    """An engine error's values as a reader sees them: sides and variant names in `lang`."""
    out = dict(values)
    for key in ("side", "mover", "opponent"):
        if out.get(key) == "white":
            out[key] = i18n.tr(lang, "white")
        elif out.get(key) == "black":
            out[key] = i18n.tr(lang, "black")
    words = board_words(lang)
    for key in ("variant", "first"):  # variants named in a sentence (the typed ones stay as typed)
        if isinstance(out.get(key), str):
            out[key] = words.variant(str(out[key]))
    if isinstance(out.get("games"), str):  # a cycle's games, "portes → plakoto → fevga"
        out["games"] = " → ".join(words.variant(g) for g in str(out["games"]).split(" → "))
    if isinstance(out.get("cycle"), str) and "typed" in out:  # a cycle named in a sentence beside its typed form
        out["cycle"] = words.cycle(str(out["cycle"]))
    if isinstance(out.get("options"), str):  # the options a variant takes: only those a player may ask for
        out["options"] = ", ".join(SERVED_OPTIONS[o] for o in str(out["options"]).split(", ") if o in SERVED_OPTIONS)
    return out


def log_entry(lang: str, play: str, dice: str, name: str) -> str:
    """One logged turn (`storage.MoveLogEntry`) as a reader of `lang` reads it: `Dora: 6-4 24/18 13/9`, an
    opening roll, a turn passed (R-TURN-3), a resignation (R-END-6), a loss on time, a double, take or drop
    (R-CUBE-2, R-CUBE-3); a kind this version
    does not know is shown as logged."""
    if play == "opening":
        return i18n.tr(lang, "opening roll: {dice}", dice=dice)
    if play in ("pass", ""):
        return i18n.tr(lang, "{name}: {dice}, no move, turn passed", name=name, dice=dice)
    if play == "resign":
        return i18n.tr(lang, "{name} resigned", name=name)
    if play == "timeout":
        return i18n.tr(lang, "{name} ran out of time", name=name)
    action = cube.parse(play)
    if action is not None and cube.ROWS[action].logged:  # the cube's entries (R-CUBE-2, R-CUBE-3)
        return f"{name}: {i18n.tr(lang, cube.ROWS[action].logged)}"
    return f"{name}: {dice} {play}".rstrip()


def match_length(lang: str, n: int) -> str:
    """How long a match is, in `lang`: `a single game` for one point (R-MATCH-1), else `a match to 5 points`."""
    if n == 1:
        return i18n.tr(lang, "a single game")
    return i18n.trn(lang, "a match to {n} point", "a match to {n} points", n, n=n)


@cache
def ascii_words(lang: str) -> Mapping[str, str]:
    """The words of the console's ASCII board (`game.ASCII_WORDS`) in `lang`."""
    return MappingProxyType({key: i18n.catalogue(lang).gettext(text) for key, text in ASCII_WORDS.items()})


COMPUTER_WORDS = ("computer", "ai", "bot")  # names that mean the computer in any language, in any case


def computer_name(lang: str) -> str:
    """The computer's name as a reader of `lang` sees it ("Computer", "Компютър", "Υπολογιστής"); its stored
    player record keeps one language-neutral identity (`bot.core.COMPUTER`)."""
    return i18n.tr(lang, "Computer")


@cache
def computer_names() -> frozenset[str]:
    """Every name that means the computer, lower-case: `COMPUTER_WORDS` and its name in each language
    ("компютър", "υπολογιστής"), so no player takes it and `/stats Компютър` finds the computer."""
    return frozenset({*COMPUTER_WORDS, *(computer_name(lang).lower() for lang in i18n.available())})
