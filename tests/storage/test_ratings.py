"""FIBS ratings per pool in the store (RATINGS.md RT-1…RT-5): one atomic apply per match, repeated and
concurrent applies of one match count once, two processes' results add up, and a rebuild from the stored
results lands on the live numbers."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random
from pathlib import Path

import pytest

from bot.ratings import Rated, apply
from storage import START_RATING, Finished, PoolRating, RatedMatch, Store

from .processes import Workers


async def test_a_match_applies_once_however_often_it_is_sent(store: Store) -> None:
    assert await store.ratings.get("plakoto", "ann") == PoolRating(START_RATING, 0, 0, 0)
    results = await asyncio.gather(*(store.ratings.apply("plakoto", "m:1", ("ann", "bob"), 5, 1.0, ended=100.0,
                                                         chat="tg:1") for _ in range(8)))
    assert len(set(results)) == 1
    first = results[0]
    assert first.changes == (pytest.approx(22.36, abs=0.01), pytest.approx(-22.36, abs=0.01))
    assert await store.ratings.get("plakoto", "ann") == PoolRating(first.after[0], 5, 1, 0)
    assert await store.ratings.get("plakoto", "bob") == PoolRating(first.after[1], 5, 0, 1)
    assert await store.ratings.get("tapa", "ann") == PoolRating()
    assert await store.ratings.history("plakoto", "ann") == [(100.0, first.after[0])]
    assert await store.ratings.top("plakoto") == [("ann", first.after[0]), ("bob", first.after[1])]
    assert await store.ratings.chat_top("tg:1", "plakoto") == [("ann", first.after[0]), ("bob", first.after[1])]
    assert await store.ratings.chat_top("tg:2", "plakoto") == []
    assert await store.ratings.pools() == ["plakoto"]


async def test_the_stores_arithmetic_is_the_formulas(store: Store) -> None:
    """The Lua step and `bot.ratings` agree to 1e-9 on a long random sequence (RT-4), ties included."""
    rng = random.Random(5)
    people = ["a", "b", "c", "d"]
    model = {p: Rated() for p in people}
    for k in range(120):
        x, y = rng.sample(people, 2)
        n = rng.choice([1, 1, 3, 5, 7, 11])
        score = rng.choice([0.0, 1.0, 0.5] if n == 1 else [0.0, 1.0])
        model[x], model[y] = apply(model[x], model[y], n, score)
        result = await store.ratings.apply("tavli", f"m:{k}", (x, y), n, score, ended=float(k))
        assert result.after == (pytest.approx(model[x].rating, abs=1e-9), pytest.approx(model[y].rating, abs=1e-9))
    for p in people:
        row = await store.ratings.get("tavli", p)
        assert row.rating == pytest.approx(model[p].rating, abs=1e-9) and row.experience == model[p].experience


async def test_a_tied_single_game_scores_half_and_nothing_else_ties(store: Store) -> None:
    tie = await store.ratings.apply("plakoto", "g:t", ("ann", "bob"), 1, 0.5, ended=1.0)
    assert tie.changes == (0.0, 0.0)
    assert await store.ratings.get("plakoto", "ann") == PoolRating(START_RATING, 1, 0, 0)
    for bad in ((("ann", "ann"), 1, 1.0), (("ann", "bob"), 3, 0.5), (("ann", "bob"), 0, 1.0)):
        with pytest.raises(ValueError):
            await store.ratings.apply("plakoto", "m:x", *bad, ended=2.0)  # type: ignore[arg-type]


async def test_two_processes_rating_at_once_add_up_and_the_rebuild_lands_on_them(
    single_store: Store, single_url: str, tmp_path: Path
) -> None:
    """RT-5: a few hundred random matches in four pools, applied live by two processes at once (some twice),
    then `rebuild` from the stored results: the same ratings, experience, records and histories (1e-9)."""
    store = single_store
    rng = random.Random(11)
    people = [f"p{i}" for i in range(7)]
    pools = ["plakoto", "tavli", "tabla-cycle", "tawula"]
    batches: list[list[list[object]]] = [[], []]
    for k in range(300):
        x, y = rng.sample(people, 2)
        n = rng.choice([1, 3, 5, 7])
        batches[k % 2].append([rng.choice(pools), f"m:{k}", [x, y], n, rng.choice([0.0, 1.0])])
    workers = Workers("rate", [
        {"url": single_url, "prefix": store.settings.prefix, "results": batch, "seed": i}
        for i, batch in enumerate(batches)
    ], tmp_path / "go")
    workers.go()
    lines = [json.loads(line) for out in workers.wait() for line in out]
    assert len(lines) == 300 and all(line["same"] for line in lines)
    logs = {pool: await store.ratings.results(pool) for pool in pools}
    assert sorted(r.match for log in logs.values() for r in log) == sorted(f"m:{k}" for k in range(300))
    for pool, log in logs.items():
        assert [r.ended for r in log] == sorted(r.ended for r in log), "the log is in the order matches ended"
        last = {p: START_RATING for p in people}
        for r in log:  # no result was lost: each starts from the ratings the one before left
            assert r.before == (last[r.players[0]], last[r.players[1]])
            last[r.players[0]], last[r.players[1]] = r.after
        played = {p: sum(r.n for r in log if p in r.players) for p in people}
        for p in people:
            row = await store.ratings.get(pool, p)
            assert (row.rating, row.experience) == (last[p], played[p])
    live = {(pool, p): (await store.ratings.get(pool, p), await store.ratings.history(pool, p))
            for pool in pools for p in people}
    tops = {pool: await store.ratings.top(pool) for pool in pools}
    assert await store.ratings.rebuild() == 300
    for (pool, p), (row, history) in live.items():
        again = await store.ratings.get(pool, p)
        assert again.rating == pytest.approx(row.rating, abs=1e-9)
        assert (again.experience, again.won, again.lost) == (row.experience, row.won, row.lost)
        flat = [v for point in await store.ratings.history(pool, p) for v in point]
        assert flat == pytest.approx([v for point in history for v in point], abs=1e-9)
    assert {pool: await store.ratings.top(pool) for pool in pools} == tops


async def test_the_rebuild_clears_the_elo_ratings_of_old(store: Store) -> None:
    keys = store.ratings._keys
    await store.client.zadd(keys.elo_ratings("plakoto"), {"ann": 1512.0})
    await store.ratings.apply("plakoto", "m:1", ("ann", "bob"), 1, 1.0, ended=5.0)
    await store.client.zadd(keys.pool_rating("plakoto"), {"ann": 1.0})  # damage the live numbers
    assert await store.ratings.rebuild() == 1
    assert await store.client.exists(keys.elo_ratings("plakoto")) == 0
    assert (await store.ratings.get("plakoto", "ann")).rating == pytest.approx(1510.0)


async def test_a_result_rt4_does_not_allow_cannot_be_held_so_a_rebuild_never_starts_on_one(store: Store) -> None:
    """A finished match is checked when it is made (RT-3, RT-4): a player against themselves, a tie in a match
    longer than one point, a score other than 1, ½ or 0, a length under 1 cannot be a `Finished`; an applied
    result holds its `Finished` (its fields read through it), so it cannot disagree with one. A rebuild given
    only what can be held rates it all, the stored pools untouched until then."""
    for players, n, score in ((("ann", "ann"), 1, 1.0), (("ann", "bob"), 3, 0.5), (("ann", "bob"), 0, 1.0),
                              (("ann", "bob"), 1, 0.7)):
        with pytest.raises(ValueError):
            Finished("plakoto", "m:x", players, n, score, 1.0)
    applied = await store.ratings.apply("plakoto", "m:1", ("ann", "bob"), 5, 1.0, ended=100.0, chat="tg:1")
    assert applied.finished == Finished("plakoto", "m:1", ("ann", "bob"), 5, 1.0, 100.0, "tg:1")
    assert (applied.pool, applied.match, applied.players, applied.n, applied.score, applied.ended, applied.chat) \
        == ("plakoto", "m:1", ("ann", "bob"), 5, 1.0, 100.0, "tg:1")
    assert "n" not in {f.name for f in dataclasses.fields(RatedMatch)}  # held once, in `finished`
    assert await store.ratings.rebuild([Finished("plakoto", "m:0", ("bob", "cy"), 1, 0.5, 50.0)]) == 2
    assert [r.match for r in await store.ratings.results("plakoto")] == ["m:0", "m:1"]
