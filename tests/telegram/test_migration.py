"""N6: a group upgraded to a supergroup. Telegram refuses every call at the group's old id (400, "group chat
was upgraded to a supergroup chat", with the new id), and the group's messages live on in the supergroup under
the same ids: the keyboards of old boards are removed at the new id, whether this process saw the upgrade or
learns it from Telegram's refusal (a restart in between)."""

from __future__ import annotations

import pytest

from bot.actions import Verb
from bot.telegram_adapter import TelegramAdapter

from .fake_bot_api import FakeBotAPI, Player, Sent, group, sent_of
from .play import actions

CAROL = Player(1003, "Carol", "carol")


async def upgrade(fake: FakeBotAPI, old: dict[str, object], new: dict[str, object]) -> None:
    fake.migrated[int(str(old["id"]))] = int(str(new["id"]))
    for chat, said in ((old, {"migrate_to_chat_id": new["id"]}), (new, {"migrate_from_chat_id": old["id"]})):
        fake.push({"message": {"message_id": fake.next_message_id(int(str(chat["id"]))), "date": 0, "chat": chat,
                               "from": CAROL.data, **said}})
    await fake.drained()


@pytest.mark.parametrize("restarted", [False, True])
async def test_an_old_boards_keyboard_is_removed_at_the_supergroups_id(fake: FakeBotAPI, adapter: TelegramAdapter,
                                                                       restarted: bool) -> None:
    old, new = {"id": -6161, "type": "group", "title": "Tavli club"}, group(-1006161)
    n = len(fake.calls)
    fake.message(old, CAROL.data, "/play ai tapa")
    first: Sent = fake.messages[(old["id"], sent_of(fake, await fake.wait_sent("sendPhoto", chat_id=old["id"],
                                                                               after=n)).message_id)]
    assert first.markup is not None
    game_id = next(a.ref for _, a in actions(first) if a.verb in (Verb.BUILD, Verb.CONFIRM, Verb.OPEN))
    await upgrade(fake, old, new)
    if restarted:
        adapter.poster.moved.clear()  # a new process, which has not seen the upgrade
    n = len(fake.calls)
    fake.message(new, CAROL.data, f"/board {game_id}")
    await fake.wait_sent("sendPhoto", chat_id=new["id"], after=n)
    await fake.wait_for(lambda c: c.method == "editMessageReplyMarkup" and c.status == 200, after=n, timeout=3.0)
    edits = [(c.chat_id, c.params.get("message_id"), c.status) for c in fake.calls[n:]
             if c.method == "editMessageReplyMarkup"]
    assert (new["id"], first.message_id, 200) in edits, edits
    assert fake.messages[(old["id"], first.message_id)].markup is None, "the old board lost its buttons"
