"""`/export [match] [game]`: the record of a game, or of its whole match, as a file in the chat.

Portes and tabla go out as JellyFish `.mat` match files, which GNU Backgammon and eXtreme Gammon import
(`game.write_mat`); every other game, and a cycle match, as tabla's own `.tbl` record (`game.write_tbl`,
docs/EXPORT.md), which `python -m game replay` replays. The game is the one `/history` would show: the
caller's current game here, else the one that ended last (a finished game's players may export it anywhere).
"""

from __future__ import annotations

from datetime import UTC, datetime

from game import (
    CUBE_TURNS,
    MAT_VARIANTS,
    GameLog,
    Match,
    MatchLog,
    Position,
    Side,
    Turn,
    match_spec,
    write_mat,
    write_tbl,
)
from storage import GameRecord, MatchRecord, MoveLogEntry, NotFound

from .commands import Command
from .context import Ctx, Refusal
from .core import Core
from .cube.table import parse
from .dice import parse_dice
from .gamestate import outcome_of, side_of, variant_of
from .rated import pool_of
from .ratings import shown
from .replies import Document, Reply

MIME = "text/plain"


def turns_of(log: list[MoveLogEntry]) -> tuple[Turn, ...]:
    """A stored move log as the engine's turns (the entries `bot.turns` writes).

    :raises ValueError: an entry with dice that are not a roll.
    """
    out = []
    for entry in log:
        side = side_of(entry.side)
        if entry.play == "opening":
            out.append(Turn(Side.WHITE, "opening", parse_dice(entry.dice)))
        elif entry.play in ("resign", "timeout"):
            out.append(Turn(side, "resign" if entry.play == "resign" else "timeout"))
        elif (action := parse(entry.play)) is not None and action in CUBE_TURNS:  # R-CUBE-2, R-CUBE-3
            out.append(Turn(side, CUBE_TURNS[action]))
        elif entry.play in ("pass", ""):
            out.append(Turn(side, "pass", parse_dice(entry.dice)))
        else:
            out.append(Turn(side, "play", parse_dice(entry.dice), entry.play))
    return tuple(out)


def game_log(record: GameRecord, log: list[MoveLogEntry], score: tuple[int, int] = (0, 0),
             crawford: bool = False) -> GameLog:
    """One stored game as the engine's `GameLog`: a game that began without an opening roll was started by
    the side to move in its start position (R-OPEN-2)."""
    var = variant_of(record)
    starter = None
    if not log or log[0].play != "opening":
        starter = Position.from_tpn(record.start_position, var).turn
    return GameLog(var, turns_of(log), score, starter, crawford,
                   outcome_of(record.result) if record.result is not None else None)


async def match_log(svc: Core, record: GameRecord, names: tuple[str, str], whole: bool) -> MatchLog:
    """The `MatchLog` of `record`'s match (every game so far when `whole`, else `record` alone, with the score
    and Crawford status before it), or of `record` alone as a single game; with the players' ratings in the
    match's pool where they have one."""
    match: MatchRecord | None = None
    if record.match_id is not None:
        try:
            match = await svc.store.matches.get(record.match_id)
        except NotFound:
            match = None
    if match is None:
        _, log = await svc.store.games.snapshot(record.id)
        return MatchLog(names, (game_log(record, log),), 1, None, await _ratings(svc, record.variant, record.players),
                        started=_when(record.created_at), site=_site(record), match_id=record.id)
    spec = match_spec(match.variant, dict(match.options))
    state = Match.start(spec, match.target)
    logs = []
    for gid in match.games:
        try:
            game, log = await svc.store.games.snapshot(gid)
        except NotFound:
            continue
        if whole or gid == record.id:
            logs.append(game_log(game, log, (state.white, state.black), state.crawford == "now"))
        if game.result is None or state.over:
            break
        state = state.record(outcome_of(game.result))
    return MatchLog(names, tuple(logs), match.target, spec.cycle, await _ratings(svc, pool_of(match), match.players),
                    started=_when(match.created_at), site=_site(record),
                    match_id=match.id if whole else f"{match.id}-{record.id}")


async def _ratings(svc: Core, pool: str, players: tuple[str, str]) -> tuple[str | None, str | None]:
    """Each player's `rating/experience` in the match's pool (RT-1, RT-6), None for one not rated there yet."""
    out: list[str | None] = []
    for pid in players:
        rated = await svc.store.ratings.get(pool, pid)
        out.append(f"{shown(rated.rating)}/{rated.experience}" if rated.experience > 0 else None)
    return out[0], out[1]


def _when(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


def _site(record: GameRecord) -> str:
    platform = (record.chat or "").partition(":")[0]
    return f"tabla ({platform})" if platform else "tabla"


async def document_for(svc: Core, record: GameRecord, lang: str, whole: bool) -> Document:
    """The file of `record` (or, when `whole`, of its match so far), names as a reader of `lang` sees them:
    `.mat` when every game in it is portes or tabla, else `.tbl`."""
    shown = await svc.names(record, lang)
    match = await match_log(svc, record, (shown[Side.WHITE], shown[Side.BLACK]), whole)
    stem = f"tabla-match-{match.match_id}" if whole else f"tabla-{record.id}"
    if all(g.variant.name in MAT_VARIANTS for g in match.games):
        return Document((await svc.offload(write_mat, match)).encode(), f"{stem}.mat", MIME)
    return Document((await svc.offload(write_tbl, match)).encode(), f"{stem}.tbl", MIME)


async def export(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    """The file of the caller's game (`/export`) or of its whole match (`/export match`)."""
    record = await svc.find_game(ctx, cmd.ref, shared_when_over=True)
    whole = cmd.value == "match"
    if whole and record.match_id is None:
        raise Refusal("Game #{id} is a single game, not part of a match; /export sends it.", id=record.id)
    try:
        document = await document_for(svc, record, ctx.lang, whole)
    except ValueError:  # ReplayError, RecordError, a garbled log entry: a record the rules do not allow
        raise Refusal("The record of game #{id} has a turn the rules do not allow, so it cannot be exported.",
                      id=record.id) from None
    if document.filename.endswith(".mat"):
        text = (ctx.t("The match of game #{id} as a match file that backgammon programs open.", id=record.id)
                if whole else ctx.t("Game #{id} as a match file that backgammon programs open.", id=record.id))
    else:
        text = (ctx.t("The match of game #{id} as a tabla record: every turn, to keep or to replay.", id=record.id)
                if whole else ctx.t("Game #{id} as a tabla record: every turn, to keep or to replay.", id=record.id))
    return Reply(text, document=document)
