"""A `tapa cube=on` match to 3 through python-telegram-bot against the fake Bot API (issue 19, §13): Roll and
Double, Take and Drop on the board message, a double taken, a redouble dropped, the Crawford game, the
post-Crawford game, and the points in /standings."""

from __future__ import annotations

import html
import re

from bot.actions import Action, Verb
from bot.service import Service
from bot.telegram_adapter import TelegramAdapter
from game import Cube, Side

from ..bot.cube_setup import START, put, tpn
from .fake_bot_api import Call, FakeBotAPI, Player, Sent, group, sent_of
from .play import ANSWERS, actions, say, tap

GROUP = group(-100777)
ALICE = Player(1001, "Alice", "alice")
BOB = Player(1002, "Bob", "bob")


def _text(call: Call) -> str:
    raw = str(call.params.get("caption") or call.params.get("text") or "")
    return html.unescape(re.sub(r"<[^>]+>", "", raw))


async def shown(fake: FakeBotAPI, after: int, words: str) -> Call:
    """The first message sent in the group from call `after` on that says `words`."""
    return await fake.wait_for(lambda c: c.method in ANSWERS and c.status == 200 and c.chat_id == GROUP["id"]
                               and words in _text(c), after=after, timeout=30)


def button(sent: Sent, verb: Verb) -> Action:
    return next(a for _, a in actions(sent) if a.verb is verb)


async def board(fake: FakeBotAPI, who: Player, gid: str, words: str) -> Sent:
    n = len(fake.calls)
    fake.message(GROUP, who.data, f"/board {gid}")
    return sent_of(fake, await shown(fake, n, words))


async def test_a_tapa_cube_match_to_3_with_a_take_a_redouble_a_drop_and_the_crawford_game(
        fake: FakeBotAPI, adapter: TelegramAdapter, service: Service) -> None:
    await say(fake, GROUP, BOB.data, "/help")
    bob_said = {"message_id": 1, "date": 0, "chat": GROUP, "from": BOB.data, "text": "/help"}
    challenge = sent_of(fake, await say(fake, GROUP, ALICE.data, "/challenge tapa cube=on 3",
                                        reply_to_message=bob_said))
    outcome = await tap(fake, BOB.data, challenge, button(challenge, Verb.ACCEPT).pack())
    assert outcome.call is not None
    first = sent_of(fake, await shown(fake, 0, "to move with"))
    gid = next(a.ref for _, a in actions(first) if a.ref)

    # game 1: alice (white) doubles, bob takes; the doubler's roll follows at once
    await put(service.store, gid, tpn(START), Cube(away=(3, 3)))
    decide = await board(fake, ALICE, gid, "to roll or double")
    assert f"Alice (white) to roll or double in game #{gid}." in decide.text
    assert [label for label, _ in actions(decide)][:2] == ["Roll", "Double"]
    assert decide.kind == "photo"
    refused = await tap(fake, BOB.data, decide, button(decide, Verb.DOUBLE).pack())
    assert refused.toast, "the opponent's Double is answered privately"
    n = len(fake.calls)
    double = button(decide, Verb.DOUBLE)
    doubled = await tap(fake, ALICE.data, decide, double.pack())
    assert doubled.toast is None
    offer = sent_of(fake, await shown(fake, n, f"Alice doubles to 2 in game #{gid}."))
    assert "tg://user?id=1002" in offer.html, "bob is mentioned"
    assert [label for label, _ in actions(offer)][:2] == ["Take", "Drop"]
    again = await tap(fake, ALICE.data, decide, double.pack())  # from the stale keyboard
    assert again.toast, "a second Double changes nothing"
    n = len(fake.calls)
    await tap(fake, BOB.data, offer, button(offer, Verb.TAKE).pack())
    taken = await shown(fake, n, "Bob takes: the cube is at 2.")
    assert "Alice (white) to move with" in _text(taken) or "Alice rolled" in _text(taken)

    # bob redoubles to 4, alice drops: bob wins 2 (the cube before the double), 0–2, the next game is Crawford
    await put(service.store, gid, tpn(START, "b"), Cube(2, Side.BLACK, away=(3, 3)))
    redouble = await board(fake, BOB, gid, "to roll or double")
    n = len(fake.calls)
    await tap(fake, BOB.data, redouble, button(redouble, Verb.DOUBLE).pack())
    offer = sent_of(fake, await shown(fake, n, "Bob doubles to 4"))
    n = len(fake.calls)
    take = button(offer, Verb.TAKE)
    await tap(fake, ALICE.data, offer, button(offer, Verb.DROP).pack())
    await shown(fake, n, "Alice drops.")
    await shown(fake, n, f"Bob wins game #{gid}: 2 points, the double was dropped.")
    crawford = sent_of(fake, await shown(fake, n, "Crawford game"))
    assert "Bob (black) to move with" in crawford.text, "in the Crawford game nobody doubles: bob rolls at once"
    await fake.wait_for(lambda c: c.method == "editMessageReplyMarkup"  # retired once the new board is out
                        and c.params["message_id"] == offer.message_id, after=n)
    assert not fake.messages[(GROUP["id"], offer.message_id)].markup, "the offer's buttons are retired"
    late = await tap(fake, ALICE.data, offer, take.pack())  # a Take after the Drop, from a stale keyboard
    assert late.toast, "a Take after the Drop changes nothing"

    # the Crawford game: bob resigns (2 points, 2–2); the post-Crawford game: alice resigns, bob wins 4–2
    n = len(fake.calls)
    fake.message(GROUP, BOB.data, "/resign yes")
    await shown(fake, n, "Match score: Alice 2 – 2 Bob")
    post = sent_of(fake, await shown(fake, n, "to move with"))
    assert "Crawford" not in post.text
    n = len(fake.calls)
    fake.message(GROUP, ALICE.data, "/resign yes")
    await shown(fake, n, "Bob wins the match.")
    n = len(fake.calls)
    fake.message(GROUP, ALICE.data, "/standings")
    standings = _text(await shown(fake, n, "points"))
    assert "Bob: matches 1–0 · points 4–2" in standings, standings
    assert "Alice: matches 0–1 · points 2–4" in standings, standings
