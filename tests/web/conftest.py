"""Fixtures for the board page: the bot tests' service on real Redis, Telegram players in a group, a game
between two of them, the page's aiohttp app under a test client, and signed credentials."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.boardpage.auth import sign_init_data, sign_link
from bot.gamestate import game_of, side_index
from bot.replies import Caller, Chat, Identity, Notice
from bot.service import Service
from bot.web.server import make_app
from game import Side
from tests.bot.conftest import Clock, clock, prefix, redis_url, store  # noqa: F401  (fixtures)

from .browser import need_browser

TOKEN = "123456:TEST-bot-token"
SECRET = "link-secret-for-tests"
GROUP = Chat("telegram", "-1001")
ANA = Identity("telegram", "42", "Ana", username="ana", language="en")
BOB = Identity("telegram", "43", "Bob", username="bob", language="bg")
EVE = Identity("telegram", "44", "Eve", username="eve")


def init_data(who: Identity, now: float, **extra: str) -> str:
    """What Telegram hands the Mini App of `who`, signed with the test bot's token."""
    user = {"id": int(who.user_id), "first_name": who.name, "language_code": who.language or "en"}
    return sign_init_data({"user": json.dumps(user), "auth_date": str(int(now)), "chat_instance": "-99",
                           "chat_type": "supergroup", **extra}, TOKEN)


@dataclass
class Posted:
    """The notices the page asked the chat adapters to post."""

    notices: list[Notice] = field(default_factory=list)

    async def __call__(self, notice: Notice) -> None:
        self.notices.append(notice)


@pytest.fixture
async def service(store, clock: Clock) -> AsyncIterator[Service]:  # type: ignore[no-untyped-def]  # noqa: F811
    svc = Service(store, clock=clock, render=None)
    for who in (ANA, BOB, EVE):
        await svc.remember(who)
    yield svc
    svc.close()


@pytest.fixture
def posted() -> Posted:
    return Posted()


@pytest.fixture
async def client(service: Service, clock: Clock, posted: Posted) -> AsyncIterator[TestClient]:  # noqa: F811
    app = make_app(service, telegram_token=TOKEN, link_secret=SECRET, clock=clock, deliver=posted)
    async with TestClient(TestServer(app)) as c:
        yield c


@pytest.fixture
async def server(service: Service, clock: Clock, posted: Posted) -> AsyncIterator[TestServer]:  # noqa: F811
    """The page's server on a port of its own, for a browser."""
    app = make_app(service, telegram_token=TOKEN, link_secret=SECRET, clock=clock, deliver=posted)
    srv = TestServer(app, host="127.0.0.1")
    await srv.start_server()
    yield srv
    await srv.close()


@pytest.fixture
async def browser() -> AsyncIterator[Any]:
    """Debian's Chromium driven by Playwright (the test skips without one, fails under TABLA_BROWSER_TESTS)."""
    path = need_browser()
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        b = await pw.chromium.launch(executable_path=path, args=["--no-sandbox", "--disable-gpu"])
        yield b
        await b.close()


async def two_player_game(service: Service, variant: str = "portes") -> str:
    """A game between Ana and Bob in the group, waiting for the side to move."""
    reply = await service.handle(Caller(ANA, GROUP), f"/challenge @bob {variant}")
    assert reply.ok, reply.text
    reply = await service.handle(Caller(BOB, GROUP), "/accept")
    assert reply.ok and reply.game_id, reply.text
    return reply.game_id


async def mover(service: Service, game_id: str) -> tuple[Identity, Identity]:
    """(the player to move, the other) in a game between Ana and Bob."""
    record = await service.store.games.get(game_id)
    ana = await service.store.players.find("telegram", ANA.user_id)
    assert ana is not None
    turn = game_of(record).turn
    ana_side = Side.WHITE if record.players[0] == ana.id else Side.BLACK
    assert side_index(ana_side) in (0, 1)
    return (ANA, BOB) if turn is ana_side else (BOB, ANA)


def link_for(player_id: str, game_id: str, expires: float) -> str:
    return sign_link(SECRET, player_id, game_id, expires)
