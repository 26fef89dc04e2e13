"""Taps and updates that must change nothing: stale, repeated, a stranger's, garbage, malformed, too long; a 429
that must lose nothing."""

from __future__ import annotations

import asyncio
import json
import logging
import random

import pytest

from bot.actions import Action, Verb
from bot.gamestate import game_of
from bot.replies import Reply
from bot.service import Service
from bot.telegram_adapter import TelegramAdapter
from storage import GameRecord

from .fake_bot_api import BOT, FakeBotAPI, Player, Sent, group, private, sent_of
from .play import actions, build_and_play, mover, say, tap
from .test_games import GROUP, PLAYERS, start_game

CAROL = Player(1003, "Carol", "carol")


async def a_game(fake: FakeBotAPI, service: Service) -> tuple[GameRecord, Sent]:
    game_id, first = await start_game(fake)
    return await service.store.games.get(game_id), fake.messages[(GROUP["id"], first)]


def player_to_move(board: Sent) -> dict[str, object]:
    uid = mover(board)
    assert uid is not None
    return PLAYERS[uid].data


def other_player(board: Sent) -> dict[str, object]:
    uid = mover(board)
    return next(p.data for u, p in PLAYERS.items() if u != uid)


async def test_a_stale_tap_is_refused_and_changes_nothing(fake: FakeBotAPI, adapter: TelegramAdapter,
                                                          service: Service) -> None:
    record, board = await a_game(fake, service)
    old_buttons = [a for _, a in actions(board)]
    n = len(fake.calls)
    await build_and_play(fake, player_to_move(board), board, random.Random(1))
    new_board = sent_of(fake, await fake.wait_sent("sendPhoto", chat_id=GROUP["id"], after=n))
    before = await service.store.games.get(record.id)
    stale = old_buttons[0].pack()
    outcome = await tap(fake, player_to_move(new_board), new_board, stale)
    assert outcome.toast and len(outcome.toast) <= 200
    assert await service.store.games.get(record.id) == before


async def test_a_double_tap_applies_once(fake: FakeBotAPI, adapter: TelegramAdapter, service: Service) -> None:
    record, board = await a_game(fake, service)
    who = player_to_move(board)
    rng = random.Random(2)
    message = board
    while True:  # build a complete play without confirming it
        confirm = [a for _, a in actions(message) if a.verb is Verb.CONFIRM]
        if confirm:
            break
        moves = [a for label, a in actions(message) if a.verb is Verb.BUILD and "/" in label]
        await tap(fake, who, message, rng.choice(moves).pack())
        message = fake.messages[(board.chat_id, board.message_id)]
    n = len(fake.calls)
    first = fake.tap(who, message, confirm[0].pack())
    second = fake.tap(who, message, confirm[0].pack())
    await fake.wait_sent("sendPhoto", chat_id=GROUP["id"], after=n)
    answers = [await fake.wait_for(lambda c, q=q: c.method == "answerCallbackQuery"
                                   and c.params["callback_query_id"] == q, after=n) for q in (first, second)]
    await fake.drained()
    await asyncio.sleep(0.2)
    assert sum(1 for c in fake.calls[n:] if c.method == "sendPhoto") == 1
    assert answers[1].params.get("text"), "the repeated tap gets a toast"
    after = await service.store.games.get(record.id)
    assert after.version > record.version


async def test_a_strangers_tap_and_the_waiting_players_tap_change_nothing(fake: FakeBotAPI, adapter: TelegramAdapter,
                                                                          service: Service) -> None:
    record, board = await a_game(fake, service)
    move = next(a for _, a in actions(board) if a.verb is Verb.BUILD)
    for who in (CAROL.data, other_player(board)):
        outcome = await tap(fake, who, board, move.pack())
        assert outcome.toast
    assert await service.store.games.get(record.id) == record
    assert fake.messages[(board.chat_id, board.message_id)].edits == 0


@pytest.mark.parametrize("data", ["garbage", "t1:c:zzzzzz:9:!!", "t1:b:" + "a" * 58, "k1:tapa:1:nonce!",
                                  "t1:x::0:", "\u00e9" * 32])
async def test_garbage_callback_data_is_refused(fake: FakeBotAPI, adapter: TelegramAdapter, service: Service,
                                                data: str) -> None:
    record, board = await a_game(fake, service)
    outcome = await tap(fake, player_to_move(board), board, data)
    assert outcome.toast
    assert await service.store.games.get(record.id) == record


async def test_a_429_on_send_photo_is_retried_and_the_photo_arrives(fake: FakeBotAPI, adapter: TelegramAdapter,
                                                                    service: Service) -> None:
    record, board = await a_game(fake, service)
    fake.fail("sendPhoto", times=2, retry_after=1)
    n = len(fake.calls)
    await build_and_play(fake, player_to_move(board), board, random.Random(4))
    photo = await fake.wait_sent("sendPhoto", chat_id=GROUP["id"], after=n, timeout=20)
    refused = [c for c in fake.calls[n:] if c.method == "sendPhoto" and c.status == 429]
    assert len(refused) == 2 and photo.at - refused[0].at >= 1.0
    assert (await service.store.games.get(record.id)).version > record.version


async def test_malformed_and_unknown_updates_are_ignored_and_logged(fake: FakeBotAPI, adapter: TelegramAdapter,
                                                                    service: Service,
                                                                    caplog: pytest.LogCaptureFixture) -> None:
    record, _ = await a_game(fake, service)
    caplog.set_level(logging.INFO, logger="bot.telegram_adapter")
    n = len(fake.calls)
    fake.push({"message": "not a message"})
    fake.push({"callback_query": {"id": "x"}})
    fake.push({"some_future_kind": {"id": 1}})
    fake.push({"edited_message": {"message_id": 1, "date": 0, "chat": GROUP, "text": "/resign"}})
    fake.push({"message": {"message_id": 99, "date": 0, "chat": GROUP, "sticker": {
        "file_id": "s", "file_unique_id": "s", "type": "regular", "width": 1, "height": 1, "is_animated": False,
        "is_video": False}}})
    call = await say(fake, GROUP, CAROL.data, "/help")
    assert call.method == "sendMessage"
    assert [c for c in fake.calls[n:] if c.method not in ("sendMessage", "editMessageReplyMarkup")] == []
    assert await service.store.games.get(record.id) == record
    assert "malformed update" in caplog.text and "ignoring update" in caplog.text


async def test_a_very_long_message_gets_a_short_answer(fake: FakeBotAPI, adapter: TelegramAdapter,
                                                       service: Service) -> None:
    record, board = await a_game(fake, service)
    who = player_to_move(board)
    call = await say(fake, GROUP, who, "/move " + "24/18 " * 700)
    assert call.method == "sendMessage" and len(sent_of(fake, call).text) < 300
    call = await say(fake, GROUP, who, "24/18 " + "x" * 4000)
    assert call.method == "sendMessage" and len(sent_of(fake, call).text) < 300
    assert await service.store.games.get(record.id) == record


async def test_bare_text_in_a_group_is_not_answered(fake: FakeBotAPI, adapter: TelegramAdapter,
                                                    service: Service) -> None:
    n = len(fake.calls)
    fake.message(GROUP, CAROL.data, "hello everyone")
    fake.message(GROUP, CAROL.data, "/help@some_other_bot")
    await fake.drained()
    await say(fake, GROUP, CAROL.data, "/help@tabla_test_bot")
    await asyncio.sleep(0.2)
    answers = [c for c in fake.calls[n:] if c.method == "sendMessage" and c.status == 200]
    assert [c.params.get("reply_parameters", {}).get("message_id") for c in answers] == [3], [c.params for c in answers]


async def test_an_answer_for_a_group_upgraded_to_a_supergroup_goes_to_the_supergroup(
        fake: FakeBotAPI, adapter: TelegramAdapter) -> None:
    old, new = group(-4242), group(-1004242)
    fake.migrated[old["id"]] = new["id"]
    n = len(fake.calls)
    fake.message(old, CAROL.data, "/rules tapa")
    answer = await fake.wait_for(lambda c: c.method == "sendMessage" and c.status == 200, after=n)
    assert answer.chat_id == new["id"]
    refused = [c for c in fake.calls[n:] if c.method == "sendMessage" and c.status != 200]
    assert [c.chat_id for c in refused] == [old["id"]], "the old group was tried first, and refused"
    assert "tapa" in sent_of(fake, answer).text.lower()


async def test_a_group_upgraded_to_a_supergroup_goes_on_with_its_games(fake: FakeBotAPI, adapter: TelegramAdapter,
                                                                       service: Service) -> None:
    """Telegram moves an upgraded group to a new chat id and says so in both chats; a game begun in the group
    is the supergroup's game, and a notice filed under the group goes straight to the supergroup."""
    old, new = {"id": -5151, "type": "group", "title": "Tavli club"}, group(-1005151)
    n = len(fake.calls)
    fake.message(old, CAROL.data, "/play ai tapa")
    board = sent_of(fake, await fake.wait_sent("sendPhoto", chat_id=old["id"], after=n))
    game_id = next(a.ref for _, a in actions(board) if a.verb in (Verb.BUILD, Verb.CONFIRM, Verb.OPEN))

    fake.migrated[old["id"]] = new["id"]
    for chat, said in ((old, {"migrate_to_chat_id": new["id"]}), (new, {"migrate_from_chat_id": old["id"]})):
        fake.push({"message": {"message_id": fake.next_message_id(chat["id"]), "date": 0, "chat": chat,
                               "from": CAROL.data, **said}})
    await fake.drained()
    n = len(fake.calls)
    fake.message(new, CAROL.data, "/board")
    shown = sent_of(fake, await fake.wait_sent("sendPhoto", chat_id=new["id"], after=n))
    assert f"#{game_id}" in shown.text and any(a.ref == game_id for _, a in actions(shown)), shown.text
    record = await service.store.games.get(game_id)
    assert record.chat == f"telegram:{old['id']}", "the game stays filed under the group it began in"

    n = len(fake.calls)
    await adapter.poster.post(old["id"], Reply("A reminder for the group."))
    sent = [c for c in fake.calls[n:] if c.method == "sendMessage"]
    assert [(c.chat_id, c.status) for c in sent] == [(new["id"], 200)], "straight to the supergroup"


async def test_a_games_button_forged_onto_another_groups_message_is_refused(fake: FakeBotAPI,
                                                                            adapter: TelegramAdapter,
                                                                            service: Service) -> None:
    """N1: a player's game button sent on a bot message in another group (a modified client can send any
    callback data) is refused there, and that group's message (an open challenge) keeps its Accept button."""
    record, board = await a_game(fake, service)
    elsewhere = group(-100777, "Another club")
    challenge = fake.messages[(elsewhere["id"], sent_of(fake, await say(fake, elsewhere, CAROL.data,
                                                                        "/challenge tapa")).message_id)]
    accept_before = challenge.markup
    who = player_to_move(board)
    for verb in (Verb.OPEN, Verb.BOARD):
        outcome = await tap(fake, who, challenge, Action(verb, record.id, record.version).pack())
        assert outcome.toast and "another chat" in outcome.toast
    await fake.drained()
    assert fake.messages[(challenge.chat_id, challenge.message_id)].edits == 0
    assert fake.messages[(challenge.chat_id, challenge.message_id)].markup == accept_before
    assert await service.store.games.get(record.id) == record


async def test_a_redelivered_message_is_applied_once_and_answered_once(fake: FakeBotAPI, adapter: TelegramAdapter,
                                                                       service: Service) -> None:
    """N3: the same update delivered twice (same chat and message id, as after a crash) was applied once but
    answered a second time with "It is <opponent>'s turn …, not yours."; now the second is not answered."""
    record, board = await a_game(fake, service)
    play = game_of(record).plays()[0].notation
    text = f"/move {play} {record.id}"
    message = {"message_id": fake.next_message_id(GROUP["id"]), "date": 0, "chat": GROUP,
               "from": player_to_move(board), "text": text,
               "entities": [{"type": "bot_command", "offset": 0, "length": len("/move")}]}
    n = len(fake.calls)
    fake.push({"message": message})
    await fake.wait_sent("sendPhoto", chat_id=GROUP["id"], after=n)
    moved = await service.store.games.snapshot(record.id)
    m = len(fake.calls)
    fake.push({"message": dict(message)})
    await fake.drained()
    await asyncio.sleep(0.5)
    answers = [c for c in fake.calls[m:] if c.method in ("sendMessage", "sendPhoto") and c.chat_id == GROUP["id"]]
    assert answers == [], [c.params.get("text") or c.params.get("caption") for c in answers]
    assert await service.store.games.snapshot(record.id) == moved


async def test_a_button_press_without_a_sender_is_ignored_quietly(fake: FakeBotAPI, adapter: TelegramAdapter,
                                                                  service: Service,
                                                                  caplog: pytest.LogCaptureFixture) -> None:
    """Issue 27, P12: a callback query without `from` changes nothing, gets no apology, and is logged once."""
    record, board = await a_game(fake, service)
    move = next(a for _, a in actions(board) if a.verb is Verb.BUILD)
    caplog.set_level(logging.INFO, logger="bot.telegram_adapter")
    n = len(fake.calls)
    fake.push({"callback_query": {"id": "nofrom", "chat_instance": f"ci{board.chat_id}", "data": move.pack(),
                                  "message": fake.as_message(board)}})
    call = await say(fake, GROUP, CAROL.data, "/help")  # a later update is answered: the press was passed over
    assert call.method == "sendMessage"
    texts = [str(c.params.get("text", "")) for c in fake.calls[n:]]
    assert not any("went wrong" in t.lower() for t in texts), texts
    assert await service.store.games.get(record.id) == record
    assert "Traceback" not in caplog.text and "without a sender" in caplog.text
    assert sum(1 for r in caplog.records if "without a sender" in r.getMessage()) == 1


async def test_a_watcher_opening_the_game_leaves_the_movers_private_board_alone(fake: FakeBotAPI,
                                                                               adapter: TelegramAdapter,
                                                                               service: Service) -> None:
    """Issue 27, P9: "Open the game" pressed by a watcher shows them the board privately and strips no keyboard:
    not the mover's own private board, not the group's."""
    record, board = await a_game(fake, service)
    mover_data = player_to_move(board)
    for who in (mover_data, CAROL.data):
        await say(fake, private(who), who, "/start")
    open_game = Action(Verb.BOARD, record.id, record.version).pack()
    n = len(fake.calls)
    fake.tap(mover_data, board, open_game)
    mine = await fake.wait_sent("sendPhoto", chat_id=mover_data["id"], after=n)
    assert mine.params.get("reply_markup"), "the mover's private board has the move builder"
    m = len(fake.calls)
    fake.tap(CAROL.data, board, open_game)
    await fake.wait_sent("sendPhoto", chat_id=CAROL.data["id"], after=m)
    await fake.drained()
    await asyncio.sleep(0.2)
    stripped = [c for c in fake.calls[n:] if c.method == "editMessageReplyMarkup"]
    assert stripped == [], [(c.chat_id, c.params) for c in stripped]


async def test_a_hint_for_a_player_without_a_private_chat_is_not_posted_in_the_group(
        fake: FakeBotAPI, adapter: TelegramAdapter, service: Service) -> None:
    """Issue 27, P7: /hint in a group by a player who never opened a private chat with the bot: the hint is not
    posted in the group; the answer says how to open the private chat, with a deep link button."""
    alice = PLAYERS[1001].data
    await say(fake, GROUP, alice, "/play ai portes 1")
    player = await service.store.players.find("telegram", str(alice["id"]))
    assert player is not None
    [gid] = await service.store.games.active_for(player.id)
    assert game_of(await service.store.games.get(gid)).phase == "move"  # alice's dice are on the table
    n = len(fake.calls)
    answer = await say(fake, GROUP, alice, f"/hint {gid}")
    await fake.drained()
    await asyncio.sleep(0.3)
    group_posts = [c for c in fake.calls[n:] if c.chat_id == GROUP["id"] and c.method.startswith("send")]
    assert [c.method for c in group_posts] == ["sendMessage"], group_posts
    text = str(answer.params["text"])
    assert "equity" not in text and "private" in text.lower(), text
    markup = answer.params["reply_markup"]
    markup = markup if isinstance(markup, dict) else json.loads(markup)
    urls = [b.get("url") for row in markup["inline_keyboard"] for b in row]
    assert urls == [f"https://t.me/{BOT['username']}?start=g-{gid}"], markup
