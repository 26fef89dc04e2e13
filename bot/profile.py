"""A player's ratings for `/stats`: one line per pool played (RT-1, RT-6), and the picture of the rating over time
in each pool with at least two matches beside the error rate of the last 50 reviewed games (`renderer.chart`)."""

from __future__ import annotations

import logging

from renderer import ChartLine, StatsChart, render_stats
from storage import PlayerRecord, PoolRating

from .context import Ctx
from .core import Core
from .rated import POOLS, pool_name
from .ratings import shown
from .replies import Picture

log = logging.getLogger(__name__)

TOOLS_LANG = "en"  # the language of the lines tools read
CHARTED = 50  # reviewed games in the error-rate trend (the store keeps as many)


async def played(svc: Core, player_id: str) -> list[tuple[str, PoolRating]]:
    """The pools `player_id` has finished a rated match in, in the order of `bot.games.OFFERS`."""
    rows = [(pool, await svc.store.ratings.get(pool, player_id)) for pool in POOLS]
    return [(pool, row) for pool, row in rows if row.experience > 0]


def pool_line(pool: str, row: PoolRating) -> str:
    """`Plakoto: rating 1523.4 · experience 57 · matches 12–9`, in English in every language: tools read it
    (as the `rating/experience` of match files), so it is notation, never translated."""
    return (f"{pool_name(TOOLS_LANG, pool)}: rating {shown(row.rating)} · experience {row.experience}"
            f" · matches {row.won}–{row.lost}")


async def picture(svc: Core, ctx: Ctx, player: PlayerRecord, pools: list[tuple[str, PoolRating]]) -> Picture | None:
    """The /stats picture in the reader's language, or None if it cannot be drawn (the text goes alone)."""
    lines = []
    for pool, _ in pools:
        history = await svc.store.ratings.history(pool, player.id)
        if len(history) >= 2:
            lines.append(ChartLine(pool_name(ctx.lang, pool), tuple(history)))
    rates = await svc.store.reviews.errors(player.id, CHARTED)
    chart = StatsChart(svc.shown_name(player, ctx.lang), ctx.t("Rating"),
                       ctx.tn("Error rate of the last {n} game", "Error rate of the last {n} games", len(rates),
                              n=len(rates)) if rates else ctx.t("Error rate"),
                       ctx.t("Not enough games yet"), tuple(lines), tuple(rates))
    try:
        data = await svc.offload(render_stats, chart)
    except Exception:  # a broken picture must never cost the answer
        log.exception("stats picture failed")
        return None
    return Picture(data)
