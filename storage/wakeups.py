"""Wake-ups: the schedule entries behind reminders and deadlines, and the rule that keeps them in step.

The schedule holds at most one wake-up per game and kind (`reminder:<game>`, `deadline:<game>`), scored by a
time no later than the game's `remind_at` / `deadline`. A wake-up is a promise to look at the game then, not
the due time itself: when it comes up, `ScheduleRepository.claim_due` reads the game and either hands out the
item (really due), or re-arms the wake-up at the game's current time, or drops it (finished, no time).

That makes a move cheap: the usual move pushes the deadline later, and the armed wake-up (at the old, earlier
time) still keeps the promise, so nothing is written. A wake-up is written (ZADD LT: add, or move earlier) only
when a time appears, moves earlier, or the previous time has passed (its wake-up may have been used up).
"""

from __future__ import annotations

import zlib

from redis.asyncio.client import Pipeline
from redis.asyncio.cluster import ClusterPipeline

from .backend import Backend
from .records import DueKind, GameRecord


def times(game: GameRecord | None) -> dict[DueKind, float]:
    """The reminder and deadline times of an active game (none for a finished or missing one)."""
    if game is None or game.finished:
        return {}
    found = {DueKind.REMINDER: game.remind_at, DueKind.DEADLINE: game.deadline}
    return {kind: when for kind, when in found.items() if when is not None}


def bucket_key(backend: Backend, game_id: str) -> str:
    """The schedule bucket of a game: a fixed function of its id."""
    return backend.keys.schedule(zlib.crc32(game_id.encode()) % backend.settings.schedule_buckets)


def member(kind: DueKind, game_id: str) -> str:
    return f"{kind.value}:{game_id}"


def changes(before: GameRecord | None, after: GameRecord, now: float, *,
            full: bool = False) -> list[tuple[DueKind, float | None]]:
    """The wake-up writes that take the schedule from `before` to `after` (all of them if `full`).

    Each is (kind, time to arm at) or (kind, None) to remove; usually there are none.
    """
    old, new = times(before), times(after)
    found: list[tuple[DueKind, float | None]] = []
    for kind in (DueKind.REMINDER, DueKind.DEADLINE):
        when, previous = new.get(kind), old.get(kind)
        if when is None:
            if previous is not None or full:
                found.append((kind, None))
        elif full or previous is None or previous <= now or when < previous:
            found.append((kind, when))
    return found


def stage(pipe: Pipeline | ClusterPipeline, backend: Backend, game_id: str,
          writes: list[tuple[DueKind, float | None]]) -> None:
    """Queue `writes` (from `changes`) on a pipeline: arm with ZADD LT (add, or move earlier), or remove."""
    key = bucket_key(backend, game_id)
    for kind, when in writes:
        if when is None:
            pipe.zrem(key, member(kind, game_id))
        else:
            pipe.zadd(key, {member(kind, game_id): when}, lt=True)
