"""Notices by direct message (or in the channel when that fails), replays as attachments, markup-safe names,
shards, the command translator, and a bounded stop."""

from __future__ import annotations

import asyncio
import random
import time

import pytest
from discord.app_commands import TranslationContextLocation as Where

from bot import i18n
from bot.actions import Verb
from bot.discord_adapter import DiscordAdapter, translator
from bot.replies import Chat, Identity, Notice, Reply
from bot.service import Service

from .conftest import ALICE, settings_for
from .fake import FakeDiscord, Person, slash
from .play import actions, random_play


def alice_on_discord() -> Identity:
    return Identity("discord", str(ALICE.id), ALICE.name)


async def test_a_reminder_goes_by_direct_message(fake: FakeDiscord, adapter: DiscordAdapter) -> None:
    notice = Notice(Chat("discord", "500"), Reply("Your move in #k3vq7d.", mentions=(alice_on_discord(),)),
                    to=alice_on_discord(), kind="reminder")
    await adapter.deliver(notice)
    opened = [c for c in fake.calls if c.kind == "POST /users/@me/channels"]
    assert opened and str(opened[0].payload["recipient_id"]) == str(ALICE.id)
    posted = [c for c in fake.calls if c.kind == "channel"]
    assert len(posted) == 1 and posted[0].path != "/channels/500/messages"
    assert "Your move" in posted[0].content


async def test_a_reminder_that_cannot_go_by_direct_message_goes_to_the_channel(fake: FakeDiscord,
                                                                               adapter: DiscordAdapter) -> None:
    fake.fail("POST", r"^/users/@me/channels$", 403)
    notice = Notice(Chat("discord", "500"), Reply("Your move in #k3vq7d.", mentions=(alice_on_discord(),)),
                    to=alice_on_discord(), kind="reminder")
    await adapter.deliver(notice)
    posted = [c for c in fake.calls if c.kind == "channel"]
    assert [c.path for c in posted] == ["/channels/500/messages"]
    assert f"<@{ALICE.id}>" in posted[0].content
    assert [str(u) for u in posted[0].payload["allowed_mentions"]["users"]] == [str(ALICE.id)]


async def test_history_is_an_animated_attachment(fake: FakeDiscord, adapter: DiscordAdapter,
                                                 service: Service) -> None:
    board = await (await slash(fake, ALICE, "play", variant="plakoto", match=1)).board()
    game_id = next(a.ref for a in actions(board) if a.verb is Verb.OPEN)
    await (await slash(fake, ALICE, "move", play=await random_play(service, game_id, random.Random(2)),
                       game=game_id)).board()
    ex = await slash(fake, ALICE, "history", game=game_id)
    replay = await fake.until(lambda: next((c for c in ex.calls if any(n.endswith(".gif") for n in c.files)),
                                           None), timeout=30)
    assert replay.files[next(n for n in replay.files if n.endswith(".gif"))].startswith(b"GIF8")


async def test_player_names_cannot_ping_or_format(fake: FakeDiscord, adapter: DiscordAdapter) -> None:
    rogue = Person(100_000_000_000_000_009, "@everyone")
    mallory = Person(100_000_000_000_000_010, "**mal**_<@1>")
    answer = await (await slash(fake, mallory, "challenge", player=rogue, variant="tapa")).message()
    assert "@everyone" not in answer.content.replace("@\u200beveryone", "")
    assert "**" not in answer.content.replace("\\*", "")
    assert answer.payload["data"]["allowed_mentions"]["parse"] == []


async def test_shards_and_a_process_that_does_not_sync(fake: FakeDiscord, service: Service) -> None:
    fake.shards = 2
    bot = DiscordAdapter(service, settings_for(fake.api, DISCORD_SHARD_COUNT=2, DISCORD_SHARD_IDS="1"))
    await bot.start()
    try:
        assert fake.identified == [[1, 2]]
        assert not [c for c in fake.calls if c.method == "PUT"], "only the process with shard 0 syncs"
        assert set(fake.sockets) == {1}
    finally:
        started = time.perf_counter()
        await bot.stop()
        assert time.perf_counter() - started < 10


async def test_commands_sync_to_the_listed_guilds(fake: FakeDiscord, service: Service) -> None:
    bot = DiscordAdapter(service, settings_for(fake.api, DISCORD_GUILD_IDS="11,12"))
    await bot.start()
    try:
        synced = [c.path for c in fake.calls if c.method == "PUT"]
        assert synced == [f"/applications/{fake_app()}/guilds/11/commands",
                          f"/applications/{fake_app()}/guilds/12/commands"]
    finally:
        await bot.stop()


def fake_app() -> int:
    from .fake import APP_ID

    return APP_ID


def test_bad_shard_settings_are_refused(service: Service) -> None:
    with pytest.raises(ValueError, match="DISCORD_SHARD_COUNT"):
        DiscordAdapter(service, settings_for("http://x/api/v10", DISCORD_SHARD_IDS="0,1"))


class Catalogue:
    def __init__(self, table: dict[str, str]) -> None:
        self.table = table

    def gettext(self, message: str) -> str:
        return self.table.get(message, message)


def test_the_translator_takes_names_and_descriptions_from_the_catalogue(monkeypatch: pytest.MonkeyPatch) -> None:
    table = {"command: move": "κίνηση", "option: play": "option: Παιξιά", "Your games": "Τα παιχνίδια σας",
             "command: games": "Παιχνίδια!", "command: lobby": "Τα Παιχνίδια"}
    monkeypatch.setattr(i18n, "catalogue", lambda lang: Catalogue(table))
    assert translator.translate("el", Where.command_name, "move") == "κίνηση"
    assert translator.translate("el", Where.parameter_name, "play") == "παιξιά"
    assert translator.translate("el", Where.command_description, "Your games") == "Τα παιχνίδια σας"
    assert translator.translate("el", Where.command_name, "games") is None, "a name Discord would refuse"
    assert translator.translate("el", Where.command_name, "lobby") == "τα-παιχνίδια"
    assert translator.translate("el", Where.command_name, "help") is None, "untranslated: English"


async def test_the_synced_commands_carry_the_catalogues_translations(fake: FakeDiscord, adapter: DiscordAdapter,
                                                                     ) -> None:
    move = fake.commands["move"]
    described = i18n.tr("el", "Make your play, for example 24/18 13/11")
    if described != "Make your play, for example 24/18 13/11":
        assert move["description_localizations"]["el"] == described
    assert "variant" in [o["name"] for o in fake.commands["challenge"]["options"]]


async def test_stop_closes_within_ten_seconds(fake: FakeDiscord, service: Service) -> None:
    bot = DiscordAdapter(service, settings_for(fake.api))
    await bot.start()
    await fake.connected()
    started = time.perf_counter()
    await asyncio.wait_for(bot.stop(), 10)
    assert time.perf_counter() - started < 10
    await asyncio.wait_for(bot.finished(), 1)
    await fake.until(lambda: not fake.sockets, timeout=5)
