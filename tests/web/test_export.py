"""The board page's download: `GET /api/export` gives the game's file as `/export` sends it, to whoever may see
the page (signed in through Telegram or by a signed link), and to nobody else."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from aiohttp.test_utils import TestClient

from bot.boardpage.words import page_words
from bot.replies import Caller
from bot.service import Service
from game import read_mat, replay_read, replay_text
from tests.bot.conftest import Clock

from .browser import SHOTS
from .conftest import ANA, EVE, init_data, link_for, mover, two_player_game
from .test_api import full_play
from .test_page import PRIVATE, open_page


def tma(who: Any, clock: Clock, **extra: str) -> dict[str, str]:
    return {"Authorization": "tma " + init_data(who, clock(), **extra)}


async def test_a_player_downloads_the_mat_file_of_a_portes_game(service: Service, client: TestClient,
                                                                 clock: Clock) -> None:
    gid = await two_player_game(service, "portes")
    me, _ = await mover(service, gid)
    r = await client.post("/api/confirm", json={"game": gid, "version": (await service.store.games.get(gid)).version,
                                                "picked": await full_play(service, gid)}, headers=tma(me, clock))
    assert r.status == 200, await r.text()
    me, _ = await mover(service, gid)
    r = await client.get(f"/api/export?game={gid}", headers=tma(me, clock))
    assert r.status == 200, await r.text()
    assert r.headers["Content-Disposition"] == f'attachment; filename="tabla-{gid}.mat"'
    assert r.headers["Cache-Control"] == "no-store"
    match, games = read_mat(await r.text())
    assert replay_read(match, games)[-1].position.to_tpn() == (await service.store.games.get(gid)).position
    r = await client.get(f"/api/export?game={gid}&match=1", headers=tma(me, clock))
    record = await service.store.games.get(gid)
    assert r.status == 200 and f'filename="tabla-match-{record.match_id}.mat"' in r.headers["Content-Disposition"]


async def test_a_signed_link_downloads_a_tbl_record(service: Service, client: TestClient, clock: Clock) -> None:
    gid = await two_player_game(service, "plakoto")
    record = await service.store.games.get(gid)
    link = link_for(record.players[0], gid, clock() + 3600)
    r = await client.get(f"/api/export?game={gid}", headers={"Authorization": f"link {link}"})
    assert r.status == 200 and r.headers["Content-Disposition"].endswith('.tbl"')
    assert replay_text(await r.text())[-1].position.to_tpn() == record.position


async def test_the_download_is_refused_to_others(service: Service, client: TestClient, clock: Clock) -> None:
    gid = await two_player_game(service, "portes")
    assert (await client.get(f"/api/export?game={gid}")).status == 401
    assert (await client.get(f"/api/export?game={gid}", headers=tma(EVE, clock))).status == 403
    assert (await client.get("/api/export?game=!!", headers=tma(EVE, clock))).status == 400


async def test_the_page_offers_the_download(service: Service, server: Any, browser: Any,
                                            clock: Clock) -> None:
    """In the browser: the page's link saves the game's file under the server's name, its bytes the API's; the
    link is a 44 px touch target. (Skips without Chromium, see `browser.py`.)"""
    gid = (await service.handle(Caller(ANA, PRIVATE), "/play ai portes")).game_id
    assert gid
    page = await open_page(browser, server, ANA, clock, gid)
    link = page.locator("#export")
    await link.wait_for(state="visible")
    assert (await link.text_content()) == page_words("en")["export"]
    box = await link.bounding_box()
    assert box is not None and box["height"] >= 44
    async with page.expect_download() as info:
        await link.click()
    download = await info.value
    assert download.suggested_filename == f"tabla-{gid}.mat"
    path = await download.path()
    text = Path(path).read_text(encoding="utf-8")
    match, games = read_mat(text)
    assert len(replay_read(match, games)) == 1
    await page.screenshot(path=str(SHOTS / "page-export-link.png"))
