"""The compiled message catalogues are up to date with their .po sources, and every translation keeps the
fields of its English original."""

from __future__ import annotations

import io
import string

import pytest
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

from bot.i18n import LOCALES

LANGS = sorted(p.name for p in LOCALES.iterdir())


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("lang", LANGS)
def test_the_mo_file_is_compiled_from_the_po_file(lang: str) -> None:
    folder = LOCALES / lang / "LC_MESSAGES"
    with open(folder / "tabla.po", "rb") as f:
        po = read_po(f)
    with open(folder / "tabla.mo", "rb") as f:
        mo = read_mo(f)
    assert {m.id: m.string for m in po if m.id and m.string} == {m.id: m.string for m in mo if m.id}
    fresh = io.BytesIO()
    write_mo(fresh, po)
    assert fresh.getvalue() == (folder / "tabla.mo").read_bytes(), "run: pybabel compile -d bot/locales -D tabla"


@pytest.mark.parametrize("lang", LANGS)
def test_translations_keep_the_fields(lang: str) -> None:
    with open(LOCALES / lang / "LC_MESSAGES" / "tabla.po", "rb") as f:
        po = read_po(f)
    for message in po:
        if message.id and message.string:
            assert fields(message.string) == fields(message.id), message.id


def test_bulgarian_and_greek_are_there() -> None:
    assert {"en", "bg", "el"} <= set(LANGS)


@pytest.mark.parametrize("lang", ["bg", "el"])
def test_every_message_is_translated(lang: str) -> None:
    with open(LOCALES / lang / "LC_MESSAGES" / "tabla.po", "rb") as f:
        po = read_po(f)
    missing = [m.id for m in po if m.id and not m.string]
    assert missing == [], f"{lang} lacks translations for: {missing}"


@pytest.mark.parametrize("lang", ["bg", "el"])
def test_every_catalogue_has_the_english_messages(lang: str) -> None:
    def ids(code: str) -> set[str]:
        with open(LOCALES / code / "LC_MESSAGES" / "tabla.po", "rb") as f:
            return {m.id for m in read_po(f) if m.id}

    assert ids("en") <= ids(lang)
