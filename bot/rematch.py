"""Play again: a press of the Rematch (a single game) or New match (a match to N) button that a finished
match's last board carries (`views.again`).

Either player may press it: it challenges the other to the same game, options and length through the lobby's
challenge (`bot.lobby`), whose Accept button starts it with one tap; against the computer it starts at once.
The store claims a match's one rematch atomically (`ChallengeRepository.rematch`), so a press twice, or both
players pressing at once, makes one challenge; anyone else pressing is refused. Like `/play ai` and
`/challenge`, a press takes its place for a game (F12, `TABLA_MAX_GAMES`) in one step (`lobby.places`), so
presses racing in several processes never pass the limit.
"""

from __future__ import annotations

from storage import MatchRecord, NotFound

from . import lobby
from .commands import Command
from .context import Ctx, Refusal
from .core import Core
from .progression import start_match
from .replies import Reply


async def rematch(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    """`/rematch [game]`: the button's press typed (the console has no buttons), for the game named or the
    caller's game that ended last here."""
    record = await svc.find_game(ctx, cmd.ref)
    if record.match_id is None:
        raise Refusal("Game #{id} is not over yet.", id=record.id)
    return await press(svc, ctx, record.match_id)


async def press(svc: Core, ctx: Ctx, match_id: str) -> Reply:
    """A press of the button: the one rematch challenge of the match, to the other player."""
    try:
        match = await svc.store.matches.get(match_id)
    except NotFound:
        raise Refusal("That button is for a game I cannot find; /games lists yours.") from None
    if match.chat != ctx.chat.key:
        raise Refusal("That button belongs to a game in another chat.")
    if ctx.player.id not in match.players:
        raise Refusal("Only the players of this match can ask for a rematch.")
    if match.winner is None:
        raise Refusal("This match is not over yet.")
    opponent_id = match.players[1] if match.players[0] == ctx.player.id else match.players[0]
    async with lobby.places(svc, ctx, (ctx.player.id, 0)) as full:  # F12, taken in one step (storage.slots)
        if full is not None:
            return full
        return await _again(svc, ctx, match, opponent_id)


async def _again(svc: Core, ctx: Ctx, match: MatchRecord, opponent_id: str) -> Reply:
    """The rematch itself, once a place for it is held: the game against the computer, or the challenge."""
    if opponent_id == await svc.computer_id():  # it starts at once, once
        if await svc.store.challenges.claim_rematch(match.id, ctx.player.id, ttl=svc.challenge_hours * 3600):
            raise Refusal("You already started this rematch; /games lists your games.")
        return await start_match(svc, ctx, match.variant, match.options, (ctx.player.id, opponent_id), match.target)
    made, by, fresh = await svc.store.challenges.rematch(
        match.id, challenger=ctx.player.id, chat=match.chat or ctx.chat.key, variant=match.variant,
        options=match.options, target=opponent_id, match_target=match.target, ttl=svc.challenge_hours * 3600,
        now=svc.clock())
    if not fresh:
        try:
            await svc.store.challenges.get(made, now=svc.clock())
        except NotFound:
            raise Refusal("This match's rematch was already asked for and answered (challenge #{id}).",
                          id=made) from None
        if by == ctx.player.id:
            raise Refusal("You already asked for this rematch: challenge #{id}.", id=made)
        asker = await svc.player(by)
        raise Refusal("{name} already asked for this rematch: accept it with its Accept button or /accept {id}.",
                      name=svc.shown_name(asker, ctx.lang), id=made)
    record = await svc.store.challenges.get(made, now=svc.clock())
    return await lobby.offer(svc, ctx, record, await svc.player(opponent_id))
