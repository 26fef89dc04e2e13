"""Standings cards: the one message per chat that shows its standings and is edited after each result.

The card's hash (`{chat:<chat>}:card`) holds the platform's `message` id, a revision `rev` counted up by every
result in the chat (`touch`), the revision the message `shown` last, and when it was `edited`. A card that is
behind is a wake-up (`card:<chat>`) in the schedule, due `EDIT_GAP` seconds after its last edit at the earliest:
one process claims it, edits the message once for every result that came in meanwhile, and records the revision
it showed (`shown`). So a card is edited at most once per `EDIT_GAP` (Telegram and Discord limit edits), by one
process, and its message id survives restarts.
"""

from __future__ import annotations

from dataclasses import dataclass

from .backend import Backend, Repository, text
from .errors import guarded
from .records import DueKind
from .wakeups import bucket_key, member

EDIT_GAP = 5.0  # seconds between two edits of one card


@dataclass(frozen=True, slots=True)
class StandingCard:
    """A chat's card: its message id on the chat's platform, the latest revision and the one it shows."""

    chat: str
    message_id: str
    rev: int = 0
    shown: int = 0
    edited: float = 0.0

    @property
    def behind(self) -> bool:
        return self.shown < self.rev


async def card_due(backend: Backend, chat: str) -> float | None:
    """When the chat's card should be edited next (None: it has no card, or it is up to date)."""
    card = await _read(backend, chat)
    return None if card is None or not card.behind else card.edited + EDIT_GAP


async def _read(backend: Backend, chat: str) -> StandingCard | None:
    raw = await backend.client.hmget(backend.keys.chat_card(chat), ["message", "rev", "shown", "edited"])
    message, rev, shown, edited = (None if v is None else text(v) for v in raw)
    if not message:
        return None
    return StandingCard(chat, message, int(rev or 0), int(shown or 0), float(edited or 0.0))


class StandingCardRepository(Repository):
    """Each chat's standings card."""

    @guarded
    async def get(self, chat: str) -> StandingCard | None:
        return await _read(self._backend, chat)

    @guarded
    async def pin(self, chat: str, message_id: str, now: float) -> str | None:
        """Make `message_id` the chat's card (showing every result so far); returns the card it replaces."""
        old = await self._scripts.card_pin(keys=[self._keys.chat_card(chat)], args=[message_id, repr(now)])
        return None if old is None else text(old)

    @guarded
    async def touch(self, chat: str, now: float) -> float | None:
        """A result in the chat: the card (if any) is behind; returns when it is to be edited (its wake-up)."""
        when = await self._scripts.card_touch(keys=[self._keys.chat_card(chat)], args=[repr(now), repr(EDIT_GAP)])
        if when is None:
            return None
        due = float(text(when))
        await self._client.zadd(bucket_key(self._backend, chat), {member(DueKind.CARD, chat): due}, lt=True)
        return due

    @guarded
    async def shown(self, card: StandingCard, now: float) -> bool:
        """Record that the card's message now shows revision `card.rev` (edited at `now`); False when the chat's
        card is another message now, or already shows as much."""
        return bool(await self._scripts.card_shown(keys=[self._keys.chat_card(card.chat)],
                                                   args=[card.message_id, card.rev, repr(now)]))
