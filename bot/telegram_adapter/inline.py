"""Inline mode: `@bot` typed in any chat offers challenge cards, one per game a player may choose (`bot.games`:
the eight variants and the two cycle matches, by their names in the player's language); a card's Accept starts
the game in the chat the card was sent to.

A card is a message the user sends through the bot. Telegram never tells a bot which chat an inline message
went to, except by delivering that message itself to a bot that is a member of the chat (privacy mode lets
"messages sent via this bot" through). So:

1. `answer` offers the cards; each Accept button carries our own card data `k1:<game>:<points>:<nonce>` (`<game>`
   an offer's key: `plakoto`, `tavli`, `tabla-cycle`). A card is a single game by default, a cycle match one to
   5 points (R-MATCH-1, R-CYCLE-1); `tapa to 3` in the query asks for another length.
2. `posted` sees the card arrive in a group the bot is in and records, under the card data, the chat and
   the challenger (in the store, `storage.cards`, for as long as a challenge lasts).
3. `accept` (a tap on the card) takes that record once (a second tap finds it gone), has the challenger
   challenge the chat (`/challenge <variant> to <points>` through the service), presses the challenge's own
   Accept action for the tapper, posts the first board in the chat and marks the card as accepted.

A card sent to a chat the bot is not in cannot start a game there: the tap says to add the bot to the chat.
"""

from __future__ import annotations

import json
import logging
import secrets
from dataclasses import dataclass

from telegram import (
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQuery,
    InlineQueryResultArticle,
    InputTextMessageContent,
    Message,
)

from .. import games, i18n
from ..actions import Action, ActionError, Verb
from ..commands import Command, CommandError, parse
from ..replies import Button, Caller, Chat, Identity, Reply
from . import incoming
from .post import Poster
from .seam import Seam

log = logging.getLogger(__name__)

PREFIX = "k1"
_NONCE = "abcdefghijklmnopqrstuvwxyz234567"


@dataclass(frozen=True, slots=True)
class Card:
    """One card's Accept button: the game (`variant`, an offer's key in `bot.games`), the match length, and the
    query's nonce."""

    variant: str
    points: int
    nonce: str

    def pack(self) -> str:
        return f"{PREFIX}:{self.variant}:{self.points}:{self.nonce}"

    @classmethod
    def unpack(cls, data: str | None) -> Card | None:
        parts = (data or "").split(":")
        if len(parts) != 4 or parts[0] != PREFIX or parts[1] not in games.BY_KEY or not parts[2].isdigit() \
                or not 1 <= int(parts[2]) <= 25 or not (6 <= len(parts[3]) <= 12 and parts[3].isalnum()):
            return None
        return cls(parts[1], int(parts[2]), parts[3])


def is_card(data: str | None) -> bool:
    return (data or "").startswith(PREFIX + ":")


CYCLE_POINTS = 5  # a cycle match's default length (R-CYCLE-1: 5, or 3 and 7)


def wanted(query: str) -> list[tuple[games.Offer, int]]:
    """The games and match lengths a query asks for (`tapa to 3`, `tavli`); every game by default, each a single
    game (a cycle match: to `CYCLE_POINTS`)."""
    try:
        cmd = parse(f"/challenge {query}".strip())
    except CommandError:
        cmd = Command("challenge")
    asked = games.find(cmd.variant, cmd.options)
    return [(o, cmd.match_to or (CYCLE_POINTS if o.cycle else 1)) for o in ((asked,) if asked else games.OFFERS)]


def offer(name: str, game: games.Offer, points: int, lang: str) -> str:
    """The card's text: who offers which game, a single game or a match to `points`."""
    title = game.name(lang)
    if points > 1:
        return i18n.trn(lang, "{name} offers a match of {variant} to {points} point: tap Accept to play.",
                        "{name} offers a match of {variant} to {points} points: tap Accept to play.", points,
                        name=name, variant=title, points=points)
    return i18n.tr(lang, "{name} offers a game of {variant}: tap Accept to play.", name=name, variant=title)


class Inline:
    """Inline queries, cards arriving in chats, and taps on cards."""

    def __init__(self, service: Seam, poster: Poster, challenge_seconds: int) -> None:
        self.service = service
        self.poster = poster
        self.cards = service.cards
        self.keep = challenge_seconds

    async def answer(self, query: InlineQuery) -> None:
        who = incoming.identity(query.from_user)
        lang = i18n.choose(who.language)
        nonce = "".join(secrets.choice(_NONCE) for _ in range(10))
        results = []
        for game, points in wanted(query.query):
            card = Card(game.key, points, nonce)
            name = game.name(lang)
            title = name if points == 1 else f"{name} · {points}"
            description = (i18n.tr(lang, "Challenge this chat to a game of {variant}", variant=name) if points == 1
                           else i18n.trn(lang, "Challenge this chat to a match of {variant} to {points} point",
                                         "Challenge this chat to a match of {variant} to {points} points", points,
                                         variant=name, points=points))
            results.append(InlineQueryResultArticle(
                id=f"{game.key}-{points}", title=title, description=description,
                input_message_content=InputTextMessageContent(offer(who.name, game, points, lang)),
                reply_markup=InlineKeyboardMarkup([[InlineKeyboardButton(i18n.tr(lang, "Accept"),
                                                                         callback_data=card.pack())]])))
        await query.answer(results, cache_time=0, is_personal=True)

    async def posted(self, message: Message) -> None:
        """A card sent through the bot arrived in a chat the bot is in: remember where, and whose it is."""
        markup = message.reply_markup
        author = message.from_user
        if markup is None or author is None:
            return
        for row in markup.inline_keyboard:
            for button in row:
                card = Card.unpack(button.callback_data if isinstance(button.callback_data, str) else None)
                if card is None:
                    continue
                record = {"chat_id": message.chat.id, "private": message.chat.type == "private",
                          "user": {"id": author.id, "name": author.full_name, "username": author.username,
                                   "language": author.language_code}}
                await self.cards.post(card.nonce, card.variant, card.points, json.dumps(record), self.keep)
                return

    async def accept(self, query_id: str, tapper: Identity, data: str | None, inline_message_id: str | None) -> None:
        """A tap on a card's Accept."""
        lang = i18n.choose(tapper.language)
        card = Card.unpack(data)
        if card is None:
            await self.poster.toast(query_id, i18n.tr(lang, "I do not recognise that button; /board shows your game."))
            return
        raw = await self.cards.get(card.nonce, card.variant, card.points)
        if raw is None:
            await self.poster.toast(query_id, i18n.tr(
                lang, "This challenge is no longer open, or I am not in this chat: add me to the group to play here."))
            return
        record = json.loads(raw)
        user = record["user"]
        challenger = Identity(incoming.PLATFORM, str(user["id"]), user["name"], user.get("username"),
                              user.get("language"))
        if challenger.user_id == tapper.user_id:
            await self.poster.toast(query_id, i18n.tr(lang, "Waiting for someone to accept your challenge."))
            return
        if not await self.cards.take(card.nonce, card.variant, card.points):
            await self.poster.toast(query_id, i18n.tr(lang, "That challenge was already accepted."))
            return
        chat = Chat(incoming.PLATFORM, str(record["chat_id"]), private=bool(record["private"]))
        await self.service.remember(tapper)
        game = games.BY_KEY[card.variant]
        made = await self.service.execute(Caller(challenger, chat, f"card:{card.nonce}:{card.variant}:{card.points}"),
                                          Command("challenge", variant=game.variant, options=dict(game.options),
                                                  match_to=card.points))
        press = accept_button(made)
        if press is None:
            await self.poster.toast(query_id, made.text)
            return
        reply = await self.service.press(Caller(tapper, chat, f"card-accept:{card.nonce}"), press.data)
        if not reply.ok or reply.private:
            await self.poster.toast(query_id, reply.text)
            return
        await self.poster.toast(query_id)
        await self.poster.post(int(chat.chat_id), reply)
        if inline_message_id:
            await self.poster.edit_inline(inline_message_id, i18n.tr(lang, "{name} accepted: the game is on.",
                                                                     name=tapper.name))


def accept_button(reply: Reply) -> Button | None:
    """The Accept button of a challenge reply."""
    for row in reply.buttons:
        for button in row:
            try:
                if Action.unpack(button.data).verb is Verb.ACCEPT:
                    return button
            except ActionError:
                continue
    return None
