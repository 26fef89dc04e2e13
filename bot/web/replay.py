"""The replay page: a finished game stepped through turn by turn on the board page, the review's errors marked
on the turns they happened (the better play drawn as arrows beside the play made) and the luck of each roll.

- `GET /replay`: the page (`static/replay.html`, `replay.js`), opened with `?game=<id>` in a Telegram Mini App,
  `?r=<replay token>` (`bot.boardpage.replay_link`) or `?t=<play link>` elsewhere.
- `GET /api/replay?game=<id>&turn=<n>[&better=1]`: the game's turns and the board after turn `n` (0: the
  starting position) as SVG; with `better=1` on a turn marked as an error, the board after the judge's better
  play instead, its arrows drawn and "better …" in the mover's strip.

Credentials as for the board page (`bot.web.api`): `tma <initData>` (a player, or anyone who opened the game's
Mini App link in a group), `link <token>` (a player's link), or `replay <token>` (a replay link, anyone). The
data comes from one call on the facade, `Service.replay` (`bot.replays`), drawn here by the renderer's SVG.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from aiohttp import web

from game import GameError, Position, Side, parse_play
from renderer import LastPlay, Scene, layout
from renderer.svg import board_svg

from .. import words as bot_words
from ..boardpage.replay_link import START, validate_replay
from ..boardpage.replay_words import replay_words
from ..dice import parse_dice
from ..gamestate import in_private_chat, side_of, variant_of
from ..replays import Replay, ReplayTurn
from ..service import Service
from . import api, glue
from .auth import AuthError, validate_init_data
from .words import page_words

STATIC = Path(__file__).with_name("static")
_TURN = re.compile(r"^[0-9]{1,4}$")


def install(app: web.Application) -> None:
    """Add the replay page, its script and style, and its JSON to the board page's application."""
    app.router.add_get("/replay", _page)
    app.router.add_get("/static/{name:replay\\.(js|css)}", _static)
    app.router.add_get("/api/replay", get_replay)


async def _page(request: web.Request) -> web.Response:
    return web.Response(body=(STATIC / "replay.html").read_bytes(), content_type="text/html", charset="utf-8",
                        headers={"Cache-Control": "no-cache"})


async def _static(request: web.Request) -> web.Response:
    name = request.match_info["name"]
    kind = "application/javascript" if name.endswith(".js") else "text/css"
    return web.Response(body=(STATIC / name).read_bytes(), content_type=kind, charset="utf-8",
                        headers={"Cache-Control": "public, max-age=300"})


async def watcher(request: web.Request, svc: Service, cfg: api.Config, game_id: str) -> tuple[Side | None, str]:
    """Who may watch the replay of `game_id`: their side (None: not a player) and language.

    :raises api.Refused: 401 without valid credentials (or for an unknown game without them), 403 when they do
        not cover this game, 404 for an unknown game.
    """
    scheme, _, cred = request.headers.get("Authorization", "").partition(" ")
    hint = request.query.get("lang", "")[:8] or None
    try:
        if scheme == "replay" and cfg.link_secret:
            if validate_replay(cred, cfg.link_secret, cfg.clock()) != game_id:
                raise api.Refused(403, "link for another game")
            record = await api.find_record(request, svc, cfg, game_id)
            return None, await glue.language(svc, None, record, hint)
        if scheme == "tma" and cfg.telegram_token:
            user = validate_init_data(cred, cfg.telegram_token, cfg.clock())
            record = await api.find_record(request, svc, cfg, game_id)
            opened_here = user.start_param in (record.id, START + record.id)
            if user.start_param is not None and not opened_here:
                raise api.Refused(403, "opened for another game")
            if not (record.chat or "").startswith("telegram:"):
                raise api.Refused(403, "not a Telegram game")
            account = await glue.account(svc, "telegram", user.user_id)
            side = _side(record.players, account.id if account is not None else None)
            if side is None and (not opened_here or in_private_chat(record)):
                raise api.Refused(403, "not a player of this game")
            return side, await glue.language(svc, account, record, user.language)
    except AuthError as exc:
        raise api.Refused(401, exc.reason) from None
    record = await api.find_record(request, svc, cfg, game_id)
    who = await api.viewer(request, svc, cfg, record)  # a player's signed link
    return who.side, who.lang


def _side(players: tuple[str, str] | list[str], player_id: str | None) -> Side | None:
    if player_id is None or player_id not in players:
        return None
    return side_of(list(players).index(player_id))


async def get_replay(request: web.Request) -> web.Response:
    svc = request.app[api.SERVICE]
    cfg = request.app[api.CONFIG]
    game_id = request.query.get("game", "")
    turn = request.query.get("turn", "0")
    if not _TURN.match(turn):
        raise api.Refused(400, "bad turn")
    side, lang = await watcher(request, svc, cfg, game_id)
    try:
        found = await svc.replay(game_id, lang)
    except ValueError:
        raise api.Refused(409, replay_words(lang)["replay_playing"]) from None
    if found is None:
        raise api.Refused(404, "no such game")
    body = frame(found, min(int(turn), len(found.turns)), request.query.get("better") == "1",
                 side or Side.WHITE, lang)
    return web.json_response(body, headers={"Cache-Control": "no-store"})


def _played(rp: Replay, turn: ReplayTurn, play: str) -> tuple[Position, LastPlay] | None:
    """The position after `play` made on `turn`'s roll, and the play as the board draws it (None: a turn that
    draws no arrows, such as an opening roll, a cube step or a resignation)."""
    if turn.side is None:
        return None
    try:
        before = Position.from_tpn(turn.before, variant_of(rp.record)).with_turn(turn.side)
        if play in ("pass", ""):
            return before, LastPlay(turn.side)
        made = parse_play(before, parse_dice(turn.dice), play)
    except (GameError, ValueError):
        return None
    return made.position, LastPlay.from_play(made)


def frame(rp: Replay, index: int, better: bool, viewer: Side, lang: str) -> dict[str, Any]:
    """The page's JSON for the board after turn `index` of `rp` (0: before the first), seen from `viewer`'s
    side; with `better` on an error turn, the board after the judge's better play."""
    words = {**page_words(lang), **replay_words(lang)}
    board = bot_words.board_words(lang)
    v = variant_of(rp.record)
    names = {s.value: n for s, n in rp.names.items()}
    last: LastPlay | None = None
    shown = better and index > 0 and rp.turns[index - 1].error
    if index == 0:
        position = Position.from_tpn(rp.record.start_position, v)
    else:
        turn = rp.turns[index - 1]
        position = Position.from_tpn(turn.after, v)
        made = _played(rp, turn, turn.best if shown else turn.play)
        if made is not None:
            position, last = made if shown else (position, made[1])
        if shown:
            board = replace(board, played=words["replay_better_strip"])
    end = index == len(rp.turns)
    lay = layout(Scene(position, viewer, last_play=last, names=rp.names, words=board,
                       result=rp.outcome if end and not shown else None))
    judge = "replay_judge_net" if rp.judge == "net" else "replay_judge_heuristic"
    return {
        "game": rp.record.id, "lang": lang, "words": words, "names": names,
        "index": index, "total": len(rp.turns), "better": shown, "over": end,
        "judge": words[judge].format(n=rp.plies),
        "luck": words["replay_luck_total"].format(
            white=rp.names[Side.WHITE], a=f"{rp.luck(Side.WHITE):+.2f}",
            black=rp.names[Side.BLACK], b=f"{rp.luck(Side.BLACK):+.2f}"),
        "turns": [_turn(t, rp, lang) for t in rp.turns],
        "svg": board_svg(lay), "size": [lay.width, lay.height],
    }


def _turn(t: ReplayTurn, rp: Replay, lang: str) -> dict[str, Any]:
    name = rp.names.get(t.side, "") if t.side is not None else ""
    return {"n": t.number, "side": t.side.value if t.side is not None else None,
            "text": bot_words.log_entry(lang, t.play, t.dice, name),
            "luck": None if t.luck is None else f"{t.luck:+.3f}",
            "loss": None if not t.error or t.loss is None else f"{t.loss:.3f}",
            "best": t.best if t.error else None, "error": t.error}
