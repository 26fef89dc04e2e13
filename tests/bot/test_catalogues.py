"""The catalogues: every message the code can show a player (`bot.messages`) is translated in Bulgarian and
Greek, with the fields of its English original and every plural form; the compiled `.mo` files are up to date
with their `.po` sources; the board words built from them are the renderer's Greek and Bulgarian words."""

from __future__ import annotations

import io
import string
from functools import cache

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

from bot import messages
from bot.i18n import LOCALES, tr
from bot.words import board_words
from game import Position, variant
from game.errors import GameError
from game.notation import parse_play, read_hops
from renderer import ENGLISH
from renderer.samples import BULGARIAN_WORDS, GREEK_WORDS

LANGS = sorted(p.name for p in LOCALES.iterdir() if (p / "LC_MESSAGES").is_dir())
TRANSLATED = ["bg", "el"]
PLURAL_FORMS = "nplurals=2; plural=(n != 1);"


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@cache
def catalogue(lang: str) -> Catalog:
    with open(LOCALES / lang / "LC_MESSAGES" / "tabla.po", "rb") as f:
        return read_po(f, locale=lang)


@cache
def shown() -> tuple[messages.Message, ...]:
    return tuple(messages.all_messages())


def forms(message: Message) -> tuple[str, ...]:
    strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
    return tuple(s or "" for s in strings)


def key(message: Message) -> tuple[str | None, str]:
    msgid = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
    context = message.context
    if isinstance(context, bytes):  # Babel's read_mo leaves a context undecoded
        context = context.decode("utf-8")
    return context, msgid


@pytest.mark.parametrize("lang", LANGS)
def test_the_mo_file_is_compiled_from_the_po_file(lang: str) -> None:
    folder = LOCALES / lang / "LC_MESSAGES"
    po = catalogue(lang)
    with open(folder / "tabla.mo", "rb") as f:
        mo = read_mo(f)
    compiled = {key(m): forms(m) for m in mo if m.id}
    translated = {key(m): forms(m) for m in po if m.id and all(forms(m))}
    assert {k: compiled.get(k) for k in translated} == translated
    assert set(compiled) <= {key(m) for m in po if m.id}
    fresh = io.BytesIO()
    write_mo(fresh, po)
    assert fresh.getvalue() == (folder / "tabla.mo").read_bytes(), "run: pybabel compile -d bot/locales -D tabla"


@pytest.mark.parametrize("lang", LANGS)
def test_translations_keep_the_fields(lang: str) -> None:
    for message in catalogue(lang):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
        wanted = set().union(*(fields(i) for i in ids))
        for form in forms(message):
            if form:
                assert fields(form) == wanted, (message.id, form)


def test_bulgarian_and_greek_are_there() -> None:
    assert {"en", "bg", "el"} <= set(LANGS)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_plurals_follow_the_language_header(lang: str) -> None:
    po = catalogue(lang)
    assert po.plural_forms == PLURAL_FORMS
    for message in po:
        if message.id and message.pluralizable:
            assert len(forms(message)) == po.num_plurals, message.id


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_the_code_can_show_is_translated(lang: str) -> None:
    po = {key(m): m for m in catalogue(lang) if m.id}
    missing, empty, not_plural = [], [], []
    for m in shown():
        entry = po.get(m.key)
        if entry is None:
            missing.append(m)
        elif not all(form.strip() for form in forms(entry)):
            empty.append(m)
        elif m.plural and not entry.pluralizable:
            not_plural.append(m)
    hint = "run: python -m bot.messages --update, translate, then pybabel compile -d bot/locales -D tabla"
    assert missing == [], f"{lang} lacks {len(missing)} messages ({hint}): {missing}"
    assert empty == [], f"{lang} has {len(empty)} untranslated messages: {empty}"
    assert not_plural == [], f"{lang} needs plural entries for: {not_plural}"


def test_the_english_catalogue_lists_every_message() -> None:
    po = {key(m) for m in catalogue("en") if m.id}
    assert [m for m in shown() if m.key not in po] == []


def test_every_call_that_shows_text_is_understood() -> None:
    """A call like `ctx.t(some_expression)` must be a literal, a name assigned in its file, or a known hand-over."""
    assert messages.unexplained() == []


def test_english_plurals_keep_the_same_fields() -> None:
    for m in shown():
        if m.plural:
            assert fields(m.id) == fields(m.plural), m


def _raised(action: object) -> GameError:
    try:
        action()  # type: ignore[operator]
    except GameError as exc:
        return exc
    raise AssertionError("no engine error")


def test_the_engine_messages_a_player_meets_are_found() -> None:
    ids = {m.id for m in shown() if m.context is None}
    plakoto = variant("plakoto")
    start = Position.start(plakoto)
    errors = [
        _raised(lambda: variant("nonsense")),
        _raised(lambda: variant("plakoto", {"mother": "never"})),
        _raised(lambda: read_hops("3/9")),
        _raised(lambda: read_hops("hello")),
        _raised(lambda: parse_play(start, (6, 5), "24/1 24/1")),
        _raised(lambda: parse_play(start, (6, 5), "24/18")),
        _raised(lambda: parse_play(start, (3, 1), "13/10 13/12")),
    ]
    for exc in errors:
        assert exc.template in ids, exc.template


def test_a_few_known_texts_are_found_where_they_hide() -> None:
    ids = {m.id for m in shown()}
    assert "white" in ids and "black" in ids                       # ctx.t(side.value)
    assert any(i.startswith("Commands:") for i in ids)             # ctx.t(HELP)
    assert "resignation" in ids                                    # i18n.REASONS, read by a lookup
    assert "Accept a challenge" in ids                             # a slash command registered by a helper
    assert "in the channel" in ids                                 # a dict inside a call
    assert all(not i.startswith("dm") for i in ids)                # ... not glued to its key
    assert "{n} hour" in {m.id for m in shown() if m.plural}


@pytest.mark.parametrize("lang, sample", [("el", GREEK_WORDS), ("bg", BULGARIAN_WORDS)])
def test_the_board_words_are_the_renderers_samples(lang: str, sample: object) -> None:
    assert board_words(lang) == sample


def test_english_boards_keep_the_renderers_words() -> None:
    assert board_words("en") is ENGLISH
    assert board_words("xx") == ENGLISH


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_translated_engine_message_keeps_its_values(lang: str) -> None:
    exc = _raised(lambda: read_hops("3/9"))
    text = tr(lang, exc.template, **exc.values)
    assert text != str(exc)
    assert "'3/9'" in text and "3" in text and "9" in text
