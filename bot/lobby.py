"""Challenges and the lobby: invite one player or the whole chat, accept, decline, cancel; play the computer."""

from __future__ import annotations

from game import OptionError, variant

from .commands import Command
from .context import Ctx, Refusal
from .replies import Choice, Reply
from .service import Service

DEFAULT_VARIANT = "plakoto"
DEFAULT_MATCH = 5  # R-MATCH-1


def _setup(cmd: Command) -> tuple[str, dict[str, str], int]:
    """The variant, options and match length a command asks for, checked against RULES.md §9."""
    name = cmd.variant or DEFAULT_VARIANT
    try:
        v = variant(name, cmd.options)
    except OptionError as exc:
        raise Refusal("{error}", error=str(exc)) from None
    if v.cube:
        raise Refusal("The doubling cube (cube=on) is not available yet; play without it.")
    return v.name, v.options(), cmd.match_to or DEFAULT_MATCH


async def play(svc: Service, ctx: Ctx, cmd: Command) -> Reply:
    """A game or match against the computer, which moves by itself."""
    name, options, target = _setup(cmd)
    return await svc.start_match(ctx, name, options, (ctx.player.id, await svc.computer_id()), target)


async def challenge(svc: Service, ctx: Ctx, cmd: Command) -> Reply:
    """Invite `@name`, or anyone in the chat (an open challenge, listed by /lobby)."""
    name, options, target = _setup(cmd)
    opponent = None
    if cmd.target is not None:
        found = await svc.store.players.find(ctx.who.platform, cmd.target)
        if found is None and ctx.who.platform == "console":
            found = await svc.store.players.ensure("console", cmd.target, cmd.target)
        if found is None:
            raise Refusal("I do not know @{name} yet: they need to talk to me once (for example /help).",
                          name=cmd.target)
        if found.id == ctx.player.id:
            raise Refusal("You cannot challenge yourself; try /play ai.")
        opponent = found
    now = svc.clock()
    record = await svc.store.challenges.create(
        challenger=ctx.player.id, chat=ctx.chat.key, variant=name, options=options,
        target=opponent.id if opponent else None, match_target=target, ttl=svc.challenge_hours * 3600, now=now)
    what = variant(name, options).describe()
    if opponent is None:
        text = ctx.t("{name} opens a challenge #{id}: {variant}, a match to {n}. Anyone may /accept {id}.",
                     name=ctx.player.name, id=record.id, variant=what, n=target)
        return Reply(text, choices=(Choice(ctx.t("Accept"), f"/accept {record.id}"),))
    text = ctx.t("{name} challenges {opponent} (#{id}): {variant}, a match to {n}. {opponent}: /accept {id} or "
                 "/decline {id}.", name=ctx.player.name, opponent=opponent.name, id=record.id, variant=what,
                 n=target)
    choices = (Choice(ctx.t("Accept"), f"/accept {record.id}"), Choice(ctx.t("Decline"), f"/decline {record.id}"))
    mention = (opponent.platform_user_id,) if opponent.platform == ctx.who.platform else ()
    return Reply(text, choices=choices, mention=mention)


async def _pick(svc: Service, ctx: Ctx, ref: str | None, *, mine: bool):
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


async def accept(svc: Service, ctx: Ctx, cmd: Command) -> Reply:
    """Only the challenged player accepts a targeted challenge; anyone but the challenger an open one."""
    found = await _pick(svc, ctx, cmd.ref, mine=False)
    if found.challenger == ctx.player.id:
        raise Refusal("You cannot accept your own challenge; /cancel {id} withdraws it.", id=found.id)
    if found.target is not None and found.target != ctx.player.id:
        raise Refusal("Challenge #{id} is addressed to someone else.", id=found.id)
    if found.chat != ctx.chat.key:
        raise Refusal("Challenge #{id} was made in another chat; accept it there.", id=found.id)
    try:
        taken = await svc.store.challenges.take(found.id, now=svc.clock())
    except LookupError:
        raise Refusal("Challenge #{id} was just taken or withdrawn.", id=found.id) from None
    return await svc.start_match(ctx, taken.variant, taken.options, (taken.challenger, ctx.player.id),
                                 taken.match_target)


async def decline(svc: Service, ctx: Ctx, cmd: Command) -> Reply:
    found = await _pick(svc, ctx, cmd.ref, mine=False)
    if found.target != ctx.player.id:
        raise Refusal("Only the challenged player can decline #{id}.", id=found.id)
    await svc.store.challenges.cancel(found.id)
    return Reply(ctx.t("{name} declines challenge #{id}.", name=ctx.player.name, id=found.id))


async def cancel(svc: Service, ctx: Ctx, cmd: Command) -> Reply:
    found = await _pick(svc, ctx, cmd.ref, mine=True)
    if found.challenger != ctx.player.id:
        raise Refusal("Only the player who made challenge #{id} can cancel it.", id=found.id)
    await svc.store.challenges.cancel(found.id)
    return Reply(ctx.t("Challenge #{id} is withdrawn.", id=found.id))


async def lobby(svc: Service, ctx: Ctx, cmd: Command) -> Reply:
    """The chat's open challenges."""
    found = await svc.store.challenges.open_in_chat(ctx.chat.key, now=svc.clock())
    if not found:
        return Reply(ctx.t("No open challenges here. Open one with /challenge plakoto."))
    lines = [ctx.t("Open challenges:")]
    choices = []
    for c in found:
        who = await svc.store.players.get(c.challenger)
        lines.append(f"#{c.id} {variant(c.variant, dict(c.options)).describe()} to {c.match_target} — {who.name}")
        choices.append(Choice(f"#{c.id}", f"/accept {c.id}"))
    return Reply("\n".join(lines), choices=tuple(choices))
