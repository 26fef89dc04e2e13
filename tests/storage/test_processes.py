"""Several processes on one Redis: moves to shared games, and claiming due items."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from storage import DueItem, DueKind, Store

from .positions import START, next_position
from .processes import Workers

NOW = 1_800_000_000.0


async def test_eight_processes_moving_in_twenty_games_lose_and_double_nothing(
    single_store: Store, single_url: str, tmp_path: Path
) -> None:
    store = single_store
    games = [await store.games.create(variant="plakoto", players=("ann", "bob"), position=START) for _ in range(20)]
    ids = [game.id for game in games]
    workers = Workers("moves", [
        {"url": single_url, "prefix": store.settings.prefix, "games": ids, "moves": 30, "proc": proc, "seed": proc,
         "repeat": 0.2}
        for proc in range(8)
    ], tmp_path / "go")
    workers.go()
    acks = [json.loads(line) for lines in workers.wait() for line in lines]
    assert not [ack for ack in acks if "error" in ack]
    assert len(acks) == 8 * 30
    assert len({(ack["game"], ack["version"]) for ack in acks}) == len(acks), "two moves got the same version"
    per_game = Counter(ack["game"] for ack in acks)
    logged = []
    for game_id in ids:
        record, log = await store.games.snapshot(game_id)
        assert record.version == 1 + len(log) == 1 + per_game[game_id]
        position = START
        for entry in log:
            position = next_position(position, entry.play)
            assert entry.position == position
        assert record.position == position
        logged += [(game_id, index + 2, entry.play) for index, entry in enumerate(log)]
    assert sorted(logged) == sorted((ack["game"], ack["version"], ack["cmd"]) for ack in acks)
    # Each game's deadline is scheduled for its current version; racing index updates may leave items of
    # older versions behind, which `DueItem.is_current` tells apart.
    current = {game_id: (await store.games.get(game_id)).version for game_id in ids}
    scheduled = {(item.game_id, item.version) for item in await store.schedule.pending()}
    assert set(current.items()) <= scheduled
    assert all(version < current[game_id] for game_id, version in scheduled - set(current.items()))


async def test_two_processes_claiming_at_once_get_each_due_item_exactly_once(
    single_store: Store, single_url: str, tmp_path: Path
) -> None:
    store = single_store
    due = [DueItem(DueKind.DEADLINE, f"g{n}", 1, NOW - n) for n in range(400)]
    for item in due:
        await store.schedule.add(item)
    workers = Workers("claim", [
        {"url": single_url, "prefix": store.settings.prefix, "now": NOW, "limit": 5, "lease": 60}
        for _ in range(2)
    ], tmp_path / "go")
    workers.go()
    first, second = (json.loads(lines[-1]) for lines in workers.wait())
    assert first and second, "both processes should have claimed some items"
    assert not set(first) & set(second)
    assert sorted(first + second) == sorted(item.command_id for item in due)
