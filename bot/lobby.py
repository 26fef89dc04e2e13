"""Challenges and the lobby: invite one player or the whole chat, accept, decline, cancel; play the computer."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from storage import ChallengeRecord, NotFound, PlayerRecord

from . import matches, views, words
from .actions import Action, Verb
from .commands import Command
from .context import Ctx, Refusal
from .core import Core
from .info import help_
from .progression import start_match
from .replies import Button, Identity, Reply

DEFAULT_VARIANT = "plakoto"
DEFAULT_MATCH = 5  # R-MATCH-1
MAX_OPEN = 5  # open challenges, and games against the computer, per player and chat
# and at most `Core.max_games` (TABLA_MAX_GAMES) games going per player in all chats, open challenges counted
# (each may become a game): `/play ai`, `/challenge` and `/accept` are refused past it (F12)


async def busy(svc: Core, ctx: Ctx, player_id: str, *, besides: int = 0, full: bool = False) -> Reply | None:
    """The refusal when `player_id` (the caller or, accepting, the challenger) has as many games going as one
    player may have, open challenges counted but for `besides` of them (the challenge being accepted); None
    when there is room for one more. (Reading the lists drops finished games and gone challenges from them.)
    `full`: the store has just said so (another process took the last place): the refusal in any case."""
    games, made = await asyncio.gather(svc.store.games.active_for(player_id),
                                       svc.store.challenges.made_by(player_id, now=svc.clock()))
    if len(games) + len(made) - besides < svc.max_games and not full:
        return None
    if player_id != ctx.player.id:
        who = await svc.player(player_id)
        text = ctx.t("{name} has as many games going as one player may have; the challenge stays open.",
                     name=who.name)
    elif made:
        text = ctx.t("You have {games} going and {challenges} open, as many as one player may have at once; "
                     "finish a game, /resign one or /cancel a challenge first.",
                     games=ctx.tn("{n} game", "{n} games", len(games), n=len(games)),
                     challenges=ctx.tn("{n} challenge", "{n} challenges", len(made), n=len(made)))
    else:
        text = ctx.tn("You have {n} game going, as many as one player may have; finish or /resign it first.",
                      "You have {n} games going, as many as one player may have; finish or /resign one first "
                      "(/games lists them).", len(games), n=len(games))
    return Reply(text, ok=False, private=True)


@contextlib.asynccontextmanager
async def places(svc: Core, ctx: Ctx, *wanted: tuple[str, int]) -> AsyncIterator[Reply | None]:
    """Take a place for one more game for each `(player, besides)` (F12, `TABLA_MAX_GAMES`), checked and taken
    in one step in the store (`storage.slots`), so that commands racing in several processes never start more
    games than the limit; yields the refusal (None: all taken). On leaving, the takings are given back: the
    game or challenge made meanwhile holds its place from then on."""
    taken: list[tuple[str, str]] = []
    refusal: Reply | None = None
    try:
        for pid, besides in wanted:
            refusal = await busy(svc, ctx, pid, besides=besides)
            if refusal is None:
                token = await svc.store.slots.take(pid, svc.max_games, besides=besides, now=svc.clock())
                if token is None:
                    refusal = await busy(svc, ctx, pid, besides=besides, full=True)
                else:
                    taken.append((pid, token))
            if refusal is not None:
                break
        yield refusal
    finally:
        for pid, token in taken:
            await svc.store.slots.release(pid, token)


def _setup(cmd: Command) -> tuple[str, dict[str, str], int]:
    """The first variant, the options to keep and the match length a command asks for (RULES.md §9, §12).

    :raises OptionError: options the variant or cycle does not take (the engine's words, translated).
    """
    spec = matches.spec_of(cmd.variant, cmd.options)  # refuses cube=on in a cycle and where no cube is (§13)
    target = cmd.match_to or DEFAULT_MATCH
    if target % 2 == 0:  # R-MATCH-1 (a slash command's number does not pass through the grammar)
        raise Refusal("A match is played to an odd number of points (1, 3, 5, …), not {n}: try {lower} or "
                      "{higher}.", n=target, lower=target - 1, higher=target + 1)
    return spec.variant.name, matches.stored_options(spec), target


async def play(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    """A game or match against the computer, which moves by itself."""
    name, options, target = _setup(cmd)
    computer = await svc.computer_id()
    games = [g for g in await asyncio.gather(*(svc.store.games.get(gid) for gid in
                                                 await svc.store.games.active_for(ctx.player.id)))
             if g.chat == ctx.chat.key and computer in g.players]
    if len(games) >= MAX_OPEN:
        raise Refusal("You have {n} games against the computer here already ({ids}); finish or /resign one "
                      "first.", n=len(games), ids=" ".join(f"#{g.id}" for g in games))
    async with places(svc, ctx, (ctx.player.id, 0)) as full:
        if full is not None:
            return full
        return await start_match(svc, ctx, name, options, (ctx.player.id, computer), target)


async def challenge(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    """Invite `@name`, or anyone in the chat (an open challenge, listed by /lobby)."""
    name, options, target = _setup(cmd)
    opponent = await svc.resolve(ctx, cmd)
    if opponent is not None:
        if opponent.id == ctx.player.id:
            raise Refusal("You cannot challenge yourself; try /play ai.")
        if opponent.id == await svc.computer_id():
            return await play(svc, ctx, cmd)
    now = svc.clock()
    mine = [c for c in await svc.store.challenges.made_by(ctx.player.id, now=now) if c.chat == ctx.chat.key]
    for c in mine:
        if (c.target, c.variant, dict(c.options), c.match_target) == (opponent.id if opponent else None, name,
                                                                       dict(options), target):
            raise Refusal("You already have this challenge open: #{id}. /cancel {id} withdraws it.", id=c.id)
    if len(mine) >= MAX_OPEN:
        raise Refusal("You have {n} open challenges here already ({ids}); /cancel one first.", n=len(mine),
                      ids=" ".join(f"#{c.id}" for c in mine))
    async with places(svc, ctx, (ctx.player.id, 0)) as full:
        if full is not None:
            return full
        record = await svc.store.challenges.create(
            challenger=ctx.player.id, chat=ctx.chat.key, variant=name, options=options,
            target=opponent.id if opponent else None, match_target=target, ttl=svc.challenge_hours * 3600,
            now=now)
    what = words.title(ctx.lang, name, options)
    if opponent is None:
        text = ctx.t("{name} opens a challenge #{id}: {variant}, {length}. Anyone may /accept {id}.",
                     name=ctx.player.name, id=record.id, variant=what, length=words.match_length(ctx.lang, target))
        return Reply(text, buttons=(_buttons(ctx, record, targeted=False),))
    return await offer(svc, ctx, record, opponent)


async def offer(svc: Core, ctx: Ctx, record: ChallengeRecord, opponent: PlayerRecord) -> Reply:
    """The message of a challenge made to `opponent`, mentioning them, with Accept and Decline."""
    text = ctx.t("{name} challenges {opponent} (#{id}): {variant}, {length}. {opponent}: /accept {id} or "
                 "/decline {id}.", name=ctx.player.name, opponent=svc.shown_name(opponent, ctx.lang), id=record.id,
                 variant=words.title(ctx.lang, record.variant, record.options),
                 length=words.match_length(ctx.lang, record.match_target))
    mentions = ((Identity(opponent.platform, opponent.platform_user_id, opponent.name),)
                if opponent.platform == ctx.chat.platform else ())
    return Reply(text, buttons=(_buttons(ctx, record, targeted=True),), mentions=mentions)


def _buttons(ctx: Ctx, record: ChallengeRecord, *, targeted: bool) -> tuple[Button, ...]:
    accept = Button(ctx.t("Accept"), Action(Verb.ACCEPT, record.id).pack(), "success")
    if not targeted:
        return (accept,)
    return (accept, Button(ctx.t("Decline"), Action(Verb.DECLINE, record.id).pack(), "danger"))


async def _pick(svc: Core, ctx: Ctx, ref: str | None, *, mine: bool) -> ChallengeRecord:
    """The challenge `ref`, or the only one the caller could mean (theirs with `mine`, else offered to them)."""
    now = svc.clock()
    if ref is not None:
        try:
            return await svc.store.challenges.get(ref, now=now)
        except LookupError:
            raise Refusal("There is no open challenge #{id} (it may have expired or been taken).", id=ref) from None
    offered = [c for c in await svc.store.challenges.addressed_to(ctx.player.id, now=now) if c.chat == ctx.chat.key]
    offered += await svc.store.challenges.open_in_chat(ctx.chat.key, now=now)
    if mine:
        found = [c for c in offered if c.challenger == ctx.player.id]
    else:
        found = [c for c in offered if c.challenger != ctx.player.id]
    if not found:
        raise Refusal("There is no challenge here for that; /lobby lists the open ones.")
    if len(found) > 1:
        raise Refusal("There are several challenges ({ids}); add the id.", ids=" ".join(f"#{c.id}" for c in found))
    return found[0]


async def accept(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    """Only the challenged player accepts a targeted challenge; anyone but the challenger an open one."""
    found = await _pick(svc, ctx, cmd.ref, mine=False)
    if found.challenger == ctx.player.id:
        raise Refusal("You cannot accept your own challenge; /cancel {id} withdraws it.", id=found.id)
    if found.target is not None and found.target != ctx.player.id:
        raise Refusal("Challenge #{id} is addressed to someone else.", id=found.id)
    if found.chat != ctx.chat.key:
        raise Refusal("Challenge #{id} was made in another chat; accept it there.", id=found.id)
    # the challenger's place is held by this challenge already (besides=1), and goes to the game
    async with places(svc, ctx, (ctx.player.id, 0), (found.challenger, 1)) as full:
        if full is not None:
            return full
        try:
            taken = await svc.store.challenges.take(found.id, now=svc.clock())
        except LookupError:
            raise Refusal("Challenge #{id} was just taken or withdrawn.", id=found.id) from None
        return await start_match(svc, ctx, taken.variant, taken.options, (taken.challenger, ctx.player.id),
                                 taken.match_target)


async def decline(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    found = await _pick(svc, ctx, cmd.ref, mine=False)
    if found.target != ctx.player.id:
        raise Refusal("Only the challenged player can decline #{id}.", id=found.id)
    await svc.store.challenges.cancel(found.id)
    return Reply(ctx.t("{name} declines challenge #{id}.", name=ctx.player.name, id=found.id))


async def cancel(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    found = await _pick(svc, ctx, cmd.ref, mine=True)
    if found.challenger != ctx.player.id:
        raise Refusal("Only the player who made challenge #{id} can cancel it.", id=found.id)
    await svc.store.challenges.cancel(found.id)
    return Reply(ctx.t("Challenge #{id} is withdrawn.", id=found.id))


async def lobby(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    """The chat's open challenges, and the challenges between the caller and one player here (made by them or
    to them: only those two see these)."""
    now = svc.clock()
    found = await svc.store.challenges.open_in_chat(ctx.chat.key, now=now)
    made, offered = await asyncio.gather(svc.store.challenges.made_by(ctx.player.id, now=now),
                                         svc.store.challenges.addressed_to(ctx.player.id, now=now))
    targeted = sorted((c for c in {c.id: c for c in (*made, *offered)}.values()
                       if c.chat == ctx.chat.key and c.target is not None), key=lambda c: c.created_at)
    if not found and not targeted:
        return Reply(ctx.t("No open challenges here. Open one with /challenge plakoto."))
    lines = [ctx.t("Open challenges:")]
    buttons = []
    for c in (*found, *targeted):
        who = await svc.store.players.get(c.challenger)
        line = (f"#{c.id} {words.title(ctx.lang, c.variant, c.options)}, "
                f"{words.match_length(ctx.lang, c.match_target)} — {svc.shown_name(who, ctx.lang)}")
        if c.target is not None:
            line += f" → {svc.shown_name(await svc.store.players.get(c.target), ctx.lang)}"
        lines.append(line)
        if c.target is None or c.target == ctx.player.id:
            buttons.append(Button(ctx.t("Accept #{id}", id=c.id), Action(Verb.ACCEPT, c.id).pack(), "success"))
    rows = tuple(tuple(buttons[i:i + 5]) for i in range(0, min(len(buttons), 25), 5))
    return Reply("\n".join(lines), buttons=rows)


async def start(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    """`/start`: a first visit (help), or a deep link to a challenge (`c`) or a game (`g`)."""
    if cmd.ref is None:
        return await help_(svc, ctx, cmd)
    if cmd.value == "g":
        try:
            record = await svc.store.games.get(cmd.ref)
        except NotFound:
            raise Refusal("There is no game #{id}; /games lists yours.", id=cmd.ref) from None
        if record.chat != ctx.chat.key and not (ctx.chat.private and ctx.player.id in record.players):
            raise Refusal("Game #{id} is played in another chat; it is shown only there (and privately to its "
                          "players).", id=record.id)
        return await views.private_view(svc, ctx, record)
    try:
        found = await svc.store.challenges.get(cmd.ref, now=svc.clock())
    except LookupError:
        raise Refusal("There is no open challenge #{id} (it may have expired or been taken).", id=cmd.ref) from None
    who = await svc.player(found.challenger)
    text = ctx.t("{name} invites you to challenge #{id}: {variant}, {length}.", name=who.name, id=found.id,
                 variant=words.title(ctx.lang, found.variant, found.options),
                 length=words.match_length(ctx.lang, found.match_target))
    return Reply(text, buttons=(_buttons(ctx, found, targeted=found.target is not None),), private=True)


