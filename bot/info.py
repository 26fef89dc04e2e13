"""Information and settings: /help, /rules, /lang, /standings, /stats, /deadline."""

from __future__ import annotations

from dataclasses import replace

from game import PRESETS

from . import i18n
from .commands import Command
from .context import Ctx, Refusal
from .replies import Reply
from .service import Service

HELP = """Commands:
/play ai [variant] [options] [to N] — play the computer
/challenge [@name] [variant] [options] [to N] — invite a player, or anyone here
/accept [id] · /decline [id] · /cancel [id] · /lobby — challenges
/move 24/18 13/11 [game] — or just send the play
/board · /position · /resign · /history · /verify [game] — one game
/games — your games · /standings · /stats [player]
/rules [variant] · /lang [code] · /deadline [hours]
Variants: plakoto, tapa, mahbusa, tawula. Options: mother=win|win+tie|tie|off, scoring=mars|backgammon."""

RULES = {
    "plakoto": "Plakoto: both sides start with 15 checkers on their 24-point and move in opposite directions. "
               "Landing on a single opposing checker pins it until you leave. Bear off from your home board: "
               "1 point, 2 if the opponent has borne off none. Pinning the opponent's last checker on its "
               "starting point (the mother) wins 2 points; both mothers pinned is a tie.",
    "tapa": "Tapa: like plakoto, 15 checkers on the 24-point, moving in opposite directions; a single opposing "
            "checker is pinned by landing on it. Pinning the opponent's mother on your 1-point once you have "
            "left your own 24-point wins 2 points. A win is 1 point, 2 if the opponent has borne off none.",
    "mahbusa": "Mahbusa: the Arabic game with Tapa's rules: 15 checkers on the 24-point, opposite directions, "
               "pinning single checkers, the mother rule, 1 point or 2 for a win before the opponent bears off.",
    "tawula": "Tawula (Turkish backgammon): 2 checkers on the 24-point and 13 waiting; both sides move the same "
              "way. Waiting checkers enter with die d on point 25 − d. A single opposing checker is hit to the "
              "bar and must re-enter first. Never more than one checker on your points 13–24 except your "
              "24-point. A win is 1 point; capote is 7.",
}
RULES_INTRO = "The variants: plakoto, tapa, mahbusa, tawula. Ask /rules <variant> for one of them. Dice are " \
              "rolled by me; doubles play four times; you must use as many dice as you can, the larger if only one."


async def help_(svc: Service, ctx: Ctx, cmd: Command) -> Reply:
    return Reply(ctx.t(HELP))


async def rules(svc: Service, ctx: Ctx, cmd: Command) -> Reply:
    if cmd.variant is None:
        return Reply(ctx.t(RULES_INTRO))
    return Reply(ctx.t(RULES[cmd.variant]))


async def lang(svc: Service, ctx: Ctx, cmd: Command) -> Reply:
    """Set the caller's language; without a code, list them."""
    langs = i18n.available()
    if cmd.value is None:
        return Reply(ctx.t("Languages: {langs}. Yours: {lang}. Set it with /lang <code>.", langs=", ".join(langs),
                           lang=ctx.lang))
    if cmd.value not in langs:
        raise Refusal("I do not speak {code} yet; choose one of {langs}.", code=cmd.value, langs=", ".join(langs))
    if cmd.target == "chat":
        await svc.save_chat_settings(ctx.chat, language=cmd.value)
        return Reply(i18n.tr(cmd.value, "This chat now speaks English (players who chose a language keep it)."))
    player = await svc.store.players.get(ctx.player.id)
    await svc.store.players.update(player, replace(player, language=cmd.value))
    return Reply(i18n.tr(cmd.value, "I will speak English with you."))


async def deadline(svc: Service, ctx: Ctx, cmd: Command) -> Reply:
    """The chat's time per move (new deadlines use it)."""
    if cmd.value is None:
        hours = await svc.deadline_hours_for(ctx.chat.key)
        return Reply(ctx.t("Each move here has {hours} hours. Change it with /deadline <hours>.", hours=f"{hours:g}"))
    await svc.save_chat_settings(ctx.chat, deadline_hours=float(cmd.value))
    return Reply(ctx.t("From now on each move here has {hours} hours.", hours=cmd.value))


async def _line(svc: Service, chat: str, player_id: str, name: str) -> str:
    st = svc.store.standings
    won, lost = await st.points(chat, player_id), await st.points(f"{chat}/lost", player_id)
    mw, ml = await st.points(f"{chat}/matches", player_id), await st.points(f"{chat}/mlost", player_id)
    return f"{name}: {mw:g}–{ml:g} · {won:g}–{lost:g}"


async def standings(svc: Service, ctx: Ctx, cmd: Command) -> Reply:
    """The chat's players by points won: matches won–lost, points won–lost."""
    top = await svc.store.standings.top(ctx.chat.key, 20)
    if not top:
        return Reply(ctx.t("No finished games in this chat yet."))
    lines = [ctx.t("Standings (matches won–lost · points won–lost):")]
    for n, (pid, _) in enumerate(top, 1):
        name = (await svc.store.players.get(pid)).name
        lines.append(f"{n}. {await _line(svc, ctx.chat.key, pid, name)}")
    return Reply("\n".join(lines))


async def stats(svc: Service, ctx: Ctx, cmd: Command) -> Reply:
    """A player's results in this chat and Elo rating per variant."""
    player = ctx.player
    if cmd.target is not None:
        found = await svc.store.players.find(ctx.who.platform, cmd.target)
        if found is None:
            raise Refusal("I do not know {name}.", name=cmd.target)
        player = found
    lines = [await _line(svc, ctx.chat.key, player.id, player.name)]
    ratings = [f"{v} {await svc.store.ratings.rating(v, player.id):.0f}" for v in PRESETS]
    lines.append(ctx.t("Elo ratings: {ratings}.", ratings=", ".join(ratings)))
    return Reply("\n".join(lines))
