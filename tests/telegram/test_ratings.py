"""Ratings through Telegram (RATINGS.md): a whole match in a group ends with the ratings line after the match's
result; /stats answers with its picture and the pool lines; /top ranks the group's players."""

from __future__ import annotations

import html
import re

from bot.service import Service
from bot.telegram_adapter import TelegramAdapter

from .fake_bot_api import Call, FakeBotAPI, Player, group, sent_of
from .play import ANSWERS, png_size, say

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
