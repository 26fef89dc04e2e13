"""The page's words come from the gettext catalogues (msgctxt `page`), in English, Bulgarian and Greek, and reach
the page as JSON in the viewer's language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient

from bot import i18n, messages
from bot.boardpage import words
from bot.boardpage.words import PAGE, PAGE_WORDS, REFUSALS, page_words, refusal
from bot.service import Service
from tests.bot.conftest import Clock

from .conftest import ANA, BOB, EVE, init_data, link_for, two_player_game


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


@pytest.mark.parametrize("lang", ["bg", "el"])
def test_every_refusal_made_before_the_visitor_is_known_is_translated(lang: str) -> None:
    """Each reason the page's server and its credentials' checks give before anyone is known is one of
    `REFUSALS` (read from their source), and each has its translation."""
    root = Path(words.__file__).parents[1]
    sources = [root / "boardpage" / "auth.py", *sorted((root / "web").glob("*.py"))]
    said = set()
    for path in sources:
        text = path.read_text(encoding="utf-8")
        said |= set(re.findall(r'(?:AuthError|Refused)\((?:\d+, )?"([^"]+)"', text))
        said |= set(re.findall(r'_early\(request, (?:\d+|exc\.status), "([^"]+)"', text))
    assert said and said <= set(REFUSALS.values()), said - set(REFUSALS.values())
    for english in REFUSALS.values():
        assert refusal(lang, english) == i18n.catalogue(lang).pgettext(PAGE, english) != english, english
    assert refusal(lang, "Already in someone's words.") == "Already in someone's words."


async def test_a_refusal_before_the_visitor_is_known_is_in_the_browsers_language(service: Service,
                                                                                  client: TestClient,
                                                                                  clock: Clock) -> None:
    """Bad or expired credentials, an unknown game, a malformed request: said in the language the request tells
    (its signed Telegram user's, else `Accept-Language` among the bot's languages, else the default); a refusal
    once the visitor is known stays in their words."""
    gid = await two_player_game(service)
    ana = await service.store.players.find("telegram", ANA.user_id)
    assert ana is not None
    greek = {"Accept-Language": "el-GR,el;q=0.9,en;q=0.8"}

    async def error(method: str, path: str, headers: dict[str, str], **body: object) -> tuple[int, str]:
        r = await client.request(method, path, headers=headers, **body)  # type: ignore[arg-type]
        return r.status, (await r.json())["error"]

    assert await error("GET", f"/api/state?game={gid}", greek) == (401, "απαιτείται σύνδεση")
    assert await error("GET", f"/api/state?game={gid}", {"Accept-Language": "fr, bg;q=0.5"}) == \
        (401, "нужно е влизане")
    assert await error("GET", f"/api/state?game={gid}", {"Accept-Language": "fr, de"}) == (401, "sign-in required")
    link = {"Authorization": "link " + link_for(ana.id, gid, clock() - 1), **greek}
    assert await error("GET", f"/api/state?game={gid}", link) == (401, "ο σύνδεσμος έχει λήξει")
    assert await error("GET", "/api/state?game=../x", greek) == (400, "μη έγκυρος κωδικός παρτίδας")
    unknown = {"Authorization": "link " + link_for(ana.id, "zzzzzz", clock() + 60), **greek}
    assert await error("GET", "/api/state?game=zzzzzz", unknown) == (404, "δεν υπάρχει τέτοια παρτίδα")
    assert await error("POST", "/api/confirm", greek, data="[") == (400, "δεν είναι JSON")
    assert await error("GET", "/api/replay?game=" + gid + "&turn=x", greek) == (400, "μη έγκυρος γύρος")
    assert await error("GET", "/api/tournament?id=!", greek) == (400, "μη έγκυρος κωδικός τουρνουά")
    assert await error("GET", "/api/nowhere", greek) == (404, "δεν βρέθηκε")  # the server's own refusals too
    assert await error("DELETE", "/api/state", greek) == (405, "η μέθοδος δεν επιτρέπεται")
    assert await error("GET", "/api/nowhere", {}) == (404, "not found")
    expired = {"Authorization": "tma " + init_data(BOB, clock() - 2 * 86400), **greek}  # BOB's Telegram: bg
    assert await error("GET", f"/api/state?game={gid}", expired) == (401, "initData са изтекли")
    stranger = {"Authorization": "tma " + init_data(EVE, clock()), **greek}  # known: Eve, in her words
    assert await error("GET", f"/api/state?game={gid}", stranger) == (403, page_words("en")["refused_not_player"])
