"""Games the service must act on by itself: a small set, so nothing is left stuck by an outage.

Before a command stores more than one step (a play, then the computer's reply or the forced plays and passes
that follow), or finishes a game (standings, the match's next game), the service marks the game here, and it
clears the mark once everything is stored. A mark that stays (the store stopped answering in between, or the
process died) is a game to resume: the service's periodic loop lists the marks older than a grace period and
finishes the work. One sorted set (one hash tag), scored by the time of marking, and beside it the position up
to which the game's players were told of its plays (what was stored after it and never told, the resumed game
tells); a process resuming a game claims it first, so that two processes resuming it tell it once.
"""

from __future__ import annotations

from .backend import Repository, text
from .errors import guarded


class AttentionRepository(Repository):
    """Game ids marked as "the service must still act here", with when they were marked."""

    @guarded
    async def mark(self, game_id: str, now: float, told: str) -> None:
        """Mark `game_id`, its players told of its plays up to the position `told` (a mark already there keeps
        its earlier time and position)."""
        await self._scripts.attention_mark(keys=[self._keys.attention(), self._keys.attention_told()],
                                           args=[repr(now), game_id, told])

    @guarded
    async def clear(self, game_id: str) -> bool:
        """The work on `game_id` is done; whether it was marked."""
        pipe = self._client.pipeline(transaction=False)
        pipe.zrem(self._keys.attention(), game_id)
        pipe.hdel(self._keys.attention_told(), game_id)
        removed, _ = await pipe.execute()
        return bool(removed)

    @guarded
    async def told(self, game_id: str) -> tuple[bool, str | None]:
        """Whether `game_id` is marked, and the position up to which its players were told of its plays (None:
        not known)."""
        pipe = self._client.pipeline(transaction=False)
        pipe.zscore(self._keys.attention(), game_id)
        pipe.hget(self._keys.attention_told(), game_id)
        score, position = await pipe.execute()
        return score is not None, None if position is None else text(position)

    @guarded
    async def claim(self, game_id: str, seconds: float) -> bool:
        """Claim the resuming of `game_id` for `seconds` at most; False: another process has it."""
        return bool(await self._client.set(self._keys.resuming(game_id), b"1", nx=True,
                                           px=max(1, int(seconds * 1000))))

    @guarded
    async def release(self, game_id: str) -> None:
        """Give up the claim on resuming `game_id`."""
        await self._client.delete(self._keys.resuming(game_id))

    @guarded
    async def waiting(self, before: float, limit: int = 100) -> list[str]:
        """Up to `limit` game ids marked at or before `before`, oldest first."""
        found = await self._client.zrangebyscore(self._keys.attention(), "-inf", repr(before), start=0, num=limit)
        return [text(game_id) for game_id in found]
