"""`BoardPage` in `tabla run`: listens where the settings say, and a confirm's answer reaches the chat through
the chat adapter of the game's platform (the runner's router)."""

from __future__ import annotations

import socket
import time

import aiohttp

from bot.replies import Notice
from bot.service import Service
from bot.settings import Settings
from bot.web.page import BoardPage
from tests.bot.conftest import Clock

from .conftest import GROUP, TOKEN, init_data, mover, two_player_game
from .test_api import full_play


class FakeTelegram:
    platform = "telegram"

    def __init__(self) -> None:
        self.delivered: list[Notice] = []

    async def start(self) -> None: ...

    async def stop(self) -> None: ...

    async def finished(self) -> None: ...

    async def deliver(self, notice: Notice) -> None:
        self.delivered.append(notice)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def test_the_page_runs_beside_the_adapters_and_posts_through_them(service: Service, clock: Clock) -> None:
    port = free_port()
    settings = Settings(TELEGRAM_TOKEN=TOKEN, TABLA_WEB_URL="https://board.example", TABLA_WEB_LISTEN="127.0.0.1",
                        TABLA_WEB_PORT=port, _env_file=None)  # type: ignore[call-arg]
    telegram = FakeTelegram()
    page = BoardPage.from_settings(service, settings, [telegram])
    await page.start()
    try:
        gid = await two_player_game(service)
        me, _ = await mover(service, gid)
        record = await service.store.games.get(gid)
        packed = await full_play(service, gid)
        auth = {"Authorization": "tma " + init_data(me, time.time())}
        async with aiohttp.ClientSession(f"http://127.0.0.1:{port}") as http:
            assert (await http.get("/")).status == 200
            r = await http.post("/api/confirm", json={"game": gid, "version": record.version, "picked": packed},
                                headers=auth)
            assert r.status == 200, await r.text()
        assert [n.chat for n in telegram.delivered] == [GROUP]
    finally:
        await page.stop()
    await page.finished()
