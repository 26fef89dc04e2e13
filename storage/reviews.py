"""Reviews of finished games and each player's recent error rates (the service computes them, storage keeps
them as given).

A game's review is written once, the first time it is computed (`keys.Keys.game_review`, beside the game's
record under the same hash tag), and read by every later `/review`. A player's error rates are a hash of
game id → `<unix time> <milli-points>` (`keys.Keys.player_errors`): recording a game twice changes nothing
new, and only the `KEEP` most recent games are kept.
"""

from __future__ import annotations

from .backend import Repository, text
from .errors import guarded

KEEP = 50


class ReviewRepository(Repository):
    """Game reviews by game id, and error rates by player."""

    @guarded
    async def get(self, game_id: str) -> str | None:
        """The review of `game_id` as stored, or None: not reviewed yet."""
        raw = await self._client.get(self._keys.game_review(game_id))
        return None if raw is None else text(raw)

    @guarded
    async def put(self, game_id: str, review: str) -> str:
        """Store the review of `game_id` unless one is there; the review that stays."""
        key = self._keys.game_review(game_id)
        if await self._client.set(key, review, nx=True):
            return review
        raw = await self._client.get(key)
        return review if raw is None else text(raw)

    @guarded
    async def record_error(self, player_id: str, game_id: str, at: float, milli: float) -> None:
        """`player_id`'s error rate in `game_id` (the first record of a game stays), keeping the newest KEEP."""
        key = self._keys.player_errors(player_id)
        await self._client.hsetnx(key, game_id, f"{at:.0f} {milli:.3f}")
        if await self._client.hlen(key) > KEEP:
            rows = await self._rows(key)
            old = [game for game, _, _ in rows[:-KEEP]]
            if old:
                await self._client.hdel(key, *old)

    @guarded
    async def errors(self, player_id: str, count: int = 20) -> list[float]:
        """`player_id`'s error rates (milli-points) of their last `count` reviewed games, oldest first."""
        rows = await self._rows(self._keys.player_errors(player_id))
        return [milli for _, _, milli in rows[-count:]]

    async def _rows(self, key: str) -> list[tuple[str, float, float]]:
        raw = await self._client.hgetall(key)
        rows = []
        for game, value in raw.items():
            at, _, milli = text(value).partition(" ")
            rows.append((text(game), float(at), float(milli)))
        return sorted(rows, key=lambda r: (r[1], r[0]))
