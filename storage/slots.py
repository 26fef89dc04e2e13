"""A player's places for games (`TABLA_MAX_GAMES`): taken in one atomic step that checks and takes.

A place is held by an active game (`{p:<id>}:games`), by an open challenge the player made (`{p:<id>}:made`),
or, for the moment between the check and the creation, by a taking (`{p:<id>}:slots`, a token scored by when
it lapses). `take` counts all three and adds a taking in one script (`slot_take.lua`), so any number of
processes asking at once never hold more than the limit; the caller creates its game or challenge and then
`release`s the taking (the game or challenge holds the place from then on). A game's end frees its place (it
leaves the active games), and so does a challenge's (taken, withdrawn or expired); a taking whose process died
lapses after `LEASE` seconds. The three keys share the player's hash tag.
"""

from __future__ import annotations

import time

from .backend import Repository
from .errors import guarded
from .ids import new_id

LEASE = 60.0


class SlotRepository(Repository):
    """Takes and releases places for games, per player."""

    @guarded
    async def take(self, player_id: str, limit: int, *, besides: int = 0, now: float | None = None) -> str | None:
        """A token for one more place of `player_id`'s, or None when `limit` places are held (`besides` of
        those held not counted: the challenge being accepted, which becomes the game)."""
        now = time.time() if now is None else now
        token = new_id()
        keys = [self._keys.player_games(player_id), self._keys.player_made(player_id),
                self._keys.player_slots(player_id)]
        taken, _held = await self._scripts.slot_take(keys=keys, args=[now, limit, besides, token, now + LEASE,
                                                                     int(LEASE * 1000)])
        return token if int(taken) else None

    @guarded
    async def release(self, player_id: str, token: str) -> None:
        """Give back a taking: its game or challenge exists now, or was never made."""
        await self._client.zrem(self._keys.player_slots(player_id), token)
