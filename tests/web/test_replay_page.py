"""The replay page in headless Chromium: a finished game opened from its link, stepped through by keys, the
buttons, a tap and a swipe, an error's better play drawn as arrows, the luck of a roll, the dice each turn rolled
and the cube, a Gul Bara cascade stage by stage; at phone and desktop width, and in Greek."""

from __future__ import annotations

import itertools
from typing import Any

from aiohttp.test_utils import TestServer

from bot import replays
from bot.replies import Caller, Chat
from bot.service import Service
from game import CubeAction, Position, Variant
from tests.bot.conftest import Clock

from .browser import DESKTOP, PHONE, SHOTS, TELEGRAM_JS, telegram_stub
from .conftest import ANA, EVE, init_data
from .replay_game import cascade_game, cube_game, finished_game

TURN = "(n) => document.querySelector('#board svg').getAttribute('data-turn') === String(n)"


async def open_replay(browser: Any, server: TestServer, who: Any, clock: Clock, path: str, *,
                      viewport: dict[str, int] = PHONE, start_param: str | None = None) -> Any:
    """The page of `who` (Telegram's script stubbed with their signed initData) opened at `path`."""
    context = await browser.new_context(viewport=viewport, has_touch=viewport is PHONE)
    page = await context.new_page()
    extra = {"start_param": start_param} if start_param else {}
    stub = telegram_stub(init_data(who, clock(), **extra), start_param)

    async def fake_telegram(route: Any, request: Any) -> None:
        await route.fulfill(status=200, content_type="application/javascript", body=stub)

    await page.route(TELEGRAM_JS, fake_telegram)
    await page.goto(str(server.make_url(path)))
    await page.wait_for_selector("#board svg")
    return page


async def swipe(page: Any, dx: int) -> None:
    """A one-finger swipe of `dx` CSS px across the board's middle (Chromium's touch events)."""
    await page.evaluate("""(dx) => {
        const b = document.getElementById('board'), r = b.getBoundingClientRect();
        const x = r.left + r.width / 2, y = r.top + r.height / 2;
        const t = (cx) => new Touch({identifier: 1, target: b, clientX: cx, clientY: y});
        b.dispatchEvent(new TouchEvent('touchstart', {touches: [t(x)], changedTouches: [t(x)], bubbles: true}));
        b.dispatchEvent(new TouchEvent('touchend', {touches: [], changedTouches: [t(x + dx)], bubbles: true,
                                                    cancelable: true}));
    }""", dx)


async def test_a_finished_game_stepped_through_with_its_errors_and_luck(service: Service, server: TestServer,
                                                                        browser: Any, clock: Clock) -> None:
    gid = await finished_game(service)
    found = await replays.replay(service, gid, "en")
    assert found is not None and found.errors()
    error = found.errors()[0] + 1  # the frame after the error turn
    SHOTS.mkdir(parents=True, exist_ok=True)
    for name, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page = await open_replay(browser, server, ANA, clock, f"/replay?game={gid}", viewport=viewport)
        assert "starting position" in (await page.locator("#status").text_content() or "")
        assert await page.locator("#turns button").count() == len(found.turns)
        assert await page.locator("#turns button[data-error]").count() == len(found.errors())
        await page.keyboard.press("ArrowRight")
        await page.wait_for_function(TURN, arg=1)
        await page.locator("#next").click()
        await page.wait_for_function(TURN, arg=2)
        await page.keyboard.press("ArrowLeft")
        await page.wait_for_function(TURN, arg=1)
        if viewport is PHONE:
            await swipe(page, -120)  # a swipe to the left: forward
            await page.wait_for_function(TURN, arg=2)
            await swipe(page, 120)
            await page.wait_for_function(TURN, arg=1)
        box = await page.locator("#board").bounding_box()
        await page.mouse.click(box["x"] + box["width"] * 0.9, box["y"] + box["height"] / 2)  # the right third
        await page.wait_for_function(TURN, arg=2)
        await page.locator("#turns button[data-error]").first.click()
        await page.wait_for_function(TURN, arg=error)
        assert await page.locator("#error").is_visible()
        turn = found.turns[error - 1]
        assert turn.best in (await page.locator("#error-text").text_content() or "")
        luck = await page.locator("#luck").text_content() or ""
        assert luck.startswith("Luck of the roll:") and f"{turn.luck:+.3f}" in luck
        await page.locator("#better").click()
        await page.wait_for_selector("#board svg[data-better]")
        assert await page.locator("#board svg .arrow").count() >= 1
        assert f"better {turn.best}" in (await page.locator("#board svg").inner_html())
        width = await page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"], f"the replay scrolls sideways at {name} size"
        for button in await page.locator("#steps button, #better").all():
            b = await button.bounding_box()
            assert b["height"] >= 44 and b["width"] >= 44
        await page.screenshot(path=str(SHOTS / f"replay-{name}.png"), full_page=True)
        await page.keyboard.press("b")  # back to the play made
        await page.wait_for_function("() => !document.querySelector('#board svg[data-better]')")
        await page.keyboard.press("End")
        await page.wait_for_function(TURN, arg=len(found.turns))
        assert await page.locator("#next").is_disabled()
        await page.context.close()


async def test_a_groups_link_opens_the_replay_in_greek(service: Service, server: TestServer, browser: Any,
                                                       clock: Clock) -> None:
    """A watcher opens the group's Mini App link (`startapp=replay_<id>`) at `/`, which hands it on to the
    replay; their language is Greek."""
    gid = await finished_game(service, turns=3)
    await service.handle(Caller(EVE, Chat("telegram", EVE.user_id, private=True)), "/lang el")
    page = await open_replay(browser, server, EVE, clock, "/", start_param=f"replay_{gid}")
    await page.wait_for_function("() => document.documentElement.lang === 'el'")
    assert page.url.split("?")[0].endswith("/replay")
    assert "Η αρχική θέση" in (await page.locator("#status").text_content() or "")
    await page.keyboard.press("End")
    await page.wait_for_function(TURN, arg=len((await replays.replay(service, gid, "el")).turns))  # type: ignore[union-attr]
    await page.screenshot(path=str(SHOTS / "replay-phone-el.png"), full_page=True)


DICE = "() => Array.from(document.querySelectorAll('#board svg g.die')).map(d => +d.dataset.value)"
CUBE = "() => Array.from(document.querySelectorAll('#board svg text.cube')).map(t => t.textContent)"


async def test_R_CUBE_8_each_board_shows_the_dice_rolled_and_the_cube(service: Service, server: TestServer,
                                                                      browser: Any, clock: Clock) -> None:
    """Stepped through turn by turn, each board draws the dice its turn rolled (the opening roll's, each side's
    die in its half) and the cube where that turn left it: in the middle at 1, offered at 2 on the double
    (R-CUBE-2), the taker's at 2 after the take (R-CUBE-3); the turns of a cube action are marked in the turn
    list."""
    gid = await cube_game(service, CubeAction.TAKE)
    found = await replays.replay(service, gid, "en")
    assert found is not None
    page = await open_replay(browser, server, ANA, clock, f"/replay?game={gid}", viewport=DESKTOP)
    assert await page.evaluate(CUBE) == ["1"] and await page.evaluate(DICE) == []
    assert await page.locator("#cube").text_content() == "Cube: 1, in the middle."
    marked = page.locator("#turns button[data-cube]")
    assert [await b.get_attribute("data-cube") for b in await marked.all()] == [CubeAction.DOUBLE.value,
                                                                                 CubeAction.TAKE.value]
    shot = 0
    for i, turn in enumerate(found.turns, 1):  # the last board too: its result is said beside it
        await page.keyboard.press("ArrowRight")
        await page.wait_for_function(TURN, arg=i)
        assert await page.evaluate(DICE) == list(turn.rolled or turn.opening or ()), turn  # R-OPEN-1: both
        assert turn.cube is not None
        shown = turn.cube.offered_value if turn.cube.offered else turn.cube.value
        assert await page.evaluate(CUBE) == [str(shown)], turn
        assert (await page.locator("#cube").text_content() or "").startswith(f"Cube: {turn.cube.value}")
        action = await page.locator("#board svg").get_attribute("data-action")
        assert action == (turn.action.value if turn.action else None)
        if turn.rolled and turn.cube.value > 1 and not shot:
            shot = i
            await page.screenshot(path=str(SHOTS / "replay-cube.png"), full_page=True)
        assert await page.locator("#result").is_visible() == (i == len(found.turns)), i
    assert shot, "a board with the dice and the cube taken"
    assert found.outcome is not None and found.outcome.winner is not None
    assert (await page.locator("#result").text_content() or "").startswith(f"{found.names[found.outcome.winner]} wins")
    await page.screenshot(path=str(SHOTS / "replay-end.png"), full_page=True)
    await page.context.close()
    page = await open_replay(browser, server, ANA, clock, f"/replay?game={gid}&turn={shot}")  # on a phone
    await page.wait_for_function(TURN, arg=shot)
    assert await page.evaluate(DICE) == list(found.turns[shot - 1].rolled or ())
    width = await page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], "the replay scrolls sideways on a phone"
    await page.screenshot(path=str(SHOTS / "replay-cube-phone.png"))
    await page.context.close()
    end = len(found.turns)
    page = await open_replay(browser, server, ANA, clock, f"/replay?game={gid}&turn={end}")  # the end, on a phone
    await page.wait_for_function(TURN, arg=end)
    assert await page.locator("#result").is_visible()
    assert await page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    await page.screenshot(path=str(SHOTS / "replay-end-phone.png"))
    await page.context.close()


async def test_R_GULBARA_3_a_cascade_is_stepped_through_stage_by_stage(service: Service, server: TestServer,
                                                                        browser: Any, clock: Clock) -> None:
    """Each stage of a cascade is a step of its own: its board draws the stage's dice and its play, and the
    stage still to come (R-GULBARA-3)."""
    gid = await cascade_game(service)
    found = await replays.replay(service, gid, "en")
    assert found is not None
    stages = [i for i, (a, b) in enumerate(itertools.pairwise(found.turns), 1)
              if a.side is b.side and a.rolled and b.rolled and b.play != "resign"
              and _pending(a.after, found.variant)]
    assert stages, "two stages in a row"
    first = stages[-1]  # the index (from 1) of a stage another followed without a roll
    page = await open_replay(browser, server, ANA, clock, f"/replay?game={gid}&turn={first}", viewport=DESKTOP)
    await page.wait_for_function(TURN, arg=first)
    for i in (first, first + 1):
        if i != first:
            await page.keyboard.press("ArrowRight")
            await page.wait_for_function(TURN, arg=i)
        turn = found.turns[i - 1]
        assert await page.evaluate(DICE) == list(turn.rolled or ()), turn
        assert f"played {turn.play}" in await page.locator("#board svg").inner_html()
        pending = await page.locator("#board svg text.stage").count()
        assert bool(pending) == _pending(turn.after, found.variant), "the stage still to play, if any"
    await page.context.close()


def _pending(tpn: str, variant: Variant) -> bool:
    """The position leaves its side to move a cascade stage to play without rolling (R-GULBARA-6)."""
    cascade = Position.from_tpn(tpn, variant).cascade
    return cascade is not None and cascade.pending
