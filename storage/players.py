"""Players: a platform account (platform + platform user id) mapped to a player id, with name and language.

The account key (`{a:<platform>:<user>}`) and the player record (`{p:<id>}`) have different hash tags, so
`ensure` writes the account first (set-if-absent decides the id once and for all) and then the record; if a
process dies in between, the next `ensure` finds the account and writes the missing record.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import replace

from . import codec
from .backend import Repository, text
from .errors import AlreadyExists, NotFound, VersionConflict, guarded
from .ids import new_id
from .records import Away, PlayerRecord
from .versioned import compare_and_set

UPDATE_SECONDS = 2 * 24 * 3600  # Telegram keeps an unconfirmed update for a day


def update_digest(update_id: str) -> str:
    """A short fixed-length name for an update id (any text a platform gives)."""
    return hashlib.sha256(update_id.encode()).hexdigest()[:24]


class PlayerRepository(Repository):
    """Stores players and finds them by platform account."""

    @guarded
    async def ensure(
        self, platform: str, platform_user_id: str, name: str, *, language: str | None = None,
        now: float | None = None,
    ) -> PlayerRecord:
        """The player of this account, created on first sight; a changed display name is stored.

        `language` is used only when the player is created (change it with `update`).
        """
        now = time.time() if now is None else now
        player_id = await self._account(platform, platform_user_id)
        if player_id is None:
            candidate = new_id()
            account = self._keys.account(platform, platform_user_id)
            if await self._client.set(account, codec.dump_account(candidate), nx=True):
                player_id = candidate
            else:
                player_id = await self._account(platform, platform_user_id)
                assert player_id is not None, "account keys are never deleted"
        for _ in range(5):
            player = await self._find(player_id)
            if player is None:
                player = PlayerRecord(player_id, platform, platform_user_id, name, 1, now, language)
                try:
                    await compare_and_set(self._backend, "player", player_id, self._keys.player(player_id), 0,
                                          codec.dump_player(player))
                except AlreadyExists:
                    continue
                return player
            if player.name == name:
                return player
            try:
                return await self._store(player, replace(player, name=name))
            except VersionConflict:
                continue
        raise VersionConflict("player", player_id, 0, 0)

    @guarded
    async def get(self, player_id: str) -> PlayerRecord:
        """The player as stored.

        :raises NotFound: no such player.
        """
        player = await self._find(player_id)
        if player is None:
            raise NotFound("player", player_id)
        return player

    @guarded
    async def read_update(self, player_id: str, update_id: str, *, now: float | None = None,
                          ) -> tuple[PlayerRecord | None, bool]:
        """The player's record (None if there is none), with the vacation they are on at `now` (`Away`), and
        whether their update `update_id` (a chat's message id, a press's id) is seen here for the first time;
        one round trip. An update is remembered for `UPDATE_SECONDS`, longer than a chat platform redelivers
        one."""
        now = time.time() if now is None else now
        key = self._keys.player(player_id)
        raw, first, away = await self._scripts.player_read(
            keys=[key, self._keys.player_update(player_id, update_digest(update_id)), self._keys.vacations(player_id)],
            args=[UPDATE_SECONDS, repr(now)])
        if raw is None:
            return None, bool(first)
        player = codec.player_from(player_id, codec.load(key, raw))
        return replace(player, away=Away(float(text(away)) if away else None)), bool(first)

    @guarded
    async def first_sight(self, player_id: str, update_id: str) -> bool:
        """Note the player's update `update_id` as seen; whether this is the first time (see `read_update`)."""
        key = self._keys.player_update(player_id, update_digest(update_id))
        return bool(await self._client.set(key, b"1", nx=True, ex=UPDATE_SECONDS))

    @guarded
    async def find(self, platform: str, platform_user_id: str) -> PlayerRecord | None:
        """The player of this account, or None if it was never seen."""
        player_id = await self._account(platform, platform_user_id)
        return None if player_id is None else await self._find(player_id)

    @guarded
    async def update(self, current: PlayerRecord, new: PlayerRecord) -> PlayerRecord:
        """Store `new` (name, language) if the player is still at `current.version`.

        :raises VersionConflict: the player changed since `current` was read.
        :raises ValueError: `new` changes the id or the account.
        """
        if (new.id, new.platform, new.platform_user_id, new.created_at) != (
            current.id, current.platform, current.platform_user_id, current.created_at
        ):
            raise ValueError("update() can change only a player's name and language")
        return await self._store(current, new)

    async def _store(self, current: PlayerRecord, new: PlayerRecord) -> PlayerRecord:
        stored = replace(new, version=current.version + 1)
        await compare_and_set(self._backend, "player", current.id, self._keys.player(current.id), current.version,
                              codec.dump_player(stored))
        return stored

    async def _account(self, platform: str, platform_user_id: str) -> str | None:
        key = self._keys.account(platform, platform_user_id)
        raw = await self._client.get(key)
        return None if raw is None else codec.account_from(codec.load(key, raw))

    async def _find(self, player_id: str) -> PlayerRecord | None:
        key = self._keys.player(player_id)
        raw = await self._client.get(key)
        return None if raw is None else codec.player_from(player_id, codec.load(key, raw))
