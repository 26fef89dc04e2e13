"""Board page benchmark, in headless Chromium (Debian's `chromium`, driven by Playwright) against the page
served as `tabla run` serves it, on the local Redis:

- `page_kb`: bytes transferred to open the page and draw the first board (HTML, script, style, the first
  state with its SVG board; Telegram's own script is left out: it is Telegram's and cached by its clients, and
  so is the live stream, `/api/events`, which stays open);
- `first_paint_ms`, `board_ms`: from navigation start to the first contentful paint, and to the board drawn
  (median over `RUNS` page loads);
- `tap_p50_ms`, `tap_p95_ms`: a tap on a destination → the server's answer → the new board in the page, over
  `TAPS` single moves and undos in a game of portes against the computer;
- `live_p50_ms`, `live_p95_ms`: a move made through the service (as a button press in the chat would make it)
  → the server-sent event → the new board on a watching page, over `LIVE` turns of a two-player game (the
  stream reads the store once a second, so about half a second is expected).

Prints a JSON object as the last line.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import sys
import time
import uuid
from typing import Any

_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _HERE]
sys.path.insert(0, os.path.dirname(_HERE))

from bench.percentile import pct  # noqa: E402

REDIS = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/0")
CHROMIUM = os.environ.get("TABLA_CHROMIUM", "/usr/bin/chromium")
RUNS = int(os.environ.get("BENCH_RUNS", "5"))
TAPS = int(os.environ.get("BENCH_TAPS", "60"))
LIVE = int(os.environ.get("BENCH_LIVE", "20"))
TOKEN = "123456:bench-token"
TELEGRAM_JS = "https://telegram.org/js/telegram-web-app.js"

TAP = """async () => {
  const board = document.getElementById('board');
  const src = document.querySelector('#hits rect.hit.src');
  if (!src) { return null; }
  const s = src.getBoundingClientRect();
  src.dispatchEvent(new MouseEvent('click', {bubbles: true, clientX: s.x + s.width / 2, clientY: s.y + s.height / 2}));
  const pick = document.querySelector('#hits rect.hit.dst') || null;
  if (!pick) { return null; }
  const r = pick.getBoundingClientRect();
  const changed = new Promise(ok => new MutationObserver((m, o) => { o.disconnect(); ok(); })
    .observe(board, {childList: true}));
  const t0 = performance.now();
  pick.dispatchEvent(new MouseEvent('click', {bubbles: true, clientX: r.x + r.width / 2, clientY: r.y + r.height / 2}));
  await changed;
  await new Promise(ok => requestAnimationFrame(() => ok()));
  return performance.now() - t0;
}"""

UNDO = """async () => {
  const board = document.getElementById('board');
  const undo = document.getElementById('undo');
  if (undo.hidden) { return null; }
  const changed = new Promise(ok => new MutationObserver((m, o) => { o.disconnect(); ok(); })
    .observe(board, {childList: true}));
  const t0 = performance.now();
  undo.click();
  await changed;
  await new Promise(ok => requestAnimationFrame(() => ok()));
  return performance.now() - t0;
}"""


async def live_turns(browser: Any, server: Any, service: Any, stub_for: Any) -> list[float]:
    """Milliseconds from a move made through the service to the new board on a group member's watching page."""
    from bot.actions import Action, Verb
    from bot.gamestate import game_of
    from bot.replies import Caller, Chat, Identity
    from bot.views import pack_moves
    from game import build

    group = Chat("telegram", "-100777")
    ana, bob, eve = (Identity("telegram", str(i), n, username=n.lower(), language="en")
                     for i, n in ((61, "Ana"), (62, "Bob"), (63, "Eve")))
    for who in (ana, bob, eve):
        await service.remember(who)
    assert (await service.handle(Caller(ana, group), "/challenge @bob portes to 25")).ok
    gid = (await service.handle(Caller(bob, group), "/accept")).game_id
    assert gid
    page = await browser.new_page(viewport={"width": 390, "height": 844})

    async def fake(route: Any, request: Any) -> None:
        await route.fulfill(status=200, content_type="application/javascript", body=stub_for(63, gid))

    await page.route(TELEGRAM_JS, fake)
    await page.goto(str(server.make_url("/")))
    await page.wait_for_function("() => document.body.dataset.live === 'sse'")
    took: list[float] = []
    jitter = random.Random(7)
    ana_id = (await service.store.players.find("telegram", "61")).id
    while len(took) < LIVE:
        record = await service.store.games.get(gid)
        game = game_of(record)
        if game.outcome is not None or game.dice is None:
            break
        white = record.players[0] == ana_id
        who = ana if (game.turn.value == "white") == white else bob
        picked: list[tuple[int, int, int]] = []
        while True:
            st = build(game.position, game.dice, picked)
            if st.play is not None and not st.next:
                break
            picked.append(st.next[0].pick)
        before = await page.locator("#board svg").get_attribute("data-version")
        t0 = time.perf_counter()
        data = Action(Verb.CONFIRM, gid, record.version, pack_moves(picked)).pack()
        reply = await service.press(Caller(who, group), data)  # as a chat's Confirm button
        if not reply.ok:
            break
        await page.wait_for_function("(v) => document.querySelector('#board svg').dataset.version !== v",
                                     arg=before, polling="raf")
        took.append((time.perf_counter() - t0) * 1000)
        await page.wait_for_timeout(jitter.uniform(100, 1100))  # moves at any moment of the stream's second
    await page.close()
    return took


async def main() -> dict[str, Any]:
    from aiohttp.test_utils import TestServer
    from playwright.async_api import async_playwright

    from bot.boardpage.auth import sign_init_data
    from bot.replies import Caller, Chat, Identity
    from bot.service import Service
    from bot.web.server import make_app
    from storage import connect

    prefix = f"bench-page-{uuid.uuid4().hex[:8]}"
    store = await connect(REDIS, prefix=prefix)
    service = Service(store, render=None)
    ana = Identity("telegram", "42", "Ana", language="en")
    gid = (await service.handle(Caller(ana, Chat("telegram", "42", private=True)), "/play ai portes to 1")).game_id
    assert gid
    server = TestServer(make_app(service, telegram_token=TOKEN, link_secret=None), host="127.0.0.1")
    await server.start_server()
    init = sign_init_data({"user": json.dumps({"id": 42, "first_name": "Ana"}), "auth_date": str(int(time.time()))},
                          TOKEN)
    stub = ("window.Telegram={WebApp:{initData:" + json.dumps(init) + ",initDataUnsafe:{},ready:function(){},"
            "expand:function(){}}};")

    def stub_for(user: int, game_id: str) -> str:
        data = sign_init_data({"user": json.dumps({"id": user, "first_name": "Eve"}),
                               "auth_date": str(int(time.time())), "start_param": game_id}, TOKEN)
        return ("window.Telegram={WebApp:{initData:" + json.dumps(data) + ",initDataUnsafe:" +
                json.dumps({"start_param": game_id}) + ",ready:function(){},expand:function(){}}};")

    loads: list[tuple[float, float]] = []
    weights: list[int] = []
    taps: list[float] = []
    live: list[float] = []
    try:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            for _ in range(RUNS):
                context = await browser.new_context(viewport={"width": 390, "height": 844})
                page = await context.new_page()
                sizes: list[int] = []

                async def fake(route: Any, request: Any) -> None:
                    await route.fulfill(status=200, content_type="application/javascript", body=stub)

                async def count(response: Any, sizes: list[int] = sizes) -> None:
                    if response.url != TELEGRAM_JS and "/api/events" not in response.url:  # the open stream
                        sizes.append(len(await response.body()))

                await page.route(TELEGRAM_JS, fake)
                page.on("response", count)
                await page.goto(str(server.make_url(f"/?game={gid}")))
                await page.wait_for_selector("#board svg")
                await page.wait_for_timeout(100)
                paint, board = await page.evaluate("""() => {
                  const p = performance.getEntriesByName('first-contentful-paint')[0];
                  const b = performance.getEntriesByName('tabla-board')[0];
                  return [p ? p.startTime : NaN, b ? b.startTime : NaN]; }""")
                loads.append((paint, board))
                weights.append(sum(sizes))
                if not taps:
                    while len(taps) < TAPS:
                        took = await page.evaluate(TAP)
                        if took is None:
                            if await page.locator("#confirm").is_visible():
                                await page.locator("#confirm").click()
                                await page.wait_for_timeout(300)
                                continue
                            break
                        taps.append(took)
                        undone = await page.evaluate(UNDO)
                        if undone is not None:
                            taps.append(undone)
                        await page.evaluate(TAP)
                await context.close()
            live = await live_turns(browser, server, service, stub_for)
            await browser.close()
    finally:
        await server.close()
        keys = [k async for k in store.client.scan_iter(match=f"{prefix}:*", count=1000)]
        if keys:
            await store.client.delete(*keys)
        service.close()
        await store.aclose()
    return {
        "page_kb": round(statistics.median(weights) / 1024, 1),
        "first_paint_ms": round(statistics.median(p for p, _ in loads), 1),
        "board_ms": round(statistics.median(b for _, b in loads), 1),
        "tap_p50_ms": round(pct(taps, 0.5), 1),
        "tap_p95_ms": round(pct(taps, 0.95), 1),
        "taps": len(taps),
        "live_p50_ms": round(pct(live, 0.5), 1),
        "live_p95_ms": round(pct(live, 0.95), 1),
        "live_turns": len(live),
        "runs": RUNS,
    }


if __name__ == "__main__":
    print(json.dumps(asyncio.run(main())))
