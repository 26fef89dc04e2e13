"""Whole games through Telegram: by button taps only, by typed notation, from an inline card, a match."""

from __future__ import annotations

import random

from bot.actions import Action, Verb
from bot.replies import Caller, Chat, Identity
from bot.runner import Router
from bot.service import Service
from bot.telegram_adapter import TelegramAdapter

from .fake_bot_api import BOT, FakeBotAPI, Player, group, sent_of
from .play import actions, board_of, build_and_play, mover, png_size, say, tap

GROUP = group(-100123)
ALICE = Player(1001, "Alice", "alice")
BOB = Player(1002, "Bob <&>", None)  # no username, a name that needs escaping
PLAYERS = {ALICE.uid: ALICE, BOB.uid: BOB}


def game_id_of(sent_html: str, buttons: list[tuple[str, Action]]) -> str:
    return next(a.ref for _, a in buttons if a.verb in (Verb.BUILD, Verb.CONFIRM))


async def start_game(fake: FakeBotAPI, variant: str = "tapa") -> tuple[str, int]:
    """Bob speaks, Alice challenges him by replying to his message, Bob accepts by tapping: the first board."""
    await say(fake, GROUP, BOB.data, "/help")
    bob_said = {"message_id": 1, "date": 0, "chat": GROUP, "from": BOB.data, "text": "/help"}
    call = await say(fake, GROUP, ALICE.data, f"/challenge {variant} 1", reply_to_message=bob_said)
    challenge = sent_of(fake, call)
    assert "Bob &lt;&amp;&gt;" in call.params["text"] or "Bob" in challenge.text
    assert "tg://user?id=1002" in challenge.html, "the challenged player is mentioned"
    accept = next(a for _, a in actions(challenge) if a.verb is Verb.ACCEPT)
    stranger = Player(1003, "Carol")
    refused = await tap(fake, stranger.data, challenge, accept.pack())
    assert refused.toast, "only the challenged player may accept"
    outcome = await tap(fake, BOB.data, challenge, accept.pack())
    board = board_of(fake, outcome) or sent_of(fake, await fake.wait_sent("sendPhoto", chat_id=GROUP["id"]))
    assert board.kind == "photo"
    return game_id_of(board.html, actions(board)), board.message_id


async def test_a_whole_game_by_taps(fake: FakeBotAPI, adapter: TelegramAdapter, service: Service) -> None:
    """...and the review's error-rate line follows the result in the group as a message of its own."""
    service.notify = Router([adapter])  # as `tabla run` wires it
    rng = random.Random(7)
    game_id, first = await start_game(fake)
    board = fake.messages[(GROUP["id"], first)]
    version = -1
    photos = 0
    while True:
        record = await service.store.games.get(game_id)
        png_size(board.data)
        assert not record.finished
        board_versions = {a.version for _, a in actions(board) if a.ref == game_id}
        assert board_versions == {record.version}, "the photo shows the game as stored"
        assert record.version > version, "each photo follows a state change"
        version = record.version
        uid = mover(board)
        assert uid in PLAYERS, (record.position, board.html)
        n = len(fake.calls)
        await build_and_play(fake, PLAYERS[uid].data, board, rng)
        board = sent_of(fake, await fake.wait_sent("sendPhoto", chat_id=GROUP["id"], after=n))
        photos += 1
        await fake.wait_for(lambda c, old=first: c.method == "editMessageReplyMarkup"
                            and c.params["message_id"] == old, after=n)
        assert not fake.messages[(GROUP["id"], first)].markup, "the previous board's keyboard is removed"
        first = board.message_id
        shown = {a.ref for _, a in actions(board)}
        if game_id not in shown:
            break
    assert photos > 10
    assert (await service.store.games.get(game_id)).finished
    result = [m for (chat, _), m in fake.messages.items() if chat == GROUP["id"] and "Dice seed revealed" in m.text]
    assert len(result) == 1 and "Error rate" not in result[0].text  # the result, without the review
    summary = sent_of(fake, await fake.wait_for(lambda c: c.method == "sendMessage" and c.chat_id == GROUP["id"]
                                                and "Error rate" in c.params.get("text", ""), after=n))
    assert summary.kind == "text" and summary.message_id > max(board.message_id, result[0].message_id)
    assert f"/review {game_id}" in summary.text and "Alice" in summary.text and "Bob <&>" in summary.text


async def test_a_whole_game_by_typed_notation(fake: FakeBotAPI, adapter: TelegramAdapter, service: Service) -> None:
    game_id, first = await start_game(fake, "plakoto")
    board = fake.messages[(GROUP["id"], first)]
    chat = Chat("telegram", str(GROUP["id"]))
    spellings = ("/move {play}", "/move@" + str(BOT["username"]) + " {play}", "{play}")
    turn = 0
    while True:
        record = await service.store.games.get(game_id)
        if record.finished:
            break
        uid = mover(board)
        assert uid in PLAYERS, (board.kind, board.text)
        player = PLAYERS[uid]
        who = Identity("telegram", str(uid), player.name, player.username)
        plays = await service.suggest(Caller(who, chat), "", game_id)
        assert plays, "the player to move has a legal play"
        text = spellings[turn % len(spellings)].format(play=plays[-1].value)
        n = len(fake.calls)
        fake.message(GROUP, player.data, text, message_id=(said := 10_000 + turn))
        answer = await fake.wait_for(lambda c, m=said: c.method == "sendPhoto" and c.chat_id == GROUP["id"]
                                     and c.params.get("reply_parameters", {}).get("message_id") == m, after=n)
        board = sent_of(fake, answer)
        png_size(board.data)
        turn += 1
    assert turn > 10


async def test_a_match_to_three_against_the_computer_in_private(fake: FakeBotAPI, adapter: TelegramAdapter,
                                                                service: Service) -> None:
    """Moves typed and tapped by turns; every new board takes the keyboard off the one before, the first board
    of the match's next game too (a typed move leaves the board it answers untouched)."""
    rng = random.Random(3)
    me = {"id": ALICE.uid, "type": "private", "first_name": "Alice"}
    chat = Chat("telegram", str(ALICE.uid))
    who = Identity("telegram", str(ALICE.uid), ALICE.name, ALICE.username)
    n = len(fake.calls)
    fake.message(me, ALICE.data, "/play ai tapa to 3")
    board = sent_of(fake, await fake.wait_sent("sendPhoto", chat_id=ALICE.uid, after=n))
    match_id = (await service.store.games.get(game_id_of(board.html, actions(board)))).match_id
    assert match_id is not None
    shown: list[str] = []
    ended = 0
    for turn in range(400):
        games = [a.ref for _, a in actions(board) if a.verb in (Verb.BUILD, Verb.CONFIRM)]
        shown += [g for g in games[:1] if g not in shown]
        if not games and (await service.store.matches.get(match_id)).finished:
            break
        n = len(fake.calls)
        if turn % 2:
            await build_and_play(fake, ALICE.data, board, rng)
        else:
            plays = await service.suggest(Caller(who, chat), "", games[0])
            fake.message(me, ALICE.data, f"/move {rng.choice(plays).value}", message_id=10_000 + turn)
        before, board = board, sent_of(fake, await fake.wait_sent("sendPhoto", chat_id=ALICE.uid, after=n))
        await fake.wait_for(lambda c, old=before.message_id: c.method == "editMessageReplyMarkup"
                            and c.params["message_id"] == old, after=n)
        assert not fake.messages[(ALICE.uid, before.message_id)].markup
        nxt = [a.ref for _, a in actions(board) if a.verb in (Verb.BUILD, Verb.CONFIRM)][:1]
        if games and nxt and nxt[0] != games[0]:  # the move that ended a game: told in the order it happened
            text = "\n".join(sent_of(fake, c).text for c in fake.calls[n:] if c.chat_id == ALICE.uid
                              and c.method in ("sendMessage", "sendPhoto") and c.status == 200)
            places = [text.rfind("played", 0, text.index(f"wins game #{games[0]}")), text.index("Match score"),
                      text.index(f"Next game: #{nxt[0]}, Tapa."), text.index("to move")]
            assert places[0] >= 0 and places == sorted(places), text
            assert not text.startswith("Match to 3"), text
            ended += 1
    match = await service.store.matches.get(match_id)
    assert match.finished and max(match.score) >= 3
    assert len(match.games) >= 2, "tapa scores at most 2 a game"
    assert shown == list(match.games), "the boards of every game of the match were shown"
    assert ended == len(match.games) - 1


async def test_a_challenge_accepted_from_an_inline_card(fake: FakeBotAPI, adapter: TelegramAdapter,
                                                        service: Service) -> None:
    n = len(fake.calls)
    fake.push({"inline_query": {"id": "iq1", "from": ALICE.data, "query": "portes", "offset": ""}})
    answer = await fake.wait_sent("answerInlineQuery", after=n)
    results = answer.params["results"]
    assert [r["id"] for r in results] == ["portes-1"]
    card = results[0]
    data = card["reply_markup"]["inline_keyboard"][0][0]["callback_data"]
    # Alice sends the card to the group; Telegram shows the bot (a member) the message sent via it.
    fake.message(GROUP, ALICE.data, card["input_message_content"]["message_text"], via_bot=BOT,
                 reply_markup=card["reply_markup"])
    posted = fake.add_inline_message("inl1", card["input_message_content"]["message_text"], card["reply_markup"])
    await fake.drained()

    def card_tap(who: dict[str, object]) -> str:
        return fake.push({"callback_query": {"id": f"cq-{who['id']}-{len(fake.calls)}", "from": who,
                                             "chat_instance": "ci", "inline_message_id": "inl1", "data": data}})

    n = len(fake.calls)
    card_tap(ALICE.data)
    own = await fake.wait_sent("answerCallbackQuery", after=n)
    assert own.params.get("text"), "the challenger cannot accept their own card"
    n = len(fake.calls)
    card_tap(BOB.data)
    board = sent_of(fake, await fake.wait_sent("sendPhoto", chat_id=GROUP["id"], after=n))
    await fake.wait_sent("editMessageText", after=n)
    assert not posted.markup and "accepted" in posted.text
    game = await service.store.games.get(game_id_of(board.html, actions(board)))
    assert game.variant == "portes" and game.chat == f"telegram:{GROUP['id']}"
    n = len(fake.calls)
    card_tap(Player(1003, "Carol").data)
    again = await fake.wait_sent("answerCallbackQuery", after=n)
    assert again.params.get("text"), "a card starts one game"


async def test_the_inline_cards_offer_every_game_and_a_cycle_card_starts_the_cycle_match(
        fake: FakeBotAPI, adapter: TelegramAdapter, service: Service) -> None:
    greek = Player(1004, "Ελένη", "eleni", "el")
    n = len(fake.calls)
    fake.push({"inline_query": {"id": "iq2", "from": greek.data, "query": "", "offset": ""}})
    answer = await fake.wait_sent("answerInlineQuery", after=n)
    titles = [r["title"] for r in answer.params["results"]]
    assert len(titles) == 10 and "Γκιουλμπαρά" in titles
    assert "Τάβλι (Πόρτες → Πλακωτό → Φεύγα) · 5" in titles and "Τάμπλα (Τάμπλα → Γκιουλμπαρά → Τάπα) · 5" in titles
    n = len(fake.calls)
    fake.push({"inline_query": {"id": "iq3", "from": ALICE.data, "query": "tavli to 3", "offset": ""}})
    card = (await fake.wait_sent("answerInlineQuery", after=n)).params["results"][0]
    assert card["title"] == "Tavli (Portes → Plakoto → Fevga) · 3"
    assert "a match of Tavli (Portes → Plakoto → Fevga) to 3 points" in card["input_message_content"]["message_text"]
    fake.message(GROUP, ALICE.data, card["input_message_content"]["message_text"], via_bot=BOT,
                 reply_markup=card["reply_markup"])
    fake.add_inline_message("inl2", card["input_message_content"]["message_text"], card["reply_markup"])
    await fake.drained()
    n = len(fake.calls)
    fake.push({"callback_query": {"id": "cq-tavli", "from": BOB.data, "chat_instance": "ci",
                                  "inline_message_id": "inl2",
                                  "data": card["reply_markup"]["inline_keyboard"][0][0]["callback_data"]}})
    board = sent_of(fake, await fake.wait_sent("sendPhoto", chat_id=GROUP["id"], after=n))
    game = await service.store.games.get(game_id_of(board.html, actions(board)))
    assert game.variant == "portes" and game.match_id is not None
    match = await service.store.matches.get(game.match_id)
    assert match.target == 3 and dict(match.options).get("cycle") == "tavli"


async def test_resign_asks_and_only_the_resigning_player_confirms_by_button(
        fake: FakeBotAPI, adapter: TelegramAdapter, service: Service) -> None:
    """R-END-6 through Telegram: `/resign` asks in the group with a Confirm button; the opponent's tap is refused
    with a toast and changes nothing; the resigning player's tap ends the game, told in the group; a second tap
    finds the question lapsed."""
    game_id, _ = await start_game(fake, "plakoto")
    asked = sent_of(fake, await say(fake, GROUP, ALICE.data, f"/resign {game_id}"))
    assert asked.chat_id == GROUP["id"] and "This concedes 2 points to Bob" in asked.text, asked.text
    (label, confirm), = [(label, a) for label, a in actions(asked) if a.verb is Verb.RESIGN]
    assert label == "Confirm resignation" and confirm.ref == game_id
    before = await service.store.games.get(game_id)
    refused = await tap(fake, BOB.data, asked, confirm.pack())
    assert refused.toast and "Only Alice can confirm" in refused.toast, refused.toast
    assert await service.store.games.get(game_id) == before
    done = await tap(fake, ALICE.data, asked, confirm.pack())
    assert done.toast is None and done.call is not None and done.call.chat_id == GROUP["id"]
    board = board_of(fake, done)
    assert board is not None and "Alice resigns." in board.text and "Black (Bob <&>) wins" in board.text, board.text
    record = await service.store.games.get(game_id)
    assert record.result is not None and record.result.reason == "resign" and record.result.points == 2
    again = await tap(fake, ALICE.data, asked, confirm.pack())
    assert again.toast and "lapsed" in again.toast, again.toast
    assert await service.store.games.get(game_id) == record
