"""Vacations: a player's periods away, during which their move deadlines wait (at most 14 days in any 365).

One sorted set per player holds their periods (member: start time, score: end time); starting one checks the
allowance and adds it in one Lua step (`vacation_start.lua`), ending one early shortens it in one step
(`vacation_end.lua`), so commands racing each other start or end a vacation once. The game deadlines that move
with a vacation are moved by the service (`bot.vacation`), one versioned write per game.
"""

from __future__ import annotations

from dataclasses import dataclass

from .backend import Repository, pairs, text
from .errors import guarded

DAY = 86400.0
ALLOWANCE_DAYS = 14
WINDOW_DAYS = 365


@dataclass(frozen=True, slots=True)
class VacationStart:
    """What a start asked for led to: `status` `ok` (on until `until`), `on` (already on, until `until`) or
    `over` (the allowance has only `left` seconds in the window)."""

    status: str
    until: float = 0.0
    left: float = 0.0


class VacationRepository(Repository):
    """Each player's vacations."""

    @guarded
    async def start(self, player_id: str, *, now: float, seconds: float) -> VacationStart:
        """Start a vacation of `seconds` at `now` unless one is on or the allowance would be exceeded."""
        if seconds <= 0:
            raise ValueError(f"a vacation lasts a positive time, not {seconds!r}")
        status, value = await self._scripts.vacation_start(
            keys=[self._keys.vacations(player_id)],
            args=[repr(now), repr(seconds), ALLOWANCE_DAYS * DAY, WINDOW_DAYS * DAY])
        kind, number = text(status), float(text(value))
        if kind == "over":
            return VacationStart(kind, left=number)
        return VacationStart(kind, until=number)

    @guarded
    async def end(self, player_id: str, *, now: float) -> tuple[float, float] | None:
        """End the vacation on at `now`; its (start, planned end), or None when none was on."""
        found = await self._scripts.vacation_end(keys=[self._keys.vacations(player_id)], args=[repr(now)])
        if not found:
            return None
        return float(text(found[0])), float(text(found[1]))

    @guarded
    async def until(self, player_id: str, *, now: float) -> float | None:
        """When the vacation on at `now` ends, or None."""
        found = pairs(await self._client.zrangebyscore(self._keys.vacations(player_id), f"({now!r}", "+inf",
                                                       withscores=True))
        for member, score in found:
            if float(member) <= now:
                return score
        return None

    @guarded
    async def left(self, player_id: str, *, now: float) -> float:
        """The seconds of vacation still allowed in the window ending at `now`."""
        since = now - WINDOW_DAYS * DAY
        found = pairs(await self._client.zrangebyscore(self._keys.vacations(player_id), repr(since), "+inf",
                                                       withscores=True))
        used = sum(max(0.0, min(score, now) - max(float(member), since)) for member, score in found)
        return max(0.0, ALLOWANCE_DAYS * DAY - used)
