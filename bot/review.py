"""`/review [game]` and the one-line summary posted with a game's result: how well each side played.

A finished game is judged turn by turn by `game.nets.review_game` (the judge of plays: the game's trained net
at one ply where it ships, else the heuristic's chances). For each player: the error rate — this project's
own measure, the mean equity lost per decision (a turn with a real choice) in milli-points — the three
biggest errors each beside the better play, and the luck of their rolls. The review is computed once, off
the event loop, when the game ends (or at the first `/review` of an older game), and kept in the store
(`storage.reviews`), so every later `/review` is instant; each human player's error rate is recorded there
too, for `/stats`.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import Any

from game import Position, Side
from game.nets import Decision, Review, Turn, review_game
from renderer import Scene
from storage import GameRecord, MoveLogEntry

from . import images
from .commands import Command
from .context import Ctx, Refusal
from .core import Core
from .dice import format_dice, parse_dice
from .gamestate import side_of, variant_of
from .replies import Picture, Reply

log = logging.getLogger(__name__)

NOT_TURNS = ("opening", "resign", "timeout", "")  # log entries that are no roll played or passed


def judge_game(record: GameRecord, entries: Sequence[MoveLogEntry]) -> str:
    """The review of a logged game as JSON (run off the loop)."""
    v = variant_of(record)
    start = Position.from_tpn(record.start_position, v)
    turns = []
    for entry in entries:
        if entry.play in NOT_TURNS:
            if entry.play == "opening":
                start = Position.from_tpn(entry.position, v)
            continue
        try:
            dice = parse_dice(entry.dice)
        except ValueError:
            continue
        turns.append(Turn(side_of(entry.side), dice, Position.from_tpn(entry.position, v), entry.play != "pass"))
    review = review_game(start, turns)
    return json.dumps({"judge": review.judge, "plies": review.plies,
                       "decisions": [{**asdict(d), "side": d.side.value} for d in review.decisions]})


def parse(raw: str) -> Review:
    """A stored review."""
    data: dict[str, Any] = json.loads(raw)
    decisions = tuple(Decision(**{**d, "side": Side(d["side"]), "dice": tuple(d["dice"])})
                      for d in data["decisions"])
    return Review(data["judge"], data["plies"], decisions)


async def reviewed(svc: Core, record: GameRecord) -> Review:
    """The review of a finished game: the stored one, or computed now (off the loop), stored, and each human
    player's error rate recorded."""
    raw = await svc.store.reviews.get(record.id)
    if raw is None:
        record, entries = await svc.store.games.snapshot(record.id)
        raw = await svc.store.reviews.put(record.id, await svc.offload(judge_game, record, entries))
        review = parse(raw)
        computer = await svc.computer_id()
        if record.players[0] != record.players[1]:
            for i, pid in enumerate(record.players):
                rate = review.error_rate(side_of(i))
                if pid != computer and rate is not None:
                    await svc.store.reviews.record_error(pid, record.id, svc.clock(), rate)
        return review
    return parse(raw)


def _rate(ctx: Ctx, review: Review, side: Side) -> str:
    rate = review.error_rate(side)
    return "—" if rate is None else f"{rate:.1f}"


async def summary(svc: Core, ctx: Ctx, record: GameRecord, names: Mapping[Side, str]) -> list[str]:
    """The line posted with a game's result: each side's error rate; nothing if the review cannot be made
    (a result is never held up by it)."""
    try:
        review = await reviewed(svc, record)
    except Exception:  # a review that fails is logged and left out; the result goes out all the same
        log.exception("could not review game %s", record.id)
        return []
    if not any(d.decision for d in review.decisions):
        return []
    return [ctx.t("Error rate (milli-points lost a decision): {white} {a}, {black} {b}. More: /review {id}",
                  white=names[Side.WHITE], a=_rate(ctx, review, Side.WHITE), black=names[Side.BLACK],
                  b=_rate(ctx, review, Side.BLACK), id=record.id)]


def _judge(ctx: Ctx, review: Review) -> str:
    if review.judge == "net":
        return ctx.tn("judged by the trained net, {n} ply ahead", "judged by the trained net, {n} plies ahead",
                      review.plies, n=review.plies)
    return ctx.tn("judged by the heuristic, {n} ply ahead", "judged by the heuristic, {n} plies ahead",
                  review.plies, n=review.plies)


def _error(ctx: Ctx, d: Decision) -> str:
    return ctx.t("turn {n}, {dice}: {chosen}, better {best} ({loss} points)", n=d.turn, dice=format_dice(d.dice),
                 chosen=d.chosen, best=d.best, loss=f"{-d.loss:+.3f}")


async def review(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    """The review of a finished game: error rates, biggest errors, luck, and the worst decision's board."""
    record = await svc.find_game(ctx, cmd.ref, shared_when_over=True)
    if record.result is None:
        raise Refusal("Game #{id} is still being played: its review comes when it ends.", id=record.id)
    found = await reviewed(svc, record)
    names = await svc.names(record)
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
            lines += [f"• {_error(ctx, d)}" for d in worst]
    lines.append(ctx.t("Error rate: the equity lost per decision in thousandths of a point (0 plays as the judge "
                       "would; forced turns are left out)."))
    picture = None
    errors = sorted((d for d in found.decisions if d.decision and d.loss > 0), key=lambda d: (-d.loss, d.turn))
    if errors and svc.render is not None:
        worst_one = errors[0]
        lines.append(ctx.t("The board shows the worst decision (turn {n}) before it was played.", n=worst_one.turn))
        position = Position.from_tpn(worst_one.before, variant_of(record))
        viewer = worst_one.side
        scene = Scene(position, viewer, dice=worst_one.dice, names=names)
        png = await svc.offload(images.board_in, ctx.lang, svc.render, scene)
        picture = Picture(png) if png else None
    return Reply("\n".join(lines), picture)
