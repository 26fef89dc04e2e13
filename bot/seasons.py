"""Seasons per chat (issue 29): `/season monthly|quarterly|off`, the season a result counts in, and a season's
end, which the deadline loop hands to one process (`storage.seasons`): it posts the final standings (a picture
with the podium and the table, and the text) and the next season starts."""

from __future__ import annotations

import logging

from storage import DueItem, Season

from . import i18n
from .commands import Command
from .context import Ctx, Refusal
from .core import Core
from .replies import Chat, Notice, Reply
from .standings import season_reply

log = logging.getLogger(__name__)

MODE_WORDS = {"monthly": "monthly", "quarterly": "quarterly"}


def _about(ctx: Ctx, season: Season) -> str:
    return ctx.t("This chat keeps {mode} seasons; this one is {season} ({first} – {last}).",
                 mode=ctx.t(MODE_WORDS[season.mode]), season=season.name, first=season.first_day.isoformat(),
                 last=season.last_day.isoformat())


async def season(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    """Show or set the chat's seasons; where the platform has admins, only they may set them."""
    chat = ctx.chat.key
    if cmd.value is None:
        state = await svc.store.seasons.state(chat)
        if state.current is None:
            return Reply(ctx.t("This chat keeps no seasons. Start them with /season monthly or /season quarterly."))
        return Reply(_about(ctx, state.current))
    if ctx.admin is False:
        raise Refusal("Only the chat's admins may change its seasons.")
    mode = None if cmd.value == "off" else cmd.value
    state = await svc.store.seasons.set_mode(chat, mode, svc.clock())
    if state.current is None:
        return Reply(ctx.t("This chat keeps no seasons now; /standings shows all time."))
    return Reply(_about(ctx, state.current))


async def counts_in(svc: Core, chat: str) -> str | None:
    """The season a result in `chat` counts in now (None: the chat keeps no seasons)."""
    state = await svc.store.seasons.state(chat)
    return None if state.mode is None else Season.at(state.mode, svc.clock()).name


async def after_result(svc: Core, chat: str) -> None:
    """A result in `chat`: its standings card (if any) is behind and gets its edit (`standings.edit`), as soon as
    the edit gap allows (the deadline loop is woken then)."""
    due = await svc.store.standing_cards.touch(chat, svc.clock())
    if due is not None:
        svc.wake_at(due)


async def close(svc: Core, item: DueItem) -> Notice | None:
    """A season's end (a `season:<chat>` item): roll over once, and post the final standings."""
    chat = item.game_id
    state = await svc.store.seasons.state(chat)
    if state.current is None or state.current.end > svc.clock():
        return None
    following = await svc.store.seasons.roll(chat, state.current, svc.clock())
    if following is None:  # another process closed it
        return None
    await after_result(svc, chat)  # the chat's card turns to the new season
    lang = i18n.choose((await svc.chat_settings(chat)).language, default=svc.language)
    reply = await season_reply(svc, lang, chat, state.current, final=True)
    text = i18n.tr(lang, "Season {season} is over; season {next} begins.", season=state.current.name,
                   next=following.name)
    return Notice(Chat.from_key(chat), Reply(f"{text}\n{reply.text}", picture=reply.picture), kind="season")
