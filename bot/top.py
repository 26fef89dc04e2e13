"""`/top [global] [pool]`: the ten best rated players of a pool (RT-1) among those who finished a match of it in
this chat, or everywhere. Without a pool: the pool with the most rated players here (or everywhere)."""

from __future__ import annotations

from .commands import Command
from .context import Ctx
from .core import Core
from .rated import POOLS, pool_name
from .ratings import shown
from .replies import Reply

SHOWN = 10


async def _busiest(svc: Core, ctx: Ctx, everywhere: bool) -> str | None:
    """The pool with the most rated players (here, or everywhere); None if nobody is rated."""
    ratings = svc.store.ratings
    counts = [(await ratings.players(pool) if everywhere else await ratings.chat_players(ctx.chat.key, pool), pool)
              for pool in POOLS]
    best = max(counts, key=lambda c: c[0])  # the first of equals, in the order of the games
    return best[1] if best[0] else None


async def top(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    everywhere = cmd.target == "global"
    pool = cmd.variant or await _busiest(svc, ctx, everywhere)
    if pool is None:
        return Reply(ctx.t("Nobody has finished a rated match yet.") if everywhere else
                     ctx.t("Nobody has finished a rated match in this chat yet."))
    name = pool_name(ctx.lang, pool)
    ratings = svc.store.ratings
    rows = await ratings.top(pool, SHOWN) if everywhere else await ratings.chat_top(ctx.chat.key, pool, SHOWN)
    if not rows:
        return Reply(ctx.t("Nobody has finished a match of {pool} yet.", pool=name) if everywhere else
                     ctx.t("Nobody has finished a match of {pool} in this chat yet.", pool=name))
    lines = [ctx.t("The best in {pool}, all chats:", pool=name) if everywhere else
             ctx.t("The best in {pool} in this chat:", pool=name)]
    for n, (pid, rating) in enumerate(rows, 1):
        lines.append(f"{n}. {svc.shown_name(await svc.player(pid), ctx.lang)} {shown(rating)}")
    return Reply("\n".join(lines))
