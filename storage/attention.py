"""Games the service must act on by itself: a small set, so nothing is left stuck by an outage.

Before a command stores more than one step (a play, then the computer's reply or the forced plays and passes
that follow), or finishes a game (standings, the match's next game), the service marks the game here, and it
clears the mark once everything is stored. A mark that stays (the store stopped answering in between, or the
process died) is a game to resume: the service's periodic loop lists the marks older than a grace period and
finishes the work. One sorted set (one hash tag), scored by the time of marking.
"""

from __future__ import annotations

from .backend import Repository, text
from .errors import guarded


class AttentionRepository(Repository):
    """Game ids marked as "the service must still act here", with when they were marked."""

    @guarded
    async def mark(self, game_id: str, now: float) -> None:
        """Mark `game_id` (a mark already there keeps its earlier time)."""
        await self._client.zadd(self._keys.attention(), {game_id: now}, nx=True)

    @guarded
    async def clear(self, game_id: str) -> None:
        """The work on `game_id` is done."""
        await self._client.zrem(self._keys.attention(), game_id)

    @guarded
    async def waiting(self, before: float, limit: int = 100) -> list[str]:
        """Up to `limit` game ids marked at or before `before`, oldest first."""
        found = await self._client.zrangebyscore(self._keys.attention(), "-inf", repr(before), start=0, num=limit)
        return [text(game_id) for game_id in found]
