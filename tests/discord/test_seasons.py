"""Seasons and the standings card on the fake Discord through the real client (issue 29), with a clock the test
moves: only members with Manage Server set a channel's seasons; `/standings show:pin` posts a card that is edited
in place (a message edit with the new attachment) after each result, also after a restart (a new service and
client on the same store); the season's end is posted once with its picture; the same in Bulgarian and Greek,
with no English word left."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest

from bot.actions import Verb
from bot.discord_adapter import DiscordAdapter
from bot.runner import Router
from bot.service import Service
from storage import EDIT_GAP, Store
from tests.bot.conftest import Clock
from tests.bot.test_no_english import english_words

from .conftest import labelled_png, settings_for
from .fake import ADMIN, EDIT_LIMIT, FakeDiscord, Person, press, slash
from .play import actions, find

CHANNEL = 500
START = datetime(2026, 3, 31, 20, tzinfo=UTC).timestamp()
WORDS = {
    "en": {"admins": "Only the chat's admins", "quarterly": "quarterly seasons", "over": "Season 2026-Q1 is over"},
    "bg": {"admins": "Само администраторите", "quarterly": "тримесечни сезони", "over": "Сезон 2026-Q1 приключи"},
    "el": {"admins": "Μόνο οι διαχειριστές", "quarterly": "τριμηνιαίες σεζόν", "over": "Η σεζόν 2026-Q1 τελείωσε"},
}
LOCALES = {"en": "en-US", "bg": "bg", "el": "el"}


@pytest.fixture
def clock() -> Clock:
    return Clock(START)


@pytest.fixture
async def service(store: Store, clock: Clock) -> AsyncIterator[Service]:
    svc = Service(store, clock=clock, render=labelled_png)
    yield svc
    svc.close()


def no_english(text: str, lang: str) -> None:
    if lang != "en":
        assert english_words(text, {"Alice", "Bob", "alice", "bob"}) == set(), text


async def result(fake: FakeDiscord, alice: Person, bob: Person) -> None:
    """Alice challenges Bob to one game, Bob accepts, Alice resigns and confirms: a result in the channel."""
    challenge = await (await slash(fake, alice, "challenge", player=bob, variant="plakoto", match=1)).message()
    assert challenge.message_id is not None
    accept = find(challenge, Verb.ACCEPT)
    assert accept is not None
    board = await (await press(fake, bob, challenge.message_id, accept)).board()
    game_id = next(a.ref for a in actions(board) if a.ref)
    asked = await (await slash(fake, alice, "resign", game=game_id)).message()
    confirm = find(asked, Verb.RESIGN)
    assert confirm is not None and asked.message_id is not None
    await (await press(fake, alice, asked.message_id, confirm)).message()


async def ticked(service: Service, adapter: DiscordAdapter) -> list[str]:
    route = Router([adapter])
    notices = await service.tick()
    for notice in notices:
        await route(notice)
    return [notice.kind for notice in notices]


@pytest.mark.parametrize("lang", ["en", "bg", "el"])
async def test_a_season_and_its_card_through_discord(fake: FakeDiscord, adapter: DiscordAdapter, service: Service,
                                                     store: Store, clock: Clock, lang: str) -> None:
    words = WORDS[lang]
    fake.edit_limit = EDIT_LIMIT  # Discord's pace for edits in a channel: the card's edits stay within it
    alice = Person(100_000_000_000_000_011, "alice", LOCALES[lang], permissions=ADMIN)
    bob = Person(100_000_000_000_000_012, "bob", LOCALES[lang])
    await (await slash(fake, alice, "lang", language=lang, chat=True)).message()
    refused = await (await slash(fake, bob, "season", mode="quarterly")).message()
    assert refused.ephemeral and words["admins"] in refused.content, refused.content
    assert (await store.seasons.state(f"discord:{CHANNEL}")).mode is None
    no_english(refused.content, lang)
    started = await (await slash(fake, alice, "season", mode="quarterly")).message()
    assert words["quarterly"] in started.content and "2026-Q1" in started.content, started.content
    no_english(started.content, lang)

    pinned = await (await slash(fake, bob, "standings", show="pin")).message()
    assert pinned.png is not None and not pinned.ephemeral and pinned.message_id is not None
    card_id = pinned.message_id
    for _ in range(100):  # recorded once the message is posted
        if (card := await store.standing_cards.get(f"discord:{CHANNEL}")) is not None:
            break
        await asyncio.sleep(0.05)
    assert card is not None and card.message_id == str(card_id)
    no_english(pinned.content, lang)

    await result(fake, alice, bob)
    assert await ticked(service, adapter) == []
    clock.now += EDIT_GAP
    assert await ticked(service, adapter) == ["card"]
    edits = [c for c in fake.calls if c.method == "PATCH" and c.path == f"/channels/{CHANNEL}/messages/{card_id}"]
    assert len(edits) == 1 and edits[0].png is not None
    shown = fake.messages[card_id]["content"]
    assert "Bob" in shown and "Alice" in shown and "1–0" in shown, shown
    no_english(shown, lang)

    await adapter.stop()  # a restart: a new service and client on the same store edit the same card
    again = Service(store, clock=clock, render=labelled_png)
    restarted = DiscordAdapter(again, settings_for(fake.api))
    await restarted.start()
    try:
        await fake.connected()
        await result(fake, alice, bob)
        clock.now += EDIT_GAP
        fake.rate_limit("PATCH", rf"/channels/{CHANNEL}/messages/{card_id}$", 0.2)  # flooded: waits, goes again
        assert await ticked(again, restarted) == ["card"]
        assert [c.path for c in fake.limited] == [f"/channels/{CHANNEL}/messages/{card_id}"]
        assert "2–0" in fake.messages[card_id]["content"], fake.messages[card_id]["content"]

        clock.now = datetime(2026, 4, 1, 0, 1, tzinfo=UTC).timestamp()
        assert await ticked(again, restarted) == ["season"]
        end = [c for c in fake.calls if c.kind == "channel"][-1]
        assert words["over"] in end.content and "2026-Q2" in end.content and end.png is not None, end.content
        no_english(end.content, lang)
        assert await ticked(again, restarted) == ["card"]  # posted once; the card turns to the new season
        assert "2026-Q2" in fake.messages[card_id]["content"]
        now = await (await slash(fake, bob, "standings")).message()
        assert "2026-Q2" in now.content, now.content
        no_english(now.content, lang)
        before = await (await slash(fake, bob, "standings", season="2026-q1")).message()
        assert "2026-Q1" in before.content and "2–0" in before.content, before.content
        no_english(before.content, lang)
    finally:
        await restarted.stop()
        again.close()
