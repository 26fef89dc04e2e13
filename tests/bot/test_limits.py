"""How many games and challenges one player may have going (F12): `/play ai`, `/challenge` and `/accept` are
refused in the player's words past `TABLA_MAX_GAMES`, and nothing is created."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.replies import Caller, Chat
from bot.service import Service
from bot.settings import Settings
from storage import Store, connect

from .conftest import ALICE, BOB, Clock

ROOMS = [Chat("console", f"room{n}") for n in range(6)]


@pytest.fixture
async def limited(store: Store, clock: Clock) -> AsyncIterator[Service]:
    svc = Service(store, clock=clock, render=None, max_games=3)
    for who in (ALICE, BOB):
        await svc.remember(who)
    yield svc
    svc.close()


async def going(svc: Service, who: str) -> int:
    pid = (await svc.store.players.find("console", who)).id  # type: ignore[union-attr]
    return len(await svc.store.games.active_for(pid))


async def test_play_ai_opens_no_more_games_than_the_setting_allows(limited: Service) -> None:
    for room in ROOMS[:3]:
        assert (await limited.handle(Caller(ALICE, room), "/play ai tapa")).ok
    refused = await limited.handle(Caller(ALICE, ROOMS[3]), "/play ai tapa")
    assert not refused.ok and "3 games going" in refused.text and "/resign" in refused.text, refused.text
    assert await going(limited, "alice") == 3


async def test_challenges_count_with_the_games_and_an_accept_past_the_limit_is_refused(limited: Service) -> None:
    for room in ROOMS[:2]:
        assert (await limited.handle(Caller(ALICE, room), "/play ai tapa")).ok
    assert (await limited.handle(Caller(ALICE, ROOMS[2]), "/challenge plakoto")).ok  # 2 games + 1 challenge
    refused = await limited.handle(Caller(ALICE, ROOMS[3]), "/challenge @bob plakoto")
    assert not refused.ok and "/cancel" in refused.text and "2 games going" in refused.text, refused.text
    for room in ROOMS[3:6]:
        assert (await limited.handle(Caller(BOB, room), "/play ai portes")).ok
    busy = await limited.handle(Caller(BOB, ROOMS[2]), "/accept")
    assert not busy.ok and "3 games going" in busy.text, busy.text
    assert await going(limited, "bob") == 3 and await going(limited, "alice") == 2
    assert "#" in (await limited.handle(Caller(ALICE, ROOMS[2]), "/lobby")).text  # the challenge stays open


def test_the_limit_is_a_setting() -> None:
    assert Settings().max_games == 20
    assert Settings(TABLA_MAX_GAMES="5").max_games == 5
    with pytest.raises(ValueError, match=r"TABLA_MAX_GAMES|max_games"):
        Settings(TABLA_MAX_GAMES="0")


async def test_simultaneous_games_from_two_processes_never_pass_the_limit(redis_url: str, prefix: str,
                                                                          clock: Clock) -> None:
    """Issue 27, P2: eight `/play ai` at once (four chats, two processes each with its own connection) with
    `TABLA_MAX_GAMES=2` start two games, no more; the refused are told so; and a game's end frees its place."""
    stores = [await connect(redis_url, prefix=prefix) for _ in range(2)]
    services = [Service(s, clock=clock, render=None, max_games=2) for s in stores]
    try:
        await services[0].remember(ALICE)
        asked = [(room, svc) for room in ROOMS[:4] for svc in services]
        replies = await asyncio.gather(*(svc.handle(Caller(ALICE, room), "/play ai tapa 1") for room, svc in asked))
        started = [(room, r) for (room, _), r in zip(asked, replies, strict=True) if r.ok]
        assert len(started) == 2, [r.text for r in replies]
        assert all("as many as one player may have" in r.text for r in replies if not r.ok)
        assert await going(services[0], "alice") == 2
        room, first = started[0]
        assert (await services[1].handle(Caller(ALICE, room), f"/resign yes {first.game_id}")).ok
        replies = await asyncio.gather(*(svc.handle(Caller(ALICE, room), "/challenge plakoto")
                                         for room in ROOMS[2:6] for svc in services))
        assert sum(r.ok for r in replies) == 1, [r.text for r in replies]
        assert await going(services[0], "alice") == 1
        assert (await services[0].handle(Caller(ALICE, ROOMS[5]), "/play ai tapa")).ok is False
    finally:
        for svc, s in zip(services, stores, strict=True):
            svc.close()
            await s.aclose()


async def _finished(svc: Service, room: Chat, line: str, accept: bool = False) -> str:
    """A one-point match in `room` that alice starts and resigns; its game id."""
    board = await svc.handle(Caller(ALICE, room), line)
    if accept:
        board = await svc.handle(Caller(BOB, room), "/accept")
    assert board.ok and board.game_id is not None, board.text
    assert (await svc.handle(Caller(ALICE, room), f"/resign yes {board.game_id}")).ok
    return board.game_id


async def test_a_rematch_past_the_limit_is_refused_and_makes_nothing(limited: Service) -> None:
    """Issue 27: the Rematch button (and `/rematch`) takes its place like `/challenge`."""
    await _finished(limited, ROOMS[0], "/challenge @bob tapa 1", accept=True)
    for room in ROOMS[1:4]:
        assert (await limited.handle(Caller(ALICE, room), "/play ai tapa 1")).ok
    refused = await limited.handle(Caller(ALICE, ROOMS[0]), "/rematch")
    assert not refused.ok and "3 games going" in refused.text and "/resign" in refused.text, refused.text
    alice = (await limited.store.players.find("console", "alice")).id  # type: ignore[union-attr]
    assert await limited.store.challenges.made_by(alice, now=limited.clock()) == []
    assert (await limited.handle(Caller(ALICE, ROOMS[1]), "/resign yes")).ok
    assert await going(limited, "alice") == 2
    offer = await limited.handle(Caller(ALICE, ROOMS[0]), "/rematch")
    assert offer.ok, offer.text
    assert len(await limited.store.challenges.made_by(alice, now=limited.clock())) == 1


async def test_simultaneous_rematches_from_two_processes_never_pass_the_limit(redis_url: str, prefix: str,
                                                                              clock: Clock) -> None:
    """Issue 27: four finished matches against the computer, their rematches pressed at once from two
    processes with `TABLA_MAX_GAMES=2`: never more than two start, the others are told the limit."""
    stores = [await connect(redis_url, prefix=prefix) for _ in range(2)]
    services = [Service(s, clock=clock, render=None, max_games=2) for s in stores]
    try:
        await services[0].remember(ALICE)
        for room in ROOMS[:4]:
            await _finished(services[0], room, "/play ai tapa 1")
        replies = await asyncio.gather(*(services[n % 2].handle(Caller(ALICE, room), "/rematch")
                                         for n, room in enumerate(ROOMS[:4])))
        started = [room for room, r in zip(ROOMS, replies, strict=False) if r.ok]
        assert 1 <= len(started) <= 2, [r.text for r in replies]
        assert all("as many as one player may have" in r.text for r in replies if not r.ok)
        assert await going(services[0], "alice") == len(started)
        # a place held for a moment by a press that has started its game can refuse another at once; none leaks:
        # pressed again one by one, the refused start until the limit, and no further
        again = [await services[0].handle(Caller(ALICE, room), "/rematch")
                 for room in ROOMS[:4] if room not in started]
        assert sum(r.ok for r in again) == 2 - len(started), [r.text for r in again]
        assert await going(services[0], "alice") == 2
    finally:
        for svc, s in zip(services, stores, strict=True):
            svc.close()
            await s.aclose()
