"""The board page in headless Chromium: drawn at phone and desktop size, and whole games played only by taps."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from aiohttp.test_utils import TestServer

from bot.boardpage.auth import sign_link
from bot.boardpage.words import page_words
from bot.gamestate import game_of
from bot.replies import Caller, Chat, Identity
from bot.service import Service
from game import Cube, Side
from tests.bot.conftest import Clock
from tests.bot.cube_setup import START, put, tpn

from .browser import DESKTOP, PHONE, SHOTS, TELEGRAM_JS, telegram_stub
from .conftest import ANA, BOB, EVE, SECRET, Posted, init_data, mover, two_player_game

CHANGED = "(v) => document.querySelector('#board svg').getAttribute('data-version') !== v"
PRIVATE = Chat("telegram", ANA.user_id, private=True)


async def open_page(browser: Any, server: TestServer, who: Any, clock: Clock, game_id: str, *,
                    viewport: dict[str, int] = PHONE, start_param: str | None = None, page: Any = None,
                    path: str | None = None, wait: bool = True) -> Any:
    """A page of `who` (Telegram's script stubbed with their signed initData), opened at `/?game=<game_id>` or
    at `path`."""
    page = page or await browser.new_page(viewport=viewport)
    extra = {"start_param": start_param} if start_param else {}
    stub = telegram_stub(init_data(who, clock(), **extra), start_param)

    async def fake_telegram(route: Any, request: Any) -> None:
        await route.fulfill(status=200, content_type="application/javascript", body=stub)

    await page.route(TELEGRAM_JS, fake_telegram)
    await page.goto(str(server.make_url(path or f"/?game={game_id}")))
    if wait:
        await page.wait_for_selector("#board svg")
    return page


async def test_a_portes_board_at_phone_and_desktop_size(service: Service, server: TestServer, browser: Any,
                                                        clock: Clock) -> None:
    gid = (await service.handle(Caller(ANA, PRIVATE), "/play ai portes")).game_id
    assert gid
    SHOTS.mkdir(parents=True, exist_ok=True)
    for name, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page = await open_page(browser, server, ANA, clock, gid, viewport=viewport)
        await page.wait_for_selector("#hits rect.hit.src")
        assert "72 h left" in (await page.locator("#status").text_content() or "")
        assert 24 <= await page.locator("#board svg .checker").count() <= 30
        width = await page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"], f"the page scrolls sideways at {name} size"
        for button in await page.locator("#choices button").all():
            box = await button.bounding_box()
            assert box["height"] >= 44 and box["width"] >= 44
        bg = await page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert bg == "rgb(23, 33, 43)"  # Telegram's theme colour from the stand-in script
        await page.locator("#hits rect.hit.src").first.click()
        await page.wait_for_selector("#hits rect.hit.dst")
        await page.screenshot(path=str(SHOTS / f"page-portes-{name}.png"))
        await page.close()
    page = await open_page(browser, server, ANA, clock, gid)
    await tap_a_play(page)
    label = await page.locator("#confirm").text_content() or ""
    picked = await page.evaluate("() => document.getElementById('status').textContent")
    assert label.startswith("Confirm ") and label[len("Confirm "):] in picked
    await page.screenshot(path=str(SHOTS / "page-portes-phone-confirm.png"))


async def test_the_opponent_watches_in_greek(service: Service, server: TestServer, browser: Any,
                                             clock: Clock) -> None:
    gid = await two_player_game(service)
    record = await service.store.games.get(gid)
    bob = await service.store.players.find("telegram", BOB.user_id)
    assert bob is not None
    await service.handle(Caller(BOB, Chat("telegram", BOB.user_id, private=True)), "/lang el")
    bob_moves = game_of(record).turn.value == ("white" if record.players[0] == bob.id else "black")
    page = await open_page(browser, server, BOB, clock, gid, viewport=PHONE)
    await page.wait_for_function("() => document.documentElement.lang === 'el'")
    status = await page.locator("#status").text_content() or ""
    assert ("Σειρά σας" in status) if bob_moves else ("Παίζει" in status)
    await page.screenshot(path=str(SHOTS / "page-portes-phone-el.png"))


async def tap_a_play(page: Any) -> None:
    """Tap a source, then a destination (one that hits or pins when there is one), until Confirm shows."""
    while await page.locator("#confirm").is_hidden():
        hitting = page.locator("#hits rect.hit.dst[data-hit]")
        for i in range(await page.locator("#hits rect.hit.src").count()):
            await page.locator("#hits rect.hit.src").nth(i).click()
            if await hitting.count():
                break
            await page.locator("#undo").click()  # Undo first lets go of the checker picked
        else:
            await page.locator("#hits rect.hit.src").first.click()
        await (hitting.first if await hitting.count() else page.locator("#hits rect.hit.dst").first).click()
        await page.wait_for_function("() => !document.querySelector('#hits rect.hit.sel')")


async def play_by_taps(page: Any, service: Service, gid: str, turns: int = 400) -> tuple[int, int]:
    """Tap checkers and destinations until the game ends; returns the plays confirmed and the boards seen with
    a pinned checker."""
    confirmed = pinned = 0
    for _ in range(turns):
        record = await service.store.games.get(gid)
        if game_of(record).phase == "over":
            return confirmed, pinned
        await page.wait_for_selector("#hits rect.hit.src, #status")
        if await page.locator("#hits rect.hit.src").count() == 0:
            await page.wait_for_timeout(200)
            continue
        pinned += await page.locator("#board svg [data-pinned]").count() > 0
        await tap_a_play(page)
        version = await page.locator("#board svg").get_attribute("data-version")
        await page.locator("#confirm").click()
        await page.wait_for_function(CHANGED, arg=version)
        confirmed += 1
    raise AssertionError("the game did not end")


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "mark"), [("portes", "*"), ("plakoto", "*"), ("fevga", ""), ("gulbara", "")])
async def test_a_whole_game_against_the_computer_by_taps(variant: str, mark: str, service: Service,
                                                         server: TestServer, browser: Any, clock: Clock,
                                                         posted: Posted) -> None:
    """One game of each kind of play (tawula by link below): portes with hits, plakoto with pins (marked `*`),
    fevga's blocks and gul bara's cascades. Tapa, mahbusa and tabla draw and move as plakoto and portes do; their
    whole games are played through the service and the chats (tests/bot/test_games.py)."""
    gid = (await service.handle(Caller(ANA, PRIVATE), f"/play ai {variant} to 1")).game_id
    assert gid
    page = await open_page(browser, server, ANA, clock, gid)
    plays, pinned = await play_by_taps(page, service, gid)
    record = await service.store.games.get(gid)
    # a whole game of several taps: three at least (gul bara's cascades can end a game within four of the
    # player's own turns, most of them blocked)
    assert record.result is not None and plays >= 3
    if variant == "plakoto":
        assert pinned > 0, "a pinned checker was drawn on the page"
    assert len(posted.notices) == plays and all(n.chat == PRIVATE for n in posted.notices)
    log = await service.store.games.log(gid)
    assert any(mark in e.play for e in log if e.play not in ("opening", "pass")), "a hit or a pin in the game"
    if variant == "gulbara":  # a cascade: the same side played two stages in a row
        plays = [e for e in log if e.play != "opening"]
        assert any(a.side == b.side for a, b in itertools.pairwise(plays))
    assert "over" in (await page.locator("#status").text_content() or "").lower() or \
        await page.locator("#hits rect.hit.src").count() == 0


@pytest.mark.parametrize("live", ["sse", "poll"])
async def test_the_other_player_sees_the_move_live(live: str, service: Service, server: TestServer, browser: Any,
                                                   clock: Clock) -> None:
    """The opponent's page shows the move without reloading: by server-sent events, or, where the stream is
    refused (here: cut off by the browser), by polling."""
    gid = await two_player_game(service)
    record = await service.store.games.get(gid)
    ana = await service.store.players.find("telegram", ANA.user_id)
    assert ana is not None
    ana_moves = game_of(record).turn.value == ("white" if record.players[0] == ana.id else "black")
    me, other = (ANA, BOB) if ana_moves else (BOB, ANA)
    mover_page = await open_page(browser, server, me, clock, gid)
    watcher = await browser.new_page(viewport=PHONE)
    if live == "poll":
        await watcher.route("**/api/events*", lambda route: route.abort())
    await open_page(browser, server, other, clock, gid, page=watcher)
    await watcher.wait_for_function(f"() => document.body.dataset.live === '{live}'")
    assert await watcher.locator("#hits rect.hit.src").count() == 0
    assert await watcher.locator("#confirm").is_hidden()
    before = await watcher.locator("#board svg").get_attribute("data-version")
    await tap_a_play(mover_page)
    await mover_page.locator("#confirm").click()
    await watcher.wait_for_function(CHANGED, arg=before, timeout=10_000)
    await watcher.wait_for_selector("#hits rect.hit.src")  # now the watcher's turn, without reloading
    assert await watcher.evaluate("document.body.dataset.live") == live


@pytest.mark.slow
async def test_a_whole_tawula_game_by_signed_link(service: Service, server: TestServer, browser: Any,
                                                  clock: Clock, posted: Posted) -> None:
    """Discord's "Open the board" link: no Telegram, a token for one player and one game; the waiting checkers
    enter from the tray (R-ENTER-2)."""
    dora, channel = Identity("discord", "555", "Dora"), Chat("discord", "chan-1")
    gid = (await service.handle(Caller(dora, channel), "/play ai tawula to 1")).game_id
    assert gid
    player = await service.store.players.find("discord", "555")
    record = await service.store.games.get(gid)
    assert player is not None and record.deadline is not None
    token = sign_link(SECRET, player.id, gid, record.deadline)
    page = await browser.new_page(viewport=DESKTOP)

    async def outside_telegram(route: Any, request: Any) -> None:  # the real script, opened in a browser
        await route.fulfill(status=200, content_type="application/javascript",
                            body="window.Telegram={WebApp:{initData:'',initDataUnsafe:{},ready:function(){},"
                                 "expand:function(){}}};")

    await page.route(TELEGRAM_JS, outside_telegram)
    await page.goto(str(server.make_url(f"/?t={token[:-3]}xyz")))
    await page.wait_for_function("() => document.getElementById('status').className === 'error'")
    assert "signature" in (await page.locator("#status").text_content() or "")
    await page.goto(str(server.make_url(f"/?t={token}")))
    await page.wait_for_selector("#board svg")
    plays, _ = await play_by_taps(page, service, gid)
    assert (await service.store.games.get(gid)).result is not None and plays > 5
    assert {n.chat for n in posted.notices} == {channel}


async def sizes(page: Any, selector: str) -> list[tuple[float, float]]:
    return [(b["width"], b["height"]) for b in
            [await e.bounding_box() for e in await page.locator(selector).all() if await e.is_visible()] if b]


async def test_every_touch_target_is_44_px_on_a_phone(service: Service, server: TestServer, browser: Any,
                                                      clock: Clock) -> None:
    """At 390×844 a point's column is about 25 px wide: each place that can be tapped has a hit area of at least
    44×44 CSS px around its column, and a tap beside a narrow column, within that area, still picks it."""
    gid = (await service.handle(Caller(ANA, PRIVATE), "/play ai portes")).game_id
    assert gid
    page = await open_page(browser, server, ANA, clock, gid)
    await page.wait_for_selector("#hits rect.hit.src")
    columns = await sizes(page, "#hits rect.mark.src")
    assert columns and min(w for w, _ in columns) < 44, "the phone's columns are narrower than a finger"
    targets = await sizes(page, "#hits rect.hit.src")
    assert len(targets) == len(columns) and all(w >= 44 and h >= 44 for w, h in targets), targets
    # a tap 18 px right of a source column's centre (outside its ~25 px column) picks that source, unless
    # another candidate's column is nearer
    hits = page.locator("#hits rect.hit.src")
    marks = page.locator("#hits rect.mark.src")
    boxes = [await marks.nth(i).bounding_box() for i in range(await marks.count())]
    for i, box in enumerate(boxes):
        x, y = box["x"] + box["width"] / 2 + 18, box["y"] + box["height"] / 2
        if x <= box["x"] + box["width"] or any(o["x"] <= x + 13 and x - 13 <= o["x"] + o["width"]
                                               for j, o in enumerate(boxes) if j != i):
            continue
        point = await hits.nth(i).get_attribute("data-point")
        await page.mouse.click(x, y)
        assert await page.locator("#hits rect.hit.sel").get_attribute("data-point") == point
        break
    else:
        raise AssertionError("no source stands apart from the others")
    targets = await sizes(page, "#hits rect.hit.dst")
    assert targets and all(w >= 44 and h >= 44 for w, h in targets), targets
    buttons = await sizes(page, "button")
    assert buttons and all(w >= 44 and h >= 44 for w, h in buttons), buttons
    await page.locator("#hits rect.hit.dst").first.click()
    await page.wait_for_selector("#undo:visible")
    buttons = await sizes(page, "button")
    assert all(w >= 44 and h >= 44 for w, h in buttons), buttons


async def test_a_group_game_by_the_direct_link(service: Service, server: TestServer, browser: Any,
                                               clock: Clock) -> None:
    """A group board's link opens the bot's direct-link Mini App: Telegram loads the page with the game only in
    `start_param` (initData and `tgWebAppStartParam`). The player to move plays, the opponent and a member who
    is not in the game look on read-only and both see the move live; the member's confirm is refused."""
    gid = await two_player_game(service)
    me, other = await mover(service, gid)
    path = f"/?tgWebAppStartParam={gid}"
    pages = {who.name: await open_page(browser, server, who, clock, gid, start_param=gid, path=path)
             for who in (me, other, EVE)}
    await pages[me.name].wait_for_selector("#hits rect.hit.src")
    for name in (other.name, EVE.name):
        page = pages[name]
        await page.wait_for_function("() => document.body.dataset.live === 'sse'")
        assert await page.locator("#hits rect.hit.src").count() == 0
        assert await page.locator("#choices button").count() == 0
        assert await page.locator("#confirm").is_hidden() and await page.locator("#undo").is_hidden()
        assert me.name in (await page.locator("#status").text_content() or "")  # "<mover> to move"
    assert await pages[other.name].evaluate("document.documentElement.lang") == (other.language or "en")
    record = await service.store.games.get(gid)
    refused = await pages[EVE.name].evaluate(
        """([game, version]) => fetch('/api/confirm', {method: 'POST', headers: {'Content-Type': 'application/json',
             Authorization: 'tma ' + Telegram.WebApp.initData}, body: JSON.stringify({game, version, picked: '681'})})
           .then(r => r.json().then(b => [r.status, b.error]))""", [gid, record.version])
    assert refused == [403, page_words("en")["only_players"]]
    before = await pages[EVE.name].locator("#board svg").get_attribute("data-version")
    await tap_a_play(pages[me.name])
    await pages[me.name].locator("#confirm").click()
    for name in (other.name, EVE.name):
        await pages[name].wait_for_function(CHANGED, arg=before, timeout=10_000)
    await pages[other.name].wait_for_selector("#hits rect.hit.src")  # the opponent's turn now
    assert await pages[EVE.name].locator("#hits rect.hit.src").count() == 0
    assert (await service.store.games.get(gid)).version > record.version
    stranger = await open_page(browser, server, EVE, clock, gid, path=f"/?game={gid}", wait=False)
    await stranger.wait_for_function("() => document.getElementById('status').className === 'error'")
    assert "not a player" in (await stranger.locator("#status").text_content() or "")


async def test_a_page_opened_outside_the_chat_says_so_in_the_browsers_language(server: TestServer,
                                                                              browser: Any) -> None:
    page = await browser.new_page(viewport=PHONE, locale="bg-BG")

    async def outside_telegram(route: Any, request: Any) -> None:
        await route.fulfill(status=200, content_type="application/javascript",
                            body="window.Telegram={WebApp:{initData:'',initDataUnsafe:{},ready:function(){},"
                                 "expand:function(){}}};")

    await page.route(TELEGRAM_JS, outside_telegram)
    await page.goto(str(server.make_url("/")))
    await page.wait_for_function("() => document.documentElement.lang === 'bg'")
    assert await page.locator("#status").text_content() == page_words("bg")["from_chat"]


async def test_a_step_the_server_cannot_answer_lets_go_of_the_checker(service: Service, server: TestServer,
                                                                      browser: Any, clock: Clock) -> None:
    """A store that does not answer in time (503) or a lost connection during a tap: the page says so, keeps
    the moves made so far, lets go of the checker picked, and the next tap works."""
    gid = (await service.handle(Caller(ANA, PRIVATE), "/play ai portes")).game_id
    assert gid
    page = await open_page(browser, server, ANA, clock, gid)
    failing = {"n": 2}

    async def flaky(route: Any, request: Any) -> None:
        if "picked=&" not in request.url + "&" and failing["n"] > 0:
            failing["n"] -= 1
            if failing["n"]:
                await route.fulfill(status=503, content_type="application/json",
                                    body='{"error": "the game store is not answering"}')
            else:
                await route.abort()
            return
        await route.continue_()

    await page.route("**/api/state?*", flaky)
    for expected in ("not answering", "No connection"):
        await page.locator("#hits rect.hit.src").first.click()
        await page.locator("#hits rect.hit.dst").first.click()
        await page.wait_for_function("() => document.getElementById('status').className === 'error'")
        assert expected in (await page.locator("#status").text_content() or "")
        assert await page.locator("#hits rect.hit.sel").count() == 0
        assert await page.locator("#hits rect.hit.src").count() > 0 and await page.locator("#undo").is_hidden()
    await tap_a_play(page)
    assert await page.locator("#confirm").is_visible()


async def test_a_double_from_one_page_and_a_take_from_the_other(service: Service, server: TestServer,
                                                                browser: Any, clock: Clock) -> None:
    """R-CUBE-2, R-CUBE-3 by taps: Ana, asked to roll or double, doubles from her page; Bob's page follows live
    and offers Take and Drop with what each is worth; he takes, and Ana's page goes on to her roll. Every cube
    button is a touch target of at least 44 × 44 px on a phone."""
    await service.handle(Caller(BOB, Chat("telegram", BOB.user_id, private=True)), "/lang en")
    gid = await two_player_game(service, "tapa cube=on")
    await put(service.store, gid, tpn(START), Cube(), now=clock())  # Ana (white, the challenger) to roll or double
    ana = await open_page(browser, server, ANA, clock, gid)
    bob = await open_page(browser, server, BOB, clock, gid)
    await ana.wait_for_selector("#asks button[data-verb=double]")
    assert [await b.text_content() for b in await ana.locator("#asks button").all()] == ["Roll", "Double"]
    assert (await ana.locator("#status").text_content() or "").startswith("Your turn: roll, or double to 2.")
    assert all(w >= 44 and h >= 44 for w, h in await sizes(ana, "#asks button"))
    assert await ana.locator("#hits rect.hit").count() == 0 and await ana.locator("#confirm").is_hidden()
    await bob.wait_for_function("() => document.body.dataset.live === 'sse'")
    assert await bob.locator("#asks button").count() == 0
    assert await bob.locator("#status").text_content() == "Ana to roll or double."
    SHOTS.mkdir(parents=True, exist_ok=True)
    await ana.screenshot(path=str(SHOTS / "page-cube-decide-phone.png"))
    before = await bob.locator("#board svg").get_attribute("data-version")
    await ana.locator("#asks button[data-verb=double]").click()
    await bob.wait_for_function(CHANGED, arg=before, timeout=10_000)
    await bob.wait_for_selector("#asks button[data-verb=take]")
    assert [await b.text_content() for b in await bob.locator("#asks button").all()] == ["Take", "Drop"]
    assert all(w >= 44 and h >= 44 for w, h in await sizes(bob, "#asks button"))
    assert (await bob.locator("#status").text_content() or "").startswith("Ana doubles to 2: take or drop?")
    assert await bob.locator("#worth p").all_text_contents() == [
        "Take: the cube goes to 2 and is yours.", "Drop: the game ends, 1 point to Ana."]
    await ana.wait_for_function("() => document.querySelectorAll('#asks button').length === 0")
    assert await ana.locator("#status").text_content() == "Bob to take or drop 2."
    await bob.screenshot(path=str(SHOTS / "page-cube-answer-phone.png"))
    before = await ana.locator("#board svg").get_attribute("data-version")
    await bob.locator("#asks button[data-verb=take]").click()
    await ana.wait_for_function(CHANGED, arg=before, timeout=10_000)
    game = game_of(await service.store.games.get(gid))
    assert game.cube == Cube(2, Side.BLACK) and game.turn is Side.WHITE and game.phase == "move"
    await ana.wait_for_selector("#hits rect.hit.src")  # the doubler's roll follows at once (R-CUBE-3)
    await bob.wait_for_function("() => document.querySelectorAll('#asks button').length === 0")
    assert await bob.locator("#worth p").count() == 0
