"""`/review [game]` and the one-line summary that follows a game's result: how well each side played.

A finished game is judged turn by turn by `game.nets.review_game` (the judge of plays: the net the computer
plays the game with, two plies deep, where it passed its gate; else the heuristic's chances at one ply). For
each player: the error rate — this project's own measure, the mean equity lost per decision (a turn with a real
choice) in milli-points — the three biggest errors each beside the better play, and the luck of their rolls.
The cube's decisions (R-CUBE-2, R-CUBE-3) are judged too, by the computer's cube (`game.nets.review_cube`, on the
game replayed from its log, `cube_steps`), and count in the error rate and among the biggest errors.

The result never waits for the review: when a game ends, `follow` starts it in the background (its work off
the event loop, a few reviews at once at most: `Core.offload_bounded`), stores it (`storage.reviews`, with
each human player's error rate, for `/stats`) and then posts the one-line summary as its own message, a
`Notice` of kind "review" to the chat the result went to, in the result's language, no sooner than
`FOLLOW_SECONDS` after the end (so it comes after the result). A review that fails is logged and posts
nothing. `/review` reads the stored review, or waits for the one being computed (`Core.shared`: never two at
once for a game in one process; between processes the store keeps the first), or computes it for an older
game.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import Any

from game import Cube, CubeAction, Game, GameError, Position, Side, parse_play
from game.nets import CubeDecision, Decision, Review, Turn, review_cube, review_game
from renderer import Scene
from storage import GameRecord, MoveLogEntry

from . import images
from . import table as tables
from .commands import Command
from .context import Ctx, Refusal
from .core import Core
from .cube.judged import error_line
from .cube.table import parse as cube_answer
from .dice import format_dice, parse_dice
from .gamestate import cube_of, side_of, variant_of
from .replies import Notice, Picture, Reply
from .table import Table

log = logging.getLogger(__name__)

NOT_TURNS = ("opening", "resign", "timeout", "")  # log entries that are no roll played or passed
FOLLOW_SECONDS = 1.0  # the summary goes out no sooner than this after the game's end: after the result


def _turns(entries: Sequence[MoveLogEntry]) -> list[tuple[int, MoveLogEntry]]:
    """The logged turns a review judges (a roll played or passed), each with its number in `/history` (the
    log's entries counted from 1: an opening roll and the cube's steps count there, not here)."""
    turns = []
    for n, entry in enumerate(entries, 1):
        if entry.play in NOT_TURNS:
            continue
        try:
            parse_dice(entry.dice)
        except ValueError:
            continue  # the cube's steps (R-CUBE-2, R-CUBE-3) carry no dice
        turns.append((n, entry))
    return turns


def cube_steps(record: GameRecord, entries: Sequence[MoveLogEntry]) -> list[tuple[int, Game, CubeAction]]:
    """A cube game's decisions replayed from its log: each (its number in `/history`, the game before it, the
    answer chosen), a roll where the side could have doubled included (R-CUBE-2). A log the replay does not read
    (a position put in by hand) gives the decisions before it."""
    cube = cube_of(record)
    if cube is None:
        return []
    v = variant_of(record)
    position = Position.from_tpn(record.start_position, v)
    fresh = Cube(crawford=cube.crawford, away=cube.away)
    opening = bool(entries) and entries[0].play == "opening"
    game = Game(v, position, "opening", cube=fresh) if opening else Game.resume(v, position, fresh, asked=True)
    steps: list[tuple[int, Game, CubeAction]] = []
    n = 0
    try:
        for n, entry in enumerate(entries, 1):
            if game.phase == "over" or entry.play in ("resign", "timeout"):
                break
            if entry.play == "opening":
                game = game.opening(*parse_dice(entry.dice))
                continue
            action = cube_answer(entry.play)
            if action is not None and action is not CubeAction.ROLL:
                steps.append((n, game, action))
                game = game.act(action)
                continue
            dice = parse_dice(entry.dice)
            if game.phase == "decide":
                steps.append((n, game, CubeAction.ROLL))
            if game.phase in ("roll", "decide"):
                game = game.roll(*dice)
            game = (game.pass_turn() if entry.play in ("pass", "") else
                    game.play(parse_play(game.position, dice, entry.play)))
    except (GameError, ValueError):
        log.info("game %s: its log replays no further than its entry %d for the cube's review", record.id, n)
    return steps


def judge_game(record: GameRecord, entries: Sequence[MoveLogEntry]) -> str:
    """The review of a logged game as JSON (run off the loop)."""
    v = variant_of(record)
    start = Position.from_tpn(record.start_position, v)
    for entry in entries:
        if entry.play == "opening":
            start = Position.from_tpn(entry.position, v)
    turns = [Turn(side_of(e.side), parse_dice(e.dice), Position.from_tpn(e.position, v), e.play != "pass")
             for _, e in _turns(entries)]
    review = review_game(start, turns, review_cube(cube_steps(record, entries)))
    return json.dumps({"judge": review.judge, "plies": review.plies,
                       "decisions": [{**asdict(d), "side": d.side.value} for d in review.decisions],
                       "cube": [{**asdict(d), "side": d.side.value} for d in review.cube]})


def parse(raw: str) -> Review:
    """A stored review."""
    data: dict[str, Any] = json.loads(raw)
    decisions = tuple(Decision(**{**d, "side": Side(d["side"]), "dice": tuple(d["dice"])})
                      for d in data["decisions"])
    cube = tuple(CubeDecision(**{**d, "side": Side(d["side"])}) for d in data.get("cube", ()))
    return Review(data["judge"], data["plies"], decisions, cube)


async def reviewed(svc: Core, record: GameRecord) -> Review:
    """The review of a finished game: the stored one, the one being computed, or computed now (off the loop),
    stored, and each human player's error rate recorded."""
    raw = await svc.store.reviews.get(record.id)
    if raw is not None:
        return parse(raw)
    return await svc.shared(f"review-{record.id}", lambda: _compute(svc, record.id))


async def _compute(svc: Core, game_id: str) -> Review:
    raw = await svc.store.reviews.get(game_id)  # stored while this waited its turn
    if raw is not None:
        return parse(raw)
    record, entries = await svc.store.games.snapshot(game_id)
    raw = await svc.store.reviews.put(record.id, await svc.offload_bounded(judge_game, record, entries))
    review = parse(raw)
    computer = await svc.computer_id()
    if record.players[0] != record.players[1]:
        for i, pid in enumerate(record.players):
            rate = review.error_rate(side_of(i))
            if pid != computer and rate is not None:
                await svc.store.reviews.record_error(pid, record.id, svc.clock(), rate)
    return review


def _rate(ctx: Ctx, review: Review, side: Side) -> str:
    rate = review.error_rate(side)
    return "—" if rate is None else f"{rate:.1f}"


def summary(ctx: Ctx, record: GameRecord, review: Review, names: Mapping[Side, str]) -> str | None:
    """The line that follows a game's result: each side's error rate (None without any decision)."""
    if not any(d.decision for d in review.decisions) and not any(d.decision for d in review.cube):
        return None
    return ctx.t("Error rate (milli-points lost a decision): {white} {a}, {black} {b}. More: /review {id}",
                 white=names[Side.WHITE], a=_rate(ctx, review, Side.WHITE), black=names[Side.BLACK],
                 b=_rate(ctx, review, Side.BLACK), id=record.id)


def follow(svc: Core, ctx: Ctx, table: Table) -> None:
    """Review a game that has just ended (its table as stored at the end, its names in the result's language) in
    the background and post its summary line after the result."""
    svc.spawn(_follow(svc, ctx, table.record, table.names), f"tabla-review-{table.record.id}")


async def _follow(svc: Core, ctx: Ctx, record: GameRecord, names: Mapping[Side, str]) -> None:
    loop = asyncio.get_running_loop()
    due = loop.time() + FOLLOW_SECONDS
    try:
        found = await reviewed(svc, record)
    except Exception:  # a review that fails is logged and posts nothing; the result went out all the same
        log.exception("could not review game %s", record.id)
        return
    line = summary(ctx, record, found, names)
    if line is None or svc.notify is None:
        return
    await asyncio.sleep(max(0.0, due - loop.time()))
    await svc.result_delivered(record.id)  # a loss on time's result goes out in a notice: after it (P11)
    try:
        await svc.notify(Notice(ctx.chat, Reply(line, lang=ctx.lang, replay=record.id), kind="review"))
    except Exception:
        log.exception("could not post the review of game %s", record.id)


def _judge(ctx: Ctx, review: Review) -> str:
    if review.judge == "net":
        return ctx.tn("judged by the trained net, {n} ply ahead", "judged by the trained net, {n} plies ahead",
                      review.plies, n=review.plies)
    return ctx.tn("judged by the heuristic, {n} ply ahead", "judged by the heuristic, {n} plies ahead",
                  review.plies, n=review.plies)


def _error(ctx: Ctx, d: Decision | CubeDecision, numbers: Sequence[int]) -> str:
    if isinstance(d, CubeDecision):
        return error_line(ctx, d)
    return ctx.t("turn {n}, {dice}: {chosen}, better {best} ({loss} points)", n=_number(d, numbers),
                 dice=format_dice(d.dice), chosen=d.chosen, best=d.best, loss=f"{-d.loss:+.3f}")


def _number(d: Decision, numbers: Sequence[int]) -> int:
    """A judged turn's number as `/history` shows it."""
    return numbers[d.turn - 1] if 0 < d.turn <= len(numbers) else d.turn


async def review(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    """The review of a finished game: error rates, biggest errors, luck, and the worst decision's board."""
    record = await svc.find_game(ctx, cmd.ref, shared_when_over=True)
    if record.result is None:
        raise Refusal("Game #{id} is still being played: its review comes when it ends.", id=record.id)
    found = await reviewed(svc, record)
    numbers = [n for n, _ in _turns(await svc.store.games.log(record.id))]
    names = (await tables.read(svc, record, ctx.lang, match=False)).names
    lines = [ctx.t("Review of game #{id} ({judge}):", id=record.id, judge=_judge(ctx, found))]
    for side in (Side.WHITE, Side.BLACK):
        count = found.count(side)
        lines.append(ctx.tn("{name} ({side}): error rate {rate} over {n} decision.",
                            "{name} ({side}): error rate {rate} over {n} decisions.", count,
                            name=names[side], side=ctx.t(side.value), rate=_rate(ctx, found, side), n=count))
        if any(d.luck is not None for d in found.decisions):
            lines.append(ctx.t("Luck of the rolls: {luck} points.", luck=f"{found.luck(side):+.2f}"))
        worst = found.worst(side)
        if worst:
            lines.append(ctx.t("Biggest errors:"))
            lines += [f"• {_error(ctx, d, numbers)}" for d in worst]
    lines.append(ctx.t("Error rate: the equity lost per decision in thousandths of a point (0 plays as the judge "
                       "would; forced turns are left out)."))
    picture = None
    errors = sorted((d for d in found.decisions if d.decision and d.loss > 0), key=lambda d: (-d.loss, d.turn))
    if errors and svc.render is not None:
        worst_one = errors[0]
        lines.append(ctx.t("The board shows the worst decision (turn {n}) before it was played.",
                           n=_number(worst_one, numbers)))
        position = Position.from_tpn(worst_one.before, variant_of(record))
        viewer = worst_one.side
        scene = Scene(position, viewer, dice=worst_one.dice, names=names)
        png = await svc.offload(images.board_in, ctx.lang, svc.render, scene)
        picture = Picture(png) if png else None
    return Reply("\n".join(lines), picture, lang=ctx.lang, replay=record.id)
