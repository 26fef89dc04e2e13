"""Per-chat standings: sorted sets changed once per result (the ratings are `ratings.py`).

The caller adds a finished game's (or match's) points to the chat's standings, naming the result with an event
id (usually the game id). `counted_increment.lua` adds them only if that event id was not counted before, in
the same step that remembers it, so a retried result counts once. The counted ids share the
scores' hash tag and are kept bounded (the most recent `events_kept`).
A chat that keeps seasons (`seasons.py`) counts each result a second time in the season's own four sets.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass

from .backend import Repository, pairs
from .errors import guarded

EVENTS_KEPT = 100_000


class _Scores(Repository):
    async def _add(self, scores: str, counted: str, event_id: str, deltas: Mapping[str, float],
                   now: float | None) -> bool:
        args: list[str | float | int] = [event_id, time.time() if now is None else now, "", EVENTS_KEPT]
        for player, delta in deltas.items():
            args += [player, delta]
        return bool(await self._scripts.counted_increment(keys=[scores, counted], args=args))


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line in a chat: matches won and lost, points won and lost."""

    player_id: str
    matches_won: float = 0.0
    matches_lost: float = 0.0
    points_won: float = 0.0
    points_lost: float = 0.0


class StandingsRepository(_Scores):
    """Points and matches won and lost per player in each chat (four sorted sets under the chat's hash tag)."""

    @guarded
    async def record_game(self, chat: str, event_id: str, winner: str, loser: str, points: float, *,
                          now: float | None = None, season: str | None = None) -> bool:
        """Count a won game once: `points` won by `winner` and lost by `loser` (all time, and in `season` if
        given); False if counted before."""
        k = self._keys
        first = False
        for kept in (None, season) if season else (None,):
            event = event_id if kept is None else f"{event_id}@{kept}"
            first = await self._add(k.standings(chat, kept), k.standings_counted(chat), event, {winner: points},
                                    now) or first
            await self._add(k.standings_lost(chat, kept), k.standings_counted(chat), f"{event}/lost",
                            {loser: points}, now)
        return first

    @guarded
    async def record_match(self, chat: str, event_id: str, winner: str, loser: str, *,
                           now: float | None = None, season: str | None = None) -> bool:
        """Count a won match once for `winner` and a lost one for `loser` (all time, and in `season` if given);
        False if counted before."""
        k = self._keys
        first = False
        for kept in (None, season) if season else (None,):
            event = event_id if kept is None else f"{event_id}@{kept}"
            first = await self._add(k.matches_won(chat, kept), k.standings_counted(chat), event, {winner: 1},
                                    now) or first
            await self._add(k.matches_lost(chat, kept), k.standings_counted(chat), f"{event}/lost", {loser: 1},
                            now)
        return first

    @guarded
    async def table(self, chat: str, limit: int = 50, season: str | None = None) -> list[Standing]:
        """Every player who has a result in the chat (in `season`, or all time), by matches won, then fewest
        matches lost (4–1 above 4–5), then points won minus lost, then points won."""
        k = self._keys
        sets = [k.matches_won(chat, season), k.matches_lost(chat, season), k.standings(chat, season),
                k.standings_lost(chat, season)]
        columns = [dict(pairs(await self._client.zrange(key, 0, -1, withscores=True))) for key in sets]
        players = set().union(*columns)
        rows = [Standing(p, *(col.get(p, 0.0) for col in columns)) for p in players]
        rows.sort(key=lambda r: (-r.matches_won, r.matches_lost, r.points_lost - r.points_won, -r.points_won,
                                 r.player_id))
        return rows[:limit]

    @guarded
    async def line(self, chat: str, player_id: str, season: str | None = None) -> Standing:
        """One player's line in the chat, all time or in `season` (zeros if none)."""
        k = self._keys
        sets = [k.matches_won(chat, season), k.matches_lost(chat, season), k.standings(chat, season),
                k.standings_lost(chat, season)]
        values = [float(await self._client.zscore(key, player_id) or 0.0) for key in sets]
        return Standing(player_id, *values)
