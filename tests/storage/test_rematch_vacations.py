"""The one rematch of a finished match, and vacations, each claimed in one atomic step: many callers at once
make one rematch challenge and start one vacation; the allowance of 14 days in 365 holds; ending early counts
only the days taken."""

from __future__ import annotations

import asyncio

from storage import Away, Store

DAY = 86400.0
NOW = 1_700_000_000.0


async def test_many_presses_at_once_make_one_rematch(store: Store) -> None:
    presses = [store.challenges.rematch("m1", challenger=who, chat="console:c", variant="plakoto", options={},
                                        target="bob" if who == "alice" else "alice", match_target=3, now=NOW)
               for who in ("alice", "bob") * 10]
    results = await asyncio.gather(*presses)
    assert sum(1 for _, _, fresh in results if fresh) == 1
    assert len({(made, by) for made, by, _ in results}) == 1
    made, by, _ = results[0]
    challenge = await store.challenges.get(made, now=NOW)
    assert (challenge.challenger, challenge.match_target, challenge.variant) == (by, 3, "plakoto")
    assert [c.id for c in await store.challenges.made_by(by, now=NOW)] == [made]
    await store.challenges.take(made, now=NOW)
    again = await store.challenges.rematch("m1", challenger="alice", chat="console:c", variant="plakoto",
                                           options={}, target="bob", match_target=3, now=NOW + 1)
    assert again == (made, by, False), "a match has one rematch"


async def test_vacations_start_once_and_keep_the_allowance(store: Store) -> None:
    starts = await asyncio.gather(*(store.vacations.start("p", now=NOW, seconds=5 * DAY) for _ in range(8)))
    assert sorted(s.status for s in starts) == ["ok"] + ["on"] * 7
    assert await store.vacations.until("p", now=NOW + DAY) == NOW + 5 * DAY
    assert await store.vacations.end("p", now=NOW + 2 * DAY) == (NOW, NOW + 5 * DAY)
    assert await store.vacations.end("p", now=NOW + 2 * DAY) is None
    assert await store.vacations.until("p", now=NOW + 3 * DAY) is None
    assert await store.vacations.left("p", now=NOW + 3 * DAY) == 12 * DAY, "only the two days taken count"
    over = await store.vacations.start("p", now=NOW + 3 * DAY, seconds=13 * DAY)
    assert (over.status, over.left) == ("over", 12 * DAY)
    assert (await store.vacations.start("p", now=NOW + 3 * DAY, seconds=12 * DAY)).status == "ok"
    later = await store.vacations.start("p", now=NOW + 381 * DAY, seconds=14 * DAY)
    assert later.status == "ok", "the window moves on"


async def test_a_players_update_reads_their_vacation_with_their_record(store: Store) -> None:
    """The caller's record is read with the vacation they are on (`PlayerRecord.away`, not stored), in the
    same one round trip as before: a move then neither ends a vacation that is not on nor reads it again."""
    player = await store.players.ensure("console", "away", "Away", now=NOW)
    read, first = await store.players.read_update(player.id, "u-1", now=NOW)
    assert first and read is not None and read.away == Away(None) and read == player
    await store.vacations.start(player.id, now=NOW, seconds=3 * DAY)
    read, first = await store.players.read_update(player.id, "u-2", now=NOW + DAY)
    assert first and read is not None and read.away == Away(NOW + 3 * DAY)
    read, first = await store.players.read_update(player.id, "u-2", now=NOW + 4 * DAY)
    assert not first and read is not None and read.away == Away(None)
    assert (await store.players.get(player.id)).away is None  # not read there
