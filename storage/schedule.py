"""The schedule of reminders and deadlines, and claiming what is due.

Items live in `schedule_buckets` sorted sets scored by due time, each with its own hash tag so a cluster spreads
them; a game's items always go to the same bucket. Members read `<kind>:<game>:<version>`, so an item names the
game version it was made for and a stale one is recognised (`DueItem.is_current`) instead of acted on.

`claim_due` runs one Lua script per bucket that takes the due items and, in the same step, either removes them
or leases them (re-scores them to `now + lease`): whichever process gets an item from the script is the only
one to have it. With a lease, an item whose claimer dies before calling `done` falls due again after the lease,
so a deadline is never lost to a crash; acting on it twice is harmless when the action is a game change with a
command id derived from the item (`DueItem.command_id`).
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Iterable

from redis.asyncio.client import Pipeline
from redis.asyncio.cluster import ClusterPipeline

from .backend import Repository, text
from .errors import guarded
from .records import DueItem, DueKind


def member(item: DueItem) -> str:
    return f"{item.kind.value}:{item.game_id}:{item.version}"


def _item(raw_member: bytes | str, score: bytes | str | float) -> DueItem:
    kind, game_id, version = text(raw_member).rsplit(":", 2)
    return DueItem(DueKind(kind), game_id, int(version), float(score if isinstance(score, float) else text(score)))


class ScheduleRepository(Repository):
    """Due times of reminders and deadlines, claimable by any number of processes."""

    def bucket_key(self, game_id: str) -> str:
        buckets = self._backend.settings.schedule_buckets
        return self._keys.schedule(zlib.crc32(game_id.encode()) % buckets)

    def stage_add(self, pipe: Pipeline | ClusterPipeline, items: Iterable[DueItem]) -> None:
        """Queue the adding of `items` on a pipeline (used by the games repository)."""
        for item in items:
            pipe.zadd(self.bucket_key(item.game_id), {member(item): item.due})

    def stage_remove(self, pipe: Pipeline | ClusterPipeline, items: Iterable[DueItem]) -> None:
        """Queue the removal of `items` on a pipeline."""
        for item in items:
            pipe.zrem(self.bucket_key(item.game_id), member(item))

    @guarded
    async def add(self, item: DueItem) -> None:
        """Schedule `item` (adding it again just moves its due time)."""
        await self._client.zadd(self.bucket_key(item.game_id), {member(item): item.due})

    @guarded
    async def done(self, item: DueItem) -> None:
        """Remove `item`: its claimer has dealt with it (or it was cancelled)."""
        await self._client.zrem(self.bucket_key(item.game_id), member(item))

    @guarded
    async def claim_due(self, now: float, limit: int = 100, lease: float | None = 60.0) -> list[DueItem]:
        """Claim up to `limit` items due at `now`; each item is handed to exactly one caller.

        With `lease` (seconds) the items stay scheduled at `now + lease` until `done`; with None they are
        removed at once (at most once, even if the claimer crashes).
        """
        buckets = self._backend.settings.schedule_buckets
        start = random.randrange(buckets)
        lease_end = "" if lease is None else repr(now + lease)
        claimed: list[DueItem] = []
        for offset in range(buckets):
            if len(claimed) >= limit:
                break
            key = self._keys.schedule((start + offset) % buckets)
            flat = await self._scripts.schedule_claim(keys=[key], args=[repr(now), limit - len(claimed), lease_end])
            claimed.extend(_item(flat[i], flat[i + 1]) for i in range(0, len(flat), 2))
        return claimed

    @guarded
    async def pending(self, until: float = float("inf")) -> list[DueItem]:
        """Every item due by `until`, in no particular order (for inspection and tests)."""
        items: list[DueItem] = []
        for bucket in range(self._backend.settings.schedule_buckets):
            pairs = await self._client.zrangebyscore(self._keys.schedule(bucket), "-inf", until, withscores=True)
            items.extend(_item(name, score) for name, score in pairs)
        return items
