"""Two plays racing on one game (F3): one is made, and the other player is told which play beat theirs, by whom,
what followed it and what is awaited now; never an error. Two `Service` instances on one store (two processes)
and `asyncio.gather`, the commands held until both have read the game."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.gamestate import game_of
from bot.replies import Caller, Reply
from bot.service import Service
from game import Side
from storage import Store

from .conftest import ALICE, BOB, CHAT, Clock
from .test_games import only_game
from .test_rules_of_service import two_player_game


@pytest.fixture
async def other(store: Store, clock: Clock) -> AsyncIterator[Service]:
    """A second process on the same store."""
    svc = Service(store, clock=clock, render=None)
    yield svc
    svc.close()


def hold_until_both_read(monkeypatch: pytest.MonkeyPatch, *services: Service) -> None:
    """Each command waits, before it stores its play, until both commands have read the game: at the computer's
    thinking (offloaded to the workers), and at the play's first write (a turn between people is advanced in
    the service's own process)."""
    both = asyncio.Barrier(2)

    async def held() -> None:
        if not both.broken and both.n_waiting < 2:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(both.wait(), 2.0)

    for svc in services:
        real = svc.offload

        async def offload(fn: Any, *args: Any, _real: Any = real, **kwargs: Any) -> Any:
            if getattr(fn, "__name__", "") == "advance":
                await held()
            return await _real(fn, *args, **kwargs)

        monkeypatch.setattr(svc, "offload", offload)
    for games in {id(svc.store.games): svc.store.games for svc in services}.values():
        apply = games.apply

        async def first_write(*args: Any, _real: Any = apply, **kwargs: Any) -> Any:
            if kwargs.get("remember"):
                await held()
            return await _real(*args, **kwargs)

        monkeypatch.setattr(games, "apply", first_write)

def check_the_loser_is_told(replies: list[Reply], plays: list[str], mover: str) -> None:
    assert sorted(r.ok for r in replies) == [False, True], [r.text for r in replies]
    won = plays[[r.ok for r in replies].index(True)]
    lost = next(r for r in replies if not r.ok)
    text = lost.text
    for wrong in ("went wrong", "Traceback", "error", "GameFlow"):
        assert wrong not in text, text
    assert f"{mover} rolled" in text and f"played {won}" in text, (won, text)  # the play that beat theirs, and by whom
    assert "was not made" in text and lost.board is not None, text
    assert any(w in text for w in ("to move with", "to roll next", "wins")), text  # what is awaited now


async def test_two_plays_at_once_against_the_computer_from_two_processes(
        service: Service, other: Service, monkeypatch: pytest.MonkeyPatch) -> None:
    assert (await service.handle(Caller(ALICE, CHAT), "/play ai plakoto to 1")).ok
    gid = await only_game(service, ALICE)
    for _ in range(8):
        game = game_of(await service.store.games.get(gid))
        if game.phase != "move" or game.turn is not Side.WHITE or len(game.plays()) < 2:
            break
        plays = [p.notation for p in game.plays()[:2]]
        hold_until_both_read(monkeypatch, service, other)
        replies = list(await asyncio.gather(service.handle(Caller(ALICE, CHAT), f"/move {plays[0]} {gid}"),
                                            other.handle(Caller(ALICE, CHAT), f"/move {plays[1]} {gid}")))
        monkeypatch.undo()
        check_the_loser_is_told(replies, plays, "alice")
        _, log = await service.store.games.snapshot(gid)
        assert sum(1 for e in log if e.play in plays and e.side == 0) >= 1


async def test_two_plays_at_once_between_two_players(service: Service, other: Service,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    for who in (ALICE, BOB):
        await other.remember(who)
    gid = await two_player_game(service)
    game = game_of(await service.store.games.get(gid))
    mover, name = (ALICE, "alice") if game.turn is Side.WHITE else (BOB, "bob")
    plays = [p.notation for p in game.plays()[:2]]
    hold_until_both_read(monkeypatch, service, other)
    replies = list(await asyncio.gather(service.handle(Caller(mover, CHAT), f"/move {plays[0]} {gid}"),
                                        other.handle(Caller(mover, CHAT), f"/move {plays[1]} {gid}")))
    check_the_loser_is_told(replies, plays, name)


async def test_a_play_read_while_the_computer_reply_of_another_is_being_stored(
        service: Service, other: Service, monkeypatch: pytest.MonkeyPatch) -> None:
    """The loser reads the game after the winner's play was stored and before the computer's reply was."""
    assert (await service.handle(Caller(ALICE, CHAT), "/play ai plakoto to 1")).ok
    gid = await only_game(service, ALICE)
    game = game_of(await service.store.games.get(gid))
    plays = [p.notation for p in game.plays()[:2]]
    real = service.store.games.apply
    late: list[Reply] = []

    async def apply(*args: Any, **kwargs: Any) -> Any:
        result = await real(*args, **kwargs)
        if kwargs.get("remember") and not late and str(kwargs.get("command_id", "")).startswith(("c:", "h:")):
            late.append(await other.handle(Caller(ALICE, CHAT), f"/move {plays[1]} {gid}"))
        return result

    monkeypatch.setattr(service.store.games, "apply", apply)
    first = await service.handle(Caller(ALICE, CHAT), f"/move {plays[0]} {gid}")
    monkeypatch.undo()
    check_the_loser_is_told([first, *late], plays, "alice")
