"""The board page's buttons on Telegram boards (`TABLA_WEB_URL`): a `web_app` button in a private chat, a link
to the bot's direct-link Mini App in a group (`TABLA_WEB_APP_NAME`), none without the settings."""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator

import aiohttp
import pytest

from bot.boardpage.auth import sign_init_data
from bot.gamestate import game_of
from bot.service import Service
from bot.telegram_adapter import TelegramAdapter
from bot.views import pack_moves
from bot.web.page import BoardPage
from game.builder import build
from tests.web.test_page_server import free_port

from .conftest import settings_for
from .fake_bot_api import BOT, TOKEN, FakeBotAPI, sent_of
from .test_games import ALICE, start_game

WEB = "https://board.example/tabla"


@pytest.fixture
async def page_adapter(fake: FakeBotAPI, service: Service) -> AsyncIterator[TelegramAdapter]:
    bot = TelegramAdapter(service, settings_for(fake.root, TABLA_WEB_URL=WEB, TABLA_WEB_APP_NAME="board"))
    await bot.start()
    yield bot
    await bot.stop()


async def test_a_private_board_opens_the_page_as_a_mini_app(fake: FakeBotAPI, page_adapter: TelegramAdapter,
                                                           service: Service) -> None:
    me = {"id": ALICE.uid, "type": "private", "first_name": "Alice"}
    n = len(fake.calls)
    fake.message(me, ALICE.data, "/play ai portes")
    board = sent_of(fake, await fake.wait_sent("sendPhoto", chat_id=ALICE.uid, after=n))
    first = board.buttons()[0][0]
    game_id = first["web_app"]["url"].split("game=")[1]
    assert first["web_app"]["url"] == f"{WEB}/?game={game_id}" and "Open the board" in first["text"]
    assert (await service.store.games.get(game_id)).result is None
    assert board.callback_data(), "the move builder's buttons stay"


async def test_a_group_board_links_to_the_direct_link_mini_app(fake: FakeBotAPI, page_adapter: TelegramAdapter,
                                                              service: Service) -> None:
    game_id, message_id = await start_game(fake, "portes")
    board = fake.messages[(-100123, message_id)]
    urls = [b.get("url") for row in board.buttons() for b in row if "url" in b]
    assert urls == [f"https://t.me/{BOT['username']}/board?startapp={game_id}"]
    assert not any("web_app" in b for row in board.buttons() for b in row), "web_app buttons are private-only"


async def test_no_page_button_without_the_setting(fake: FakeBotAPI, adapter: TelegramAdapter) -> None:
    _, message_id = await start_game(fake, "portes")
    board = fake.messages[(-100123, message_id)]
    assert all("url" not in b and "web_app" not in b for row in board.buttons() for b in row)


async def test_a_confirm_on_the_page_is_answered_in_the_chat_as_a_button_press(
        fake: FakeBotAPI, page_adapter: TelegramAdapter, service: Service) -> None:
    """The new board is posted in the chat and the old board's keyboard retired, as after the Confirm button."""
    me = {"id": ALICE.uid, "type": "private", "first_name": "Alice"}
    n = len(fake.calls)
    fake.message(me, ALICE.data, "/play ai portes to 1")
    board = sent_of(fake, await fake.wait_sent("sendPhoto", chat_id=ALICE.uid, after=n))
    game_id = board.buttons()[0][0]["web_app"]["url"].split("game=")[1]
    record = await service.store.games.get(game_id)
    game = game_of(record)
    assert game.dice is not None
    picked: list[tuple[int, int, int]] = []
    while (st := build(game.position, game.dice, picked)).next:
        picked.append(st.next[0].pick)
    page = BoardPage.from_settings(service, settings_for(fake.root, TABLA_WEB_URL=WEB, TABLA_WEB_PORT=free_port(),
                                                         TABLA_WEB_LISTEN="127.0.0.1"), [page_adapter])
    await page.start()
    try:
        init = sign_init_data({"user": json.dumps({"id": ALICE.uid, "first_name": "Alice"}),
                               "auth_date": str(int(time.time()))}, TOKEN)
        n = len(fake.calls)
        async with aiohttp.ClientSession(f"http://127.0.0.1:{page.server.port}") as http:
            r = await http.post("/api/confirm", headers={"Authorization": f"tma {init}"},
                                json={"game": game_id, "version": record.version, "picked": pack_moves(picked)})
            assert r.status == 200, await r.text()
        posted = sent_of(fake, await fake.wait_sent("sendPhoto", chat_id=ALICE.uid, after=n))
        assert posted.message_id != board.message_id
        await fake.wait_for(lambda c: c.method == "editMessageReplyMarkup"
                            and c.params["message_id"] == board.message_id, after=n)
        assert not fake.messages[(ALICE.uid, board.message_id)].markup, "the old board's keyboard is retired"
    finally:
        await page.stop()


@pytest.mark.parametrize(("code", "label"), [("el", "Άνοιγμα"), ("bg", "Отвори")])
async def test_a_private_boards_page_button_speaks_the_players_language(fake: FakeBotAPI,
                                                                        page_adapter: TelegramAdapter,
                                                                        code: str, label: str) -> None:
    """Issue 27: "Open the board" in the player's language: Telegram's language_code when there was no /lang."""
    who = {**ALICE.data, "language_code": code}
    me = {"id": ALICE.uid, "type": "private", "first_name": "Alice"}
    n = len(fake.calls)
    fake.message(me, who, "/play ai portes")
    board = sent_of(fake, await fake.wait_sent("sendPhoto", chat_id=ALICE.uid, after=n))
    first = board.buttons()[0][0]
    assert "web_app" in first and label in first["text"] and "Open" not in first["text"], first
