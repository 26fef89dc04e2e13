"""The ratings of a finished match (RATINGS.md): applied once through the store, and the line a result shows.

A pool (RT-1) is a variant, or a cycle for its cycle matches as a whole: the keys of `bot.games.OFFERS`. A match
is rated when its last game ends (a single game is a match to 1), with n its length; a game outside any match
(games stored before matches existed) is rated as a single game, a tie scoring ½ each (RT-3). A cancelled game
never ends, so it is never rated.
"""

from __future__ import annotations

from collections.abc import Mapping

from game import Side
from storage import Finished, GameRecord, MatchRecord, NotFound, RatedMatch, Store

from . import i18n
from .context import Ctx
from .core import Core
from .games import BY_KEY, OFFERS
from .gamestate import outcome_of, side_index
from .ratings import shown, signed
from .words import board_words

POOLS: tuple[str, ...] = tuple(offer.key for offer in OFFERS)


def pool_of(match: MatchRecord) -> str:
    """RT-1: the pool a match is rated in: its cycle's (`tavli`, `tabla-cycle`), else its variant's."""
    cycle = dict(match.options).get("cycle")
    if cycle:
        return next(o.key for o in OFFERS if o.cycle == cycle)
    return match.variant


def pool_name(lang: str, pool: str) -> str:
    """A pool's name in `lang`: `Plakoto`, `Tavli`, `Tabla match`."""
    offer = BY_KEY.get(pool)
    words = board_words(lang)
    if offer is None or offer.cycle is None:
        return words.variant(pool)
    if offer.key == offer.cycle:
        return words.cycle(offer.cycle)
    return i18n.tr(lang, "Tabla match")


async def rate(svc: Core, record: GameRecord) -> RatedMatch | None:
    """Apply the result `record`'s end decides, once (a repeated call returns the same result): None when the
    game ends no rated match (a game of a match that goes on, a player against themselves)."""
    assert record.result is not None
    if record.match_id:
        match = await svc.store.matches.get(record.match_id)
        if match.winner is None or not match.games or match.games[-1] != record.id:
            return None
        players, n, key, chat = match.players, match.target, f"m:{match.id}", match.chat
        score, pool = (1.0 if match.winner == 0 else 0.0), pool_of(match)
    else:
        outcome = outcome_of(record.result)
        players, n, key, chat, pool = record.players, 1, f"g:{record.id}", record.chat, record.variant
        score = 0.5 if outcome.winner is None else 1.0 - side_index(outcome.winner)
    if players[0] == players[1]:
        return None
    return await svc.store.ratings.apply(pool, key, players, n, score, ended=svc.clock(), chat=chat)


def line(ctx: Ctx, result: RatedMatch, names: Mapping[Side, str]) -> str:
    """RT-6: `Ratings (Plakoto): alice 1523.4 (+9.4) · bob 1491.6 (−8.4)`."""
    changes = result.changes
    parts = [f"{names[side]} {shown(result.after[i])} ({signed(changes[i])})"
             for i, side in enumerate((Side.WHITE, Side.BLACK))]
    return ctx.t("Ratings ({pool}): {first} · {second}", pool=pool_name(ctx.lang, result.pool), first=parts[0],
                 second=parts[1])


async def rebuild(store: Store) -> int:
    """`tabla ratings rebuild`: replay every logged result (RT-5), and rate in their place the finished matches
    stored before these ratings (never logged); how many results were replayed."""
    earlier = []
    async for match_id in store.matches.ids():
        try:
            match = await store.matches.get(match_id)
        except NotFound:
            continue
        a, b = match.players
        if match.winner is None or a == b or match.target < 1:
            continue
        earlier.append(Finished(pool_of(match), f"m:{match.id}", match.players, match.target,
                                1.0 if match.winner == 0 else 0.0, match.updated_at, match.chat))
    return await store.ratings.rebuild(earlier)
