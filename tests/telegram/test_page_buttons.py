"""The board page's buttons on Telegram boards (`TABLA_WEB_URL`): a `web_app` button in a private chat, a link
to the bot's direct-link Mini App in a group (`TABLA_WEB_APP_NAME`), none without the settings."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.service import Service
from bot.telegram_adapter import TelegramAdapter

from .conftest import settings_for
from .fake_bot_api import BOT, FakeBotAPI, sent_of
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
