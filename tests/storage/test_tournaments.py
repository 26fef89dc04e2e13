"""Tournaments in the store: every change one versioned write, checked by racing processes on one store."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from storage import Pairing, Store, TournamentRefused

from .processes import Workers
from .workers import round_robin


async def _open(store: Store, *players: str) -> str:
    record = await store.tournaments.create(chat="tg:1", director=players[0], variant="plakoto", options={},
                                            target=3, format="roundrobin")
    for p in players[1:]:
        await store.tournaments.join(record.id, p)
    return record.id


async def test_join_leave_and_refusals(single_store: Store) -> None:
    store = single_store
    tid = await _open(store, "ann", "bob")
    with pytest.raises(TournamentRefused, match="joined"):
        await store.tournaments.join(tid, "bob")
    await store.tournaments.leave(tid, "bob")
    assert (await store.tournaments.get(tid)).players == ("ann",)
    with pytest.raises(TournamentRefused, match="absent"):
        await store.tournaments.leave(tid, "bob")
    assert [t.id for t in await store.tournaments.in_chat("tg:1")] == [tid]
    await store.tournaments.cancel(tid)
    with pytest.raises(TournamentRefused, match="closed"):
        await store.tournaments.join(tid, "cy")


async def test_attach_once_result_once_and_walkovers(single_store: Store) -> None:
    store = single_store
    tid = await _open(store, "ann", "bob", "cy")
    record = await store.tournaments.start(tid, round_robin)
    assert len(record.pairings) == 3 and all(p.ready for p in record.pairings)
    await store.tournaments.link("m1", tid)
    assert await store.tournaments.of_match("m1") == tid
    await store.tournaments.attach(tid, "rr0", "m1")
    with pytest.raises(TournamentRefused, match="taken"):
        await store.tournaments.attach(tid, "rr0", "m2")
    await store.tournaments.result(tid, "m1", "bob", (1, 3))
    with pytest.raises(TournamentRefused, match="counted"):
        await store.tournaments.result(tid, "m1", "bob", (1, 3))
    record = await store.tournaments.leave(tid, "bob")  # played match stands, the others are walkovers
    ann_bob, ann_cy, bob_cy = record.pairings
    assert (ann_bob.winner, ann_bob.score, ann_bob.walkover) == (1, (1, 3), False)
    assert (bob_cy.winner, bob_cy.score, bob_cy.walkover) == (1, (0, 3), True)
    assert not ann_cy.done


async def test_knockout_winners_move_on(single_store: Store) -> None:
    store = single_store
    tid = await _open(store, "a", "b", "c")

    def draw(record: object) -> tuple[tuple[Pairing, ...], tuple[str, ...]]:
        return (Pairing("k1", "ko1", "b", "c", next="k2", slot=1), Pairing("k2", "ko2", "a", None)), ("a", "b", "c")

    record = await store.tournaments.start(tid, draw)
    assert not record.pairing("k2").ready
    await store.tournaments.attach(tid, "k1", "m1")
    record = await store.tournaments.result(tid, "m1", "c", (1, 3))
    assert record.pairing("k2").b == "c" and record.pairing("k2").ready
    record = await store.tournaments.leave(tid, "a")
    assert record.pairing("k2").winner == 1 and record.pairing("k2").walkover


async def test_a_join_racing_the_start(single_store: Store, single_url: str, tmp_path: Path) -> None:
    """Every acknowledged join before the start is a player; every later one is refused; nothing half-done."""
    store = single_store
    tid = await _open(store, "p0", "p1", "p2")
    joiners = [f"j{i}" for i in range(60)]
    base = {"url": single_url, "prefix": store.settings.prefix, "tid": tid, "gap": 0.01}
    workers = Workers("tjoin", [{**base, "players": joiners[:30]}, {**base, "players": joiners[30:]}],
                      tmp_path / "go")
    starter = Workers("tstart", [{**base, "pause": 0.15}], tmp_path / "go")
    workers.go()
    lines = [json.loads(line) for out in workers.wait() for line in out]
    started = json.loads(starter.wait()[0][0])["started"]
    record = await store.tournaments.get(tid)
    joined = {line["joined"] for line in lines if "joined" in line}
    refused = {line["refused"] for line in lines if "refused" in line}
    assert joined | refused == set(joiners) and not joined & refused
    assert set(record.players) == set(started) == {"p0", "p1", "p2"} | joined
    n = len(record.players)
    assert len(record.pairings) == n * (n - 1) // 2
    assert refused, "the start should have come before some joins (lengthen the list if this flakes)"


async def test_two_results_at_once_and_a_withdrawal(single_store: Store, single_url: str, tmp_path: Path) -> None:
    """Two processes count 28 results while a third withdraws a player: each result once, walkovers only for
    the matches that had none at the withdrawal."""
    store = single_store
    tid = await _open(store, *(f"p{i}" for i in range(8)))
    record = await store.tournaments.start(tid, round_robin)
    results = {}
    for p in record.pairings:
        match = f"m{p.key}"
        await store.tournaments.attach(tid, p.key, match)
        results[match] = (p.a, (3, 1))
    matches = list(results.items())
    base = {"url": single_url, "prefix": store.settings.prefix, "tid": tid}
    workers = Workers("tresult", [{**base, "matches": dict(matches[0::2])}, {**base, "matches": dict(matches[1::2])}],
                      tmp_path / "go")
    quitter = Workers("twithdraw", [{**base, "player": "p7", "pause": 0.05}], tmp_path / "go")
    workers.go()
    lines = [json.loads(line) for out in workers.wait() for line in out]
    quitter.wait()
    record = await store.tournaments.get(tid)
    counted = {line["counted"] for line in lines if "counted" in line}
    refused = {line["refused"] for line in lines if "refused" in line}
    assert counted | refused == set(results) and not counted & refused
    assert all(p.done for p in record.pairings)
    for p in record.pairings:
        if p.match in counted:
            assert not p.walkover and p.winner == 0 and p.score == (3, 1)
        else:  # refused: a walkover came first, for p7's opponent
            assert p.walkover and "p7" in (p.a, p.b) and (p.a, p.b)[p.winner] != "p7"
    assert record.withdrawn == ("p7",)
    assert replace(record, version=0) == replace(await store.tournaments.get(tid), version=0)
