"""Discord's "Make your move" answer also offers "Open the board": a link to the board page signed for the
player who pressed and the game, valid until the move's deadline; the link lets that player in, and only there."""

from __future__ import annotations

from collections.abc import AsyncIterator
from urllib.parse import parse_qs, urlsplit

import pytest

from bot.actions import Verb
from bot.boardpage.auth import validate_link
from bot.discord_adapter import DiscordAdapter
from bot.service import Service

from .conftest import ALICE, settings_for
from .fake import FakeDiscord, press, slash
from .play import find

WEB = "https://board.example"
SECRET = "discord-link-secret"


@pytest.fixture
async def page_adapter(fake: FakeDiscord, service: Service) -> AsyncIterator[DiscordAdapter]:
    bot = DiscordAdapter(service, settings_for(fake.api, TABLA_WEB_URL=WEB, TABLA_WEB_SECRET=SECRET))
    await bot.start()
    await fake.connected()
    yield bot
    await bot.stop()


async def test_make_your_move_offers_a_signed_link(fake: FakeDiscord, page_adapter: DiscordAdapter,
                                                  service: Service) -> None:
    ex = await slash(fake, ALICE, "play", variant="portes", match=1)
    board = await ex.board()
    open_id = find(board, Verb.OPEN)
    assert open_id is not None and board.message_id is not None
    shown = await (await press(fake, ALICE, board.message_id, open_id)).message()
    assert shown.ephemeral
    links = [c for row in shown.data.get("components") or [] for c in row.get("components", []) if "url" in c]
    assert len(links) == 1 and links[0]["style"] == 5 and "Open the board" in links[0]["label"]
    url = urlsplit(links[0]["url"])
    assert f"{url.scheme}://{url.netloc}" == WEB
    token = parse_qs(url.query)["t"][0]
    record = await service.store.games.get(token.split(".")[1])
    claim = validate_link(token, SECRET, record.updated_at)
    alice = await service.store.players.find("discord", str(ALICE.id))
    assert alice is not None and claim.player_id == alice.id and claim.game_id == record.id
    assert record.deadline is not None and claim.expires == int(record.deadline)
    assert shown.custom_ids, "the builder's buttons stay"
