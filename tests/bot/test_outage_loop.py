"""The deadline loop through an outage of the store (N4, N5): one warning line when the store goes away and one
when it is back, never a traceback; and the computer's reply promised during the outage follows within seconds
of the store answering again, not a check interval later."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from bot import runner
from bot.replies import Caller, Notice
from bot.service import Service
from storage import connect

from ..storage.servers import RedisProcess
from .conftest import ALICE, BOB, CHAT, Clock
from .proxy import Proxy
from .test_faults import alice_plays_the_computer, cut_after_the_first_step


async def test_the_loop_says_once_that_the_store_went_away_and_once_that_it_is_back(
        tmp_path: Path, prefix: str, clock: Clock, caplog: pytest.LogCaptureFixture) -> None:
    server = RedisProcess(tmp_path / "redis").start()
    store = await connect(server.url, prefix=prefix, operation_timeout=0.5)
    svc = Service(store, clock=clock, render=None)
    sent: list[Notice] = []

    async def route(notice: Notice) -> None:
        sent.append(notice)

    caplog.set_level(logging.DEBUG)
    loop = asyncio.create_task(runner.deadline_loop(svc, route, 0.2))
    try:
        await asyncio.sleep(0.5)
        server.stop()
        await asyncio.sleep(3.0)  # fifteen rounds of the loop while the store is down
        server.start()
        await asyncio.sleep(3.0)
        assert (await svc.handle(Caller(ALICE, CHAT), "/games")).ok  # and it all works again
    finally:
        loop.cancel()
        await asyncio.gather(loop, return_exceptions=True)
        svc.close()
        await store.aclose()
        server.stop()
    ours = [r for r in caplog.records if r.name.startswith(("bot", "storage"))]
    assert not [r for r in ours if r.exc_info], [r.getMessage() for r in ours if r.exc_info]
    warned = [r.getMessage() for r in ours if r.levelno >= logging.WARNING]
    assert len(warned) == 2, warned
    assert "does not answer" in warned[0] and "answers again" in warned[1], warned


async def test_the_computers_reply_follows_within_seconds_of_the_store_answering_again(
        redis_url: str, prefix: str, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    proxy = Proxy(redis_url)
    store = await connect(proxy.url, prefix=prefix, operation_timeout=1.0)
    svc = Service(store, clock=clock, render=None)
    for who in (ALICE, BOB):
        await svc.remember(who)
    sent: list[Notice] = []

    async def route(notice: Notice) -> None:
        sent.append(notice)

    loop = asyncio.create_task(runner.deadline_loop(svc, route, 30.0))  # checks every 30 s, as in production
    try:
        gid, move = await alice_plays_the_computer(svc)
        await asyncio.sleep(0.3)  # the loop's first round is over: it sleeps now
        cut_after_the_first_step(monkeypatch, store, proxy)
        promised = await svc.handle(Caller(ALICE, CHAT), move)
        monkeypatch.undo()
        assert "computer's reply" in promised.text, promised.text
        assert "within seconds of the store answering again" in promised.text, promised.text  # and so it does
        await asyncio.sleep(2.0)
        assert not sent  # still down
        proxy.restore()
        for _ in range(40):  # at most 4 s after the store answers again
            if sent:
                break
            await asyncio.sleep(0.1)
        assert [n.kind for n in sent] == ["resumed"] and f"#{gid}" in sent[0].reply.text
    finally:
        loop.cancel()
        await asyncio.gather(loop, return_exceptions=True)
        svc.close()
        await store.aclose()
        proxy.close()
