"""`/standings`: the current season (then all time) when the chat keeps seasons, `all`, `season 2026-10`, and
`pin`: the standings card the bot edits after each result (issue 29; at most once per `storage.EDIT_GAP`)."""

from __future__ import annotations

import logging

from renderer import StandingLine, StandingsPicture, render_standings
from storage import DueItem, Season, Standing

from . import i18n
from .commands import Command
from .context import Ctx, Refusal
from .core import Core
from .replies import Chat, Notice, Picture, Reply

log = logging.getLogger(__name__)
ROWS = 20


def _line(lang: str, name: str, row: Standing) -> str:
    return i18n.tr(lang, "{name}: matches {mw:g}–{ml:g} · points {pw:g}–{pl:g}", name=name, mw=row.matches_won,
                   ml=row.matches_lost, pw=row.points_won, pl=row.points_lost)


async def _named(svc: Core, lang: str, rows: list[Standing]) -> list[tuple[str, Standing]]:
    return [(svc.shown_name(await svc.player(row.player_id), lang), row) for row in rows]


def _lines(lang: str, named: list[tuple[str, Standing]]) -> list[str]:
    if not named:
        return [i18n.tr(lang, "No finished games here yet.")]
    return [f"{n}. {_line(lang, name, row)}" for n, (name, row) in enumerate(named, 1)]


def _dates(season: Season | None, lang: str) -> str:
    if season is None:
        return i18n.tr(lang, "All time")
    return f"{season.first_day.isoformat()} – {season.last_day.isoformat()}"


async def picture(svc: Core, lang: str, season: Season | None, named: list[tuple[str, Standing]], *,
                  final: bool = False) -> Picture | None:
    """The standings picture (None if it cannot be drawn: the text still goes out)."""
    title = (i18n.tr(lang, "Season {season}: final standings", season=season.name) if final and season
             else i18n.tr(lang, "Standings · {season}", season=season.name) if season
             else i18n.tr(lang, "Standings · all time"))
    pic = StandingsPicture(title, _dates(season, lang), i18n.tr(lang, "Player"), i18n.tr(lang, "Matches"),
                           i18n.tr(lang, "Points"),
                           tuple(StandingLine(name, (r.matches_won, r.matches_lost), (r.points_won, r.points_lost))
                                 for name, r in named),
                           empty=i18n.tr(lang, "No finished games here yet."), podium=final)
    try:
        return Picture(await svc.offload(render_standings, pic))
    except Exception:
        log.exception("standings picture failed")
        return None


async def season_reply(svc: Core, lang: str, chat: str, season: Season | None, *, final: bool = False) -> Reply:
    """One season's (or all time's) standings: the text and the picture."""
    named = await _named(svc, lang, await svc.store.standings.table(chat, ROWS, season.name if season else None))
    if season is None:
        head = i18n.tr(lang, "All time (matches won–lost · points won–lost):")
    else:
        head = i18n.tr(lang, "Season {season}, {first} – {last} (matches won–lost · points won–lost):",
                       season=season.name, first=season.first_day.isoformat(), last=season.last_day.isoformat())
    return Reply("\n".join([head, *_lines(lang, named)]), picture=await picture(svc, lang, season, named,
                                                                                 final=final))


async def current(svc: Core, lang: str, chat: str) -> Reply:
    """What `/standings` shows: the current season with its picture and all time after it; all time alone when
    the chat keeps no seasons."""
    state = await svc.store.seasons.state(chat)
    if state.mode is None:
        return await season_reply(svc, lang, chat, None)
    now = Season.at(state.mode, svc.clock())
    shown = await season_reply(svc, lang, chat, now)
    every = await season_reply(svc, lang, chat, None)
    return Reply(f"{shown.text}\n\n{every.text}", picture=shown.picture)


async def standings(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    chat = ctx.chat.key
    if cmd.value == "all":
        return await season_reply(svc, ctx.lang, chat, None)
    if cmd.value == "season":
        try:
            season = Season.parse(cmd.season or "")
        except ValueError:
            raise Refusal("There is no season {season}; seasons look like 2026-10 or 2026-Q4.",
                          season=(cmd.season or "")[:20]) from None
        return await season_reply(svc, ctx.lang, chat, season)
    if cmd.value == "pin":  # the card is everyone's: in the chat's language
        lang = i18n.choose((await svc.chat_settings(chat)).language, default=svc.language)
        card = await current(svc, lang, chat)
        if card.picture is None:
            raise Refusal("I cannot draw the standings card right now; please try again.")
        return Reply(card_caption(card.text), picture=card.picture, card=True)
    return await current(svc, ctx.lang, chat)


def card_caption(text: str, lines: int = 6) -> str:
    """The card's caption: the first block of the standings (the current season, or all time), at most `lines`
    lines of it, an ellipsis where it goes on."""
    block = text.split("\n\n", 1)[0].split("\n")
    return "\n".join(block[:lines] + (["…"] if len(block) > lines else []))


async def card_posted(svc: Core, chat: Chat, message_id: str) -> str | None:
    """The adapter posted the chat's new standings card as `message_id`: it replaces the old one, whose id this
    returns (None: there was none)."""
    old = await svc.store.standing_cards.pin(chat.key, message_id, svc.clock())
    return None if old == message_id else old


async def edit(svc: Core, item: DueItem) -> Notice | None:
    """A card behind (a `card:<chat>` item): its new picture and text, to edit in place (at most once per
    `EDIT_GAP`, by the one process that claimed the item)."""
    chat = item.game_id
    card = await svc.store.standing_cards.get(chat)
    if card is None or not card.behind:
        return None
    lang = i18n.choose((await svc.chat_settings(chat)).language, default=svc.language)
    reply = await current(svc, lang, chat)
    if reply.picture is None or not await svc.store.standing_cards.shown(card, svc.clock()):
        return None
    return Notice(Chat.from_key(chat), Reply(card_caption(reply.text), picture=reply.picture), kind="card",
                  edit=card.message_id)
