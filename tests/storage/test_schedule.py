"""Claiming due reminders and deadlines, on a single server and on the cluster."""

from __future__ import annotations

import asyncio
import dataclasses

from storage import DueItem, DueKind, GameRecord, Store

from .positions import START

NOW = 1_800_000_000.0


async def new_game(store: Store, **times: float) -> GameRecord:
    return await store.games.create(variant="plakoto", players=("ann", "bob"), position=START, now=NOW - 100, **times)


async def test_only_due_items_are_handed_out_and_each_once(store: Store) -> None:
    due = [await new_game(store, deadline=NOW - n) for n in range(5)]
    later = await new_game(store, deadline=NOW + 10)
    first = await store.schedule.claim_due(NOW, limit=3)
    rest = await store.schedule.claim_due(NOW, limit=10)
    assert len(first) == 3 and len(rest) == 2
    expected = [DueItem(DueKind.DEADLINE, game.id, 1, game.deadline or 0) for game in due]
    assert sorted(first + rest, key=lambda item: item.due) == sorted(expected, key=lambda item: item.due)
    assert all(item.lease_until == NOW + 60 for item in first + rest)
    assert await store.schedule.claim_due(NOW) == []
    assert await store.schedule.claim_due(NOW + 10) == [DueItem(DueKind.DEADLINE, later.id, 1, NOW + 10)]


async def test_a_wake_up_that_comes_up_early_is_re_armed_at_the_game_s_time(store: Store) -> None:
    game = await new_game(store, deadline=NOW + 60)
    moved = dataclasses.replace(game, dice="55", deadline=NOW + 120)
    await store.games.apply(game, moved, command_id="roll", now=NOW)
    assert await store.schedule.claim_due(NOW + 60) == []
    assert await store.schedule.wakeups() == [(DueKind.DEADLINE, game.id, NOW + 120)]
    assert await store.schedule.claim_due(NOW + 120) == [DueItem(DueKind.DEADLINE, game.id, 2, NOW + 120)]


async def test_a_leased_item_comes_again_unless_done_and_done_follows_the_game(store: Store) -> None:
    dealt, forgotten = await new_game(store, deadline=NOW), await new_game(store, deadline=NOW)
    claimed = {item.game_id: item for item in await store.schedule.claim_due(NOW, lease=30)}
    assert set(claimed) == {dealt.id, forgotten.id}
    await store.schedule.done(claimed[dealt.id])
    assert await store.schedule.claim_due(NOW + 29) == []
    [again] = await store.schedule.claim_due(NOW + 30, lease=30)
    assert again == claimed[forgotten.id] and again.is_current(forgotten)
    timed_out = dataclasses.replace(forgotten, turn=1, deadline=NOW + 100)
    await store.games.apply(forgotten, timed_out, command_id=again.command_id, now=NOW + 31)
    await store.schedule.done(again)
    assert await store.schedule.wakeups() == [(DueKind.DEADLINE, forgotten.id, NOW + 100)]


async def test_without_a_lease_an_item_is_handed_out_once(store: Store) -> None:
    game = await new_game(store, deadline=NOW)
    assert [item.game_id for item in await store.schedule.claim_due(NOW, lease=None)] == [game.id]
    assert await store.schedule.claim_due(NOW + 1000, lease=None) == []
    assert await store.schedule.wakeups() == []


async def test_a_handled_reminder_is_armed_again_by_the_next_move(store: Store) -> None:
    game = await new_game(store, remind_at=NOW, deadline=NOW + 100)
    [reminder] = await store.schedule.claim_due(NOW)
    assert (reminder.kind, reminder.version) == (DueKind.REMINDER, 1)
    await store.schedule.done(reminder)
    assert await store.schedule.wakeups() == [(DueKind.DEADLINE, game.id, NOW + 100)]
    moved = dataclasses.replace(game, dice="21", remind_at=NOW + 50, deadline=NOW + 150)
    await store.games.apply(game, moved, command_id="move", now=NOW + 5)
    assert sorted(await store.schedule.wakeups()) == [(DueKind.DEADLINE, game.id, NOW + 100),
                                                      (DueKind.REMINDER, game.id, NOW + 50)]


async def test_wake_ups_of_games_that_are_gone_are_dropped(store: Store) -> None:
    game = await new_game(store, deadline=NOW)
    await store.client.delete(store.games._keys.game(game.id))
    assert await store.schedule.claim_due(NOW) == []
    assert await store.schedule.wakeups() == []


async def test_concurrent_claimers_share_the_items_without_overlap(store: Store) -> None:
    games = [await new_game(store, deadline=NOW - n) for n in range(60)]
    batches = await asyncio.gather(*(store.schedule.claim_due(NOW, limit=7) for _ in range(12)))
    claimed = [item.game_id for batch in batches for item in batch]
    assert len(claimed) == len(set(claimed)) == len(games)


async def test_an_item_names_the_command_to_act_with() -> None:
    item = DueItem(DueKind.REMINDER, "g1", 7, NOW)
    assert item.command_id == "due:reminder:g1:7"
