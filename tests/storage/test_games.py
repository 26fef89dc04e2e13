"""Games on a single server and on the cluster: atomic compare-and-set, idempotent commands, logs, indexes."""

from __future__ import annotations

import asyncio
import dataclasses
import time

import pytest

from storage import (
    AlreadyExists,
    ApplyResult,
    DueKind,
    GameRecord,
    GameResult,
    MoveLogEntry,
    NotFound,
    Store,
    UnknownSchemaVersion,
    VersionConflict,
)
from storage.wakeups import bucket_key

from .conftest import open_store
from .positions import START, next_position

NOW = 1_800_000_000.0


async def new_game(store: Store, **fields: object) -> GameRecord:
    defaults: dict[str, object] = {"variant": "plakoto", "players": ("ann", "bob"), "position": START, "now": NOW}
    return await store.games.create(**{**defaults, **fields})  # type: ignore[arg-type]


async def play(store: Store, game: GameRecord, command: str, **changes: object) -> tuple[GameRecord, ApplyResult]:
    """Apply one move named `command` to `game` (as loaded) and return the reloaded game and the result."""
    after = next_position(game.position, command)
    move = MoveLogEntry(game.turn, "31", command, after, NOW + game.version)
    new = dataclasses.replace(game, position=after, turn=1 - game.turn, **changes)  # type: ignore[arg-type]
    result = await store.games.apply(game, new, command_id=command, move=move, now=NOW + game.version)
    return await store.games.get(game.id), result


async def test_a_new_game_is_stored_at_version_one(store: Store) -> None:
    game = await new_game(store, options={"mother": "win"}, chat="tg:1", match_id="m1", dice="64")
    assert game.version == 1
    assert await store.games.get(game.id) == game
    assert await store.games.log(game.id) == []
    assert await store.games.active_for("ann") == [game.id]


async def test_a_taken_id_is_refused(store: Store) -> None:
    await new_game(store, game_id="fixed")
    with pytest.raises(AlreadyExists):
        await new_game(store, game_id="fixed")


async def test_apply_stores_the_new_state_and_appends_the_move(store: Store) -> None:
    game = await new_game(store)
    after, result = await play(store, game, "c1", dice="52")
    assert result == ApplyResult(game.id, 2, 1)
    assert (after.version, after.turn, after.dice, after.updated_at) == (2, 1, "52", NOW + 1)
    assert after.position == next_position(START, "c1")
    [entry] = await store.games.log(game.id)
    assert entry == MoveLogEntry(0, "31", "c1", after.position, NOW + 1)


async def test_a_stale_version_raises_a_conflict_and_changes_nothing(store: Store) -> None:
    game = await new_game(store)
    moved, _ = await play(store, game, "c1")
    with pytest.raises(VersionConflict) as caught:
        await play(store, game, "c2")
    assert (caught.value.expected, caught.value.actual) == (1, 2)
    assert await store.games.get(game.id) == moved
    assert len(await store.games.log(game.id)) == 1


async def test_a_repeated_command_changes_the_game_once_and_returns_the_first_result(store: Store) -> None:
    game = await new_game(store)
    _, first = await play(store, game, "c1")
    again_game, again = await play(store, game, "c1")
    assert again == first and again.duplicate and not first.duplicate
    assert again_game.version == 2
    later, _ = await play(store, again_game, "c2")
    _, late_repeat = await play(store, game, "c1")
    assert late_repeat == first
    assert await store.games.get(game.id) == later
    assert [entry.play for entry in await store.games.log(game.id)] == ["c1", "c2"]


async def test_the_same_command_sent_at_once_many_times_applies_once(store: Store) -> None:
    game = await new_game(store)
    results = await asyncio.gather(*(play(store, game, "c1") for _ in range(6)))
    assert [result.duplicate for _, result in results].count(False) == 1
    assert len({result for _, result in results}) == 1
    assert len(await store.games.log(game.id)) == 1


async def test_command_ids_are_remembered_for_a_bounded_number_of_changes(store: Store) -> None:
    forgetful = Store(store.client, dataclasses.replace(store.settings, commands_kept=2))
    game = await new_game(forgetful)
    current = game
    for command in ("c1", "c2", "c3"):
        current, _ = await play(forgetful, current, command)
    _, repeat = await play(forgetful, await forgetful.games.get(game.id), "c3")
    assert repeat.duplicate
    with pytest.raises(VersionConflict):
        await play(forgetful, game, "c1")
    ttl = await store.client.pttl(store.games._keys.game_commands(game.id))
    assert 0 < ttl <= store.settings.commands_ttl * 1000


async def test_the_log_replays_every_position_up_to_the_stored_one(store: Store) -> None:
    game = await new_game(store)
    for n in range(30):
        game, _ = await play(store, game, f"m{n}")
    record, log = await store.games.snapshot(game.id)
    assert record == game and len(log) == record.version - 1 == 30
    position = START
    for n, entry in enumerate(log):
        position = next_position(position, f"m{n}")
        assert (entry.play, entry.position, entry.side) == (f"m{n}", position, n % 2)
    assert position == record.position


async def test_a_finished_game_keeps_its_log_and_leaves_the_active_games(store: Store) -> None:
    game = await new_game(store, deadline=NOW + 60, remind_at=NOW + 30)
    game, _ = await play(store, game, "c1")
    done = dataclasses.replace(game, result=GameResult(winner=1, points=2, reason="resign"), deadline=None)
    result = await store.games.apply(game, done, command_id="resign")
    assert result == ApplyResult(game.id, 3, 1)
    stored = await store.games.get(game.id)
    assert stored.finished and stored.result == GameResult(1, 2, "resign")
    assert [entry.play for entry in await store.games.log(game.id)] == ["c1"]
    assert await store.games.active_for("ann") == [] and await store.games.active_for("bob") == []
    assert await store.schedule.wakeups() == []


async def test_wake_ups_follow_the_game_s_times(store: Store) -> None:
    game = await new_game(store, deadline=NOW + 60, remind_at=NOW + 30)
    assert sorted(await store.schedule.wakeups()) == [(DueKind.DEADLINE, game.id, NOW + 60),
                                                      (DueKind.REMINDER, game.id, NOW + 30)]
    game, _ = await play(store, game, "c1", deadline=NOW + 120, remind_at=None)
    # a later deadline keeps the earlier wake-up (it re-arms when it comes up); the reminder is gone
    assert await store.schedule.wakeups() == [(DueKind.DEADLINE, game.id, NOW + 60)]
    game, _ = await play(store, game, "c2", deadline=NOW + 40)
    assert await store.schedule.wakeups() == [(DueKind.DEADLINE, game.id, NOW + 40)]


async def test_a_missing_game_is_not_found(store: Store) -> None:
    with pytest.raises(NotFound):
        await store.games.get("nope")
    game = await new_game(store)
    await store.client.delete(store.games._keys.game(game.id))
    with pytest.raises(NotFound):
        await play(store, game, "c1")


async def test_a_record_of_an_unknown_schema_version_is_refused(store: Store) -> None:
    game = await new_game(store)
    key = store.games._keys.game(game.id)
    raw = (await store.client.get(key)).replace(b'"sv":1', b'"sv":99')
    await store.client.set(key, raw)
    with pytest.raises(UnknownSchemaVersion, match="99"):
        await store.games.get(game.id)
    with pytest.raises(UnknownSchemaVersion):
        await play(store, game, "c1")
    await store.client.set(key, b"not json")
    with pytest.raises(UnknownSchemaVersion, match="unreadable"):
        await play(store, game, "c2")


async def test_changes_that_are_not_game_steps_are_refused(store: Store) -> None:
    game = await new_game(store)
    after = next_position(START, "x")
    with pytest.raises(ValueError, match="players"):
        await store.games.apply(game, dataclasses.replace(game, players=("ann", "eve")), command_id="x")
    with pytest.raises(ValueError, match="move"):
        await store.games.apply(game, dataclasses.replace(game, position=after), command_id="x")
    with pytest.raises(ValueError, match="position"):
        await store.games.apply(game, dataclasses.replace(game, position=after), command_id="x",
                                move=MoveLogEntry(0, "31", "x", START, NOW))
    with pytest.raises(ValueError, match="command id"):
        await store.games.apply(game, game, command_id="")
    with pytest.raises(ValueError, match="as loaded"):
        forged = dataclasses.replace(game, position=after)
        await store.games.apply(forged, dataclasses.replace(forged, dice="11"), command_id="x")
    assert await store.games.get(game.id) == game


async def test_indexes_lost_between_steps_are_repaired(store: Store) -> None:
    game = await new_game(store, deadline=NOW + 60)
    game, first = await play(store, game, "c1", deadline=NOW + 90)
    keys = store.games._keys
    await store.client.delete(keys.player_games("ann"))
    await store.client.delete(bucket_key(store.games._backend, game.id))
    _, again = await play(store, game, "c1")  # the retried command re-derives the indexes
    assert again == first
    assert await store.games.active_for("ann") == [game.id]
    assert await store.schedule.wakeups() == [(DueKind.DEADLINE, game.id, NOW + 90)]
    await store.client.delete(keys.player_games("bob"))
    assert await store.games.repair_all() == 1
    assert await store.games.active_for("bob") == [game.id]


async def test_active_games_drop_ids_of_games_that_are_gone(store: Store) -> None:
    kept = await new_game(store)
    gone = await new_game(store)
    await store.client.delete(store.games._keys.game(gone.id))
    assert await store.games.active_for("ann") == [kept.id]
    assert await store.client.smembers(store.games._keys.player_games("ann")) == {kept.id.encode()}


@pytest.mark.parametrize("where", ["own", "cluster"])
async def test_scripts_survive_a_flushed_script_cache(where: str, request: pytest.FixtureRequest) -> None:
    url = request.getfixturevalue("own_server").url if where == "own" else request.getfixturevalue("cluster_url")
    store = await open_store(url)
    try:
        game = await new_game(store)
        game, _ = await play(store, game, "c1")
        await store.client.script_flush()  # on a cluster: on every primary
        game, result = await play(store, game, "c2")
        assert result.version == 3 and game.version == 3
        others = [await new_game(store) for _ in range(8)]
        await store.client.script_flush()
        results = await asyncio.gather(*(play(store, other, "c1") for other in others))  # one pipeline
        assert [result.version for _, result in results] == [2] * 8
    finally:
        for key in [key async for key in store.client.scan_iter(match=f"{store.settings.prefix}:*")]:
            await store.client.delete(key)
        await store.aclose()


async def test_times_are_kept_to_the_second(store: Store) -> None:
    game = await new_game(store)
    after = next_position(START, "c1")
    await store.games.apply(game, dataclasses.replace(game, position=after), command_id="c1",
                            move=MoveLogEntry(0, "31", "c1", after, NOW + 12.4), now=time.time())
    [entry] = await store.games.log(game.id)
    assert entry.at == NOW + 12


async def test_a_games_seed_is_stored_beside_its_options_and_fixed(store: Store) -> None:
    game = await store.games.create(variant="tapa", players=("p1", "p2"), position=START, options={"mother": "off"},
                                    seed="ab" * 32)
    again = await store.games.get(game.id)
    assert again.seed == "ab" * 32 and dict(again.options) == {"mother": "off"}
    with pytest.raises(ValueError):
        await store.games.apply(again, dataclasses.replace(again, seed="cd" * 32), command_id="change-seed")
