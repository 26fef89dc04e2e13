"""Matches, players, challenges and standings on a single server and on the cluster (ratings: test_ratings.py)."""

from __future__ import annotations

import asyncio
import dataclasses

import pytest

from storage import AlreadyExists, NotFound, Standing, Store, UnknownSchemaVersion, VersionConflict

NOW = 1_800_000_000.0


async def test_a_match_keeps_score_games_and_who_starts(store: Store) -> None:
    match = await store.matches.create(variant="tawula", players=("ann", "bob"), target=5, chat="tg:1", now=NOW)
    assert (match.version, match.score, match.games, match.starts_next) == (1, (0, 0), (), 0)
    assert await store.matches.get(match.id) == match
    updated = await store.matches.update(match, dataclasses.replace(match, score=(2, 0), games=("g1",), starts_next=1),
                                         now=NOW + 5)
    assert (updated.version, updated.updated_at) == (2, NOW + 5)
    assert await store.matches.get(match.id) == updated
    with pytest.raises(VersionConflict):
        await store.matches.update(match, dataclasses.replace(match, winner=0))
    with pytest.raises(ValueError, match="target"):
        await store.matches.update(updated, dataclasses.replace(updated, target=7))
    with pytest.raises(NotFound):
        await store.matches.get("nope")


async def test_a_player_is_created_once_per_account(store: Store) -> None:
    players = await asyncio.gather(*(store.players.ensure("telegram", "42", "Ann", now=NOW) for _ in range(5)))
    assert len({player.id for player in players}) == 1
    ann = players[0]
    assert (ann.platform, ann.platform_user_id, ann.name, ann.language) == ("telegram", "42", "Ann", None)
    assert await store.players.find("telegram", "42") == await store.players.get(ann.id)
    assert await store.players.find("discord", "42") is None
    other = await store.players.ensure("discord", "42", "Ann")
    assert other.id != ann.id


async def test_a_player_s_name_and_language_change(store: Store) -> None:
    ann = await store.players.ensure("telegram", "42", "Ann", language="el")
    renamed = await store.players.ensure("telegram", "42", "Annie")
    assert (renamed.name, renamed.language, renamed.version) == ("Annie", "el", 2)
    spoken = await store.players.update(renamed, dataclasses.replace(renamed, language="tr"))
    assert (await store.players.get(ann.id)).language == "tr" == spoken.language
    with pytest.raises(VersionConflict):
        await store.players.update(renamed, dataclasses.replace(renamed, language="en"))
    with pytest.raises(ValueError):
        await store.players.update(spoken, dataclasses.replace(spoken, platform="discord"))


async def test_a_player_record_lost_after_its_account_is_written_again(store: Store) -> None:
    ann = await store.players.ensure("telegram", "42", "Ann")
    await store.client.delete(store.players._keys.player(ann.id))
    again = await store.players.ensure("telegram", "42", "Ann")
    assert again.id == ann.id


async def test_an_unknown_schema_version_of_a_player_is_refused(store: Store) -> None:
    ann = await store.players.ensure("telegram", "42", "Ann")
    key = store.players._keys.player(ann.id)
    await store.client.set(key, b'{"sv":2,"v":1}')
    with pytest.raises(UnknownSchemaVersion):
        await store.players.get(ann.id)
    with pytest.raises(UnknownSchemaVersion):
        await store.players.update(ann, ann)
    await store.client.set(key, b"not json")
    with pytest.raises(UnknownSchemaVersion):
        await store.players.get(ann.id)
    with pytest.raises(UnknownSchemaVersion, match="unreadable"):
        await store.players.update(ann, ann)


async def test_challenges_are_listed_until_taken_and_taken_once(store: Store) -> None:
    open_one = await store.challenges.create(challenger="ann", chat="tg:1", variant="plakoto", now=NOW)
    aimed = await store.challenges.create(challenger="ann", chat="tg:1", variant="tapa", target="bob",
                                          match_target=5, options={"mother": "off"}, now=NOW + 1)
    assert await store.challenges.get(open_one.id, now=NOW) == open_one
    assert open_one.open and not aimed.open
    assert await store.challenges.open_in_chat("tg:1", now=NOW + 2) == [open_one]
    assert await store.challenges.addressed_to("bob", now=NOW + 2) == [aimed]
    takers = await asyncio.gather(*(store.challenges.take(open_one.id, now=NOW + 3) for _ in range(6)),
                                  return_exceptions=True)
    assert [t for t in takers if not isinstance(t, NotFound)] == [open_one]
    assert await store.challenges.open_in_chat("tg:1", now=NOW + 3) == []
    assert await store.challenges.cancel(aimed.id) is True
    assert await store.challenges.cancel(aimed.id) is False
    assert await store.challenges.addressed_to("bob", now=NOW + 3) == []


async def test_challenges_expire_after_a_day_by_default(store: Store) -> None:
    challenge = await store.challenges.create(challenger="ann", chat="tg:1", variant="plakoto", now=NOW)
    assert challenge.expires_at == NOW + 24 * 3600
    assert await store.challenges.get(challenge.id, now=NOW + 24 * 3600 - 1) == challenge
    with pytest.raises(NotFound):
        await store.challenges.get(challenge.id, now=NOW + 24 * 3600)
    with pytest.raises(NotFound):
        await store.challenges.take(challenge.id, now=NOW + 24 * 3600)
    assert await store.challenges.open_in_chat("tg:1", now=NOW + 24 * 3600) == []
    fresh = await store.challenges.create(challenger="ann", chat="tg:2", variant="plakoto")
    ttl = await store.client.pttl(store.challenges._keys.challenge(fresh.id))
    assert 23 * 3600 * 1000 < ttl <= 24 * 3600 * 1000


async def test_an_expired_challenge_disappears_from_redis(store: Store) -> None:
    challenge = await store.challenges.create(challenger="ann", chat="tg:1", variant="plakoto", ttl=0.05)
    key = store.challenges._keys.challenge(challenge.id)
    for _ in range(100):
        if not await store.client.exists(key):
            break
        await asyncio.sleep(0.05)
    assert not await store.client.exists(key)
    with pytest.raises(NotFound):
        await store.challenges.get(challenge.id)
    assert await store.challenges.open_in_chat("tg:1") == []


async def test_standings_count_each_result_once(store: Store) -> None:
    assert await store.standings.record_game("tg:1", "g:1", "ann", "bob", 2) is True
    assert await store.standings.record_game("tg:1", "g:1", "ann", "bob", 2) is False, "a retried result"
    assert await store.standings.record_game("tg:1", "g:2", "bob", "ann", 3) is True
    assert await store.standings.record_match("tg:1", "m:1", "bob", "ann") is True
    assert await store.standings.record_match("tg:1", "m:1", "bob", "ann") is False
    assert await store.standings.table("tg:1") == [Standing("bob", 1, 0, 3, 2), Standing("ann", 0, 1, 2, 3)]
    assert await store.standings.line("tg:1", "ann") == Standing("ann", 0, 1, 2, 3)
    assert await store.standings.line("tg:2", "ann") == Standing("ann"), "each chat has its own standings"


async def test_records_are_created_with_fresh_ids(store: Store) -> None:
    first = await store.matches.create(variant="plakoto", players=("a", "b"), target=1)
    second = await store.matches.create(variant="plakoto", players=("a", "b"), target=1)
    assert first.id != second.id
    game = await store.games.create(variant="plakoto", players=("a", "b"), position="x")
    with pytest.raises(AlreadyExists):
        await store.games.create(variant="plakoto", players=("a", "b"), position="x", game_id=game.id)
