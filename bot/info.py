"""Information and settings: /help, /rules, /lang, /stats, /deadline (/standings: `bot.standings`)."""

from __future__ import annotations

from dataclasses import replace

from storage import Standing

from . import i18n, profile
from .commands import Command, listed
from .context import Ctx, Refusal
from .core import Core
from .games import OFFERS
from .replies import Reply

HELP_HEAD = "Commands:"
HELP_GAMES = "Games (the word to type after each name):"
HELP_EXAMPLE = "For example /play ai tavli to 5, or /challenge @name tabla cycle=tabla to 7."
HELP_OPTIONS = "Options: mother=win|win+tie|tie|off (plakoto, tapa, mahbusa), scoring=mars|backgammon."
HELP_CUBE = ("The doubling cube: cube=on (plakoto, tapa, mahbusa, portes, tabla; not in a cycle match), then /roll or "
             "/double before your roll, /take or /drop a double. /rules cube explains it.")


def help_text(lang: str, platform: str) -> str:
    """/help in `lang`: the commands `platform` lists (`bot.commands.TABLE`), then every game a player may
    choose (`bot.games.OFFERS`) by its name in `lang` with the word to type, then the rule options."""
    def t(message: str) -> str:
        return i18n.tr(lang, message)

    lines = [t(HELP_HEAD)]
    lines += [f"{spec.usage(t)} — {t(spec.help)}" for spec in listed(platform)]
    lines += ["", t(HELP_GAMES)]
    lines += [f"• {offer.name(lang)}: {offer.typed}" for offer in OFFERS]
    lines += [t(HELP_EXAMPLE), t(HELP_OPTIONS), t(HELP_CUBE)]
    return "\n".join(lines)


RULES = {
    "plakoto": "Plakoto: both sides start with 15 checkers on their 24-point and move in opposite directions. "
               "Landing on a single opposing checker pins it until you leave. Bear off from your home board: "
               "1 point, 2 if the opponent has borne off none. Pinning the opponent's last checker on its "
               "starting point (the mother) wins 2 points once none of your checkers is left on your own "
               "24-point; both mothers pinned is a tie.",
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
RULES.update({
    "portes": "Portes: the backgammon start (2 checkers on your 24-point, 5 on the 13, 3 on the 8, 5 on the 6), "
              "opposite directions. A single opposing checker is hit to the bar and must enter again before "
              "anything else moves; two or more checkers close a point. A win is 1 point, 2 if the opponent has "
              "borne off none.",
    "tabla": "Tabla (prava): the Bulgarian straight game, played exactly like portes: the backgammon start, "
             "hitting single checkers to the bar, 1 point or 2 if the opponent has borne off none. "
             "/rules tabla-cycle explains the Tabla match.",
    "fevga": "Fevga: 15 checkers on your 24-point, both sides moving the same way. There is no hitting: one "
             "checker holds a point. Until one of your checkers reaches the opponent's starting quarter, only "
             "one checker may leave your start. You may never hold all six points of your starting quarter. When "
             "every opponent checker left on the board stands on one point and you hold the six points right in "
             "front of it, your play must open one of those six. 1 point, 2 if the opponent has borne off none.",
    "gulbara": "Gul Bara: 15 checkers on your 24-point, both sides moving the same way, one checker holds a "
               "point. In your first three turns doubles play four moves; after that a double cascades: four "
               "moves of it, then four of each higher number up to 6. If you cannot finish a stage, your "
               "opponent plays the rest. 1 point, 2 if the opponent has borne off none.",
    "tavli": "Tavli: a match that plays portes, then plakoto, then fevga, round and round until someone reaches "
             "the match length (5 by default; 3 and 7 are usual). The winner of each game starts the next; a "
             "tie replays the same game. Start one with /play ai tavli or /challenge @name tavli to 5.",
    "tabla-cycle": "The Tabla match: tabla, then gul bara, then tapa, round and round until someone reaches the "
                   "match length (5 by default, or 7). The winner of each game starts the next; a tie replays "
                   "the same game. Start one with /challenge @name tabla cycle=tabla to 7.",
})
RULES["prava"] = RULES["tabla"]
RULES["cube"] = (  # RULES.md §13, R-CUBE-1…8
    "The doubling cube (cube=on): every game starts with the cube at 1 in the middle. Before your roll you may "
    "double (/double) if the cube is in the middle or yours; otherwise you roll (/roll). Your opponent takes "
    "(/take): the cube's value doubles, it becomes theirs and you roll; or drops (/drop): you win the cube's "
    "value before the double. Every other win scores its points times the cube (a tie still scores nothing); a "
    "resignation concedes the game's value times the cube. The cube goes no higher than 64. In a match, the game "
    "right after a side first reaches one point short of the target is the Crawford game: nobody may double in "
    "it. An unanswered double counts as dropped when its time runs out.")
RULES_INTRO = "Dice are rolled by me; doubles play four times (in Gul Bara later doubles cascade); you must use as " \
              "many dice as you can, the larger if only one. The rules of each game:"


async def help_(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    return Reply(help_text(ctx.lang, ctx.chat.platform), private=True)


async def rules(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    if cmd.value == "cube":
        return Reply(ctx.t(RULES["cube"]))
    if cmd.variant is None:
        lines = [ctx.t(RULES_INTRO), *(f"• {offer.name(ctx.lang)}: /rules {offer.typed}" for offer in OFFERS),
                 f"• {ctx.t('The doubling cube')}: /rules cube"]
        return Reply("\n".join(lines))
    if cmd.variant == "tabla" and cmd.value == "cycle":
        return Reply(ctx.t(RULES["tabla-cycle"]))
    return Reply(ctx.t(RULES[cmd.variant]))


async def lang(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
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
    svc.forget_player(player.id)
    return Reply(i18n.tr(cmd.value, "I will speak English with you."), private=True)


async def deadline(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    """The chat's time per move (new deadlines use it)."""
    if cmd.value is None:
        hours = await svc.deadline_hours_for(ctx.chat.key)
        return Reply(ctx.t("Each move here has {hours} hours. Change it with /deadline <hours>.", hours=f"{hours:g}"))
    await svc.save_chat_settings(ctx.chat, deadline_hours=float(cmd.value))
    return Reply(ctx.t("From now on each move here has {hours} hours.", hours=cmd.value))


def _line(ctx: Ctx, name: str, row: Standing) -> str:
    return ctx.t("{name}: matches {mw:g}–{ml:g} · points {pw:g}–{pl:g}", name=name, mw=row.matches_won,
                 ml=row.matches_lost, pw=row.points_won, pl=row.points_lost)


async def stats(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    """A player's results in this chat, their rating in each pool played (`bot.profile`), the average error rate
    over their last reviewed games (`bot.review`), and the picture of both over time."""
    player = await svc.resolve(ctx, cmd) or ctx.player
    row = await svc.store.standings.line(ctx.chat.key, player.id)
    lines = [ctx.t("In this chat (matches won–lost · points won–lost):"),
             _line(ctx, svc.shown_name(player, ctx.lang), row)]
    pools = await profile.played(svc, player.id)
    lines += [profile.pool_line(pool, row) for pool, row in pools]
    rates = await svc.store.reviews.errors(player.id)
    if rates:
        lines.append(ctx.tn("Error rate {rate} (milli-points lost a decision), the average of the last {n} game.",
                            "Error rate {rate} (milli-points lost a decision), the average of the last {n} games.",
                            len(rates), rate=f"{sum(rates) / len(rates):.1f}", n=len(rates)))
    return Reply("\n".join(lines), picture=await profile.picture(svc, ctx, player, pools))


async def remind(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    """Where the caller's reminders go: `dm` (a direct message where the platform allows it), `chat`, `off`."""
    if cmd.value is None:
        where = await svc.store.preferences.get(ctx.player.id, "remind") or "dm"
        return Reply(ctx.t("Your reminders go to: {where}. Change it with /remind dm, /remind chat or /remind off.",
                           where=ctx.t(REMIND_WORDS[where])), private=True)
    await svc.store.preferences.set(ctx.player.id, "remind", cmd.value)
    return Reply(ctx.t("From now on your reminders go to: {where}.", where=ctx.t(REMIND_WORDS[cmd.value])),
                 private=True)


REMIND_WORDS = {"dm": "a direct message", "chat": "the game's chat", "off": "nowhere (no reminders)"}


async def invite(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    """The link that adds the bot to another group or server."""
    link = svc.invite_links.get(ctx.chat.platform)
    if link is None:
        return Reply(ctx.t("There is no invite link here."), private=True)
    return Reply(ctx.t("Add me to another chat with this link: {link}", link=link), private=True)
