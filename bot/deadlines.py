"""Deadlines for asynchronous play: a reminder at half-time, and on expiry the game is lost as a resignation.

Every bot process runs `run`; `storage` hands each due item to exactly one process (`claim_due`), and acting on
an item uses a command id derived from it, so a deadline acted on twice changes the game once.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from storage import DueKind, NotFound

from . import i18n
from .context import Ctx
from .gamestate import game_of, side_index
from .replies import Chat, Identity, Notice, Reply
from .service import Service
from .turns import Event, Step

log = logging.getLogger(__name__)


async def tick(svc: Service, limit: int = 100) -> list[Notice]:
    """Act on every reminder and deadline due now; returns the messages to post."""
    notices = []
    for item in await svc.store.schedule.claim_due(svc.clock(), limit):
        try:
            notice = await _act(svc, item)
        except NotFound:
            notice = None
        except Exception:
            log.exception("deadline item %r failed", item)
            continue
        await svc.store.schedule.done(item)
        if notice is not None:
            notices.append(notice)
    return notices


async def _act(svc: Service, item) -> Notice | None:
    record = await svc.store.games.get(item.game_id)
    if not item.is_current(record) or record.chat is None:
        return None
    game = game_of(record)
    if game.phase == "over":
        return None
    to_move = game.turn
    player = await svc.store.players.get(record.players[side_index(to_move)])
    platform, _, chat_id = record.chat.partition(":")
    chat = Chat(platform, chat_id)
    lang = i18n.choose(player.language, default=svc.language)
    ctx = Ctx(Identity(player.platform, player.platform_user_id, player.name), chat, player, lang)
    if item.kind is DueKind.REMINDER:
        left = max(0.0, (record.deadline or svc.clock()) - svc.clock()) / 3600
        text = ctx.t("{name}, it is your turn in game #{id}: {hours} hours left before the game is lost on time.",
                     name=player.name, id=record.id, hours=f"{left:.0f}")
        return Notice(chat, Reply(text, mention=(player.platform_user_id,)))
    after = game.resign(to_move, "timeout")
    table = f"{game.dice[0]}-{game.dice[1]}" if game.dice else ""
    step = Step(after, record.turn, to_move, table, "timeout",
                (Event("{side} ran out of time and loses game #{id}.", {"side": to_move, "id": record.id}),))
    reply = await svc.progress(ctx, record, (step,), [], item.command_id)
    return Notice(chat, reply)


async def run(svc: Service, deliver: Callable[[Notice], Awaitable[None]], interval: float = 30.0) -> None:
    """Check for due items every `interval` seconds for ever, posting what falls due with `deliver`."""
    while True:
        try:
            for notice in await tick(svc):
                await deliver(notice)
        except Exception:
            log.exception("the deadline loop failed; retrying")
        await asyncio.sleep(interval)
