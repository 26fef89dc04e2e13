"""Outages in the middle of a command (a proxy in front of Redis that the test cuts), races between commands
(tasks started together), and what the players are told: the truth, never a traceback."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from bot.gamestate import game_of
from bot.replies import Caller, Reply
from bot.service import Service
from game import Cube, Side
from storage import Store, connect

from .conftest import ALICE, BOB, CHAT, Clock
from .cube_setup import START, put, tpn
from .proxy import Proxy
from .test_games import only_game
from .test_rules_of_service import two_player_game


@pytest.fixture
def proxy(redis_url: str) -> Iterator[Proxy]:
    p = Proxy(redis_url)
    yield p
    p.close()


@pytest.fixture
async def proxied_store(proxy: Proxy, prefix: str) -> AsyncIterator[Store]:
    store = await connect(proxy.url, prefix=prefix, operation_timeout=1.0)
    yield store
    proxy.restore()
    await store.aclose()


@pytest.fixture
async def proxied(proxied_store: Store, clock: Clock) -> AsyncIterator[Service]:
    svc = Service(proxied_store, clock=clock, render=None)
    for who in (ALICE, BOB):
        await svc.remember(who)
    yield svc
    svc.close()


def cut_after_the_first_step(monkeypatch: pytest.MonkeyPatch, store: Store, proxy: Proxy) -> None:
    """The store stops answering right after a command's first step is stored."""
    real = store.games.apply

    async def apply(*args: Any, **kwargs: Any) -> Any:
        result = await real(*args, **kwargs)
        if kwargs.get("remember", True) and not str(kwargs.get("command_id", "")).startswith("start:"):
            proxy.cut()
        return result

    monkeypatch.setattr(store.games, "apply", apply)


async def alice_plays_the_computer(service: Service) -> tuple[str, str]:
    """A game against the computer at alice's choice: its id and alice's move command."""
    assert (await service.handle(Caller(ALICE, CHAT), "/play ai plakoto to 1")).ok
    gid = await only_game(service, ALICE)
    game = game_of(await service.store.games.get(gid))
    assert game.phase == "move"
    return gid, f"/move {game.plays()[0].notation} {gid}"


async def test_an_outage_after_the_players_play_is_told_truly_and_the_computer_replies_later(
        proxied: Service, proxy: Proxy, monkeypatch: pytest.MonkeyPatch, clock: Clock) -> None:
    gid, move = await alice_plays_the_computer(proxied)
    cut_after_the_first_step(monkeypatch, proxied.store, proxy)
    reply = await proxied.handle(Caller(ALICE, CHAT), move)
    monkeypatch.undo()
    assert "was stored" in reply.text and "computer's reply" in reply.text, reply.text
    assert "nothing was changed" not in reply.text
    proxy.restore()
    stuck = game_of(await proxied.store.games.get(gid))
    assert stuck.phase == "roll" and stuck.turn is Side.BLACK  # the computer's turn, not yet taken
    assert not [n for n in await proxied.tick() if n.kind == "resumed"]  # a command may still be in flight
    clock.advance(0.1)
    resumed = [n for n in await proxied.tick() if n.kind == "resumed"]
    assert len(resumed) == 1 and resumed[0].chat == CHAT and "goes on" in resumed[0].reply.text
    after = game_of(await proxied.store.games.get(gid))
    assert after.phase == "over" or (after.phase == "move" and after.turn is Side.WHITE)
    assert not [n for n in await proxied.tick() if n.kind == "resumed"]


async def test_a_game_left_waiting_is_resumed_at_start_up(proxied: Service, proxy: Proxy, store: Store,
                                                           monkeypatch: pytest.MonkeyPatch, clock: Clock) -> None:
    gid, move = await alice_plays_the_computer(proxied)
    cut_after_the_first_step(monkeypatch, proxied.store, proxy)
    assert "was stored" in (await proxied.handle(Caller(ALICE, CHAT), move)).text
    restarted = Service(store, clock=clock, render=None)  # a new process on the store that answers again
    try:
        resumed = await restarted.resume()
        assert [n.kind for n in resumed] == ["resumed"] and f"#{gid}" in resumed[0].reply.text
        assert resumed[0].reply.board is not None
        game = game_of(await store.games.get(gid))
        assert game.phase == "over" or (game.phase == "move" and game.turn is Side.WHITE)
    finally:
        restarted.close()


async def test_while_the_store_is_cut_every_command_says_so_and_the_next_one_after_works(
        proxied: Service, proxy: Proxy) -> None:
    _, move = await alice_plays_the_computer(proxied)
    proxy.cut()
    for text in ("/board", move, "/games", "/standings", "/play ai tapa", "/frobnicate", "24/18"):
        reply = await proxied.handle(Caller(ALICE, CHAT), text)
        assert not reply.ok and "Something went wrong" not in reply.text, (text, reply.text)
    assert "not answering; nothing was changed" in (await proxied.handle(Caller(ALICE, CHAT), move)).text
    assert "not answering" in (await proxied.press(Caller(ALICE, CHAT), "garbage")).text
    proxy.restore()
    assert (await proxied.handle(Caller(ALICE, CHAT), move)).ok


async def test_two_different_moves_at_once_the_second_is_told_the_game_moved_on(
        service: Service, monkeypatch: pytest.MonkeyPatch) -> None:
    gid = await two_player_game(service)
    game = game_of(await service.store.games.get(gid))
    mover = ALICE if game.turn is Side.WHITE else BOB
    plays = game.plays()
    assert len(plays) >= 2
    both = asyncio.Barrier(2)
    real = service.store.games.apply

    async def apply(*args: Any, **kwargs: Any) -> Any:
        if kwargs.get("remember") and not both.broken and both.n_waiting < 2:
            await both.wait()  # both commands have read the same version before either stores anything
        return await real(*args, **kwargs)

    monkeypatch.setattr(service.store.games, "apply", apply)
    replies: list[Reply] = await asyncio.gather(service.handle(Caller(mover, CHAT), f"/move {plays[0].notation} {gid}"),
                                                service.handle(Caller(mover, CHAT), f"/move {plays[1].notation} {gid}"))
    assert sorted(r.ok for r in replies) == [False, True]
    lost = next(r for r in replies if not r.ok)
    assert lost.text.startswith("The game moved on:") and lost.board is not None, lost.text
    _, log = await service.store.games.snapshot(gid)
    assert sum(1 for e in log if e.play in (plays[0].notation, plays[1].notation)) == 1


async def test_the_same_move_twice_applies_once_however_many_steps_follow_it(
        redis_url: str, prefix: str, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    store = await connect(redis_url, prefix=prefix, commands_kept=1)  # fewer ids kept than the steps that follow
    svc = Service(store, clock=clock, render=None)
    try:
        gid, move = await alice_plays_the_computer(svc)
        _, before = await store.games.snapshot(gid)
        together = asyncio.Barrier(3)
        real = svc.offload

        async def offload(fn: Any, *args: Any, **kwargs: Any) -> Any:
            if together.n_waiting < 3 and not together.broken:
                await together.wait()  # all three have read the game before any stores
            return await real(fn, *args, **kwargs)

        monkeypatch.setattr(svc, "offload", offload)
        replies = await asyncio.gather(*(svc.handle(Caller(ALICE, CHAT, "message-7"), move) for _ in range(3)))
        monkeypatch.undo()
        assert all(r.ok for r in replies), [r.text for r in replies]
        _, log = await store.games.snapshot(gid)
        assert len(log) - len(before) >= 2  # the play and the computer's reply
        play = move.removeprefix("/move ").rsplit(" ", 1)[0]  # the notation may have several words
        assert log[len(before)].play == play
        assert [e.play for e in log[len(before) + 1:]].count(play) == 0 or log[len(before) + 1].side == 1
        again = await svc.handle(Caller(ALICE, CHAT, "message-7"), move)  # a late redelivery
        assert "Something went wrong" not in again.text
        assert len((await store.games.snapshot(gid))[1]) == len(log)
    finally:
        svc.close()
        await store.aclose()


async def test_an_outage_after_a_match_game_ends_leaves_the_next_game_to_the_loop(
        proxied: Service, proxy: Proxy, monkeypatch: pytest.MonkeyPatch, clock: Clock) -> None:
    await proxied.handle(Caller(ALICE, CHAT), "/challenge @bob plakoto to 5")
    assert (await proxied.handle(Caller(BOB, CHAT), "/accept")).ok
    gid = await only_game(proxied, ALICE)
    cut_after_the_first_step(monkeypatch, proxied.store, proxy)
    reply = await proxied.handle(Caller(ALICE, CHAT), "/resign yes")
    monkeypatch.undo()
    proxy.restore()
    assert "resignation" in reply.text and "was stored" in reply.text, reply.text
    assert (await proxied.store.games.get(gid)).result is not None
    clock.advance(0.1)
    resumed = [n for n in await proxied.tick() if n.kind == "resumed"]
    assert len(resumed) == 1 and "Next game: #" in resumed[0].reply.text, [n.reply.text for n in resumed]
    assert "Dice seed commitment" in resumed[0].reply.text.split("Next game: #", 1)[1]
    nxt = await only_game(proxied, ALICE)
    assert nxt != gid and game_of(await proxied.store.games.get(nxt)).phase == "move"
    standings = await proxied.handle(Caller(BOB, CHAT), "/standings")
    assert "bob" in standings.text and "alice" in standings.text


async def test_an_outage_after_a_take_is_told_in_cube_words_and_the_board_follows(
        proxied: Service, proxy: Proxy, monkeypatch: pytest.MonkeyPatch, clock: Clock) -> None:
    """Issue 27, P1: the take and the doubler's roll are stored, then the store stops answering: the taker reads
    that the take was stored (not "your play take"), and once the store answers the board is posted with the
    doubler, who is to move, mentioned."""
    await proxied.handle(Caller(ALICE, CHAT), "/challenge @bob tapa cube=on to 1")
    assert (await proxied.handle(Caller(BOB, CHAT), "/accept")).ok
    gid = await only_game(proxied, ALICE)
    await put(proxied.store, gid, tpn(START), Cube(), now=clock())
    assert (await proxied.handle(Caller(ALICE, CHAT), f"/double {gid}")).ok
    real = proxied.store.games.apply

    async def apply(current: Any, new: Any, **kwargs: Any) -> Any:
        result = await real(current, new, **kwargs)
        if new.dice:  # the doubler's roll is stored: the store goes away before the answer
            proxy.cut()
        return result

    monkeypatch.setattr(proxied.store.games, "apply", apply)
    reply = await proxied.handle(Caller(BOB, CHAT), f"/take {gid}")
    monkeypatch.undo()
    proxy.restore()
    assert not reply.ok and "take" in reply.text and "play take" not in reply.text, reply.text
    game = game_of(await proxied.store.games.get(gid))
    assert game.phase == "move" and game.turn is Side.WHITE and game.cube is not None and game.cube.value == 2
    clock.advance(0.1)
    resumed = [n for n in await proxied.tick() if n.kind == "resumed"]
    assert len(resumed) == 1, [n.reply.text for n in resumed]
    board = resumed[0].reply
    assert board.board is not None and f"#{gid}" in board.text and "alice" in board.text, board.text
    assert [m.user_id for m in board.mentions] == [ALICE.user_id]
    assert not [n for n in await proxied.tick() if n.kind == "resumed"]


class Crash(Exception):
    """The process stops here (the writes before it stay, none after it is made)."""


@pytest.mark.parametrize("cut", ["the game", "its place in the match"])
async def test_a_match_cut_off_before_its_first_game_gets_it_at_start_up(
        service: Service, store: Store, clock: Clock, monkeypatch: pytest.MonkeyPatch, cut: str) -> None:
    """A crash after a match is stored and before its first game is (or before the game is written into the
    match) leaves the match at no game only until the start-up (`Service.resume`): it gets its first game, one
    game whatever how many processes repair it, and the game begins (its opening roll made, R-MATCH-1)."""
    where = (store.games, "create") if cut == "the game" else (store.matches, "update")

    async def crash(*args: Any, **kwargs: Any) -> Any:
        raise Crash

    await service.handle(Caller(ALICE, CHAT), "/challenge @bob plakoto to 1")
    monkeypatch.setattr(*where, crash)
    assert not (await service.handle(Caller(BOB, CHAT), "/accept")).ok
    monkeypatch.undo()
    matches = [await store.matches.get(mid) async for mid in store.matches.ids()]
    assert len(matches) == 1 and matches[0].games == ()
    clock.advance(1)
    restarted, other = (Service(store, clock=clock, render=None) for _ in range(2))  # two processes start
    try:
        resumed = await restarted.resume() + await other.resume()
        match = await store.matches.get(matches[0].id)
        assert len(match.games) == 1
        game = await store.games.get(match.games[0])
        assert game.match_id == match.id and game_of(game).phase != "opening"
        assert [n.kind for n in resumed] == ["resumed"] and f"#{game.id}" in resumed[0].reply.text
        alice = await store.players.find(ALICE.platform, ALICE.user_id)
        assert alice is not None and await store.games.active_for(alice.id) == [game.id]
        assert await other.resume() == [] and len((await store.matches.get(match.id)).games) == 1
        assert await store.matches.unstarted() == {}
        await restarted.handle(Caller(ALICE, CHAT), "/challenge @bob tapa to 1")
        assert (await restarted.handle(Caller(BOB, CHAT), "/accept")).ok
        assert await store.matches.unstarted() == {}  # a match started in one go is listed no longer
    finally:
        restarted.close()
        other.close()


async def test_a_match_cut_off_before_it_is_stored_is_forgotten_after_a_while(
        service: Service, store: Store, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    """A crash after a match is listed as being started and before it is stored leaves nothing to finish: the
    listing stays while another process might still be storing it, and the tick drops it after that."""

    async def crash(*args: Any, **kwargs: Any) -> Any:
        raise Crash

    await service.handle(Caller(ALICE, CHAT), "/challenge @bob plakoto to 1")
    monkeypatch.setattr(store.matches, "create", crash)
    assert not (await service.handle(Caller(BOB, CHAT), "/accept")).ok
    monkeypatch.undo()
    assert len(await store.matches.unstarted()) == 1
    await service.resume()
    assert len(await store.matches.unstarted()) == 1
    clock.advance(1)
    await service.tick()
    assert await store.matches.unstarted() == {}
    assert [m async for m in store.matches.ids()] == []
