"""The caller's player record is read once per update: one Redis command when nothing about the caller changed
(it was three round trips: the account, the record, the handle). An update with an id (a chat's message, a
press) reads the record and notes the id as seen in that one command (a script: `storage/player_read.lua`), so
a redelivery is recognised (N3) at no extra cost."""

from __future__ import annotations

from bot.replies import Caller, Chat, Identity
from bot.service import Service

from .round_trips import count

CHAT = Chat("console", "trips")
ALICE = Identity("console", "alice-trips", "Alice", username="alice", language="en")


async def test_an_update_from_a_known_caller_reads_their_record_once(service: Service) -> None:
    assert (await service.handle(Caller(ALICE, CHAT), "/help")).ok  # first sight: the account is created
    with count(service.store) as sent:
        assert (await service.handle(Caller(ALICE, CHAT, "m-1"), "/help")).ok
    assert sent.sent == ["EVALSHA"], sent.sent
    with count(service.store) as sent:
        await service.press(Caller(ALICE, CHAT, "m-2"), "garbage")
    assert sent.sent == ["EVALSHA"], sent.sent
    with count(service.store) as sent:
        assert (await service.handle(Caller(ALICE, CHAT), "/help")).ok  # no id (the console)
    assert sent.sent == ["GET"], sent.sent


async def test_a_changed_name_or_handle_is_still_stored(service: Service) -> None:
    await service.handle(Caller(ALICE, CHAT), "/help")
    renamed = Identity("console", ALICE.user_id, "Alicia", username="alicia")
    await service.handle(Caller(renamed, CHAT), "/help")
    player = await service.store.players.find("console", ALICE.user_id)
    assert player is not None and player.name == "Alicia"
    assert await service.store.directory.lookup("console", "alicia") == ALICE.user_id
