"""A Telegram message costs one read of its author's player record (it cost two, of three round trips each:
the adapter remembered the author, then the service read them again): one script that also notes the
message as seen (N3); the users it names are still remembered."""

from __future__ import annotations

from bot.service import Service
from bot.telegram_adapter import TelegramAdapter
from tests.bot.round_trips import count

from .fake_bot_api import FakeBotAPI
from .play import say
from .test_games import ALICE, BOB, GROUP


async def test_a_message_reads_its_authors_record_once(fake: FakeBotAPI, adapter: TelegramAdapter,
                                                       service: Service) -> None:
    await say(fake, GROUP, ALICE.data, "/help")  # first sight, and the chat's settings remembered
    with count(service.store) as sent:
        await say(fake, GROUP, ALICE.data, "/help")
    assert sent.sent == ["EVALSHA"], sent.sent
    bob_said = {"message_id": 1, "date": 0, "chat": GROUP, "from": BOB.data, "text": "hi"}
    await say(fake, GROUP, ALICE.data, "/help", reply_to_message=bob_said)
    assert await service.store.players.find("telegram", str(BOB.uid)) is not None
