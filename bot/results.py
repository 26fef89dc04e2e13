"""Results of finished games: who won, the revealed dice seed, standings, the match's next game and the ratings of a
finished match (`bot.rated`); the review (`bot.review`) follows in the background, its summary as a message of its
own."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from game import Side
from storage import GameRecord, VersionConflict

from . import dice, rated, review, seasons
from .context import Ctx
from .core import Core
from .gamestate import outcome_of, seed_of, side_index
from .matches import create_game, engine_match
from .table import Table


async def finish(svc: Core, ctx: Ctx, table: Table, *, review_after: bool = True) -> list[str]:
    """A finished game (its table as stored at the end): say who won, reveal the seed, count standings and
    ratings, advance the match, and (with `review_after`: the end is new, not a redelivered command's) start its
    review, whose summary follows."""
    record, names = table.record, table.names
    assert record.result is not None
    outcome = outcome_of(record.result)
    lines = []
    reason = ctx.reason(outcome.reason)
    if outcome.winner is None:
        lines.append(ctx.t("The game is a tie ({reason}): nobody scores.", reason=reason))
    else:
        lines.append(ctx.tn("{name} wins game #{id}: {points} point, {reason}.",
                            "{name} wins game #{id}: {points} points, {reason}.", outcome.points,
                            name=names[outcome.winner], id=record.id, points=outcome.points, reason=reason))
    seed = seed_of(record)
    lines.append(ctx.t("Dice seed revealed: {seed} (commitment {c}). Check every roll with /verify {id}.",
                       seed=seed, c=dice.commitment(seed), id=record.id))
    await count_result(svc, record)
    await _remember_last(svc, record)
    if review_after:
        review.follow(svc, ctx, table)
    if record.match_id:
        lines += await advance_match(svc, ctx, record, names)
    result = await rated.rate(svc, record)
    if result is not None:  # RT-6: after the result line (a single game's, else the match's: the last line)
        lines.insert(1 if result.n == 1 else len(lines), rated.line(ctx, result, names))
    return lines


async def _remember_last(svc: Core, record: GameRecord) -> None:
    """The game each human player ended last in its chat (/board, /history, /verify without an id)."""
    if record.chat is None:
        return
    computer = await svc.computer_id()
    for pid in set(record.players) - {computer}:
        await svc.store.preferences.set_last_game(pid, record.chat, record.id)


async def count_result(svc: Core, record: GameRecord) -> None:
    """Standings (points won and lost per chat), once per game (the ratings count whole matches: `rated`)."""
    assert record.result is not None
    outcome = outcome_of(record.result)
    white, black = record.players
    if white == black:
        return
    if outcome.winner is not None and record.chat:
        winner = record.players[side_index(outcome.winner)]
        loser = record.players[1 - side_index(outcome.winner)]
        await svc.store.standings.record_game(record.chat, f"g:{record.id}", winner, loser, outcome.points,
                                              season=await seasons.counts_in(svc, record.chat))
        await seasons.after_result(svc, record.chat)


async def advance_match(svc: Core, ctx: Ctx, record: GameRecord, names: Mapping[Side, str]) -> list[str]:
    """Add the game to its match (R-MATCH-1, R-OPEN-2, R-END-4) and create the next game if any."""
    assert record.result is not None and record.match_id is not None
    for _ in range(5):
        match = await svc.store.matches.get(record.match_id)
        if match.winner is not None or not match.games or match.games[-1] != record.id:
            return []
        engine = (await engine_match(svc, match)).record(outcome_of(record.result))
        score = (engine.white, engine.black)
        lines = []
        if match.target > 1:
            lines.append(ctx.t("Match score: {white} {a} – {b} {black} (to {n}).", white=names[Side.WHITE],
                               a=score[0], b=score[1], black=names[Side.BLACK], n=match.target))
        if engine.winner is not None:
            new = replace(match, score=score, winner=side_index(engine.winner))
        else:
            nxt = await create_game(svc, match, len(match.games), engine.next_starter, engine.variant,
                                    engine.cube())
            starts = -1 if engine.next_starter is None else side_index(engine.next_starter)
            new = replace(match, score=score, games=(*match.games, nxt.id), starts_next=starts)
        try:
            await svc.store.matches.update(match, new, now=svc.clock())
        except VersionConflict:
            continue
        if engine.winner is not None:
            winner, loser = match.players[side_index(engine.winner)], match.players[1 - side_index(engine.winner)]
            if match.chat and winner != loser:
                await svc.store.standings.record_match(match.chat, f"m:{match.id}", winner, loser,
                                                       season=await seasons.counts_in(svc, match.chat))
                await seasons.after_result(svc, match.chat)
            if match.target > 1:
                lines.append(ctx.t("{name} wins the match.", name=names[engine.winner]))
            if svc.match_over is not None:
                lines += await svc.match_over(svc, ctx, new)
        return lines
    return []
