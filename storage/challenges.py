"""Challenges: invitations to a game or match, to one player or open to a chat, that expire (24 h by default).

A challenge record carries a Redis TTL, so an unanswered one disappears by itself; it also records
`expires_at`, and reads given a `now` treat it as gone from then on. Open challenges are listed per chat and
targeted ones per player, in sorted sets scored by expiry; those indexes are pruned as they are read.
`take` removes a challenge with GETDEL, so of any number of players accepting at once exactly one gets it.
`rematch` claims a finished match's one rematch with SET NX before the challenge is made, so of any number of
presses (twice by one player, or both players at once) exactly one makes a challenge.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping

from . import codec
from .backend import Repository, text
from .errors import AlreadyExists, NotFound, guarded
from .ids import new_id
from .records import ChallengeRecord

DEFAULT_TTL = 24 * 3600.0


class ChallengeRepository(Repository):
    """Stores challenges until they are taken, cancelled or expire."""

    @guarded
    async def create(
        self,
        *,
        challenger: str,
        chat: str,
        variant: str,
        options: Mapping[str, str] | None = None,
        target: str | None = None,
        match_target: int = 1,
        ttl: float = DEFAULT_TTL,
        now: float | None = None,
    ) -> ChallengeRecord:
        """Store a challenge that expires `ttl` seconds after `now`."""
        if ttl <= 0:
            raise ValueError(f"a challenge's ttl must be positive, not {ttl!r}")
        now = time.time() if now is None else now
        for _ in range(3):
            challenge = ChallengeRecord(
                id=new_id(), challenger=challenger, chat=chat, variant=variant, options=dict(options or {}),
                match_target=match_target, created_at=now, expires_at=now + ttl, target=target,
            )
            if await self._store(challenge, ttl):
                return challenge
        raise AlreadyExists("challenge", "(fresh id)")

    @guarded
    async def rematch(
        self,
        match_id: str,
        *,
        challenger: str,
        chat: str,
        variant: str,
        options: Mapping[str, str],
        target: str,
        match_target: int,
        ttl: float = DEFAULT_TTL,
        now: float | None = None,
    ) -> tuple[str, str, bool]:
        """The one rematch challenge of finished match `match_id`: the first caller claims it and makes it (to
        `target`, expiring `ttl` seconds after `now`); every later caller, until it expires, learns of it.

        Returns the challenge's id, who made it, and whether this call made it.

        :raises AlreadyExists: a fresh challenge id was taken (practically never).
        """
        if ttl <= 0:
            raise ValueError(f"a challenge's ttl must be positive, not {ttl!r}")
        now = time.time() if now is None else now
        key = self._keys.rematch(match_id)
        challenge = ChallengeRecord(
            id=new_id(), challenger=challenger, chat=chat, variant=variant, options=dict(options),
            match_target=match_target, created_at=now, expires_at=now + ttl, target=target,
        )
        for _ in range(3):
            if await self._client.set(key, f"{challenge.id}:{challenger}", px=max(1, round(ttl * 1000)), nx=True):
                if not await self._store(challenge, ttl):
                    await self._client.delete(key)
                    raise AlreadyExists("challenge", challenge.id)
                return challenge.id, challenger, True
            raw = await self._client.get(key)
            if raw is not None:
                made, _, by = text(raw).partition(":")
                return made, by, False
        raise AlreadyExists("rematch", match_id)

    @guarded
    async def claim_rematch(self, match_id: str, claimer: str, *, ttl: float = DEFAULT_TTL) -> str | None:
        """Claim finished match `match_id`'s one rematch without a challenge (against the computer it starts at
        once); None when this call claimed it, else who had.
        """
        key = self._keys.rematch(match_id)
        for _ in range(3):
            if await self._client.set(key, f"-:{claimer}", px=max(1, round(ttl * 1000)), nx=True):
                return None
            raw = await self._client.get(key)
            if raw is not None:
                return text(raw).partition(":")[2]
        raise AlreadyExists("rematch", match_id)

    async def _store(self, challenge: ChallengeRecord, ttl: float) -> bool:
        """Store a new challenge and index it; False if its id was taken."""
        stored = await self._client.set(self._keys.challenge(challenge.id), codec.dump_challenge(challenge),
                                        px=max(1, round(ttl * 1000)), nx=True)
        if stored:
            await self._client.zadd(self._index(challenge), {challenge.id: challenge.expires_at})
            await self._client.zadd(self._keys.player_made(challenge.challenger), {challenge.id: challenge.expires_at})
        return bool(stored)

    @guarded
    async def get(self, challenge_id: str, *, now: float | None = None) -> ChallengeRecord:
        """The challenge, if it is still open at `now`.

        :raises NotFound: no such challenge, or it has expired, been taken or cancelled.
        """
        key = self._keys.challenge(challenge_id)
        raw = await self._client.get(key)
        return self._live(challenge_id, key, raw, now)

    @guarded
    async def take(self, challenge_id: str, *, now: float | None = None) -> ChallengeRecord:
        """Remove and return the challenge (to accept it); exactly one of several concurrent callers gets it.

        :raises NotFound: no such challenge, or it has expired, been taken or cancelled.
        """
        key = self._keys.challenge(challenge_id)
        raw = await self._client.getdel(key)
        challenge = self._live(challenge_id, key, raw, now)
        await self._client.zrem(self._index(challenge), challenge_id)
        return challenge

    @guarded
    async def cancel(self, challenge_id: str) -> bool:
        """Withdraw the challenge; False if it was already gone."""
        key = self._keys.challenge(challenge_id)
        raw = await self._client.getdel(key)
        if raw is None:
            return False
        challenge = codec.challenge_from(challenge_id, codec.load(key, raw))
        await self._client.zrem(self._index(challenge), challenge_id)
        return True

    @guarded
    async def open_in_chat(self, chat: str, *, now: float | None = None) -> list[ChallengeRecord]:
        """The chat's open challenges still valid at `now`, oldest first."""
        return await self._listed(self._keys.chat_challenges(chat), now)

    @guarded
    async def addressed_to(self, player_id: str, *, now: float | None = None) -> list[ChallengeRecord]:
        """The challenges addressed to this player still valid at `now`, oldest first."""
        return await self._listed(self._keys.player_challenges(player_id), now)

    @guarded
    async def made_by(self, player_id: str, *, now: float | None = None) -> list[ChallengeRecord]:
        """The challenges this player made that are still open at `now`, oldest first (ids of those taken,
        withdrawn or expired leave the index as it is read)."""
        return await self._listed(self._keys.player_made(player_id), now)

    def _index(self, challenge: ChallengeRecord) -> str:
        if challenge.target is None:
            return self._keys.chat_challenges(challenge.chat)
        return self._keys.player_challenges(challenge.target)

    async def _listed(self, index: str, now: float | None) -> list[ChallengeRecord]:
        now = time.time() if now is None else now
        await self._client.zremrangebyscore(index, "-inf", now)
        members = await self._client.zrange(index, 0, -1)
        assert isinstance(members, list)
        ids = [text(member) for member in members]
        keys = [self._keys.challenge(challenge_id) for challenge_id in ids]
        raws = await asyncio.gather(*(self._client.get(key) for key in keys))
        found, gone = [], []
        for challenge_id, key, raw in zip(ids, keys, raws, strict=True):
            try:
                found.append(self._live(challenge_id, key, raw, now))
            except NotFound:
                gone.append(challenge_id)
        if gone:
            await self._client.zrem(index, *gone)
        return sorted(found, key=lambda challenge: challenge.created_at)

    @staticmethod
    def _live(challenge_id: str, key: str, raw: bytes | str | None, now: float | None) -> ChallengeRecord:
        if raw is None:
            raise NotFound("challenge", challenge_id)
        challenge = codec.challenge_from(challenge_id, codec.load(key, raw))
        if challenge.expires_at <= (time.time() if now is None else now):
            raise NotFound("challenge", challenge_id)
        return challenge
