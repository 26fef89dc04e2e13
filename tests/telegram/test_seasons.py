"""Seasons and the standings card through Telegram (issue 29), with a clock the test moves: only a group's
admins set its seasons; `/standings pin` posts a card, pinned when the bot may pin, that is edited in place
(`editMessageMedia`) after each result, also after a restart (a new service and adapter on the same store);
the season's end is posted once, by one of two processes, as a picture with the final standings and the
text; `/standings` then shows the new season and all time, `/standings season 2026-10` the one that ended.
The same in Bulgarian and Greek, with no English word left."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest

from bot.actions import Verb
from bot.runner import Router
from bot.service import Service
from bot.telegram_adapter import TelegramAdapter
from storage import EDIT_GAP, Store
from tests.bot.conftest import Clock
from tests.bot.test_no_english import english_words

from .conftest import settings_for
from .fake_bot_api import FakeBotAPI, Player, group, sent_of
from .play import actions, png_size, say, tap

GROUP = group(-100777)
START = datetime(2026, 10, 30, 12, tzinfo=UTC).timestamp()
WORDS = {  # what each language's replies must say (and the English ones must not leak into the others)
    "en": {"admins": "Only the chat's admins", "monthly": "monthly seasons", "over": "Season 2026-10 is over",
           "final": "Season 2026-10, 2026-10-01 – 2026-10-31", "all": "All time"},
    "bg": {"admins": "Само администраторите", "monthly": "месечни сезони", "over": "Сезон 2026-10 приключи",
           "final": "Сезон 2026-10, 2026-10-01 – 2026-10-31", "all": "За всички времена"},
    "el": {"admins": "Μόνο οι διαχειριστές", "monthly": "μηνιαίες σεζόν", "over": "Η σεζόν 2026-10 τελείωσε",
           "final": "Σεζόν 2026-10, 2026-10-01 – 2026-10-31", "all": "Όλων των εποχών"},
}


@pytest.fixture
def clock() -> Clock:
    return Clock(START)


@pytest.fixture
async def service(store: Store, clock: Clock) -> AsyncIterator[Service]:
    svc = Service(store, clock=clock)
    yield svc
    svc.close()


def no_english(text: str, lang: str, *ids: str) -> None:
    if lang != "en":
        assert english_words(text, {"Alice", "Bob", "alice", "bob", *ids}) == set(), text


async def result(fake: FakeBotAPI, alice: Player, bob: Player, lang: str) -> str:
    """Alice challenges Bob, Bob accepts by tapping, Alice resigns: a result in the group; the game's id."""
    call = await say(fake, GROUP, alice.data, "/challenge @bob plakoto 1")
    challenge = sent_of(fake, call)
    accept = next(a for _, a in actions(challenge) if a.verb is Verb.ACCEPT)
    n = len(fake.calls)
    await tap(fake, bob.data, challenge, accept.pack())
    board = sent_of(fake, await fake.wait_sent("sendPhoto", chat_id=GROUP["id"], after=n))
    game_id = next(a.ref for _, a in actions(board) if a.ref)
    ended = await say(fake, GROUP, alice.data, f"/resign yes {game_id}")
    no_english(sent_of(fake, ended).text, lang, game_id)
    return game_id


async def ticked(fake: FakeBotAPI, service: Service, adapter: TelegramAdapter) -> list[str]:
    """One round of the deadline loop: the notices' kinds, delivered through the adapter."""
    route = Router([adapter])
    notices = await service.tick()
    for notice in notices:
        await route(notice)
    return [notice.kind for notice in notices]


@pytest.mark.parametrize("lang", ["en", "bg", "el"])
async def test_a_season_and_its_card_through_telegram(fake: FakeBotAPI, adapter: TelegramAdapter,
                                                      service: Service, store: Store, clock: Clock,
                                                      lang: str) -> None:
    words = WORDS[lang]
    fake.edit_limit = 20  # Telegram's pace for a group: the card's edits stay within it
    alice, bob = Player(2001, "Alice", "alice", lang), Player(2002, "Bob", "bob", lang)
    await say(fake, GROUP, bob.data, f"/lang chat {lang}")
    refused = sent_of(fake, await say(fake, GROUP, bob.data, "/season monthly"))
    assert words["admins"] in refused.text, refused.text
    assert (await store.seasons.state(f"telegram:{GROUP['id']}")).mode is None, "a refusal changes nothing"
    no_english(refused.text, lang)

    fake.admins.add((GROUP["id"], alice.uid))
    started = sent_of(fake, await say(fake, GROUP, alice.data, "/season monthly"))
    assert words["monthly"] in started.text and "2026-10" in started.text, started.text
    no_english(started.text, lang)

    n = len(fake.calls)
    first = sent_of(fake, await say(fake, GROUP, alice.data, "/standings pin"))
    refused_pin = await fake.wait_for(lambda c: c.method == "pinChatMessage", after=n)
    assert refused_pin.status == 400, "Telegram refuses a pin without the right to pin"
    assert first.kind == "photo" and png_size(first.data)[0] == 800 and fake.pinned == {}, "no right to pin"
    fake.may_pin.add(GROUP["id"])
    n = len(fake.calls)
    second = sent_of(fake, await say(fake, GROUP, alice.data, "/standings pin"))
    await fake.wait_sent("pinChatMessage", chat_id=GROUP["id"], after=n)
    assert fake.pinned == {GROUP["id"]: [second.message_id]}
    n = len(fake.calls)
    card = sent_of(fake, await say(fake, GROUP, alice.data, "/standings pin"))
    await fake.wait_sent("unpinChatMessage", chat_id=GROUP["id"], after=n)
    assert fake.pinned == {GROUP["id"]: [card.message_id]}, "a new card replaces the old one, pinned"
    no_english(card.text, lang)
    picture = card.data

    await result(fake, alice, bob, lang)
    assert await ticked(fake, service, adapter) == [], "at most one edit per EDIT_GAP"
    clock.now += EDIT_GAP
    assert await ticked(fake, service, adapter) == ["card"]
    assert fake.messages[(GROUP["id"], card.message_id)].data != picture, "the card's picture is new"
    assert "Bob" in card.text and "Alice" in card.text, card.text
    assert card.edits == 1 and first.edits == second.edits == 0, "only the chat's one card is edited"
    no_english(card.text, lang)

    await adapter.stop()  # a restart: a new service and adapter on the same store edit the same card
    again = Service(store, clock=clock)
    restarted = TelegramAdapter(again, settings_for(fake.root))
    await restarted.start()
    try:
        await result(fake, alice, bob, lang)
        clock.now += EDIT_GAP
        fake.fail("editMessageMedia", 1, retry_after=1)  # flooded: the edit waits and goes again
        assert await ticked(fake, again, restarted) == ["card"]
        assert [c.status for c in fake.calls if c.method == "editMessageMedia"][-2:] == [429, 200]
        assert card.edits == 2 and "2" in card.text, card.text

        clock.now = datetime(2026, 11, 1, 0, 0, 30, tzinfo=UTC).timestamp()  # the season ends
        other = Service(store, clock=clock)  # a second process sees it end too
        kinds = await asyncio.gather(ticked(fake, again, restarted), ticked(fake, other, restarted))
        assert sorted(k for ks in kinds for k in ks) == ["season"], kinds
        other.close()
        end = fake.last(GROUP["id"], "photo")
        assert words["over"] in end.text and "2026-11" in end.text and words["final"] in end.text, end.text
        assert png_size(end.data)[0] == 800
        no_english(end.text, lang)
        assert await ticked(fake, again, restarted) == ["card"], "posted once; the card turns to the new season"
        assert "2026-11" in card.text and card.edits == 3, card.text

        now = sent_of(fake, await say(fake, GROUP, bob.data, "/standings"))
        assert "2026-11" in now.text and words["all"] in now.text, now.text
        no_english(now.text, lang)
        ended = sent_of(fake, await say(fake, GROUP, bob.data, "/standings season 2026-10"))
        assert words["final"] in ended.text and "Bob" in ended.text, ended.text
        no_english(ended.text, lang)
        bad = sent_of(fake, await say(fake, GROUP, bob.data, "/standings season 2026-13"))
        no_english(bad.text, lang)
    finally:
        await restarted.stop()
        again.close()
