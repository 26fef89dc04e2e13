"""Pieces that need no Redis: settings from URLs, keys, the move log encoding, record codecs."""

from __future__ import annotations

import pytest
from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster

from storage import (
    GameRecord,
    GameResult,
    Keys,
    MoveLogEntry,
    StoreSettings,
    UnknownSchemaVersion,
    codec,
    make_client,
    movelog,
)

from .positions import START, next_position


def test_settings_come_from_a_url_with_an_optional_cluster_marker_and_prefix() -> None:
    plain = StoreSettings.from_url("redis://:secret@db.local:6380/2?prefix=t1&health_check_interval=5")
    assert (plain.url, plain.cluster, plain.prefix) == ("redis://:secret@db.local:6380/2?health_check_interval=5",
                                                        False, "t1")
    assert plain.display_url == "redis://db.local:6380/2"
    cluster = StoreSettings.from_url("redis+cluster://db.local:7000", operation_timeout=1.5)
    assert (cluster.url, cluster.cluster, cluster.prefix, cluster.operation_timeout) == (
        "redis://db.local:7000", True, "tabla", 1.5)
    assert StoreSettings.from_url("unix:///run/redis.sock?prefix=x").url == "unix:///run/redis.sock"
    with pytest.raises(ValueError, match="scheme"):
        StoreSettings.from_url("http://localhost")


async def test_the_client_kind_follows_the_url() -> None:
    single = make_client(StoreSettings.from_url("redis://127.0.0.1:6379/0"))
    cluster = make_client(StoreSettings.from_url("redis+cluster://127.0.0.1:7000"))
    assert isinstance(single, Redis) and isinstance(cluster, RedisCluster)
    await single.aclose()
    await cluster.aclose()


def test_keys_share_a_hash_tag_per_game_and_refuse_braces() -> None:
    keys = Keys("tabla")
    assert keys.game("abc") == "tabla:{g:abc}"
    assert keys.game_log("abc").startswith("tabla:{g:abc}") and keys.game_commands("abc").startswith("tabla:{g:abc}")
    assert keys.standings("tg:1").startswith("tabla:{chat:tg:1}") and keys.standings_counted("tg:1").startswith(
        "tabla:{chat:tg:1}")
    for bad in ("", "a}b", "a{b", "a\nb"):
        with pytest.raises(ValueError):
            keys.game(bad)


def test_log_entries_round_trip_and_stay_small() -> None:
    position, entries, encoded = START, [], []
    for n in range(60):
        after = next_position(position, f"m{n}")
        entry = MoveLogEntry(n % 2, "64", f"24/18 13/9 m{n}", after, 1000.0 + 30 * n)
        encoded.append(movelog.encode(entry, position, 1000.0))
        entries.append(entry)
        position = after
    assert movelog.decode_all(encoded, START, 1000.0) == entries
    assert sum(map(len, encoded)) / len(encoded) < 45


def test_an_incompressible_position_is_stored_raw() -> None:
    entry = MoveLogEntry(0, "11", "x", "Q", 5.0)
    raw = movelog.encode(entry, START, 5.0)
    assert raw == b"0|11|0|x|rQ"
    assert movelog.decode_all([raw], START, 5.0) == [entry]
    with pytest.raises(ValueError):
        movelog.encode(MoveLogEntry(0, "1|1", "x", "Q", 5.0), START, 5.0)


def test_records_round_trip_and_carry_their_schema_version() -> None:
    game = GameRecord(id="g", variant="plakoto", options={"mother": "off"}, players=("a", "b"), position=START,
                      start_position=START, dice="", turn=1, version=3, created_at=1.5, updated_at=2.5,
                      chat="tg:1", match_id="m", deadline=9.0, remind_at=None, result=GameResult(0, 2, "mars"))
    raw = codec.dump_game(game)
    assert raw.startswith(b'{"sv":1,')
    assert codec.game_from("g", codec.load("k", raw)) == game
    with pytest.raises(UnknownSchemaVersion):
        codec.load("k", raw.replace(b'"sv":1', b'"sv":0'))
    with pytest.raises(UnknownSchemaVersion):
        codec.load("k", b"[]")
