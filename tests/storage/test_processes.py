"""Several processes on one Redis: moves to shared games, and claiming due items."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from storage import Store

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
    # each game has one deadline wake-up, no later than its deadline
    wakeups = await store.schedule.wakeups()
    assert sorted(game_id for _, game_id, _ in wakeups) == sorted(ids)
    for _, game_id, when in wakeups:
        assert when <= ((await store.games.get(game_id)).deadline or 0)


async def test_two_processes_claiming_at_once_get_each_due_item_exactly_once(
    single_store: Store, single_url: str, tmp_path: Path
) -> None:
    store = single_store
    games = [await store.games.create(variant="plakoto", players=("ann", "bob"), position=START,
                                      deadline=NOW - n) for n in range(300)]
    workers = Workers("claim", [
        {"url": single_url, "prefix": store.settings.prefix, "now": NOW, "limit": 5, "lease": 60}
        for _ in range(2)
    ], tmp_path / "go")
    workers.go()
    first, second = (json.loads(lines[-1]) for lines in workers.wait())
    assert first and second, "both processes should have claimed some items"
    assert not set(first) & set(second)
    assert sorted(first + second) == sorted(f"due:deadline:{game.id}:1" for game in games)


async def test_four_processes_close_each_chats_season_exactly_once(single_store: Store, single_url: str,
                                                                   tmp_path: Path) -> None:
    """Issue 29: a season's end is one wake-up per chat; whichever process claims it closes the season, once."""
    store = single_store
    october = 1_790_000_000.0  # 2026-09-21: the September season ends on 2026-10-01
    chats = [f"telegram:-{n}" for n in range(40)]
    for chat in chats:
        await store.seasons.set_mode(chat, "monthly" if len(chat) % 2 else "quarterly", october)
    after = 1_791_000_000.0  # 2026-10-03
    workers = Workers("seasons", [
        {"url": single_url, "prefix": store.settings.prefix, "now": after, "limit": 3, "lease": 60}
        for _ in range(4)
    ], tmp_path / "go")
    workers.go()
    closed = [chat for lines in workers.wait() for chat in json.loads(lines[-1])]
    assert sorted(closed) == sorted(chats)
    for chat in chats:
        state = await store.seasons.state(chat)
        assert state.current is not None and state.current.name in ("2026-10", "2026-Q4")
    assert sorted(chat for _, chat, _ in await store.schedule.wakeups()) == sorted(chats), "the next ends armed"
