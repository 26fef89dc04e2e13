"""Fixtures: the fake Discord (REST and gateway on localhost), a `Service` on the test's Redis prefix, and the
Discord adapter between them, started as `tabla run` starts it: it logs in, syncs its commands and connects its
shard through `DISCORD_API_URL`.

Why a fake Discord rather than `discord.Interaction` objects built in the test: the client runs exactly as in
production, from login to the gateway, through public settings only (no private hook of discord.py, so no
version pin). The command payloads it syncs, the option types it parses, the `DynamicItem` dispatch from a
message's components, the interaction callbacks, follow-ups and edits, the 429 retries of its HTTP client and
the gateway address taken from `GET /gateway/bot` are all discord.py's own code paths, checked against
Discord's payload shapes."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator

import pytest
from PIL import Image
from PIL.PngImagePlugin import PngInfo

from bot.discord_adapter import DiscordAdapter
from bot.service import Service
from bot.settings import Settings
from renderer import Scene
from storage import Store
from tests.bot.conftest import prefix, redis_url, store  # noqa: F401  (fixtures)

from .fake import FakeDiscord, Person

ALICE = Person(100_000_000_000_000_001, "alice")
BOB = Person(100_000_000_000_000_002, "bob")
CAROL = Person(100_000_000_000_000_003, "carol")


def settings_for(api: str, **extra: object) -> Settings:
    values: dict[str, object] = {"DISCORD_TOKEN": "fake-token", "DISCORD_API_URL": api}
    values.update(extra)
    return Settings(_env_file=None, **values)  # type: ignore[call-arg]


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    server = await FakeDiscord().start()
    yield server
    await server.stop()


def labelled_png(scene: Scene) -> bytes:
    """A tiny PNG that says which position it shows (the real pictures have their own tests): the tests read
    it back from the attachment the bot posted and compare it with the position in the store."""
    info = PngInfo()
    info.add_text("position", scene.position.to_tpn())
    out = io.BytesIO()
    Image.new("P", (1, 1)).save(out, "PNG", pnginfo=info)
    return out.getvalue()


def shown_position(png: bytes) -> str:
    """The position a `labelled_png` shows."""
    return str(Image.open(io.BytesIO(png)).text["position"])  # type: ignore[attr-defined]


@pytest.fixture
async def service(store: Store) -> AsyncIterator[Service]:  # noqa: F811
    svc = Service(store, render=labelled_png)
    yield svc
    svc.close()


@pytest.fixture
async def adapter(fake: FakeDiscord, service: Service) -> AsyncIterator[DiscordAdapter]:
    bot = DiscordAdapter(service, settings_for(fake.api))
    await bot.start()
    await fake.connected()
    yield bot
    await bot.stop()
