"""The page's words come from the gettext catalogues (msgctxt `page`), in English, Bulgarian and Greek, and reach
the page as JSON in the viewer's language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient

from bot import i18n, messages
from bot.boardpage import words
from bot.boardpage.words import PAGE, PAGE_WORDS, page_words


@pytest.mark.parametrize("lang", ["bg", "el"])
def test_every_page_word_is_translated_in_the_catalogue(lang: str) -> None:
    said = page_words(lang)
    assert set(said) == set(PAGE_WORDS)
    for key, english in PAGE_WORDS.items():
        assert said[key] == i18n.catalogue(lang).pgettext(PAGE, english)
        assert said[key] != english, (lang, key)
        assert re.findall(r"\{\w+\}", said[key]) == re.findall(r"\{\w+\}", english)


def test_the_words_live_in_the_catalogues_not_in_the_code() -> None:
    source = Path(words.__file__).read_text(encoding="utf-8")
    assert not re.search("[\u0370-\u03ff\u0400-\u04ff]", source), "Bulgarian or Greek text in bot/boardpage/words.py"
    script = (Path(words.__file__).parents[1] / "web" / "static" / "app.js").read_text(encoding="utf-8")
    assert not re.search("[\u0370-\u03ff\u0400-\u04ff]", script)
    listed = {(m.context, m.id) for m in messages.all_messages()}
    assert {(PAGE, text) for text in PAGE_WORDS.values()} <= listed, "python -m bot.messages --update finds them"


async def test_the_words_are_served_in_the_asked_language(client: TestClient) -> None:
    for asked, lang in (("el", "el"), ("bg", "bg"), ("xx", "en"), ("", "en")):
        r = await client.get(f"/api/words?lang={asked}")
        body = await r.json()
        assert r.status == 200 and body == {"lang": lang, "words": page_words(lang)}
