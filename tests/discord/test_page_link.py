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

from .conftest import ALICE, BOB, CAROL, settings_for
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


async def test_the_tournament_table_opens_its_page_signed_for_the_presser(fake: FakeDiscord,
                                                                        page_adapter: DiscordAdapter,
                                                                        service: Service) -> None:
    """The table's "Open the table on the board page" is pressed, not followed: its answer, for the presser alone,
    is a link to the tournament page signed for them (a table posted in the channel is seen by everyone, so it
    cannot carry one viewer's signature). The real page server lets the link in, marks the presser's matches, and
    each of them opens on the board page with a play link signed for the presser; nothing else opens with it."""
    from aiohttp.test_utils import TestClient, TestServer

    from bot.web.server import make_app
    from tests.bot.conftest import Clock

    from .test_tournaments import DAN, tournament

    opened = await (await tournament(fake, ALICE, "new", variant="portes", match=1)).message()
    tid = opened.content.split("#")[1].split(" ")[0]
    for who in (BOB, CAROL, DAN):
        await (await tournament(fake, who, "join", tournament=tid)).message()
    started = await (await tournament(fake, ALICE, "start", tournament=tid)).message()
    assert started.png is not None and started.message_id is not None, started.content
    await service.settle(30)  # both first matches on
    page_press = find(started, Verb.PAGE)
    assert page_press is not None, started.data.get("components")
    shown = await (await press(fake, BOB, started.message_id, page_press)).message()
    assert shown.ephemeral
    links = [c for row in shown.data.get("components") or [] for c in row.get("components", []) if "url" in c]
    assert len(links) == 1 and links[0]["style"] == 5
    url = urlsplit(links[0]["url"])
    assert f"{url.scheme}://{url.netloc}{url.path}" == f"{WEB}/tournament" and parse_qs(url.query)["id"] == [tid]
    token = parse_qs(url.query)["t"][0]
    bob = await service.store.players.find("discord", str(BOB.id))
    assert bob is not None
    app = make_app(service, telegram_token=None, link_secret=SECRET, clock=Clock(service.clock()))
    async with TestClient(TestServer(app)) as web:
        got = await web.get(f"/api/tournament?id={tid}", headers={"Authorization": f"tournament {token}"})
        assert got.status == 200, await got.text()
        body = await got.json()
        mine = [m for m in body["matches"] if m["mine"]]
        assert mine and all("Bob" in m["label"] and m["url"].startswith("/?t=") for m in mine), body["matches"]
        others = [m for m in body["matches"] if not m["mine"]]
        assert others and all("Bob" not in m["label"] and m["url"] is None for m in others)
        for m in mine:
            play = parse_qs(urlsplit(m["url"]).query)["t"][0]
            state = await web.get(f"/api/state?game={m['game']}", headers={"Authorization": f"link {play}"})
            assert state.status == 200, await state.text()
        other = next(m for m in body["matches"] if not m["mine"])
        borrowed = parse_qs(urlsplit(mine[0]["url"]).query)["t"][0]
        refused = await web.get(f"/api/state?game={other['game']}", headers={"Authorization": f"link {borrowed}"})
        assert refused.status == 403
        elsewhere = await web.get("/api/tournament?id=zzzzzz", headers={"Authorization": f"tournament {token}"})
        assert elsewhere.status == 401  # a link to one tournament opens no other
        forged = await web.get(f"/api/tournament?id={tid}", headers={"Authorization": f"tournament {token}x"})
        assert forged.status == 401
        anyone = await (await web.get(f"/api/tournament?id={tid}")).json()
        assert all(not m["mine"] and m["url"] == f"/?game={m['game']}" for m in anyone["matches"])


async def test_the_table_button_after_a_restart_without_the_page_says_so(fake: FakeDiscord,
                                                                         page_adapter: DiscordAdapter,
                                                                         service: Service) -> None:
    """A table posted while the bot had its board page keeps its button; pressed after the bot came back without
    the page (no TABLA_WEB_URL), the presser alone reads that the page is not open and how to see the table in
    the channel, not "something went wrong"; nothing changes."""
    from bot.discord_adapter.answers import NO_PAGE

    from .test_tournaments import DAN, tournament

    opened = await (await tournament(fake, ALICE, "new", variant="portes", match=1)).message()
    tid = opened.content.split("#")[1].split(" ")[0]
    for who in (BOB, CAROL, DAN):
        await (await tournament(fake, who, "join", tournament=tid)).message()
    table = await (await tournament(fake, ALICE, "start", tournament=tid)).message()
    await service.settle(30)
    page_press = find(table, Verb.PAGE)
    assert page_press is not None and table.message_id is not None, table.data.get("components")
    await page_adapter.stop()
    plain = DiscordAdapter(service, settings_for(fake.api))
    await plain.start()
    await fake.connected()
    try:
        before = await service.store.tournaments.get(tid)
        shown = await (await press(fake, BOB, table.message_id, page_press)).message()
        assert shown.ephemeral and shown.content == NO_PAGE, shown.content
        assert await service.store.tournaments.get(tid) == before
    finally:
        await plain.stop()
