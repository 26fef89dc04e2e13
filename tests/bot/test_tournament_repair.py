"""A crash between claiming a pairing and creating its match: the claim recorded the match's id, and the next
result in the tournament, or the start-up of any process, creates that match under it, once (two processes
repairing at the same moment still make one match per pairing)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot import tournaments
from bot.replies import Notice
from bot.service import Service
from storage import NotFound, Store, TournamentRecord

from .conftest import ALICE, BOB, CAROL, Clock
from .test_tournaments import DAN, opened, say, started_match

PEOPLE = [ALICE, BOB, CAROL, DAN]


class Crash(RuntimeError):
    """The process stops here."""


async def _crashed_start(service: Service, monkeypatch: pytest.MonkeyPatch) -> TournamentRecord:
    """A round robin of 4 whose start stopped after one match: one pairing claimed with no match, four ready."""
    real = tournaments.start_match
    calls: list[int] = []

    async def crashing(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 2:
            raise Crash("stopped between the claim and the match")
        return await real(*args, **kwargs)

    monkeypatch.setattr(tournaments, "start_match", crashing)
    tid = await opened(service, PEOPLE, "/tournament new plakoto to 1")
    assert (await say(service, ALICE, f"/tournament start {tid}")).ok
    await service.settle(30)
    monkeypatch.setattr(tournaments, "start_match", real)
    record = await service.store.tournaments.get(tid)
    claimed = [p for p in record.pairings if p.match]
    assert len(claimed) == 2 and sum(p.ready for p in record.pairings) == 4
    assert len(await tournaments.stuck(service, record)) == 1
    return record


async def _one_match_each(store: Store, tid: str) -> TournamentRecord:
    """Every pairing has its match, created under the claimed id, and no player is in a second game of one."""
    record = await store.tournaments.get(tid)
    assert all(p.match for p in record.pairings), record.pairings
    for p in record.pairings:
        match = await store.matches.get(p.match or "")
        assert sorted(match.players) == sorted(p.players()) and len(match.games) <= 1
    for player in record.players:
        games = await store.games.active_for(player)
        assert len(games) == sum(player in p.players() and not p.done for p in record.pairings), (player, games)
    return record


async def test_the_next_result_creates_the_match_a_crash_left_claimed(service: Service,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    posted: list[Notice] = []

    async def deliver(notice: Notice) -> None:
        posted.append(notice)

    service.notify = deliver
    record = await _crashed_start(service, monkeypatch)
    lost = next(iter(await tournaments.stuck(service, record)))
    with pytest.raises(NotFound):
        await service.store.matches.get(lost.match or "")
    going = next(p for p in record.pairings if p.match and p.key != lost.key)
    match = await started_match(service, going.match or "")
    ids = {(await service.ensure(p)).id: p for p in PEOPLE}
    assert (await say(service, ids[going.b or ""], f"/resign yes {match.games[-1]}")).ok
    await service.settle(30)
    after = await _one_match_each(service.store, record.id)
    assert after.pairing(lost.key).match == lost.match  # the id the claim recorded
    await started_match(service, lost.match or "")
    boards = [n.reply.text[:60] for n in posted if n.reply.game_id]
    assert len(boards) == 6, boards  # each match's first board, once


async def test_two_processes_starting_up_repair_it_once(store: Store, clock: Clock,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    first = Service(store, clock=clock, render=None)
    for who in PEOPLE:
        await first.remember(who)
    record = await _crashed_start(first, monkeypatch)
    first.close()
    two = [Service(store, clock=clock, render=None) for _ in range(2)]  # both restarted at once
    found = await asyncio.gather(*(s.resume() for s in two))
    boards = [n for notices in found for n in notices if n.reply.game_id]
    assert len(boards) == 5, [n.reply.text for notices in found for n in notices]
    for s in two:
        await s.settle(30)
    await _one_match_each(store, record.id)
    assert await asyncio.gather(*(s.resume() for s in two)) == [[], []]  # nothing left to repair
    for s in two:
        s.close()


async def test_a_finished_tournament_leaves_the_live_list(service: Service) -> None:
    tid = await opened(service, [ALICE, BOB, CAROL], "/tournament new plakoto to 1")
    assert tid in await service.store.tournaments.live()
    assert (await say(service, ALICE, f"/tournament cancel {tid}")).ok
    assert tid not in await service.store.tournaments.live()
    assert await service.resume() == []
