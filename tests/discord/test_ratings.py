"""Ratings through Discord (RATINGS.md): a whole match ends with the ratings line after the match's result;
/stats answers with its picture and the pool lines; /top (a slash command with a game choice) ranks the
channel's players, or everyone's."""

from __future__ import annotations

import io

from PIL import Image

from bot.actions import Verb
from bot.discord_adapter import DiscordAdapter
from bot.service import Service

from .conftest import ALICE, BOB
from .fake import Call, Exchange, FakeDiscord, press, slash
from .play import find


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
