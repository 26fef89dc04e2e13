"""Claiming due reminders and deadlines, on a single server and on the cluster."""

from __future__ import annotations

import asyncio

from storage import DueItem, DueKind, Store

NOW = 1_800_000_000.0


def items(count: int, due: float = NOW) -> list[DueItem]:
    return [DueItem(DueKind.DEADLINE, f"g{n}", 1 + n % 3, due) for n in range(count)]


async def test_only_due_items_are_claimed_and_each_once(store: Store) -> None:
    for item in [*items(5), DueItem(DueKind.REMINDER, "later", 1, NOW + 10)]:
        await store.schedule.add(item)
    first = await store.schedule.claim_due(NOW, limit=3)
    rest = await store.schedule.claim_due(NOW, limit=10)
    assert len(first) == 3 and len(rest) == 2
    assert sorted(first + rest, key=lambda i: i.game_id) == items(5)
    assert await store.schedule.claim_due(NOW) == []
    assert [item.game_id for item in await store.schedule.claim_due(NOW + 10)] == ["later"]


async def test_a_leased_item_falls_due_again_unless_done(store: Store) -> None:
    kept, dropped = items(2)
    await store.schedule.add(kept)
    await store.schedule.add(dropped)
    assert len(await store.schedule.claim_due(NOW, lease=30)) == 2
    await store.schedule.done(kept)
    assert await store.schedule.claim_due(NOW + 29) == []
    assert await store.schedule.claim_due(NOW + 30, lease=30) == [DueItem(DueKind.DEADLINE, "g1", 2, NOW + 30)]


async def test_without_a_lease_a_claimed_item_is_gone(store: Store) -> None:
    for item in items(4):
        await store.schedule.add(item)
    assert len(await store.schedule.claim_due(NOW, lease=None)) == 4
    assert await store.schedule.pending() == []


async def test_concurrent_claimers_share_the_items_without_overlap(store: Store) -> None:
    for item in items(60):
        await store.schedule.add(item)
    batches = await asyncio.gather(*(store.schedule.claim_due(NOW, limit=7) for _ in range(12)))
    claimed = [item.game_id for batch in batches for item in batch]
    assert len(claimed) == len(set(claimed)) == 60


async def test_an_item_names_the_command_to_act_with() -> None:
    item = DueItem(DueKind.REMINDER, "g1", 7, NOW)
    assert item.command_id == "due:reminder:g1:7"
