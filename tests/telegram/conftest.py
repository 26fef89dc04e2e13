"""Fixtures: the fake Bot API server, a `Service` on the test's Redis prefix, and the Telegram adapter between
them, started as `tabla run` starts it (long polling against the fake)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.service import Service
from bot.settings import Settings
from bot.telegram_adapter import TelegramAdapter
from storage import Store
from tests.bot import conftest as bot_fixtures

from .fake_bot_api import TOKEN, FakeBotAPI

redis_url = bot_fixtures.redis_url
prefix = bot_fixtures.prefix
store = bot_fixtures.store


def settings_for(root: str, **extra: object) -> Settings:
    values: dict[str, object] = {"TELEGRAM_TOKEN": TOKEN, "TELEGRAM_API_URL": root, "TELEGRAM_RATE_LIMIT": False}
    values.update(extra)
    return Settings(_env_file=None, **values)  # type: ignore[call-arg]


@pytest.fixture
async def fake() -> AsyncIterator[FakeBotAPI]:
    server = FakeBotAPI()
    await server.start()
    yield server
    await server.stop()


@pytest.fixture
async def service(store: Store) -> AsyncIterator[Service]:
    svc = Service(store)
    yield svc
    svc.close()


@pytest.fixture
async def adapter(fake: FakeBotAPI, service: Service) -> AsyncIterator[TelegramAdapter]:
    bot = TelegramAdapter(service, settings_for(fake.root))
    await bot.start()
    yield bot
    await bot.stop()
