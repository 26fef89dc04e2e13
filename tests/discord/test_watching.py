"""Watching a game from another channel on the fake Discord (P5): a server channel's game is shown read-only to
anyone with its id, like a Telegram group's; a direct message's game is refused to all but its players."""

from __future__ import annotations

from bot.actions import Verb
from bot.discord_adapter import DiscordAdapter
from bot.service import Service

from .conftest import ALICE, CAROL
from .fake import FakeDiscord, slash
from .play import actions

PLAYING = {Verb.OPEN, Verb.BUILD, Verb.ROLL, Verb.RESIGN}


async def test_a_server_channels_game_is_watched_read_only_from_another_channel(
        fake: FakeDiscord, adapter: DiscordAdapter, service: Service) -> None:
    board = await (await slash(fake, ALICE, "play", variant="plakoto", match=1, channel=500)).board()
    gid = next(a.ref for a in actions(board) if a.verb is Verb.OPEN)
    watched = await (await slash(fake, CAROL, "board", game=gid, channel=501)).board()
    assert watched.png is not None and "another chat" not in watched.content, watched.content
    assert f"#{gid}" in watched.content, watched.content
    assert not {a.verb for a in actions(watched)} & PLAYING, "a watcher gets no buttons to play"
    from_dm = await (await slash(fake, CAROL, "board", game=gid, channel=777, guild=None)).board()
    assert from_dm.png is not None, from_dm.content


async def test_a_direct_messages_game_is_not_shown_elsewhere(fake: FakeDiscord, adapter: DiscordAdapter,
                                                             service: Service) -> None:
    board = await (await slash(fake, ALICE, "play", variant="plakoto", match=1, channel=700, guild=None)).board()
    gid = next(a.ref for a in actions(board) if a.verb is Verb.OPEN)
    refused = await (await slash(fake, CAROL, "board", game=gid, channel=500)).message()
    assert refused.ephemeral and "played in another chat" in refused.content, refused.content
    assert refused.png is None
    mine = await (await slash(fake, ALICE, "board", game=gid, channel=701, guild=None)).board()
    assert mine.png is not None, "its player still sees it in their own direct messages"
