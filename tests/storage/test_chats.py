"""Per-chat settings: defaults for a chat never configured, compare-and-set updates, schema versions."""

from __future__ import annotations

import pytest

from storage import ChatSettings, Store, UnknownSchemaVersion, VersionConflict


async def test_a_chat_never_configured_has_no_settings(store: Store) -> None:
    assert await store.chats.get("console:lobby") == ChatSettings("console:lobby")


async def test_settings_are_stored_by_compare_and_set(store: Store) -> None:
    current = await store.chats.get("tg:42")
    stored = await store.chats.update(current, ChatSettings("tg:42", language="bg", deadline_hours=24.0))
    assert stored.version == 1
    assert await store.chats.get("tg:42") == ChatSettings("tg:42", "bg", 24.0, 1)
    with pytest.raises(VersionConflict):
        await store.chats.update(current, ChatSettings("tg:42", language="el"))
    with pytest.raises(ValueError):
        await store.chats.update(stored, ChatSettings("tg:43", language="el"))
    again = await store.chats.update(stored, ChatSettings("tg:42", language="el", deadline_hours=24.0))
    assert (again.language, again.deadline_hours, again.version) == ("el", 24.0, 2)


async def test_an_unknown_schema_version_is_refused(store: Store) -> None:
    key = store.games._keys.chat_settings("dc:7")
    await store.client.set(key, b'{"sv":99,"v":1,"lang":"en"}')
    with pytest.raises(UnknownSchemaVersion):
        await store.chats.get("dc:7")


async def test_a_moved_chat_is_filed_under_the_chat_it_continues(store: Store) -> None:
    """A Telegram group upgraded to a supergroup (and that one moved again) stays filed under its first id."""
    assert await store.chats.resolve("tg:-1") == "tg:-1"
    assert await store.chats.alias("tg:-1001", "tg:-1") == "tg:-1"
    assert await store.chats.resolve("tg:-1001") == "tg:-1"
    assert await store.chats.alias("tg:-2001", "tg:-1001") == "tg:-1", "a chain ends at the first chat"
    assert await store.chats.alias("tg:-1001", "tg:-9") == "tg:-1", "the first alias stays"
    assert await store.chats.alias("tg:-1", "tg:-1001") == "tg:-1", "never an alias of itself"
    assert await store.chats.resolve("tg:-1") == "tg:-1"


async def test_a_chat_seen_as_a_group_stays_one(store: Store) -> None:
    """A Discord server channel is marked a group (its games may be watched, P5); any other chat is not."""
    assert await store.chats.is_group("discord:500") is False
    await store.chats.mark_group("discord:500")
    await store.chats.mark_group("discord:500")
    assert await store.chats.is_group("discord:500") is True
    assert await store.chats.is_group("discord:700") is False
