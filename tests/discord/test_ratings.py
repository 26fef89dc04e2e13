"""Ratings through Discord (RATINGS.md): a whole match ends with the ratings line after the match's result;
/stats answers with its picture and the pool lines; /top (a slash command with a game choice) ranks the
channel's players, or everyone's."""

from __future__ import annotations

import io
import random
import re

import pytest
from PIL import Image

from bot.actions import Verb
from bot.discord_adapter import DiscordAdapter
from bot.service import Service
from game import Side
from tests.bot.last_roll import one_roll_left
from tests.bot.test_no_english import TOOL_LINE, english_words

from .conftest import ALICE, BOB
from .fake import Call, Exchange, FakeDiscord, Person, press, slash
from .play import actions, build_and_confirm, find, mover


def said(ex: Exchange) -> str:
    return "\n".join(c.content for c in ex.calls if c.content)


async def pressed(fake: FakeDiscord, who: object, message: Call, custom_id: str | None) -> Exchange:
    assert custom_id is not None and message.message_id is not None
    return await press(fake, who, message.message_id, custom_id)  # type: ignore[arg-type]


async def test_a_whole_match_shows_the_ratings_then_stats_and_top(fake: FakeDiscord, adapter: DiscordAdapter,
                                                                  service: Service) -> None:
    challenge = await (await slash(fake, ALICE, "challenge", player=BOB, variant="plakoto", match=3)).message()
    await (await pressed(fake, BOB, challenge, find(challenge, Verb.ACCEPT))).board()
    asked = await (await slash(fake, BOB, "resign")).message()
    ex = await pressed(fake, BOB, asked, find(asked, Verb.RESIGN))
    await ex.board()
    assert "Match score: Alice 2 – 0 Bob" in said(ex) and "Ratings (" not in said(ex)
    asked = await (await slash(fake, BOB, "resign")).message()
    ex = await pressed(fake, BOB, asked, find(asked, Verb.RESIGN))
    await fake.until(lambda: "Alice wins the match." in said(ex) or None)
    lines = said(ex).splitlines()
    at = lines.index("Alice wins the match.")
    assert lines[at + 1] == "Ratings (Plakoto): Alice 1517.3 (+17.3) · Bob 1482.7 (\u221217.3)", lines

    stats = await (await slash(fake, BOB, "stats", player=ALICE)).message()
    assert "Plakoto: rating 1517.3 · experience 3 · matches 1–0" in stats.content, stats.content
    assert stats.png is not None and Image.open(io.BytesIO(stats.png)).width >= 800

    here = await (await slash(fake, ALICE, "top")).message()
    assert here.content.splitlines() == ["The best in Plakoto in this chat:", "1. Alice 1517.3", "2. Bob 1482.7"]
    empty = await (await slash(fake, ALICE, "top", game="tavli", everywhere=True)).message()
    assert empty.content == "Nobody has finished a match of Tavli yet."


LOCALES = {"en": "en-US", "bg": "bg", "el": "el"}
WORDS = {  # what a reader of each language sees: a game's end in a match, the match's end, the ratings line, /top
    "en": {"score": "Match score:", "won": "{} wins the match.", "ratings": "Ratings (Plakoto): ",
           "top": "The best in Plakoto in this chat:", "again": "New match"},
    "bg": {"score": "Резултат в мача:", "won": "{} печели мача.", "ratings": "Рейтинги (Плакото): ",
           "top": "Най-добрите на Плакото в този чат:", "again": "Нов мач"},
    "el": {"score": "Σκορ αγώνα:", "won": "{} κερδίζει τον αγώνα.", "ratings": "Βαθμοί (Πλακωτό): ",
           "top": "Οι καλύτεροι στο Πλακωτό εδώ:", "again": "Νέος αγώνας"},
}


def _everything_shown(fake: FakeDiscord) -> list[str]:
    """Every text the bot showed, as sent and as edited: messages, ephemeral answers and buttons."""
    texts = []
    for call in fake.calls:
        texts.append(call.content)
        texts += list(call.labels)
    return [t for t in texts if t]


async def _kept(fake: FakeDiscord, call: Call) -> Call:
    """The message a response became (the fake keeps it under an id), for pressing its buttons."""
    if call.message_id is not None:
        return call
    ids = call.custom_ids
    return await fake.until(lambda: next((c for c in reversed(fake.calls)
                                          if c.message_id is not None and c.custom_ids == ids), None), 10)


async def _said_since(fake: FakeDiscord, n: int, words: str) -> str:
    """The first message from request `n` on that says `words`."""
    return str(await fake.until(lambda: next((c.content for c in fake.calls[n:] if words in c.content), None), 10))


async def _won_by_a_play(fake: FakeDiscord, service: Service, winner: Person, game_id: str, said: str) -> str:
    """`winner` is put one roll from the end of the match's last game and bears off its last checker by pressing
    the builder's buttons: the text of the answer that says `said` (the match's end)."""
    pid = (await service.store.players.ensure("discord", str(winner.id), winner.name)).id
    await one_roll_left(service.store, game_id, pid, service.clock())
    board = await _kept(fake, await (await slash(fake, winner, "board", game=game_id)).board())
    n = len(fake.calls)
    await build_and_confirm(fake, winner, board, random.Random(1))
    return await _said_since(fake, n, said)


async def _resigned(fake: FakeDiscord, who: Person, game_id: str) -> None:
    asked = await (await slash(fake, who, "resign", game=game_id)).message()
    await (await pressed(fake, who, asked, find(asked, Verb.RESIGN))).board()


def _line_after(text: str, line: str) -> str:
    lines = text.splitlines()
    assert line in lines, text
    return lines[lines.index(line) + 1]


@pytest.mark.parametrize("lang", ["en", "bg", "el"])
async def test_a_whole_match_in_the_readers_language(fake: FakeDiscord, adapter: DiscordAdapter, service: Service,
                                                     lang: str) -> None:
    """A match to 3 from the challenge to its last play in the reader's language: the score after a resigned game
    and no rating yet; the last game played out by buttons, the match's end and the ratings line (RT-4, RT-6, the
    pool named in the reader's language); /stats with its PNG attachment, its pool line in English exactly (tools
    read it); /top; New match pressed by the loser, accepted with one press, played by buttons and rated again
    (RT-5). Nothing shown to a Bulgarian or Greek reader is English but names, ids and the tools' line."""
    words = WORDS[lang]
    alice = Person(100_000_000_000_000_021, "alice", LOCALES[lang])
    bob = Person(100_000_000_000_000_022, "bob", LOCALES[lang])
    await (await slash(fake, alice, "lang", language=lang, chat=True)).message()
    challenge = await (await slash(fake, alice, "challenge", player=bob, variant="plakoto", match=3)).message()
    first = await (await pressed(fake, bob, challenge, find(challenge, Verb.ACCEPT))).board()
    record = await service.store.games.get(next(a.ref for a in actions(first) if a.ref))
    match_id = record.match_id or ""

    n = len(fake.calls)
    await _resigned(fake, bob, record.id)
    await _said_since(fake, n, words["score"])
    assert not any(words["ratings"] in c.content for c in fake.calls[n:]), "a match goes on: nothing is rated yet"
    won = words["won"].format("Alice")
    result = await _won_by_a_play(fake, service, alice, (await service.store.matches.get(match_id)).games[-1], won)
    assert _line_after(result, won) == words["ratings"] + "Alice 1517.3 (+17.3) · Bob 1482.7 (\u221217.3)", result

    stats = await (await slash(fake, bob, "stats", player=alice)).message()
    assert TOOL_LINE.findall(stats.content) == ["Plakoto: rating 1517.3 · experience 3 · matches 1–0"], stats.content
    assert stats.png is not None and Image.open(io.BytesIO(stats.png)).format == "PNG"
    assert Image.open(io.BytesIO(stats.png)).width >= 800
    top = await (await slash(fake, alice, "top")).message()
    assert top.content.splitlines() == [words["top"], "1. Alice 1517.3", "2. Bob 1482.7"], top.content

    final = await _kept(fake, next(c for c in reversed(fake.calls) if find(c, Verb.REMATCH)))
    again = find(final, Verb.REMATCH)
    assert again is not None and final.labels.get(words["again"]) == again, final.labels
    offer = await (await pressed(fake, bob, final, again)).message()
    assert not offer.ephemeral, offer.content
    offer = await _kept(fake, offer)
    board = await _kept(fake, await (await pressed(fake, alice, offer, find(offer, Verb.ACCEPT))).board())
    record = await service.store.games.get(next(a.ref for a in actions(board) if a.ref))
    rematch = await service.store.matches.get(record.match_id or "")
    assert (rematch.variant, rematch.target, rematch.score) == ("plakoto", 3, (0, 0)) and rematch.id != match_id
    people = {(await service.store.players.ensure("discord", str(p.id), p.name)).id: p for p in (alice, bob)}
    to_move = await mover(service, record.id, {Side.WHITE: people[record.players[0]],
                                               Side.BLACK: people[record.players[1]]})
    assert to_move is not None
    await build_and_confirm(fake, to_move, board, random.Random(2))  # the opening play, by buttons
    assert (await service.store.games.get(record.id)).version > record.version
    n = len(fake.calls)
    await _resigned(fake, alice, record.id)
    await _said_since(fake, n, words["score"])
    won = words["won"].format("Bob")
    result = await _won_by_a_play(fake, service, bob, (await service.store.matches.get(rematch.id)).games[-1], won)
    assert _line_after(result, won) == words["ratings"] + "Bob 1500.5 (+17.8) · Alice 1499.5 (\u221217.8)", result

    shown = _everything_shown(fake)
    ids = {"Alice", "Bob", "alice", "bob", *{i for t in shown for i in re.findall(r"#(\w+)", t)}}
    left = {t[:300]: found for t in shown if (found := english_words(t, ids))}
    if lang == "en":
        assert left, "the check finds English where there is some"
    else:
        assert not left, "\n".join(f"{sorted(found)} in {t!r}" for t, found in left.items())
