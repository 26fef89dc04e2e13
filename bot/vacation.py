"""`/vacation <days>|off`: a player's move deadlines wait while they are away (at most 14 days in any 365).

Starting a vacation of N days moves the deadline (and reminder) of every game that waits on the player N days
later; a turn that comes to them while away has its clock start when the vacation ends (`clock_start`, used
by `progression.commit`). Ending early (`/vacation off`, or their first move) moves those deadlines back by
the part not taken. The store starts and ends a vacation atomically (`storage.vacations`); each game's
deadline moves by one versioned write whose command id names the vacation, so a move applies once and the
schedule (`storage.schedule`) re-arms itself from the record: no deadline fires twice or is lost.
"""

from __future__ import annotations

import math
from dataclasses import replace

from storage import Away, GameRecord, NotFound, PlayerRecord, VersionConflict

from .commands import Command
from .context import Ctx, Refusal
from .core import Core
from .gamestate import awaited, game_of, side_index
from .moments import moment
from .replies import Reply

DAY = 86400.0


async def clock_start(svc: Core, player_id: str, now: float, known: PlayerRecord | None = None) -> float:
    """When the clock of a turn that comes to `player_id` at `now` starts: the end of their vacation, or now.

    No read when `known` is their record read with their vacation (the caller's, `PlayerRecord.away`) or when
    the turn is the computer's (it takes no vacation)."""
    if known is not None and known.id == player_id and known.away is not None:
        until = known.away.until
    elif player_id == await svc.computer_id():
        return now
    else:
        until = await svc.store.vacations.until(player_id, now=now)
    return max(now, until) if until is not None else now


async def vacation(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    """Show, start or end the caller's vacation."""
    now = svc.clock()
    if cmd.value is None:
        until = await svc.store.vacations.until(ctx.player.id, now=now)
        if until is not None:
            return Reply(ctx.t("You are on vacation until {when}. /vacation off ends it.", when=moment(until)),
                         private=True)
        days = math.floor(await svc.store.vacations.left(ctx.player.id, now=now) / DAY)
        return Reply(ctx.tn("You are not on vacation; {n} vacation day is left to you this year.",
                            "You are not on vacation; {n} vacation days are left to you this year.", days, n=days),
                     private=True)
    if cmd.value == "off":
        if not await end(svc, ctx.player.id, now):
            raise Refusal("You are not on vacation.")
        return Reply(ctx.t("{name} is back: the deadlines of their games run again.", name=ctx.player.name))
    days = int(cmd.value)
    started = await svc.store.vacations.start(ctx.player.id, now=now, seconds=days * DAY)
    if started.status == "on":
        raise Refusal("You are on vacation until {when} already; /vacation off ends it.", when=moment(started.until))
    if started.status == "over":
        left = math.floor(started.left / DAY)
        raise Refusal("That is more vacation than is left to you: at most 14 days in any 365, and {n} days are left "
                      "now.", n=left)
    moved = await _shift(svc, ctx.player.id, days * DAY, f"vac:{ctx.player.id}:{now!r}")
    text = ctx.t("{name} is on vacation until {when}: their move deadlines wait until then.", name=ctx.player.name,
                 when=moment(started.until))
    if moved:
        text += "\n" + ctx.t("Games waiting for them: {ids}.", ids=" ".join(f"#{g}" for g in moved))
    return Reply(text)


async def end(svc: Core, player_id: str, now: float, known: PlayerRecord | None = None) -> bool:
    """End `player_id`'s vacation now, if one is on (their move, `/vacation off`): the deadlines that waited for
    them move back by the part not taken. Whether one was on. No write when `known`, their record read with
    their vacation (`PlayerRecord.away`), says none was on."""
    if known is not None and known.id == player_id and known.away is not None and not _on(known.away, now):
        return False
    ended = await svc.store.vacations.end(player_id, now=now)
    if ended is None:
        return False
    start, planned = ended
    await _shift(svc, player_id, -(planned - now), f"back:{player_id}:{start!r}")
    return True


async def _shift(svc: Core, player_id: str, seconds: float, command: str) -> list[str]:
    """Move the deadline and reminder of every game that waits on `player_id` by `seconds`; the ids moved."""
    moved = []
    for game_id in await svc.store.games.active_for(player_id):
        for _ in range(5):
            try:
                record = await svc.store.games.get(game_id)
            except NotFound:
                break
            if not _waits_on(record, player_id) or record.deadline is None:
                break
            now = svc.clock()
            new = replace(record, deadline=max(now, record.deadline + seconds),
                          remind_at=None if record.remind_at is None else max(now, record.remind_at + seconds))
            try:
                await svc.store.games.apply(record, new, command_id=f"{command}:{game_id}", now=now)
            except VersionConflict:
                continue
            moved.append(game_id)
            break
    return moved


def _on(away: Away, now: float) -> bool:
    return away.until is not None and away.until > now


def _waits_on(record: GameRecord, player_id: str) -> bool:
    if record.result is not None:
        return False
    return record.players[side_index(awaited(game_of(record)))] == player_id

