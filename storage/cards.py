"""Telegram's inline challenge cards: where a card was posted and by whom, until someone accepts it.

A card's record (`keys.Keys.inline_card`) is written once when the card arrives in a chat (a second arrival
changes nothing), read on a tap, and taken exactly once (the first accept deletes it; a second finds it gone).
It expires with the challenge it offers. The record is the adapter's own text (JSON); storage keeps it as is.
"""

from __future__ import annotations

from .backend import Repository, text
from .errors import guarded


class CardRepository(Repository):
    """Inline cards by nonce, variant and match length."""

    @guarded
    async def post(self, nonce: str, variant: str, points: int, record: str, seconds: int) -> bool:
        """Record where the card went; False if it was recorded before (the first record stays)."""
        return bool(await self._client.set(self._keys.inline_card(nonce, variant, points), record, ex=seconds,
                                           nx=True))

    @guarded
    async def get(self, nonce: str, variant: str, points: int) -> str | None:
        """The card's record, or None: never posted where the bot is, expired, or taken."""
        raw = await self._client.get(self._keys.inline_card(nonce, variant, points))
        return None if raw is None else text(raw)

    @guarded
    async def take(self, nonce: str, variant: str, points: int) -> bool:
        """Take the card (delete its record): True for exactly one caller."""
        return bool(await self._client.delete(self._keys.inline_card(nonce, variant, points)))
