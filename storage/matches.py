"""Matches: the score, the games played and who starts next, changed by compare-and-set on the version.

A game names its match (`GameRecord.match_id`, the source of truth); the match lists its games in order,
appended by the caller with `update` when it creates the next game. A match and its first game are two writes on
two keys (two slots of a cluster), so a match being started is listed first (`starting`, until `started`): the
start-up repair (`bot.matches.repair`) finishes one a crash cut off.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Mapping
from dataclasses import replace

from . import codec
from .backend import Repository, text
from .errors import AlreadyExists, NotFound, guarded, outages_as_errors
from .ids import new_id
from .records import MatchRecord
from .versioned import compare_and_set

_FIXED_FIELDS = ("id", "variant", "options", "players", "target", "created_at", "chat")


class MatchRepository(Repository):
    """Stores matches."""

    @guarded
    async def create(
        self,
        *,
        variant: str,
        players: tuple[str, str],
        target: int,
        options: Mapping[str, str] | None = None,
        starts_next: int = 0,
        chat: str | None = None,
        now: float | None = None,
        match_id: str | None = None,
    ) -> MatchRecord:
        """Store a new match at version 1, score 0-0, without games yet (with the id `match_id` when given).

        :raises AlreadyExists: a match with the id `match_id` exists.
        """
        now = time.time() if now is None else now
        for _ in range(1 if match_id else 3):
            match = MatchRecord(
                id=match_id or new_id(), variant=variant, options=dict(options or {}), players=players, target=target,
                score=(0, 0), games=(), starts_next=starts_next, version=1, created_at=now, updated_at=now,
                chat=chat,
            )
            try:
                await compare_and_set(self._backend, "match", match.id, self._keys.match(match.id), 0,
                                      codec.dump_match(match))
            except AlreadyExists:
                if match_id:
                    raise
                continue
            return match
        raise AlreadyExists("match", "(fresh id)")

    @guarded
    async def starting(self, match_id: str, game_id: str, now: float) -> str:
        """Match `match_id` is about to be stored with its first game `game_id` (`tabla:matches:starting`, read by
        the start-up repair until `started`): the first game planned for it, `game_id` unless a process that
        starts (or repairs) it too planned another first."""
        key = self._keys.starting_matches()
        pipe = self._client.pipeline(transaction=False)  # one round trip; a cluster keeps a node's order
        pipe.hsetnx(key, match_id, f"{game_id}|{now!r}")
        pipe.hget(key, match_id)
        _, planned = await pipe.execute()
        return text(planned).partition("|")[0] if planned is not None else game_id

    @guarded
    async def started(self, match_id: str) -> None:
        """Match `match_id` lists its first game: no longer being started."""
        await self._client.hdel(self._keys.starting_matches(), match_id)

    @guarded
    async def unstarted(self) -> dict[str, tuple[str, float]]:
        """The matches being started (`starting`): match id -> (its first game's planned id, when planned)."""
        found: dict[str, tuple[str, float]] = {}
        for field, value in (await self._client.hgetall(self._keys.starting_matches())).items():
            game_id, _, when = text(value).partition("|")
            try:
                found[text(field)] = (game_id, float(when))
            except ValueError:
                found[text(field)] = (game_id, 0.0)
        return found

    @guarded
    async def get(self, match_id: str) -> MatchRecord:
        """The match as stored.

        :raises NotFound: no such match.
        """
        key = self._keys.match(match_id)
        raw = await self._client.get(key)
        if raw is None:
            raise NotFound("match", match_id)
        return codec.match_from(match_id, codec.load(key, raw))

    @guarded
    async def update(self, current: MatchRecord, new: MatchRecord, *, now: float | None = None) -> MatchRecord:
        """Replace `current` (as loaded) by `new` if the match is still at `current.version`; returns the stored record.

        :raises VersionConflict: the match changed since `current` was read.
        :raises NotFound: the match does not exist.
        :raises ValueError: `new` changes a fixed field.
        """
        changed = [name for name in _FIXED_FIELDS if getattr(current, name) != getattr(new, name)]
        if changed:
            raise ValueError(f"update() cannot change a match's {', '.join(changed)}")
        stored = replace(new, version=current.version + 1, updated_at=time.time() if now is None else now)
        await compare_and_set(self._backend, "match", current.id, self._keys.match(current.id), current.version,
                              codec.dump_match(stored))
        return stored

    async def ids(self) -> AsyncIterator[str]:
        """Every stored match id (a SCAN over all nodes; slow on a big store, for maintenance only).

        :raises StoreUnavailable: Redis went away during the walk.
        """
        with outages_as_errors():
            async for key in self._client.scan_iter(match=self._keys.all_matches_pattern(), count=1000,
                                                    _type="string"):
                name = text(key)
                if name.endswith("}"):
                    yield name[name.index("{m:") + 3 : -1]
