"""Per-chat settings: the chat's language (the fallback after the player's) and its move deadline.

They live in the store's chat records (`storage.ChatRepository`); unset values fall back to the bot's settings.
"""

from __future__ import annotations

from dataclasses import replace

from storage import ChatSettings, Store, VersionConflict

from .replies import Chat

__all__ = ["ChatSettings", "save"]


async def save(store: Store, chat: Chat, *, language: str | None = None, deadline_hours: float | None = None) -> None:
    """Change the given settings (a conflicting concurrent change is retried)."""
    for _ in range(5):
        current = await store.chats.get(chat.key)
        new = current
        if language is not None:
            new = replace(new, language=language)
        if deadline_hours is not None:
            new = replace(new, deadline_hours=deadline_hours)
        try:
            await store.chats.update(current, new)
            return
        except VersionConflict:
            continue
    raise VersionConflict("chat", chat.key, 0, 0)
