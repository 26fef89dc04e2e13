"""A tournament on the board page: the same table or bracket as the chat's, the matches going on, a player's
own match first and opened by a tap; the JSON behind it, and its refusals."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.boardpage.auth import sign_tournament, validate_link
from bot.boardpage.tournament_link import button
from bot.replies import Caller, Identity
from bot.service import Service
from bot.web.server import make_app
from storage import Store
from tests.bot.conftest import Clock

from .browser import PHONE, SHOTS, TELEGRAM_JS, telegram_stub
from .conftest import ANA, BOB, EVE, GROUP, SECRET, TOKEN, Posted, init_data

PEOPLE = (ANA, BOB, EVE)


@pytest.fixture
async def drawing(store: Store, clock: Clock) -> AsyncIterator[Service]:
    """A service that draws its pictures (the table's), knowing Ana, Bob and Eve."""
    svc = Service(store, clock=clock)
    for who in PEOPLE:
        await svc.remember(who)
    yield svc
    svc.close()


async def started(service: Service, people: tuple[Identity, ...] = PEOPLE) -> str:
    """A round robin of Ana, Bob and Eve in the group, started, its three matches on."""
    opened = await service.handle(Caller(people[0], GROUP), "/tournament new plakoto to 1")
    tid = re.findall(r"#(\w+)", opened.text)[0]
    for who in people[1:]:
        assert (await service.handle(Caller(who, GROUP), f"/tournament join {tid}")).ok
    assert (await service.handle(Caller(people[0], GROUP), f"/tournament start {tid}")).ok
    await service.settle(30)
    return tid


@pytest.fixture
async def web(drawing: Service, clock: Clock) -> AsyncIterator[TestClient]:
    app = make_app(drawing, telegram_token=TOKEN, link_secret=SECRET, clock=clock, deliver=Posted())
    async with TestClient(TestServer(app)) as c:
        yield c


@pytest.fixture
async def server(drawing: Service, clock: Clock) -> AsyncIterator[TestServer]:
    """The page's server for the browser, over the service that draws the tables."""
    app = make_app(drawing, telegram_token=TOKEN, link_secret=SECRET, clock=clock, deliver=Posted())
    srv = TestServer(app, host="127.0.0.1")
    await srv.start_server()
    yield srv
    await srv.close()


async def open_at(browser: Any, server: TestServer, init: str, path: str) -> Any:
    """A phone-sized page at `path`, Telegram's script stubbed to give `init` as its initData."""
    page = await browser.new_page(viewport=PHONE)
    stub = telegram_stub(init)

    async def fake_telegram(route: Any, request: Any) -> None:
        await route.fulfill(status=200, content_type="application/javascript", body=stub)

    await page.route(TELEGRAM_JS, fake_telegram)
    await page.goto(str(server.make_url(path)))
    return page


async def test_the_json_shows_the_table_and_the_viewer_s_matches_first(drawing: Service, web: TestClient,
                                                                      clock: Clock) -> None:
    tid = await started(drawing)
    eve = await web.get(f"/api/tournament?id={tid}", headers={"Authorization": "tma " + init_data(EVE, clock())})
    assert eve.status == 200
    body = await eve.json()
    assert body["title"].startswith(f"Tournament #{tid}: Plakoto, matches to 1, a round robin")
    assert body["picture"].startswith("data:image/png;base64,") and body["state"] == "running"
    assert [m["mine"] for m in body["matches"]] == [True, True, False]
    assert body["matches"][0]["label"].startswith("Your match: ") and "Eve" in body["matches"][0]["label"]
    assert any(line.startswith("1. ") for line in body["lines"])
    anyone = await (await web.get(f"/api/tournament?id={tid}")).json()  # no credentials: as the chat sees it
    assert [m["mine"] for m in anyone["matches"]] == [False] * 3
    html = await web.get(f"/tournament?id={tid}")
    assert html.status == 200 and "/static/tournament.js" in await html.text()
    assert (await web.get("/static/tournament.js")).status == 200


async def test_refusals(drawing: Service, web: TestClient, clock: Clock) -> None:
    """A malformed id 400, an unknown one 404, forged credentials 401; none changes anything."""
    tid = await started(drawing)
    assert (await web.get("/api/tournament?id=../x")).status == 400
    assert (await web.get("/api/tournament?id=zzzzzz")).status == 404
    forged = init_data(EVE, clock()).replace("hash=", "hash=0")
    assert (await web.get(f"/api/tournament?id={tid}", headers={"Authorization": "tma " + forged})).status == 401
    assert (await web.get(f"/api/tournament?id={tid}", headers={"Authorization": "basic x"})).status == 401


async def test_the_table_message_links_to_the_page(drawing: Service) -> None:
    links = drawing.page_links("https://tabla.example/")
    group = button(links, "abcdef", "bg")
    assert group.kind == "url" and group.url == "https://tabla.example/tournament?id=abcdef"
    assert "Отвори таблицата" in group.label
    assert button(links, "abcdef", None, private=True).kind == "web_app"


async def test_a_player_taps_their_match_on_the_page(drawing: Service, server: TestServer, browser: Any,
                                                     clock: Clock) -> None:
    """The page in a browser (Telegram's script stubbed with Eve's signed initData): the table picture, Eve's two
    matches first, and a tap on the first opens its board, where she is a player."""
    tid = await started(drawing)
    record = await drawing.store.tournaments.get(tid)
    page = await open_at(browser, server, init_data(EVE, clock()), f"/tournament?id={tid}")
    await page.wait_for_selector("#matches a.mine")
    assert await page.locator("#table img").count() == 1
    width = await page.evaluate("document.querySelector('#table img').naturalWidth")
    assert width > 300
    assert await page.locator("#matches a").count() == 3
    assert await page.locator("#matches a.mine").count() == 2
    box = await page.locator("#matches a.mine").first.bounding_box()
    assert box["height"] >= 44
    assert await page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    SHOTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(SHOTS / "page-tournament-phone.png"), full_page=True)
    game = await page.locator("#matches a.mine").first.get_attribute("data-game")
    await page.locator("#matches a.mine").first.click()
    await page.wait_for_selector("#board svg")
    assert f"game={game}" in page.url
    games = {p.key: (await drawing.store.matches.get(p.match or "")).games for p in record.pairings}
    match = next(p for p in record.pairings if game in games[p.key])
    eve = await drawing.store.players.find("telegram", EVE.user_id)
    assert eve is not None and eve.id in match.players()
    status = await page.locator("#status").text_content() or ""
    assert "watching" not in status, status
    await page.screenshot(path=str(SHOTS / "page-tournament-board.png"))


async def test_a_tournament_link_shows_its_player_their_matches(drawing: Service, web: TestClient,
                                                               clock: Clock) -> None:
    """A tournament link signed for Eve (what a Discord player's press gets, `tournament_link.signed_button`) shows
    her matches first, each opened by a play link signed for her; a Telegram viewer's and anyone's taps go to
    `/?game=`; an expired link, a forged one or one for another tournament is refused (401)."""
    tid = await started(drawing)
    eve = await drawing.store.players.find("telegram", EVE.user_id)
    assert eve is not None
    token = sign_tournament(SECRET, eve.id, tid, clock() + 3600)
    got = await web.get(f"/api/tournament?id={tid}", headers={"Authorization": f"tournament {token}"})
    assert got.status == 200
    matches = (await got.json())["matches"]
    assert [m["mine"] for m in matches] == [True, True, False]
    for m in matches[:2]:
        play = validate_link(m["url"].removeprefix("/?t="), SECRET, clock())
        assert (play.player_id, play.game_id) == (eve.id, m["game"])
    assert matches[2]["url"] is None
    tma = await web.get(f"/api/tournament?id={tid}", headers={"Authorization": "tma " + init_data(EVE, clock())})
    assert [m["url"] for m in (await tma.json())["matches"]] == [f"/?game={m['game']}" for m in matches]
    other = sign_tournament(SECRET, eve.id, "abcdef", clock() + 3600)
    for bad in (other, token[:-1] + ("A" if token[-1] != "A" else "B"), sign_tournament(SECRET, eve.id, tid, 0)):
        assert (await web.get(f"/api/tournament?id={tid}", headers={"Authorization": f"tournament {bad}"})).status \
            == 401
    play_token = matches[0]["url"].removeprefix("/?t=")
    assert (await web.get(f"/api/tournament?id={tid}", headers={"Authorization": f"tournament {play_token}"})
            ).status == 401  # a play link is no tournament link


async def test_a_tournament_link_in_a_browser_opens_the_player_s_board(drawing: Service, server: TestServer,
                                                                       browser: Any, clock: Clock) -> None:
    """Outside Telegram (its script gives no initData), a tournament link signed for Eve: her two matches are
    links, the other match is not, and a tap on hers opens its board, where she plays."""
    tid = await started(drawing)
    eve = await drawing.store.players.find("telegram", EVE.user_id)
    assert eve is not None
    token = sign_tournament(SECRET, eve.id, tid, clock() + 3600)
    page = await open_at(browser, server, "", f"/tournament?id={tid}&t={token}")
    await page.wait_for_selector("#matches a.mine")
    assert await page.locator("#matches a.mine").count() == 2
    assert await page.locator("#matches span").count() == 1
    game = await page.locator("#matches a.mine").first.get_attribute("data-game")
    await page.locator("#matches a.mine").first.click()
    await page.wait_for_selector("#board svg")
    assert "t=" in page.url and game is not None
    status = await page.locator("#status").text_content() or ""
    assert "watching" not in status, status
