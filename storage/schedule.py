"""Claiming due reminders and deadlines: any number of processes can run the same loop.

The schedule is sharded over `schedule_buckets` sorted sets, each with its own hash tag so a cluster spreads
them; a game's wake-ups (see `wakeups.py`) always live in the same bucket. `claim_due` runs one Lua script per
bucket that takes the wake-ups that have come up and, in the same step, either removes them (`lease=None`) or
leases them (re-scores them to `now + lease`): whichever process gets a wake-up from the script is the only one
to have it. It then reads each game and hands out only what is really due, as a `DueItem` for the game's
current version; wake-ups that came up early are re-armed, those of finished games dropped.

A chat's wake-ups (the end of its season, an edit of its standings card: `DueKind.of_chat`) work the same way,
with the chat key in place of the game id: `_due` reads the chat's season (`seasons.py`) or card
(`standing_cards.py`) instead of a game, and the item's version is 0.

With a lease, call `done(item)` once the item is dealt with; if the claimer dies first, the wake-up comes up
again when the lease ends and another process gets the item (at least once). Acting twice is harmless when the
action is a game change with `item.command_id` as its command id. Without a lease an item is handed out at
most once.
"""

from __future__ import annotations

import asyncio
import random

from .backend import Repository, pairs, text
from .errors import guarded
from .games import load_game
from .records import DueItem, DueKind
from .seasons import season_due
from .standing_cards import card_due
from .wakeups import bucket_key, member, times


class ScheduleRepository(Repository):
    """Due reminders and deadlines of active games, claimable by any number of processes."""

    @guarded
    async def claim_due(self, now: float, limit: int = 100, lease: float | None = 60.0) -> list[DueItem]:
        """Claim up to `limit` items due at `now`; each is handed to exactly one caller (per lease).

        :param lease: seconds before an item not marked `done` is handed out again; None: never again.
        """
        buckets = self._backend.settings.schedule_buckets
        start = random.randrange(buckets)
        lease_end = None if lease is None else now + lease
        claimed: list[DueItem] = []
        for offset in range(buckets):
            if len(claimed) >= limit:
                break
            key = self._keys.schedule((start + offset) % buckets)
            flat = await self._scripts.schedule_claim(
                keys=[key], args=[repr(now), limit - len(claimed), "" if lease_end is None else repr(lease_end)])
            woken = [text(flat[i]).split(":", 1) for i in range(0, len(flat), 2)]
            checked = await asyncio.gather(*(self._check(key, DueKind(kind), game_id, now, lease_end)
                                             for kind, game_id in woken))
            claimed.extend(item for item in checked if item is not None)
        return claimed

    @guarded
    async def done(self, item: DueItem) -> None:
        """The claimer has dealt with `item`: drop its wake-up, or re-arm it if the game has moved on since."""
        if item.lease_until is None:
            return
        if item.kind.of_chat:  # re-armed at the chat's next due time (the next season's end, a card behind)
            await self._settle(item.kind, item.game_id, item.lease_until, await self._due(item.kind, item.game_id))
            return
        game = await load_game(self._backend, item.game_id)
        when = times(game).get(item.kind)
        moved_on = game is not None and game.version != item.version
        await self._settle(item.kind, item.game_id, item.lease_until, when if moved_on else None)

    @guarded
    async def wakeups(self) -> list[tuple[DueKind, str, float]]:
        """Every armed wake-up as (kind, game id, time), in no particular order (for inspection and tests)."""
        found = []
        for bucket in range(self._backend.settings.schedule_buckets):
            for name, score in pairs(await self._client.zrange(self._keys.schedule(bucket), 0, -1, withscores=True)):
                kind, game_id = name.split(":", 1)
                found.append((DueKind(kind), game_id, score))
        return found

    async def _check(self, key: str, kind: DueKind, game_id: str, now: float,
                     lease_end: float | None) -> DueItem | None:
        if kind.of_chat:
            when = await self._due(kind, game_id)
            if when is not None and when <= now:
                return DueItem(kind, game_id, 0, when, lease_end)
        else:
            game = await load_game(self._backend, game_id)
            when = times(game).get(kind)
            if game is not None and when is not None and when <= now:
                return DueItem(kind, game_id, game.version, when, lease_end)
        if lease_end is not None:
            await self._settle(kind, game_id, lease_end, when)
        elif when is not None:
            await self._client.zadd(key, {member(kind, game_id): when}, lt=True)
        return None

    async def _due(self, kind: DueKind, chat: str) -> float | None:
        """When a chat's wake-up of `kind` is due (None: nothing to do)."""
        return await (season_due if kind is DueKind.SEASON else card_due)(self._backend, chat)

    async def _settle(self, kind: DueKind, game_id: str, lease_end: float, when: float | None) -> None:
        await self._scripts.schedule_settle(
            keys=[bucket_key(self._backend, game_id)],
            args=[member(kind, game_id), repr(lease_end), "" if when is None else repr(when)])
