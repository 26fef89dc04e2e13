"""Seasons of a chat: monthly (`2026-10`) or quarterly (`2026-Q4`) standings beside the all-time ones.

A chat keeps seasons when its season hash (`{chat:<chat>}:season`) holds a `mode` and the `current` season, the
one whose end has not been dealt with yet. Its end is a wake-up (`season:<chat>`) in the schedule (`schedule.py`):
the process that claims it rolls the season over with `roll`, a compare-and-set on `current` in one script, so
exactly one process closes a season however many see it end. A result counts in the season its time falls in
(`Season.at`), whatever `current` says, so a late roll-over never moves a result.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import UTC, date, datetime

from .backend import Backend, Repository, text
from .errors import guarded
from .records import DueKind
from .wakeups import bucket_key, member

MODES = ("monthly", "quarterly")
_NAME = re.compile(r"^(\d{4})-(?:(0[1-9]|1[0-2])|Q([1-4]))$")


@dataclass(frozen=True, slots=True, order=True)
class Season:
    """One season: a calendar month (`mode` monthly, `index` 1–12) or quarter (quarterly, 1–4), in UTC."""

    year: int
    index: int
    mode: str = "monthly"

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"a season is monthly or quarterly, not {self.mode!r}")
        if not 1 <= self.index <= (12 if self.mode == "monthly" else 4) or not 1970 <= self.year <= 9998:
            raise ValueError(f"no season {self.index} in {self.year} ({self.mode})")

    @classmethod
    def at(cls, mode: str, when: float) -> Season:
        """The season of `mode` that the Unix time `when` falls in."""
        day = datetime.fromtimestamp(when, UTC)
        return cls(day.year, day.month if mode == "monthly" else (day.month - 1) // 3 + 1, mode)

    @classmethod
    def parse(cls, name: str) -> Season:
        """`2026-10` (a month) or `2026-Q4` (a quarter).

        :raises ValueError: anything else.
        """
        m = _NAME.match(name.strip().upper())
        if m is None:
            raise ValueError(f"{name!r} is not a season name such as 2026-10 or 2026-Q4")
        if m.group(2):
            return cls(int(m.group(1)), int(m.group(2)), "monthly")
        return cls(int(m.group(1)), int(m.group(3)), "quarterly")

    @property
    def name(self) -> str:
        return f"{self.year}-{self.index:02d}" if self.mode == "monthly" else f"{self.year}-Q{self.index}"

    @property
    def months(self) -> tuple[int, int]:
        """The first and last month of the season."""
        return (self.index, self.index) if self.mode == "monthly" else (3 * self.index - 2, 3 * self.index)

    @property
    def first_day(self) -> date:
        return date(self.year, self.months[0], 1)

    @property
    def last_day(self) -> date:
        last = self.months[1]
        return date(self.year, last, calendar.monthrange(self.year, last)[1])

    @property
    def start(self) -> float:
        return datetime(self.year, self.months[0], 1, tzinfo=UTC).timestamp()

    @property
    def end(self) -> float:
        """The first second after the season (the next one's start)."""
        return self.next().start

    def next(self) -> Season:
        count = 12 if self.mode == "monthly" else 4
        if self.index == count:
            return Season(self.year + 1, 1, self.mode)
        return Season(self.year, self.index + 1, self.mode)


@dataclass(frozen=True, slots=True)
class SeasonState:
    """A chat's seasons: `mode` (None: off) and the `current` season, not yet closed."""

    mode: str | None = None
    current: Season | None = None


async def season_due(backend: Backend, chat: str) -> float | None:
    """When the chat's current season ends (None: the chat keeps no seasons)."""
    state = await _read(backend, chat)
    return None if state.current is None else state.current.end


async def _read(backend: Backend, chat: str) -> SeasonState:
    raw = await backend.client.hmget(backend.keys.chat_season(chat), ["mode", "current"])
    mode, current = (None if v is None else text(v) for v in raw)
    if mode not in MODES or not current:
        return SeasonState()
    return SeasonState(mode, Season.parse(current))


class SeasonRepository(Repository):
    """Each chat's season mode and current season; the end of each season as a wake-up."""

    @guarded
    async def state(self, chat: str) -> SeasonState:
        return await _read(self._backend, chat)

    @guarded
    async def set_mode(self, chat: str, mode: str | None, now: float) -> SeasonState:
        """Keep seasons of `mode` (None: stop). A chat that changes mode starts the season of the new mode that
        `now` falls in; one that keeps its mode keeps its current season.

        :raises ValueError: an unknown mode.
        """
        if mode is not None and mode not in MODES:
            raise ValueError(f"a season mode is one of {MODES} or None, not {mode!r}")
        name = "" if mode is None else Season.at(mode, now).name
        await self._scripts.season_set(keys=[self._keys.chat_season(chat)], args=[mode or "", name])
        state = await _read(self._backend, chat)
        if state.current is not None:
            await self._client.zadd(bucket_key(self._backend, chat), {member(DueKind.SEASON, chat): state.current.end},
                                    lt=True)
        return state

    @guarded
    async def roll(self, chat: str, ended: Season, now: float) -> Season | None:
        """Close `ended` and start the season `now` falls in; returns that season, or None when `ended` is not
        the chat's current season any more (another process closed it, or the mode changed)."""
        following = Season.at(ended.mode, now)
        if following <= ended:
            following = ended.next()
        done = await self._scripts.season_roll(keys=[self._keys.chat_season(chat)],
                                               args=[ended.name, following.name])
        return following if done else None
