"""Deadlines for asynchronous play: a reminder at half-time, and on expiry the game is lost as a resignation;
and the chats' own wake-ups: a season's end (`bot.seasons.close`) and a standings card's edit (`bot.standings.edit`).

Every bot process runs `tick` from its deadline loop (`bot.runner`); `storage` hands each due item to exactly
one process (`claim_due`), and acting on an item uses a command id derived from it, so a deadline acted on
twice changes the game once.
"""

from __future__ import annotations

import logging

from storage import DueItem, DueKind, NotFound, StoreUnavailable, VersionConflict

from . import i18n, seasons, standings
from .actions import Action, Verb
from .context import Ctx
from .core import Core
from .gamestate import awaited, game_of, side_index
from .moments import moment
from .progression import progress, timeout_step
from .replies import Button, Chat, Identity, Notice, Reply

DM_PLATFORMS = ("telegram", "discord")

log = logging.getLogger(__name__)


async def tick(svc: Core, limit: int = 100) -> list[Notice]:
    """Act on every reminder and deadline due now; returns the messages to post."""
    notices = []
    for item in await svc.store.schedule.claim_due(svc.clock(), limit):
        try:
            if item.kind is DueKind.SEASON:
                notice = await seasons.close(svc, item)
            elif item.kind is DueKind.CARD:
                notice = await standings.edit(svc, item)
            else:
                notice = await _act(svc, item)
        except (NotFound, VersionConflict):
            notice = None  # gone, or it moved on meanwhile (its new deadline is armed)
        except StoreUnavailable:
            raise  # the item stays claimed and comes due again; the loop waits for the store (`bot.runner`)
        except Exception:
            log.exception("deadline item %r failed", item)
            continue
        await svc.store.schedule.done(item)
        if notice is not None:
            notices.append(notice)
    return notices


async def _act(svc: Core, item: DueItem) -> Notice | None:
    record = await svc.store.games.get(item.game_id)
    if not item.is_current(record) or record.chat is None:
        return None
    game = game_of(record)
    if game.phase == "over":
        return None
    to_move = awaited(game)  # the side asked to take or drop (R-CUBE-7), else the side to move
    player = await svc.store.players.get(record.players[side_index(to_move)])
    chat = Chat.from_key(record.chat)
    chat_lang = (await svc.chat_settings(record.chat)).language
    lang = i18n.choose(player.language, chat_lang, default=svc.language)
    who = Identity(player.platform, player.platform_user_id, player.name)
    ctx = Ctx(who, chat, player, lang)
    if item.kind is DueKind.REMINDER:
        where = await svc.store.preferences.get(player.id, "remind") or "dm"
        if where == "off":
            return None
        left = max(0.0, (record.deadline or svc.clock()) - svc.clock())
        if game.phase == "answer":
            text = ctx.t("{name}, game #{id} waits for you to take or drop: {left} left before the double counts "
                         "as dropped.", name=player.name, id=record.id, left=time_left(ctx, left))
        elif game.phase == "decide":
            text = ctx.t("{name}, it is your turn in game #{id} to roll or double: {left} left before the game is "
                         "lost on time.", name=player.name, id=record.id, left=time_left(ctx, left))
        else:
            text = ctx.t("{name}, it is your turn in game #{id}: {left} left before the game is lost on time.",
                         name=player.name, id=record.id, left=time_left(ctx, left))
        text += "\n" + ctx.t("Deadline: {when}.", when=moment(record.deadline or svc.clock()))
        other = record.players[1 - side_index(to_move)]
        away = await svc.store.vacations.until(other, now=svc.clock()) if other != player.id else None
        if away is not None:
            who_away = await svc.player(other)
            text += "\n" + ctx.t("{name} is on vacation until {when}.", name=svc.shown_name(who_away, lang),
                                  when=moment(away))
        button = Button(ctx.t("Open the game"), Action(Verb.BOARD, record.id, record.version).pack(), "primary")
        to = who if where == "dm" and chat.platform in DM_PLATFORMS else None
        return Notice(chat, Reply(text, buttons=((button,),), mentions=(who,), game_id=record.id), to, "reminder")
    head = [ctx.t("The time to move in game #{id} ran out at {when}.", id=record.id,
                  when=moment(record.deadline or item.due, "f"))]
    reply = await progress(svc, ctx, record, (timeout_step(record),), head, item.command_id)
    return Notice(chat, reply, kind="timeout")


def time_left(ctx: Ctx, seconds: float) -> str:
    """`3 hours 20 minutes`, `45 minutes`: the time left in the reader's language."""
    minutes = max(1, round(seconds / 60))
    hours, minutes = divmod(minutes, 60)
    parts = []
    if hours:
        parts.append(ctx.tn("{n} hour", "{n} hours", hours, n=hours))
    if minutes or not hours:
        parts.append(ctx.tn("{n} minute", "{n} minutes", minutes, n=minutes))
    return " ".join(parts)
