"""Live updates (`bot.web.live`): a stream on real Redis tells the page of a move made anywhere, closes when the
game ends or the server stops, and is bounded (server-sent events over aiohttp)."""

from __future__ import annotations

import asyncio
import json

from aiohttp import ClientResponse
from aiohttp.test_utils import TestClient, TestServer

from bot.actions import Action, Verb
from bot.boardpage.words import refusal
from bot.replies import Caller
from bot.service import Service
from bot.web.server import make_app
from tests.bot.conftest import Clock

from .conftest import EVE, GROUP, TOKEN, Posted, mover, two_player_game
from .test_api import full_play, tma


async def events(r: ClientResponse, want: int, timeout: float = 5.0) -> list[dict[str, int]]:
    """The first `want` `version` events of stream `r`."""
    got: list[dict[str, int]] = []
    buf = ""

    async def read() -> None:
        nonlocal buf
        while len(got) < want:
            chunk = await r.content.readany()
            assert chunk, f"the stream ended after {got}"
            buf += chunk.decode()
            while "\n\n" in buf:
                block, buf = buf.split("\n\n", 1)
                if block.startswith("event: version"):
                    got.append(json.loads(block.split("data: ", 1)[1]))

    await asyncio.wait_for(read(), timeout)
    return got


async def test_a_move_made_elsewhere_reaches_an_open_stream(service: Service, client: TestClient,
                                                            clock: Clock) -> None:
    gid = await two_player_game(service)
    me, other = await mover(service, gid)
    record = await service.store.games.get(gid)
    r = await client.get(f"/api/events?game={gid}&since={record.version}", headers=tma(other, clock))
    assert r.status == 200 and r.headers["Content-Type"] == "text/event-stream"
    watcher = await client.get(f"/api/events?game={gid}&since=0", headers=tma(EVE, clock, start_param=gid))
    assert await events(watcher, 1) == [{"version": record.version}], "a page behind hears at once"
    # the move made as another process would make it (a button press, through the service), not by this app
    data = Action(Verb.CONFIRM, gid, record.version, await full_play(service, gid)).pack()
    reply = await service.press(Caller(me, GROUP), data)
    assert reply.ok, reply.text
    after = await service.store.games.get(gid)
    assert (await events(r, 1))[0]["version"] == after.version
    assert (await events(watcher, 1))[0]["version"] == after.version
    r.close()
    watcher.close()


async def test_refusals_and_the_bound(service: Service, clock: Clock, posted: Posted) -> None:
    gid = await two_player_game(service)
    me, _ = await mover(service, gid)
    app = make_app(service, telegram_token=TOKEN, link_secret=None, clock=clock, deliver=posted, max_streams=1)
    async with TestClient(TestServer(app)) as c:
        assert (await c.get(f"/api/events?game={gid}")).status == 401
        assert (await c.get(f"/api/events?game={gid}", headers=tma(EVE, clock))).status == 403
        assert (await c.get(f"/api/events?game={gid}&since=x", headers=tma(me, clock))).status == 400
        first = await c.get(f"/api/events?game={gid}&since=0", headers=tma(me, clock))
        assert first.status == 200 and await events(first, 1)
        second = await c.get(f"/api/events?game={gid}", headers=tma(me, clock))
        assert (second.status, await second.json()) == (
            503, {"error": refusal(me.language or "en", "too many live pages: polling")})
        first.close()
        await asyncio.sleep(1.5)  # the server notices the page went away at its next tick
        third = await c.get(f"/api/events?game={gid}&since=0", headers=tma(me, clock))
        assert third.status == 200
        # the server's shutdown ends the open stream (TestClient's close would otherwise wait on it)


async def test_a_finished_game_ends_the_stream(service: Service, client: TestClient, clock: Clock) -> None:
    gid = await two_player_game(service)
    me, other = await mover(service, gid)
    r = await client.get(f"/api/events?game={gid}", headers=tma(other, clock))
    await events(r, 1)
    reply = await service.handle(Caller(me, GROUP), f"/resign yes {gid}")
    assert reply.ok, reply.text
    assert (await service.store.games.get(gid)).result is not None, "resigned"
    body = await asyncio.wait_for(r.content.read(), 5)  # to its end: the server closes the stream
    assert b"event: version" in body and r.content.at_eof()
