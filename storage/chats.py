"""Per-chat settings (language, time per move): one small versioned record per chat, under the chat's hash tag.

A chat that moved to a new id (a Telegram group upgraded to a supergroup) keeps its records under its first id:
the new id is an alias of it (`alias`, `resolve`), written once and never changed. A chat seen to be a group
(`mark_group`: a Discord server channel, whose key looks like a direct message's) stays one.
"""

from __future__ import annotations

from dataclasses import replace

from . import codec
from .backend import Repository
from .errors import AlreadyExists, VersionConflict, guarded
from .records import ChatSettings
from .versioned import compare_and_set


class ChatRepository(Repository):
    """Stores each chat's settings; a chat never configured reads as `ChatSettings(chat)` (version 0)."""

    @guarded
    async def get(self, chat: str) -> ChatSettings:
        key = self._keys.chat_settings(chat)
        raw = await self._client.get(key)
        return ChatSettings(chat) if raw is None else codec.chat_from(chat, codec.load(key, raw))

    @guarded
    async def update(self, current: ChatSettings, new: ChatSettings) -> ChatSettings:
        """Store `new` if the chat's settings are still at `current.version`.

        :raises VersionConflict: they changed since `current` was read (read again and retry).
        :raises ValueError: `new` is for another chat.
        """
        if new.chat != current.chat:
            raise ValueError("update() cannot move settings to another chat")
        stored = replace(new, version=current.version + 1)
        try:
            await compare_and_set(self._backend, "chat", current.chat, self._keys.chat_settings(current.chat),
                                  current.version, codec.dump_chat(stored))
        except AlreadyExists:  # first settings of the chat, written meanwhile by someone else
            raise VersionConflict("chat", current.chat, 0, 1) from None
        return stored

    @guarded
    async def alias(self, new: str, old: str) -> str:
        """Record that chat `new` continues chat `old` (file everything of `new` under `old`, or under the chat
        `old` itself continues); returns the chat `new` is filed under. The first alias of `new` stays."""
        root = await self.resolve(old)
        if root == new:
            return new
        await self._client.set(self._keys.chat_alias(new), root, nx=True)
        return await self.resolve(new)

    @guarded
    async def resolve(self, chat: str) -> str:
        """The chat `chat`'s records are filed under: itself, or the chat it continues (`alias`)."""
        raw = await self._client.get(self._keys.chat_alias(chat))
        return chat if raw is None else raw.decode() if isinstance(raw, bytes) else str(raw)

    @guarded
    async def mark_group(self, chat: str) -> None:
        """Record that `chat` is a group (many people; not a direct chat with the bot). Idempotent."""
        await self._client.set(self._keys.chat_group(chat), "1")

    @guarded
    async def is_group(self, chat: str) -> bool:
        """Whether `chat` was ever seen to be a group (`mark_group`); False for a chat never marked."""
        return bool(await self._client.exists(self._keys.chat_group(chat)))
