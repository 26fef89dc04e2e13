"""A `tapa cube=on` match to 3 through discord.py against the fake Discord (issue 19, §13): Roll and Double,
Take and Drop on the board message, a double taken, a redouble dropped, a press by the wrong player and a
stale press answered ephemerally, the Crawford and post-Crawford games, and the points in /standings."""

from __future__ import annotations

from bot.actions import Verb
from bot.discord_adapter import DiscordAdapter
from bot.service import Service
from game import Cube, Side

from ..bot.cube_setup import START, put, tpn
from .conftest import ALICE, BOB
from .fake import Call, Exchange, FakeDiscord, press, slash
from .play import actions, find


def said(ex: Exchange) -> str:
    """Everything an answer says, over its parts."""
    return "\n".join(c.content for c in ex.calls if c.content)


async def board(fake: FakeDiscord, gid: str) -> Call:
    ex = await slash(fake, ALICE, "board", game=gid)
    return await ex.board()


async def pressed(fake: FakeDiscord, who: object, message: Call, custom_id: str | None) -> Exchange:
    assert custom_id is not None and message.message_id is not None
    return await press(fake, who, message.message_id, custom_id)  # type: ignore[arg-type]


async def test_a_tapa_cube_match_to_3_with_a_take_a_redouble_a_drop_and_the_crawford_game(
        fake: FakeDiscord, adapter: DiscordAdapter, service: Service) -> None:
    ex = await slash(fake, ALICE, "challenge", player=BOB, variant="tapa", match=3, options="cube=on")
    challenge = await ex.message()
    ex = await pressed(fake, BOB, challenge, find(challenge, Verb.ACCEPT))
    first = await ex.board()
    gid = next(a.ref for a in actions(first) if a.verb is Verb.OPEN)

    # game 1: alice (white) doubles, bob takes; the doubler's roll follows at once
    await put(service.store, gid, tpn(START), Cube(away=(3, 3)))
    decide = await board(fake, gid)
    assert f"Alice (white) to roll or double in game #{gid}." in decide.content
    assert find(decide, Verb.ROLL) is not None and find(decide, Verb.DOUBLE) is not None
    assert f"<@{ALICE.id}>" in decide.content
    double = find(decide, Verb.DOUBLE)
    wrong = await pressed(fake, BOB, decide, double)
    assert (await wrong.message()).ephemeral, "the opponent's Double is answered privately"
    ex = await pressed(fake, ALICE, decide, double)
    offer = await ex.board()
    assert f"Alice doubles to 2 in game #{gid}." in said(ex)
    assert f"<@{BOB.id}>" in offer.content
    assert find(offer, Verb.TAKE) is not None and find(offer, Verb.DROP) is not None
    again = await pressed(fake, ALICE, decide, double)
    assert (await again.message()).ephemeral, "a second Double changes nothing"
    ex = await pressed(fake, BOB, offer, find(offer, Verb.TAKE))
    await ex.board()
    assert "Bob takes: the cube is at 2." in said(ex)
    assert "Alice (white) to move with" in said(ex) or "Alice rolled" in said(ex)

    # bob redoubles to 4, alice drops: bob wins 2, 0–2; the next game is the Crawford game
    await put(service.store, gid, tpn(START, "b"), Cube(2, Side.BLACK, away=(3, 3)))
    redouble = await board(fake, gid)
    ex = await pressed(fake, BOB, redouble, find(redouble, Verb.DOUBLE))
    offer = await ex.board()
    assert "Bob doubles to 4" in said(ex)
    take = find(offer, Verb.TAKE)
    ex = await pressed(fake, ALICE, offer, find(offer, Verb.DROP))
    crawford = await ex.board()
    text = said(ex)
    assert "Alice drops." in text and f"Bob wins game #{gid}: 2 points, the double was dropped." in text, text
    assert "Crawford game" in crawford.content and "Bob (black) to move with" in crawford.content
    assert find(crawford, Verb.DOUBLE) is None
    late = await pressed(fake, ALICE, offer, take)
    assert (await late.message()).ephemeral, "a Take after the Drop changes nothing"

    # the Crawford game: bob resigns (2–2); the post-Crawford game: alice resigns, bob wins 4–2
    asked = await (await slash(fake, BOB, "resign")).message()
    ex = await pressed(fake, BOB, asked, find(asked, Verb.RESIGN))
    post = await ex.board()
    assert "Match score: Alice 2 – 2 Bob" in said(ex) and "Crawford" not in post.content
    asked = await (await slash(fake, ALICE, "resign")).message()
    ex = await pressed(fake, ALICE, asked, find(asked, Verb.RESIGN))
    await ex.message()
    await fake.until(lambda: "Bob wins the match." in said(ex) or None)
    ex = await slash(fake, ALICE, "standings")
    standings = (await ex.message()).content
    assert "Bob: matches 1–0 · points 4–2" in standings, standings
    assert "Alice: matches 0–1 · points 2–4" in standings, standings
