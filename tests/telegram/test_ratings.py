"""Ratings through Telegram (RATINGS.md): a whole match in a group ends with the ratings line after the match's
result; /stats answers with its picture and the pool lines; /top ranks the group's players."""

from __future__ import annotations

import html
import random
import re

import pytest

from bot.actions import Verb
from bot.runner import Router
from bot.service import Service
from bot.telegram_adapter import TelegramAdapter
from tests.bot.last_roll import one_roll_left
from tests.bot.test_no_english import TOOL_LINE, english_words

from .fake_bot_api import Call, FakeBotAPI, Player, Sent, group, sent_of
from .play import ANSWERS, actions, build_and_play, mover, png_size, say, tap

GROUP = group(-100888)
ALICE = Player(1001, "Alice", "alice")
BOB = Player(1002, "Bob", "bob")


def _text(call: Call) -> str:
    raw = str(call.params.get("caption") or call.params.get("text") or "")
    return html.unescape(re.sub(r"<[^>]+>", "", raw))


async def shown(fake: FakeBotAPI, after: int, words: str, method: str | None = None) -> Call:
    """The first message sent in the group from call `after` on that says `words`."""
    return await fake.wait_for(lambda c: c.method in ANSWERS and c.status == 200 and c.chat_id == GROUP["id"]
                               and (method is None or c.method == method) and words in _text(c),
                               after=after, timeout=30)


async def test_a_whole_match_shows_the_ratings_then_stats_and_top(fake: FakeBotAPI, adapter: TelegramAdapter,
                                                                  service: Service) -> None:
    await say(fake, GROUP, BOB.data, "/help")
    await say(fake, GROUP, ALICE.data, "/challenge @bob plakoto to 3")
    await say(fake, GROUP, BOB.data, "/accept")
    n = len(fake.calls)
    fake.message(GROUP, BOB.data, "/resign yes")
    await shown(fake, n, "Match score: Alice 2 – 0 Bob")
    assert not any("Ratings (" in _text(c) for c in fake.calls[n:]), "a match goes on: nothing is rated yet"
    n = len(fake.calls)
    fake.message(GROUP, BOB.data, "/resign yes")
    result = _text(await shown(fake, n, "Alice wins the match."))
    lines = result.splitlines()
    at = lines.index("Alice wins the match.")
    assert lines[at + 1] == "Ratings (Plakoto): Alice 1517.3 (+17.3) · Bob 1482.7 (\u221217.3)", result

    n = len(fake.calls)
    fake.message(GROUP, BOB.data, "/stats @alice")
    stats = await shown(fake, n, "Plakoto: rating 1517.3 · experience 3 · matches 1–0", "sendPhoto")
    width, _ = png_size(sent_of(fake, stats).data)
    assert width >= 800

    n = len(fake.calls)
    fake.message(GROUP, ALICE.data, "/top")
    top = _text(await shown(fake, n, "The best in Plakoto in this chat:"))
    assert top.splitlines()[1:] == ["1. Alice 1517.3", "2. Bob 1482.7"]



WORDS = {  # what a reader of each language sees: a game's end in a match, the match's end, the ratings line, /top
    "en": {"score": "Match score:", "won": "{} wins the match.", "ratings": "Ratings (Plakoto): ",
           "top": "The best in Plakoto in this chat:", "again": "New match"},
    "bg": {"score": "Резултат в мача:", "won": "{} печели мача.", "ratings": "Рейтинги (Плакото): ",
           "top": "Най-добрите на Плакото в този чат:", "again": "Нов мач"},
    "el": {"score": "Σκορ αγώνα:", "won": "{} κερδίζει τον αγώνα.", "ratings": "Βαθμοί (Πλακωτό): ",
           "top": "Οι καλύτεροι στο Πλακωτό εδώ:", "again": "Νέος αγώνας"},
}


def _everything_shown(fake: FakeBotAPI, chat_id: int) -> list[str]:
    """Every text the bot showed in the chat, as sent and as edited: messages, captions, buttons, toasts."""
    texts = []
    for call in fake.calls:
        if call.method == "answerCallbackQuery" and call.params.get("text"):
            texts.append(str(call.params["text"]))
        if call.method not in ANSWERS or call.chat_id != chat_id or call.status != 200:
            continue
        texts.append(_text(call))
        markup = call.params.get("reply_markup") or {}
        texts += [b["text"] for row in markup.get("inline_keyboard", []) for b in row]
    return [t for t in texts if t]


def _game_of(board: Sent) -> str:
    return next(a.ref for _, a in actions(board) if a.verb in (Verb.BUILD, Verb.OPEN, Verb.CONFIRM))


async def _accepted(fake: FakeBotAPI, challenge: Sent, who: Player) -> Sent:
    """`who` taps Accept under `challenge`, once: the first board."""
    accept = next(a for _, a in actions(challenge) if a.verb is Verb.ACCEPT)
    n = len(fake.calls)
    outcome = await tap(fake, who.data, challenge, accept.pack())
    assert outcome.toast is None, outcome.toast
    return sent_of(fake, await fake.wait_sent("sendPhoto", chat_id=GROUP["id"], after=n))


async def _won_by_a_play(fake: FakeBotAPI, service: Service, winner: Player, game_id: str, said: str) -> str:
    """`winner` is put one roll from the end of the match's last game and bears off its last checker by tapping
    the board's buttons: the text of the answer that says `said` (the match's end)."""
    pid = (await service.store.players.ensure("telegram", str(winner.uid), winner.name)).id
    await one_roll_left(service.store, game_id, pid, service.clock())
    board = sent_of(fake, await say(fake, GROUP, winner.data, f"/board {game_id}"))
    n = len(fake.calls)
    await build_and_play(fake, winner.data, board, random.Random(1))
    return _text(await shown(fake, n, said))


def _line_after(text: str, line: str) -> str:
    lines = text.splitlines()
    assert line in lines, text
    return lines[lines.index(line) + 1]


@pytest.mark.parametrize("lang", ["en", "bg", "el"])
async def test_a_whole_match_in_the_readers_language(fake: FakeBotAPI, adapter: TelegramAdapter,
                                                     service: Service, lang: str) -> None:
    """A match to 3 from the challenge to its last play in the reader's language: the score after a resigned game
    and no rating yet; the last game played out by taps, the match's end and the ratings line (RT-4, RT-6, the
    pool named in the reader's language); /stats with its PNG picture, its pool line in English exactly (tools
    read it); /top; New match pressed by the loser, accepted with one tap, played by taps and rated again (RT-5).
    Nothing the chat shows a Bulgarian or Greek reader is English but names, ids and the tools' line."""
    words = WORDS[lang]
    alice, bob = Player(4001, "Alice", "alice", lang), Player(4002, "Bob", "bob", lang)
    service.notify = Router([adapter])  # as `tabla run` wires it: the reviews' lines reach the chat
    await say(fake, GROUP, bob.data, f"/lang chat {lang}")
    challenge = sent_of(fake, await say(fake, GROUP, alice.data, "/challenge @bob plakoto to 3"))
    first = await _accepted(fake, challenge, bob)
    match_id = (await service.store.games.get(_game_of(first))).match_id or ""

    n = len(fake.calls)
    fake.message(GROUP, bob.data, "/resign yes")
    await shown(fake, n, words["score"])
    assert not any(words["ratings"] in _text(c) for c in fake.calls[n:]), "a match goes on: nothing is rated yet"
    won = words["won"].format("Alice")
    result = await _won_by_a_play(fake, service, alice, (await service.store.matches.get(match_id)).games[-1], won)
    assert _line_after(result, won) == words["ratings"] + "Alice 1517.3 (+17.3) · Bob 1482.7 (\u221217.3)", result

    n = len(fake.calls)
    fake.message(GROUP, bob.data, "/stats @alice")
    stats = sent_of(fake, await fake.wait_sent("sendPhoto", chat_id=GROUP["id"], after=n))
    assert TOOL_LINE.findall(stats.text) == ["Plakoto: rating 1517.3 · experience 3 · matches 1–0"], stats.text
    assert png_size(stats.data)[0] >= 800

    n = len(fake.calls)
    fake.message(GROUP, alice.data, "/top")
    top = _text(await shown(fake, n, words["top"]))
    assert top.splitlines() == [words["top"], "1. Alice 1517.3", "2. Bob 1482.7"], top

    final = next(s for s in reversed(list(fake.messages.values()))
                 if s.chat_id == GROUP["id"] and any(a.verb is Verb.REMATCH for _, a in actions(s)))
    label, again = next((label, a) for label, a in actions(final) if a.verb is Verb.REMATCH)
    assert label == words["again"]
    n = len(fake.calls)
    pressed = await tap(fake, bob.data, final, again.pack())
    assert pressed.toast is None, pressed.toast
    offer = sent_of(fake, await fake.wait_sent("sendMessage", chat_id=GROUP["id"], after=n))
    board = await _accepted(fake, offer, alice)
    game_id = _game_of(board)
    record = await service.store.games.get(game_id)
    rematch = await service.store.matches.get(record.match_id or "")
    assert (rematch.variant, rematch.target, rematch.score) == ("plakoto", 3, (0, 0)) and rematch.id != match_id
    to_move = {alice.uid: alice, bob.uid: bob}[mover(board) or 0]
    await build_and_play(fake, to_move.data, board, random.Random(2))  # the opening play, by taps
    assert (await service.store.games.get(game_id)).version > record.version
    n = len(fake.calls)
    fake.message(GROUP, alice.data, f"/resign yes {game_id}")
    await shown(fake, n, words["score"])
    won = words["won"].format("Bob")
    result = await _won_by_a_play(fake, service, bob, (await service.store.matches.get(rematch.id)).games[-1], won)
    assert _line_after(result, won) == words["ratings"] + "Bob 1500.5 (+17.8) · Alice 1499.5 (\u221217.8)", result

    shown_texts = _everything_shown(fake, GROUP["id"])
    ids = {"Alice", "Bob", "alice", "bob", "UTC", *{i for t in shown_texts for i in re.findall(r"#(\w+)", t)}}
    left = {t[:300]: found for t in shown_texts if (found := english_words(t, ids))}
    if lang == "en":
        assert left, "the check finds English where there is some"
    else:
        assert not left, "\n".join(f"{sorted(found)} in {t!r}" for t, found in left.items())
