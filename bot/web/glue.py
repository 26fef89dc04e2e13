"""The board page's one contact with the game service: the facade's `press` and read-only look-ups.

Everything the page changes goes through `Service.press` with a versioned confirm action (`bot.actions`), the
same path as the move builder's Confirm button: a page left open from an older turn is refused as out of date,
and a confirm racing a typed move applies once. What the service answers is posted in the game's chat through
`deliver` (the runner's notice router), as the adapters post the answer to a button press.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable

from renderer import MatchScore
from storage import GameRecord, MoveLogEntry, NotFound, PlayerRecord

from .. import i18n, matches
from ..actions import Action, Verb
from ..replies import Caller, Chat, Identity, Notice, Reply
from ..service import Service

Deliver = Callable[[Notice], Awaitable[None]]


async def game(svc: Service, game_id: str) -> GameRecord | None:
    """The stored game, or None."""
    try:
        return await svc.store.games.get(game_id)
    except NotFound:
        return None


async def account(svc: Service, platform: str, user_id: str) -> PlayerRecord | None:
    """The player record of a platform account, or None when the bot has never seen it."""
    return await svc.store.players.find(platform, user_id)


async def player(svc: Service, player_id: str) -> PlayerRecord | None:
    with contextlib.suppress(NotFound):
        return await svc.player(player_id)
    return None


async def names(svc: Service, record: GameRecord) -> dict[str, str]:
    return {side.value: name for side, name in (await svc.names(record)).items()}


async def language(svc: Service, who: PlayerRecord | None, record: GameRecord, hint: str | None) -> str:
    """The viewer's language: their choice, the game chat's, their platform's hint, the bot's default."""
    chosen = who.language if who is not None else None
    if chosen is None and record.chat:
        chosen = (await svc.chat_settings(record.chat)).language
    return i18n.choose(chosen, hint, default=svc.language)


async def score(svc: Service, record: GameRecord) -> MatchScore | None:
    """The match score drawn on the board, as on the posted picture (`bot.views.view`)."""
    if not record.match_id:
        return None
    try:
        m = await svc.store.matches.get(record.match_id)
    except NotFound:
        return None
    cycle = dict(m.options).get("cycle", "")
    return MatchScore(m.score[0], m.score[1], m.target, cycle, matches.game_number(m, record.id) if cycle else 0)


async def last_entry(svc: Service, record: GameRecord) -> tuple[MoveLogEntry, str] | None:
    """The game's last logged turn and the position (TPN) before it, or None before the first."""
    entries = await svc.store.games.log(record.id)
    if not entries:
        return None
    return entries[-1], entries[-2].position if len(entries) > 1 else record.start_position


def game_chat(record: GameRecord) -> Chat:
    """The chat the game is played in (a Telegram private chat has a positive id)."""
    chat = Chat.from_key(record.chat or "")
    private = chat.platform == "telegram" and chat.chat_id.isdigit()
    return Chat(chat.platform, chat.chat_id, private)


async def confirm(svc: Service, who: Identity, record: GameRecord, version: int, packed: str,
                  deliver: Deliver | None) -> Reply:
    """Make the built play `packed` (`bot.views.pack_moves`) at `version` as the Confirm button does, and post
    the answer in the game's chat when it is not a refusal."""
    data = Action(Verb.CONFIRM, record.id, version, packed).pack()
    chat = game_chat(record)
    reply = await svc.press(Caller(who, chat), data)
    if reply.ok and not reply.private and deliver is not None:
        await deliver(Notice(chat, reply))
    return reply
