"""The board page's one contact with the game service: the facade's `press` and read-only look-ups.

Everything the page changes goes through `Service.press` with a versioned action (`bot.actions`), the same path
as the move builder's Confirm button and the board's Roll, Double, Take and Drop buttons: a page left open from an
older turn is refused as out of date, and a press racing a typed command applies once. What the service answers
is posted in the game's chat through `deliver` (the runner's notice router), as the adapters post the answer to a
button press.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable

from game import CubeAction
from renderer import MatchScore
from storage import GameRecord, MoveLogEntry, NotFound, PlayerRecord

from .. import export, i18n, matches
from ..actions import Action, Verb
from ..cube.table import ROWS as CUBE
from ..replies import Caller, Chat, Document, Identity, Notice, Reply
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


async def names(svc: Service, record: GameRecord, lang: str) -> dict[str, str]:
    """The players' names as a reader of `lang` sees them (the computer's in `lang`, `bot.words.computer_name`)."""
    return {side.value: name for side, name in (await svc.names(record, lang)).items()}


async def language(svc: Service, who: PlayerRecord | None, record: GameRecord, hint: str | None) -> str:
    """The viewer's language: their choice, the game chat's, their platform's hint, the bot's default."""
    chosen = who.language if who is not None else None
    if chosen is None and record.chat:
        chosen = (await svc.chat_settings(record.chat)).language
    return i18n.choose(chosen, hint, default=svc.language)


async def score(svc: Service, record: GameRecord) -> MatchScore | None:
    """The match score drawn on the board, as on the posted picture (`bot.views.view`): the banner of the game
    that won the match says so."""
    if not record.match_id:
        return None
    try:
        m = await svc.store.matches.get(record.match_id)
    except NotFound:
        return None
    return matches.board_score(m, record.id)


async def last_entry(svc: Service, record: GameRecord) -> tuple[MoveLogEntry, str] | None:
    """The game's last logged turn and the position (TPN) before it, or None before the first."""
    entries = await svc.store.games.log(record.id)
    if not entries:
        return None
    return entries[-1], entries[-2].position if len(entries) > 1 else record.start_position


async def export_file(svc: Service, record: GameRecord, lang: str, whole: bool) -> Document:
    """The game's file as `/export` sends it (`bot.export`), or its match's when `whole`."""
    return await export.document_for(svc, record, lang, whole)


def game_chat(record: GameRecord) -> Chat:
    """The chat the game is played in (a Telegram private chat has a positive id)."""
    chat = Chat.from_key(record.chat or "")
    private = chat.platform == "telegram" and chat.chat_id.isdigit()
    return Chat(chat.platform, chat.chat_id, private)


async def confirm(svc: Service, who: Identity, record: GameRecord, version: int, packed: str,
                  deliver: Deliver | None) -> Reply:
    """Make the built play `packed` (`bot.views.pack_moves`) at `version` as the Confirm button does, and post
    the answer in the game's chat when it is not a refusal."""
    return await press(svc, who, record, Action(Verb.CONFIRM, record.id, version, packed), deliver)


async def cube(svc: Service, who: Identity, record: GameRecord, action: CubeAction, version: int,
               deliver: Deliver | None) -> Reply:
    """Roll or Double (R-CUBE-2), Take or Drop (R-CUBE-3) at `version`, as the board's cube buttons do
    (`bot.cube.table.buttons`), and post the answer in the game's chat when it is not a refusal."""
    return await press(svc, who, record, Action(CUBE[action].verb, record.id, version), deliver)


async def press(svc: Service, who: Identity, record: GameRecord, action: Action, deliver: Deliver | None) -> Reply:
    """Press the versioned button `action` in the game's chat through the service, as a chat adapter does."""
    chat = game_chat(record)
    reply = await svc.press(Caller(who, chat), action.pack())
    if reply.ok and not reply.private and deliver is not None:
        await deliver(Notice(chat, reply))
    return reply
