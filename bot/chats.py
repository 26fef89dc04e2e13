"""Per-chat settings: the chat's language (the fallback after the player's) and its move deadline.

They are kept in the player store under a pseudo-account (`chat`, `<platform>:<chat id>`): `language` is the
chat's language and the name field reads `deadline=<hours>`. Unset values fall back to the bot's settings.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from storage import Store, VersionConflict

from .replies import Chat

PLATFORM = "chat"


@dataclass(frozen=True, slots=True)
class ChatSettings:
    language: str | None
    deadline_hours: float | None


def _hours(name: str) -> float | None:
    key, _, value = name.partition("=")
    try:
        return float(value) if key == "deadline" else None
    except ValueError:
        return None


async def load(store: Store, chat: Chat) -> ChatSettings:
    record = await store.players.find(PLATFORM, chat.key)
    if record is None:
        return ChatSettings(None, None)
    return ChatSettings(record.language, _hours(record.name))


async def save(store: Store, chat: Chat, *, language: str | None = None, deadline_hours: float | None = None) -> None:
    """Change the given settings (a conflicting concurrent change is retried)."""
    for _ in range(5):
        record = await store.players.ensure(PLATFORM, chat.key, "deadline=")
        new = record
        if language is not None:
            new = replace(new, language=language)
        if deadline_hours is not None:
            new = replace(new, name=f"deadline={deadline_hours:g}")
        try:
            await store.players.update(record, new)
            return
        except VersionConflict:
            continue
