"""A bot process killed (SIGKILL) while it handles a Telegram update: the webhook request it had taken gets no
answer, so Telegram (the fake, as the Bot API does) posts the update again, and the process that serves the
webhook next handles it; the command id keeps it from being applied twice (N3). Killed before the move was
stored, the move is made once by the next process; killed after, it is not made again."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from bench.adapter_telegram import buttons
from bot.actions import Verb
from bot.gamestate import awaited, game_of, side_index
from bot.replies import Caller, Chat, Identity
from bot.service import Service
from storage import Store, connect
from tests.telegram.fake_bot_api import FakeBotAPI, group, user

from .bots import BotProcess
from .valve import Valve

CHAT = group(-1_000_000_000_777, "the killed process's table")
ALICE = user(7001, "Alice")


class Setup:
    """A fake Bot API delivering by webhook, one bot process, its store through a valve, a game with the
    computer open in the chat."""

    def __init__(self, fake: FakeBotAPI, store: Store, service: Service, bot: BotProcess, url: str,
                 valve: Valve) -> None:
        self.fake, self.store, self.service, self.bot, self.url, self.valve = fake, store, service, bot, url, valve
        self.game_id = ""
        self.logged = 0  # the game's log entries before Alice's play
        self.side = 0  # Alice's side (0 white, 1 black): the computer's reply may be written alike

    async def play(self, valve: Valve) -> str:
        """A legal play for Alice, typed into the chat, once the process has it in hand and `valve` holds what
        it sends; returns the play."""
        me = Identity("telegram", str(ALICE["id"]), ALICE["first_name"])
        plays = await self.service.suggest(Caller(me, Chat("telegram", str(CHAT["id"]))), "", self.game_id)
        self.logged = len(await self.store.games.log(self.game_id))
        self.side = side_index(awaited(game_of(await self.store.games.get(self.game_id))))
        update = self.fake.message(CHAT, ALICE, plays[0].value)
        async with asyncio.timeout(30):
            while update not in self.fake.served or not valve.held.is_set():
                await asyncio.sleep(0.05)
        return plays[0].value

    async def made(self, play: str) -> int:
        """How many times Alice's `play` was logged since she offered it (the computer's own reply, from its
        side, may read the same)."""
        return sum(1 for e in (await self.store.games.log(self.game_id))[self.logged:]
                   if e.play == play and e.side == self.side)

    def restart(self, **env: str) -> None:
        """Start the process again (on the same webhook port), with `env` changed."""
        self.bot.env.update(env)
        self.bot.start()
        self.bot.wait_listening()


@pytest.fixture
async def setup(single_url: str, tmp_path: Path) -> AsyncIterator[Setup]:
    redis_url = single_url
    parts = urlsplit(redis_url)
    valve = await Valve(parts.hostname or "127.0.0.1", parts.port or 6379).start()
    prefix = f"scale-redeliver-{uuid.uuid4().hex[:8]}"
    url = f"{redis_url}?prefix={prefix}&timeout=30"
    fake = FakeBotAPI(webhook_delivery=True)
    root = await fake.start()
    bot = BotProcess(tmp_path / "bot", root, f"redis://127.0.0.1:{valve.port}{parts.path}?prefix={prefix}&timeout=30",
                     "")
    bot.env["TELEGRAM_WEBHOOK_URL"] = f"http://127.0.0.1:{bot.port}/tg"
    store = await connect(url)
    service = Service(store, render=None)
    found = Setup(fake, store, service, bot, url, valve)
    try:
        bot.start()
        await asyncio.to_thread(bot.wait_listening)
        n = len(fake.calls)
        fake.message(CHAT, ALICE, "/play ai tapa")
        call = await fake.wait_sent("sendPhoto", chat_id=CHAT["id"], after=n, timeout=60)
        board = fake.messages[(call.result["chat"]["id"], call.result["message_id"])]
        found.game_id = next(a.ref for _, a in buttons(board) if a.verb in (Verb.BUILD, Verb.CONFIRM))
        yield found
    finally:
        await asyncio.to_thread(bot.stop)
        service.close()
        keys: list[Any] = [k async for k in store.client.scan_iter(match=f"{prefix}:*")]  # type: ignore[union-attr]
        if keys:
            await store.client.delete(*keys)
        await store.aclose()
        await fake.stop()
        await valve.close()


async def test_killed_before_the_move_is_stored_the_update_comes_again_and_the_move_is_made_once(
        setup: Setup) -> None:
    setup.valve.shut()  # the store stops answering the process: the update is in hand, nothing stored
    n = len(setup.fake.calls)
    play = await setup.play(setup.valve)
    await asyncio.sleep(0.3)
    setup.bot.kill()
    assert await setup.made(play) == 0
    await asyncio.to_thread(setup.restart, REDIS_URL=setup.url)
    call = await setup.fake.wait_sent("sendPhoto", chat_id=CHAT["id"], after=n, timeout=60)
    assert f"played {play}." in call.params["caption"]
    assert await setup.made(play) == 1 and setup.fake.redelivered >= 1


async def test_killed_after_the_move_is_stored_the_update_comes_again_and_is_not_applied_twice(
        setup: Setup) -> None:
    root = setup.bot.env["TELEGRAM_API_URL"]
    api = urlsplit(root)
    valve = await Valve(api.hostname or "127.0.0.1", api.port or 80).start()
    try:
        await asyncio.to_thread(setup.bot.stop)
        await asyncio.to_thread(setup.restart, TELEGRAM_API_URL=f"http://127.0.0.1:{valve.port}", REDIS_URL=setup.url)
        valve.shut()  # the process stores the move, then cannot answer it
        play = await setup.play(valve)
        for _ in range(100):
            if await setup.made(play):
                break
            await asyncio.sleep(0.1)
        setup.bot.kill()
        before = len(await setup.store.games.log(setup.game_id))
        assert await setup.made(play) == 1
        redelivered = setup.fake.redelivered
        await asyncio.to_thread(setup.restart, TELEGRAM_API_URL=root)
        for _ in range(300):  # until the update is taken (a 200)
            if not setup.fake.posting and setup.fake.redelivered > redelivered:
                break
            await asyncio.sleep(0.1)
        assert setup.fake.redelivered > redelivered and not setup.fake.posting
        assert await setup.made(play) == 1 and len(await setup.store.games.log(setup.game_id)) == before
    finally:
        await valve.close()
