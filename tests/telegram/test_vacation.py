"""Vacation through Telegram, with a clock the test moves: `/vacation 4` shows its end as a date-time entity
and pauses the deadline of the game that waits on the player; nothing is lost on time past the old deadline;
`/vacation off` brings the deadline back, paused for the time taken; it then fires once."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.actions import Verb
from bot.gamestate import awaited, game_of, side_index
from bot.service import Service
from bot.telegram_adapter import TelegramAdapter
from storage import Store
from tests.bot.conftest import Clock

from .fake_bot_api import FakeBotAPI, Player, group, sent_of
from .play import actions, say, tap

GROUP = group(-100888)
ALICE = Player(4001, "Alice", "alice")
BOB = Player(4002, "Bob", "bob")
DAY = 86400.0
CLOCK = Clock()


@pytest.fixture
async def service(store: Store) -> AsyncIterator[Service]:
    CLOCK.now = 1_700_000_000.0
    svc = Service(store, clock=CLOCK)
    yield svc
    svc.close()


async def test_vacation_pauses_and_resumes_a_deadline(fake: FakeBotAPI, adapter: TelegramAdapter,
                                                      service: Service) -> None:
    await say(fake, GROUP, BOB.data, "/help")
    challenge = sent_of(fake, await say(fake, GROUP, ALICE.data, "/challenge @bob portes 1"))
    accept = next(a for _, a in actions(challenge) if a.verb is Verb.ACCEPT)
    n = len(fake.calls)
    await tap(fake, BOB.data, challenge, accept.pack())
    board = sent_of(fake, await fake.wait_sent("sendPhoto", chat_id=GROUP["id"], after=n))
    game_id = next(a.ref for _, a in actions(board) if a.verb in (Verb.OPEN, Verb.BUILD))
    record = await service.store.games.get(game_id)
    pid = record.players[side_index(awaited(game_of(record)))]
    away = ALICE if (await service.store.players.get(pid)).platform_user_id == str(ALICE.uid) else BOB
    before = record.deadline or 0.0

    gone = sent_of(fake, await say(fake, GROUP, away.data, "/vacation 4"))
    until = int(CLOCK.now + 4 * DAY)
    assert f'<tg-time unix="{until}" format="wDt">' in gone.html and f"#{game_id}" in gone.text, gone.html
    assert (await service.store.games.get(game_id)).deadline == pytest.approx(before + 4 * DAY)

    CLOCK.advance(73)  # past the old deadline
    assert [x for x in await service.tick() if x.kind == "timeout"] == []
    back = sent_of(fake, await say(fake, GROUP, away.data, "/vacation off"))
    assert "back" in back.text
    resumed = (await service.store.games.get(game_id)).deadline or 0.0
    assert resumed == pytest.approx(before + 73 * 3600, abs=2.0), "the clock stood still while away"
    CLOCK.now = resumed + 1
    assert len([x for x in await service.tick() if x.kind == "timeout"]) == 1
    assert [x for x in await service.tick() if x.kind == "timeout"] == []
