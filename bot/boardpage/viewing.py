"""The board page's job: one game as one visitor sees it (`PageView`), from one read of the game.

Who may see what (issue 27, P5): a Telegram Mini App opened for a game (`start_param`) shows a group's game to
anyone there, read-only; one opened from a private chat's button shows it to its player only; a signed link
shows the game it was made for to the player it was made for. Every refusal is in the visitor's words.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable

from game import Game, GameError, Position, Side, parse_play
from renderer import LastPlay, MatchScore
from storage import GameRecord, MoveLogEntry, NotFound, PlayerRecord

from .. import i18n, matches
from ..actions import Action, ActionError
from ..core import Core
from ..dice import format_dice, parse_dice
from ..gamestate import awaited, game_of, in_private_chat, player_side, side_of
from ..replies import Caller, Chat, Identity, Reply
from .view import PagePress, PageView, Visitor
from .words import page_words

Run = Callable[[Caller, str, GameRecord], Awaitable[Reply]]


async def page_view(svc: Core, visitor: Visitor, game_id: str) -> PageView | None:
    """The game `game_id` as `visitor` sees it, or None when there is no such game."""
    try:
        record = await svc.store.games.get(game_id)
    except NotFound:
        return None
    return await view_of(svc, visitor, record)


async def press(svc: Core, visitor: Visitor, data: str, run: Run) -> PagePress | None:
    """Press the button `data` (`PageView.confirm`, `PageView.cube`) for `visitor` in its game's chat, reading
    the game once: the same record tells who may press, in which chat, and is the one pressed on (`run`: the
    service's guarded `bot.interact.press`). None when there is no such game."""
    try:
        record = await svc.store.games.get(Action.unpack(data).ref)
    except (ActionError, NotFound):
        return None
    view = await view_of(svc, visitor, record)
    if view.caller is None:
        return PagePress(view, None, view)
    reply = await run(view.caller, data, record)
    fresh = await page_view(svc, visitor, record.id) if reply.ok else None
    return PagePress(view, reply, fresh if fresh is not None and fresh.refused is None else view)


async def view_of(svc: Core, visitor: Visitor, record: GameRecord) -> PageView:
    """`record` as `visitor` sees it: the refusal, or their side, names, header, last play and presses."""
    game = game_of(record)
    who, side, lang, refused = await seen_by(svc, visitor, record, game)
    chat = game_chat(record)
    if refused is not None:
        return PageView(record.id, record.version, game, lang, chat, refused=page_words(lang)[refused])
    identity = visitor.identity
    if identity is None and who is not None:
        identity = Identity(who.platform, who.platform_user_id, who.name)
    return PageView(
        record.id, record.version, game, lang, chat, side=side, identity=identity,
        names=await svc.names(record, lang), score=await _score(svc, record), last=await _last(svc, record, game),
        waits_on=awaited(game) if game.phase in ("decide", "answer") else None,
        deadline=record.deadline, match_id=record.match_id,
        dice_text=format_dice(game.dice) if game.dice is not None else "", record=record)


async def seen_by(svc: Core, visitor: Visitor, record: GameRecord,
                  game: Game) -> tuple[PlayerRecord | None, Side | None, str, str | None]:
    """Who `visitor` is in `record` (`game`, its game): their player record, their side, their language, and why
    they may not see it (a key of the page's words, or None)."""
    who = await _player(svc, visitor)
    side = player_side(record, who.id if who is not None else None, game)
    lang = await _language(svc, who, record, visitor.language)
    return who, side, lang, _refusal(visitor, record, who, side)


def _refusal(visitor: Visitor, record: GameRecord, who: PlayerRecord | None, side: Side | None) -> str | None:
    """Why `visitor` may not see `record` (a key of the page's words), or None."""
    if visitor.opened_for is not None and visitor.opened_for != record.id:
        return "refused_other_game"
    if visitor.watch_only:  # a replay link opens the replay alone (`bot.boardpage.replaying`)
        return "refused_not_player"
    if visitor.identity is not None:  # a Telegram Mini App
        if not (record.chat or "").startswith("telegram:"):
            return "refused_not_telegram"
        if side is None and (visitor.opened_for != record.id or in_private_chat(record)):
            return "refused_not_player"  # a private chat's game is for its player only
        return None
    if who is None or side is None:
        return "refused_not_player"
    return None


async def _player(svc: Core, visitor: Visitor) -> PlayerRecord | None:
    """The visitor's player record, or None when the bot has never seen them."""
    if visitor.identity is not None:
        return await svc.store.players.find(visitor.identity.platform, visitor.identity.user_id)
    if visitor.player_id is not None:
        with contextlib.suppress(NotFound):
            return await svc.player(visitor.player_id)
    return None


async def _language(svc: Core, who: PlayerRecord | None, record: GameRecord, hint: str | None) -> str:
    """The visitor's language: their choice, the game chat's, their platform's hint, the bot's default."""
    chosen = who.language if who is not None else None
    if chosen is None and record.chat:
        chosen = (await svc.chat_settings(record.chat)).language
    return i18n.choose(chosen, hint, default=svc.language)


def game_chat(record: GameRecord) -> Chat:
    """The chat the game is played in (a Telegram private chat has a positive id)."""
    chat = Chat.from_key(record.chat or "")
    return Chat(chat.platform, chat.chat_id, in_private_chat(record) and chat.platform == "telegram")


async def _score(svc: Core, record: GameRecord) -> MatchScore | None:
    """The match score drawn on the board, as on the posted picture (`bot.views.view`)."""
    if not record.match_id:
        return None
    try:
        m = await svc.store.matches.get(record.match_id)
    except NotFound:
        return None
    return matches.board_score(m, record.id)


async def _last(svc: Core, record: GameRecord, game: Game) -> LastPlay | None:
    """The game's last logged turn as the board picture shows it (with the earlier stages of its Gul Bara
    cascade, `cascade_drawn`), or None before the first."""
    return cascade_drawn(game, record.start_position, await svc.store.games.log(record.id))


def cascade_drawn(game: Game, start_tpn: str, entries: list[MoveLogEntry]) -> LastPlay | None:
    """The last of `entries` as the board picture shows it, joined with the stages of a Gul Bara cascade its
    mover played before it without a roll between (R-GULBARA-3), each arrow with its stage's number (as the
    chat's board after a cascade, `bot.turns.last_drawn`); None before the first turn."""
    if not entries:
        return None
    k = len(entries) - 1
    last = last_play(game, entries[k - 1].position if k else start_tpn, entries[k])
    if last is None:
        return None
    plays = [last]
    while k > 0 and _stage_of(game, entries[k - 1], entries[k]):
        earlier = last_play(game, entries[k - 2].position if k > 1 else start_tpn, entries[k - 1])
        if earlier is None:
            break
        plays.insert(0, earlier)
        k -= 1
    return LastPlay.joined(plays)


def _stage_of(game: Game, earlier: MoveLogEntry, later: MoveLogEntry) -> bool:
    """Whether `later` is a stage of the cascade `earlier` played, with no roll between (R-GULBARA-3): the same
    mover, left by `earlier` with a stage pending."""
    if earlier.side != later.side or earlier.play == "opening":
        return False
    try:
        position = Position.from_tpn(earlier.position, game.variant)
    except (GameError, ValueError):
        return False
    return position.cascade is not None and position.cascade.pending and position.turn is side_of(earlier.side)


def last_play(game: Game, before_tpn: str, entry: MoveLogEntry) -> LastPlay | None:
    """The logged turn as the board picture shows it (arrows, and "played …" or a pass in the mover's strip),
    or None for an opening roll, a cube answer or a play that does not read back."""
    if entry.play in ("opening", ""):
        return None
    mover = side_of(entry.side)
    if entry.play == "pass":
        return LastPlay(mover)
    try:
        before = Position.from_tpn(before_tpn, game.variant).with_turn(mover)
        return LastPlay.from_play(parse_play(before, parse_dice(entry.dice), entry.play))
    except (GameError, ValueError):
        return None
