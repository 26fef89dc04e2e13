"""The replay page: a finished game stepped through turn by turn on the board page, the review's errors marked
on the turns they happened (the better play drawn as arrows beside the play made) and the luck of each roll.

- `GET /replay`: the page (`static/replay.html`, `replay.js`), opened with `?game=<id>` in a Telegram Mini App,
  `?r=<replay token>` (`bot.boardpage.replay_link`) or `?t=<play link>` elsewhere.
- `GET /api/replay?game=<id>&turn=<n>[&better=1]`: the game's turns and the board after turn `n` (0: the
  starting position) as SVG, the dice that turn rolled drawn in its mover's half (an opening roll's each in its
  side's half) and the cube where it stands
  after it (R-CUBE-8); with `better=1` on a turn marked as an error, the board after the judge's better play
  instead, its arrows drawn and "better …" in the mover's strip. Each turn says its dice, the cube after it in
  words and its cube action (a double, a take or a drop, R-CUBE-2/3); each stage of a Gul Bara cascade is a
  turn (R-GULBARA-3). The board after the last turn draws that turn's dice and the cube as every other does; the
  game's result is said beside it (`result`, the banner's words), not across it.

Credentials as for the board page (`bot.web.api`): `tma <initData>` (a player, or anyone who opened the game's
Mini App link in a group), `link <token>` (a player's link), or `replay <token>` (a replay link, anyone). Who may
watch and what they see come from one call through the page's seam, `PageSeam.page_replay`
(`bot.boardpage.replaying`), drawn here by the renderer's SVG.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from aiohttp import web

from game import Side
from renderer import Scene, layout, outcome_lines
from renderer.svg import board_svg

from .. import words as bot_words
from ..boardpage.auth import AuthError
from ..boardpage.replay_link import START, validate_replay
from ..boardpage.replay_view import Replay, ReplayTurn, ReplayView
from ..boardpage.replay_words import replay_words
from ..boardpage.view import Visitor
from ..boardpage.words import page_words
from . import api, files
from .seam import PageSeam

_TURN = re.compile(r"^[0-9]{1,4}$")


def install(app: web.Application) -> None:
    """Add the replay page, its script and style, and its JSON to the board page's application."""
    app.router.add_get("/replay", files.page("replay.html"))
    app.router.add_get("/static/{name:replay\\.(js|css)}", files.asset)
    app.router.add_get("/api/replay", get_replay)


def watcher(request: web.Request, cfg: api.Config) -> Visitor:
    """Who asks for a replay: as for the board page (`api.visitor`; a Mini App opened with a replay's start
    parameter counts as opened for its game), or anyone holding a replay link (`replay <token>`).

    :raises api.Refused: 401 without valid credentials.
    """
    scheme, _, cred = request.headers.get("Authorization", "").partition(" ")
    if scheme == "replay" and cfg.link_secret:
        try:
            game_id = validate_replay(cred, cfg.link_secret, cfg.clock())
        except AuthError as exc:
            raise api.Refused(401, exc.reason) from None
        return Visitor(opened_for=game_id, watch_only=True, hint=request.query.get("lang", "")[:8] or None)
    who = api.visitor(request, cfg)
    if who.opened_for is not None and who.opened_for.startswith(START):
        return replace(who, opened_for=who.opened_for.removeprefix(START))
    return who


async def find_replay(request: web.Request, seam: PageSeam, cfg: api.Config, game_id: object) -> ReplayView:
    """The replay of the game `game_id` names, as the caller may see it.

    :raises api.Refused: 400 for a malformed id; 401 without valid credentials; 404 for an unknown game; 403 (in
        the visitor's words) when the credentials do not cover the game; 409 (in their words) for a game still
        being played.
    """
    game_id = api.game_id_of(game_id)
    view = await seam.page_replay(watcher(request, cfg), game_id)
    if view is None:
        raise api.Refused(404, "no such game")
    if view.refused is not None:
        raise api.Refused(409 if view.playing else 403, view.refused)
    return view


async def get_replay(request: web.Request) -> web.Response:
    seam = request.app[api.SERVICE]
    cfg = request.app[api.CONFIG]
    turn = request.query.get("turn", "0")
    if not _TURN.match(turn):
        raise api.Refused(400, "bad turn")
    view = await find_replay(request, seam, cfg, request.query.get("game"))
    if view.replay is None:
        raise RuntimeError("page_replay gave a view neither refused nor with its replay")
    body = frame(view.replay, min(int(turn), len(view.replay.turns)), request.query.get("better") == "1",
                 view.side or Side.WHITE, view.lang)
    return web.json_response(body, headers={"Cache-Control": "no-store"})


def frame(rp: Replay, index: int, better: bool, viewer: Side, lang: str) -> dict[str, Any]:
    """The page's JSON for the board after turn `index` of `rp` (0: before the first), seen from `viewer`'s
    side; with `better` on an error turn, the board after the judge's better play."""
    words = {**page_words(lang), **replay_words(lang)}
    board = bot_words.board_words(lang)
    names = {s.value: n for s, n in rp.names.items()}
    position, last, shown = rp.board(index, better)
    if shown:
        board = replace(board, played=words["replay_better_strip"])
    end = index == len(rp.turns)
    turn = rp.turns[index - 1] if index else None
    lay = layout(Scene(position, viewer, last_play=last, names=rp.names, words=board,
                       result=rp.outcome if end and not shown else None, dice=turn.rolled if turn else None,
                       rolled=turn.side if turn else None, opening=turn.opening if turn else None,
                       cube=rp.cube_at(index), banner=False))
    outcome = rp.outcome if end else None
    judge = "replay_judge_net" if rp.judge == "net" else "replay_judge_heuristic"
    return {
        "game": rp.record.id, "lang": lang, "words": words, "names": names,
        "index": index, "total": len(rp.turns), "better": shown, "over": end,
        "judge": words[judge].format(n=rp.plies),
        "luck": words["replay_luck_total"].format(
            white=rp.names[Side.WHITE], a=f"{rp.luck(Side.WHITE):+.2f}",
            black=rp.names[Side.BLACK], b=f"{rp.luck(Side.BLACK):+.2f}"),
        "cube": rp.cube_words(index),
        "result": None if outcome is None else " · ".join(outcome_lines(
            board, outcome, None if outcome.winner is None else rp.names[outcome.winner], sep=" · ")),
        "turns": [_turn(t, rp, lang) for t in rp.turns],
        "svg": board_svg(lay), "size": [lay.width, lay.height],
    }


def _turn(t: ReplayTurn, rp: Replay, lang: str) -> dict[str, Any]:
    name = rp.names.get(t.side, "") if t.side is not None else ""
    return {"n": t.number, "side": t.side.value if t.side is not None else None,
            "text": bot_words.log_entry(lang, t.play, t.dice, name),
            "luck": None if t.luck is None else f"{t.luck:+.3f}",
            "loss": None if not t.error or t.loss is None else f"{t.loss:.3f}",
            "best": t.best if t.error else None, "error": t.error,
            "dice": list(t.rolled or t.opening or ()) or None,
            "action": t.action.value if t.action is not None else None}
