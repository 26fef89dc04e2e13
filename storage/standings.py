"""Per-chat standings and per-variant ratings: sorted sets changed once per result.

The caller adds a finished game's (or match's) points to the chat's standings and its rating changes to the
variant's ratings, naming the result with an event id (usually the game id). `counted_increment.lua` adds them
only if that event id was not counted before, in the same step that remembers it, so a retried result counts
once. The counted ids share the scores' hash tag and are kept bounded (the most recent `events_kept`).
"""

from __future__ import annotations

import time
from collections.abc import Mapping

from .backend import Repository, pairs
from .errors import guarded

DEFAULT_RATING = 1500.0
EVENTS_KEPT = 100_000


class _Scores(Repository):
    _initial: float | None = None

    async def _add(self, scores: str, counted: str, event_id: str, deltas: Mapping[str, float],
                   now: float | None) -> bool:
        args: list[str | float | int] = [event_id, time.time() if now is None else now,
                                         "" if self._initial is None else self._initial, EVENTS_KEPT]
        for player, delta in deltas.items():
            args += [player, delta]
        return bool(await self._scripts.counted_increment(keys=[scores, counted], args=args))

    async def _top(self, scores: str, limit: int) -> list[tuple[str, float]]:
        return pairs(await self._client.zrevrange(scores, 0, limit - 1, withscores=True))


class StandingsRepository(_Scores):
    """Points per player in each chat."""

    @guarded
    async def record(self, chat: str, event_id: str, points: Mapping[str, float], *, now: float | None = None) -> bool:
        """Add `points` per player for the result `event_id`; False (and nothing added) if it was counted before."""
        return await self._add(self._keys.standings(chat), self._keys.standings_counted(chat), event_id, points, now)

    @guarded
    async def top(self, chat: str, limit: int = 10) -> list[tuple[str, float]]:
        """The chat's leading players and their points, best first."""
        return await self._top(self._keys.standings(chat), limit)

    @guarded
    async def points(self, chat: str, player_id: str) -> float:
        """The player's points in the chat (0 if none)."""
        return float(await self._client.zscore(self._keys.standings(chat), player_id) or 0.0)


class RatingRepository(_Scores):
    """A rating per player and variant; a player without one has `DEFAULT_RATING`."""

    _initial = DEFAULT_RATING

    @guarded
    async def record(self, variant: str, event_id: str, changes: Mapping[str, float], *,
                     now: float | None = None) -> bool:
        """Apply rating `changes` (deltas) for the result `event_id`; False if it was applied before."""
        return await self._add(self._keys.ratings(variant), self._keys.ratings_counted(variant), event_id, changes,
                               now)

    @guarded
    async def rating(self, variant: str, player_id: str) -> float:
        """The player's rating for the variant."""
        score = await self._client.zscore(self._keys.ratings(variant), player_id)
        return DEFAULT_RATING if score is None else float(score)

    @guarded
    async def top(self, variant: str, limit: int = 10) -> list[tuple[str, float]]:
        """The variant's best rated players, best first."""
        return await self._top(self._keys.ratings(variant), limit)
