"""Vacation on the fake Discord, with a clock the test moves: the slash command `/vacation days:4` shows its
end in Discord's timestamp markup and pauses the deadline; `/vacation off:true` brings it back."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.actions import Verb
from bot.discord_adapter import DiscordAdapter
from bot.gamestate import awaited, game_of, side_index
from bot.service import Service
from storage import Store
from tests.bot.conftest import Clock

from .conftest import ALICE, BOB
from .fake import FakeDiscord, press, slash
from .play import actions, find

DAY = 86400.0
CLOCK = Clock()


@pytest.fixture
async def service(store: Store) -> AsyncIterator[Service]:
    CLOCK.now = 1_700_000_000.0
    svc = Service(store, clock=CLOCK)
    yield svc
    svc.close()


async def test_vacation_by_slash_command(fake: FakeDiscord, adapter: DiscordAdapter, service: Service) -> None:
    challenge = await (await slash(fake, ALICE, "challenge", player=BOB, variant="portes", match=1)).message()
    accept = find(challenge, Verb.ACCEPT)
    assert accept is not None and challenge.message_id is not None
    board = await (await press(fake, BOB, challenge.message_id, accept)).board()
    game_id = next(a.ref for a in actions(board) if a.verb in (Verb.OPEN, Verb.BUILD))
    record = await service.store.games.get(game_id)
    pid = record.players[side_index(awaited(game_of(record)))]
    away = ALICE if (await service.store.players.get(pid)).platform_user_id == str(ALICE.id) else BOB
    before = record.deadline or 0.0

    gone = await (await slash(fake, away, "vacation", days=4)).message()
    until = int(CLOCK.now + 4 * DAY)
    assert f"<t:{until}:f> (<t:{until}:R>)" in gone.content and f"#{game_id}" in gone.content, gone.content
    assert (await service.store.games.get(game_id)).deadline == pytest.approx(before + 4 * DAY)
    CLOCK.advance(30)
    back = await (await slash(fake, away, "vacation", off=True)).message()
    assert "back" in back.content
    assert (await service.store.games.get(game_id)).deadline == pytest.approx(before + 30 * 3600, abs=2.0)
