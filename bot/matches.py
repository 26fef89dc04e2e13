"""Matches as the service stores them: plain matches of one variant and cycle matches (R-CYCLE-1…7).

A match record keeps the first game's variant and the options as asked; a cycle match has the option
`cycle=tavli|tabla` among them, so `game.match.match_spec` reads the record back exactly as it read the
challenge. The cycle's place (R-CYCLE-7: the index of the next variant) is not stored twice: it follows from
the match's finished games, since every game won advances the cycle and a tie replays it (R-CYCLE-4).
"""

from __future__ import annotations

import base64
import hashlib
import logging
from collections.abc import Mapping
from dataclasses import replace

from game import CYCLES, Cube, Game, Match, MatchSpec, Side, Variant, cycle_variant, match_spec
from renderer import MatchScore
from storage import AlreadyExists, GameRecord, MatchRecord, NotFound, StoreUnavailable, VersionConflict
from storage.ids import new_id

from .context import Ctx
from .core import Core
from .gamestate import OPENING, TIE, outcome_of, side_of
from .words import board_words

DEFAULT_VARIANT = "plakoto"
DEFAULT_TARGET = 5  # R-MATCH-1, R-CYCLE-1
STARTING_SECONDS = 60.0  # a match listed as being started and not stored this long never will be (`repair`)
log = logging.getLogger(__name__)


def spec_of(name: str | None, options: dict[str, str]) -> MatchSpec:
    """What a challenge or `/play` asks for.

    :raises OptionError: an unknown name or option, or a pairing §12 refuses (the message says why).
    """
    return match_spec(name or DEFAULT_VARIANT, dict(options))


def stored_options(spec: MatchSpec) -> dict[str, str]:
    """The options a match record (and a challenge) keeps: the variant's own, or the cycle's as asked."""
    if spec.cycle is None:
        return spec.variant.options()
    return {**dict(spec.options), "cycle": spec.cycle}


async def engine_match(svc: Core, match: MatchRecord) -> Match:
    """The engine's match at the record's state, before its current (last) game is counted."""
    spec = match_spec(match.variant, dict(match.options))
    starter = None if match.starts_next < 0 else side_of(match.starts_next)
    won = 0
    if spec.cycle is not None:
        for gid in match.games[:-1]:
            try:
                record = await svc.store.games.get(gid)
            except NotFound:
                continue
            if record.result is not None and record.result.winner != TIE:
                won += 1
    index = won % len(CYCLES[spec.cycle]) if spec.cycle else 0
    variant = cycle_variant(spec.cycle, index, spec.options) if spec.cycle else spec.variant
    replay = Match.start(spec, match.target)
    if variant.cube and spec.cycle is None and match.target > 1:
        replay = await _replayed(svc, match, replay)
    return Match(variant, match.target, match.score[0], match.score[1], max(0, len(match.games) - 1), starter,
                 spec.cycle, index, spec.options, replay.crawford)


async def _replayed(svc: Core, match: MatchRecord, replay: Match) -> Match:
    """The match with its finished games replayed in order, for the Crawford status of its current game
    (R-CUBE-5; the status is not stored twice)."""
    for gid in match.games[:-1]:
        try:
            record = await svc.store.games.get(gid)
        except NotFound:
            continue
        if record.result is not None and not replay.over:
            replay = replay.record(outcome_of(record.result))
    return replay


def game_number(match: MatchRecord, game_id: str) -> int:
    """The game's place in its match, from 1 (the newest game's when it is not listed yet)."""
    return match.games.index(game_id) + 1 if game_id in match.games else len(match.games)


def board_score(match: MatchRecord, game_id: str) -> MatchScore:
    """The match score drawn on a game's board: the points, the target, a cycle's game number, and whether this
    game decided the match (its result banner then says who won the match, with the final score)."""
    cycle = dict(match.options).get("cycle", "")
    decided = match.winner is not None and match.target > 1 and bool(match.games) and match.games[-1] == game_id
    return MatchScore(match.score[0], match.score[1], match.target, cycle,
                      game_number(match, game_id) if cycle else 0, decided)


def where(ctx: Ctx, match: MatchRecord, game: GameRecord) -> str:
    """Where a match stands: "Tavli to 5 · game 4: portes · 2–3" (a cycle) or "Match to 5 · 2–3"."""
    cycle = dict(match.options).get("cycle")
    number = game_number(match, game.id)
    score = f"{match.score[0]}–{match.score[1]}"
    if cycle:
        words = board_words(ctx.lang)
        return ctx.t("{cycle} to {n} · game {k}: {variant} · {score}", cycle=words.cycle(cycle),
                     n=match.target, k=number, variant=words.variant(game.variant), score=score)
    return ctx.t("Match to {n} · game {k} · {score}", n=match.target, k=number, score=score)


async def create_game(svc: Core, match: MatchRecord, index: int, starter: Side | None,
                      v: Variant, cube: Cube | None = None, game_id: str | None = None) -> GameRecord:
    """Game number `index` of `match`, of variant `v` (its id derives from the match, so a retry finds it; the
    first game's is `game_id`, planned when the match was, `open_match`), with the doubling cube `cube`
    (`Match.cube()`: at 1 in the middle, knowing the score and the Crawford game, R-CUBE-1, R-CUBE-5)."""
    game = Game.new(v, starter, cube)
    game_id = short_id(f"{match.id}:{index}") if index else game_id
    for attempt in range(5):
        gid = game_id or short_id(svc.seeds() + str(attempt))
        try:
            return await svc.store.games.create(
                variant=v.name, options=v.options(), seed=svc.seeds(), players=match.players,
                position=game.position.to_tpn(), dice=OPENING if game.phase == "opening" else "", turn=0,
                chat=match.chat, match_id=match.id, now=svc.clock(), game_id=gid,
                cube=None if game.cube is None else game.cube.to_data())
        except AlreadyExists:
            if game_id is not None:
                existing = await svc.store.games.get(game_id)
                if existing.match_id == match.id:
                    return existing
                game_id = None
    raise AlreadyExists("game", "(fresh id)")


async def open_match(svc: Core, chat: str, spec: MatchSpec, options: Mapping[str, str], players: tuple[str, str],
                     target: int, now: float, match_id: str | None = None) -> tuple[MatchRecord, GameRecord]:
    """Store a match (under `match_id` when given: a tournament's claim) and its first game. The match is listed
    as being started first, with its first game's id (`MatchRepository.starting`), so a crash between the writes
    leaves a match that `repair` finishes, never one without a game for good; `first_listed` ends it.

    :raises AlreadyExists: a match `match_id` exists (another process made it).
    """
    mid = match_id or new_id()
    planned = await svc.store.matches.starting(mid, short_id(svc.seeds() + "0"), now)
    match = await svc.store.matches.create(variant=spec.variant.name, options=dict(options), players=players,
                                           target=target, starts_next=-1, chat=chat, now=now, match_id=mid)
    return match, await _first_game(svc, match, spec, planned)


async def _first_game(svc: Core, match: MatchRecord, spec: MatchSpec, planned: str) -> GameRecord:
    return await create_game(svc, match, 0, None, spec.variant, Match.start(spec, match.target).cube(), planned)


async def first_listed(svc: Core, match: MatchRecord, record: GameRecord, now: float) -> MatchRecord:
    """`record`, the first game of `match`, marked for the service to make its opening roll (`bot.resume`) and
    written into the match (once, however many processes do it): the match is started."""
    await svc.store.attention.mark(record.id, now, record.position)  # cleared once the opening is stored
    try:
        match = await svc.store.matches.update(match, replace(match, games=(record.id,)), now=now)
    except VersionConflict:
        match = await svc.store.matches.get(match.id)
        if record.id not in match.games:
            raise
    await svc.store.matches.started(match.id)
    return match


async def repair(svc: Core, *, grace: float = STARTING_SECONDS) -> None:
    """Finish the matches a crash left half-started (`open_match`): one stored without its first game gets it
    (under the id planned for it) and starts; one never stored is dropped from the list after `grace` seconds
    (the start failed before it; a tournament's claimed match is re-created by `tournaments.repair`)."""
    now = svc.clock()
    for match_id, (planned, since) in (await svc.store.matches.unstarted()).items():
        try:
            await _finish(svc, match_id, planned, since <= now - grace, now)
        except StoreUnavailable:
            raise
        except Exception:  # one match that cannot be finished holds up no other, nor the caller's loop
            log.exception("finishing the start of match %s failed", match_id)


async def _finish(svc: Core, match_id: str, planned: str, old: bool, now: float) -> None:
    """`repair` of one match listed as being started (`old`: listed longer than the grace)."""
    try:
        match = await svc.store.matches.get(match_id)
    except NotFound:
        if old:
            await svc.store.matches.started(match_id)
        return
    if match.games:
        await svc.store.matches.started(match_id)
        return
    spec = match_spec(match.variant, dict(match.options))
    log.warning("match %s was stored without its first game; creating it", match_id)
    await first_listed(svc, match, await _first_game(svc, match, spec, planned), now)


def short_id(text: str) -> str:
    """A 6-letter id (base32) derived from `text`."""
    return base64.b32encode(hashlib.sha256(text.encode()).digest()).decode()[:6].lower()
