"""A computer's reply stored but never told, because the store stopped answering between storing it and the
answer (N4): the resumed game tells it, with the player's play it answers, once, even with two processes resuming
it at once."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from bot.replies import Caller, Notice
from bot.service import Service
from storage import MoveLogEntry, Store, StoreUnavailable, connect

from .conftest import ALICE, BOB, CHAT, Clock
from .proxy import Proxy
from .test_faults import alice_plays_the_computer


@pytest.fixture
def proxy(redis_url: str) -> Iterator[Proxy]:
    p = Proxy(redis_url)
    yield p
    p.close()


@pytest.fixture
async def proxied(proxy: Proxy, prefix: str, clock: Clock) -> AsyncIterator[Service]:
    store = await connect(proxy.url, prefix=prefix, operation_timeout=1.0)
    svc = Service(store, clock=clock, render=None)
    for who in (ALICE, BOB):
        await svc.remember(who)
    yield svc
    svc.close()
    proxy.restore()
    await store.aclose()


def lost_answer_after(monkeypatch: pytest.MonkeyPatch, store: Store, proxy: Proxy, command: str) -> None:
    """The next follow-up step of a command whose id starts with `command` is stored, and then the store stops
    answering: the write landed, its answer did not (a master failing over after writing)."""
    real = store.games.apply

    async def apply(*args: Any, **kwargs: Any) -> Any:
        result = await real(*args, **kwargs)
        if str(kwargs.get("command_id", "")).startswith(command) and not kwargs.get("remember", True):
            proxy.cut()
            raise StoreUnavailable("cut after the write")
        return result

    monkeypatch.setattr(store.games, "apply", apply)


def cut_after_resume(monkeypatch: pytest.MonkeyPatch, store: Store, proxy: Proxy) -> None:
    """A resume stores the computer's reply, and then the store stops answering before the resume is told."""
    real = store.games.apply

    async def apply(*args: Any, **kwargs: Any) -> Any:
        result = await real(*args, **kwargs)
        if str(kwargs.get("command_id", "")).startswith("resume:"):
            proxy.cut()
        return result

    monkeypatch.setattr(store.games, "apply", apply)


def plays_after(log: list[MoveLogEntry], play: str) -> list[str]:
    """The plays logged after the player's `play` (the computer's reply, and what followed it)."""
    k = max(i for i, e in enumerate(log) if e.play == play)
    return [e.play for e in log[k + 1:] if e.play and e.play != "pass"]


def told(notices: list[Notice], plays: list[str]) -> dict[str, int]:
    """How many times the resumed notices say each of `plays` was made."""
    text = "\n".join(n.reply.text for n in notices if n.kind == "resumed")
    return {p: text.count(f"played {p}.") for p in plays}


async def test_a_reply_stored_without_its_answer_is_told_when_the_game_resumes(
        proxied: Service, proxy: Proxy, monkeypatch: pytest.MonkeyPatch, clock: Clock) -> None:
    gid, move = await alice_plays_the_computer(proxied)
    lost_answer_after(monkeypatch, proxied.store, proxy, "c:")
    reply = await proxied.handle(Caller(ALICE, CHAT, "m1"), move)
    monkeypatch.undo()
    assert "was stored" in reply.text, reply.text
    proxy.restore()
    log = await proxied.store.games.log(gid)
    alice = move.removeprefix("/move ").rsplit(" ", 1)[0]  # the play, which may have several parts
    replies = plays_after(log, alice)
    assert replies, log  # the computer's reply is stored, and the player was not told of it
    assert not any(f"played {p}." in reply.text for p in replies)
    clock.advance(0.1)
    resumed = [n for n in await proxied.tick() if n.kind == "resumed"]
    assert told(resumed, replies) == {p: 1 for p in replies}, [n.reply.text for n in resumed]
    assert f"played {alice}." in resumed[0].reply.text  # hers again, with what followed it
    assert not [n for n in await proxied.tick() if n.kind == "resumed"]


async def test_a_resume_cut_after_storing_the_reply_tells_it_the_next_time(
        proxied: Service, proxy: Proxy, monkeypatch: pytest.MonkeyPatch, clock: Clock) -> None:
    gid, move = await alice_plays_the_computer(proxied)
    real = proxied.store.games.apply
    calls = 0

    async def first_only(*args: Any, **kwargs: Any) -> Any:  # alice's play stored, then the store stops
        nonlocal calls
        calls += 1
        if calls > 1:
            proxy.cut()
            raise StoreUnavailable("cut")
        return await real(*args, **kwargs)

    monkeypatch.setattr(proxied.store.games, "apply", first_only)
    assert "computer's reply" in (await proxied.handle(Caller(ALICE, CHAT, "m1"), move)).text
    monkeypatch.undo()
    proxy.restore()
    cut_after_resume(monkeypatch, proxied.store, proxy)
    clock.advance(0.1)
    assert not [n for n in await proxied.tick() if n.kind == "resumed"]  # stored, then cut: nothing told
    monkeypatch.undo()
    proxy.restore()
    assert not [n for n in await proxied.tick() if n.kind == "resumed"]  # its claim holds until it expires
    await proxied.store.attention.release(gid)  # expired
    alice = move.removeprefix("/move ").rsplit(" ", 1)[0]  # the play, which may have several parts
    replies = plays_after(await proxied.store.games.log(gid), alice)
    assert replies
    resumed = [n for n in await proxied.tick() if n.kind == "resumed"]
    assert told(resumed, replies) == {p: 1 for p in replies}, [n.reply.text for n in resumed]


async def test_two_processes_resuming_one_game_tell_it_once(
        proxied: Service, proxy: Proxy, store: Store, monkeypatch: pytest.MonkeyPatch, clock: Clock) -> None:
    gid, move = await alice_plays_the_computer(proxied)
    lost_answer_after(monkeypatch, proxied.store, proxy, "c:")
    await proxied.handle(Caller(ALICE, CHAT, "m1"), move)
    monkeypatch.undo()
    proxy.restore()
    replies = plays_after(await store.games.log(gid), move.removeprefix("/move ").rsplit(" ", 1)[0])
    other = Service(store, clock=clock, render=None)  # a second process on the same store
    try:
        both = await asyncio.gather(proxied.resume(), other.resume())
    finally:
        other.close()
    notices = [n for found in both for n in found]
    assert len(notices) == 1 and told(notices, replies) == {p: 1 for p in replies}, notices


async def test_a_move_made_just_before_the_store_stops_is_told_made(
        proxied: Service, monkeypatch: pytest.MonkeyPatch) -> None:
    """The move and the computer's reply are stored and answered; the store stops before the player's vacation
    is looked at (a failover): the answer still says the move was made, not "nothing was changed"."""
    gid, move = await alice_plays_the_computer(proxied)

    async def down(*args: Any, **kwargs: Any) -> Any:
        raise StoreUnavailable("cut")

    monkeypatch.setattr(proxied.store.vacations, "end", down)
    reply = await proxied.handle(Caller(ALICE, CHAT, "m1"), move)
    alice = move.removeprefix("/move ").rsplit(" ", 1)[0]  # the play, which may have several parts
    assert reply.ok and f"played {alice}." in reply.text, reply.text
    assert [e.play for e in await proxied.store.games.log(gid)].count(alice) >= 1
