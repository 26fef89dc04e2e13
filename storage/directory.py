"""The directory of players the bot has seen: a platform's usernames → platform user ids.

Chat platforms address people by handle (`@bob` on Telegram) while the store knows accounts by user id. Every
time a user writes, the service refreshes their handle here, so `/challenge @bob` finds bob. Handles are
matched case-insensitively; one hash per platform (one hash tag), so a refresh is one command.
"""

from __future__ import annotations

from .backend import Repository, text
from .errors import guarded

MAX_HANDLE = 64


def _handle(username: str) -> str:
    return username.strip().lstrip("@").lower()[:MAX_HANDLE]


class DirectoryRepository(Repository):
    """Who a handle names on each platform."""

    @guarded
    async def remember(self, platform: str, username: str, user_id: str) -> None:
        """`@username` is `user_id` on `platform` from now on (a handle moved to another user follows it)."""
        handle = _handle(username)
        if handle:
            await self._client.hset(self._keys.directory(platform), handle, user_id)

    @guarded
    async def lookup(self, platform: str, username: str) -> str | None:
        """The user id `@username` names on `platform`, or None if the bot has not seen it."""
        handle = _handle(username)
        if not handle:
            return None
        raw = await self._client.hget(self._keys.directory(platform), handle)
        return None if raw is None else text(raw)


class PreferenceRepository(Repository):
    """Small per-player preferences (where reminders go), one hash per player."""

    @guarded
    async def get(self, player_id: str, name: str) -> str | None:
        raw = await self._client.hget(self._keys.player_prefs(player_id), name)
        return None if raw is None else text(raw)

    @guarded
    async def set(self, player_id: str, name: str, value: str) -> None:
        await self._client.hset(self._keys.player_prefs(player_id), name, value)

    @guarded
    async def last_game(self, player_id: str, chat_key: str) -> str | None:
        """The player's game that ended last in the chat `chat_key` (what /board shows once a game is over)."""
        return await self.get(player_id, _last_game(chat_key))

    @guarded
    async def set_last_game(self, player_id: str, chat_key: str, game_id: str) -> None:
        await self.set(player_id, _last_game(chat_key), game_id)


def _last_game(chat_key: str) -> str:
    """The preference that remembers a player's game that ended last in a chat."""
    return f"last:{chat_key}"
