"""The board page's JSON API: who asks (`auth`), what they see (`state`), and Confirm (`glue.confirm`).

- `GET /api/state?game=<id>&picked=<moves>[&since=<version>]`: the game for the caller, with the single moves
  picked so far on the page (`bot.views.pack_moves`); with `since` equal to the game's version only
  `{"same": true}` (the page's cheap poll).
- `GET /api/events?game=<id>&since=<version>`: server-sent events (`live`): an `event: version` with
  `{"version": n}` whenever the game's version is not `since`, so the page fetches the new state at once.
- `GET /api/export?game=<id>[&match=1]`: the game's file as `/export` sends it (`.mat` or `.tbl`,
  docs/EXPORT.md), or its whole match's, as an attachment; for whoever may see the page.
- `GET /api/words?lang=<code>`: the page's words in that language (or English), for a page that cannot yet
  say who is asking (no credentials); no sign-in needed.
- `POST /api/confirm` `{"game", "version", "picked"}`: make the play, as the Confirm button does.
- `POST /api/cube` `{"game", "version", "verb"}`: `roll` or `double` (R-CUBE-2), `take` or `drop` (R-CUBE-3), as
  the board's cube buttons do.

Every request carries `Authorization: tma <initData>` (a Telegram Mini App) or `Authorization: link <token>`
(a signed link). Refusals are JSON `{"error": <short reason>}`: 401 for missing, forged or expired
credentials (an unknown game too, so that it cannot be told from an existing one without them), 403 for
credentials that do not cover this game or this action, 409 when the game has moved on,
400 for a malformed request. A stale page (its picked moves no longer legal) gets the fresh state instead.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from game import IllegalPlayError, Side
from storage import GameRecord, StorageError

from .. import i18n, moments
from ..actions import ActionError
from ..cube.table import parse as cube_action
from ..gamestate import game_of, in_private_chat, side_of
from ..replies import Identity, Reply
from ..service import Service
from ..views import unpack_moves
from . import glue
from .auth import AuthError, validate_init_data, validate_link
from .state import last_play, state
from .words import page_words

log = logging.getLogger(__name__)

MAX_BODY = 2048
_GAME = re.compile(r"^[a-z2-7]{4,12}$")
_PICKED = re.compile(r"^[0-9a-q1-6]{0,12}$")


@dataclass(frozen=True, slots=True)
class Config:
    """What the API needs to know: the bot token (Telegram's initData key), the link secret, and the clock."""

    telegram_token: str | None
    link_secret: str | None
    clock: Callable[[], float]
    deliver: glue.Deliver | None = None
    max_streams: int = 500


@dataclass(frozen=True, slots=True)
class Viewer:
    """The caller as far as one game is concerned: their side (None: may only watch) and who they are."""

    side: Side | None
    identity: Identity | None
    lang: str


SERVICE = web.AppKey("service", Service)
CONFIG = web.AppKey("config", Config)


def refuse(status: int, reason: str) -> web.Response:
    return web.json_response({"error": reason}, status=status, headers={"Cache-Control": "no-store"})


class Refused(Exception):
    """A request answered with a refusal (`status`, `reason`)."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


async def viewer(request: web.Request, svc: Service, cfg: Config, record: GameRecord) -> Viewer:
    """Who is asking about `record`, from the request's credentials.

    :raises Refused: 401 without valid credentials, 403 when they do not cover this game.
    """
    scheme, _, cred = request.headers.get("Authorization", "").partition(" ")
    now = cfg.clock()
    try:
        if scheme == "tma" and cfg.telegram_token:
            user = validate_init_data(cred, cfg.telegram_token, now)
            if user.start_param is not None and user.start_param != record.id:
                raise Refused(403, "opened for another game")
            if not (record.chat or "").startswith("telegram:"):
                raise Refused(403, "not a Telegram game")
            account = await glue.account(svc, "telegram", user.user_id)
            side = _side(record, account.id if account is not None else None)
            if side is None and (user.start_param != record.id or in_private_chat(record)):
                raise Refused(403, "not a player of this game")  # a private chat's game is for its player only
            identity = Identity("telegram", user.user_id, user.name, user.username, user.language)
            return Viewer(side, identity, await glue.language(svc, account, record, user.language))
        if scheme == "link" and cfg.link_secret:
            claim = validate_link(cred, cfg.link_secret, now)
            if claim.game_id != record.id:
                raise Refused(403, "link for another game")
            who = await glue.player(svc, claim.player_id)
            side = _side(record, claim.player_id)
            if who is None or side is None:
                raise Refused(403, "link for someone not in this game")
            identity = Identity(who.platform, who.platform_user_id, who.name)
            return Viewer(side, identity, await glue.language(svc, who, record, None))
    except AuthError as exc:
        raise Refused(401, exc.reason) from None
    raise Refused(401, "sign-in required")


def _side(record: GameRecord, player_id: str | None) -> Side | None:
    if player_id is None or player_id not in record.players:
        return None
    if record.players[0] == record.players[1]:
        return game_of(record).position.turn
    return side_of(record.players.index(player_id))


def signed_in(request: web.Request, cfg: Config) -> None:
    """Check the request's credentials without any game: what an unknown game answers, so that a caller without
    credentials cannot tell an unknown game from an existing one (the same 401 for both).

    :raises Refused: 401 without valid credentials.
    """
    scheme, _, cred = request.headers.get("Authorization", "").partition(" ")
    try:
        if scheme == "tma" and cfg.telegram_token:
            validate_init_data(cred, cfg.telegram_token, cfg.clock())
            return
        if scheme == "link" and cfg.link_secret:
            validate_link(cred, cfg.link_secret, cfg.clock())
            return
    except AuthError as exc:
        raise Refused(401, exc.reason) from None
    raise Refused(401, "sign-in required")


async def find_record(request: web.Request, svc: Service, cfg: Config, game_id: object) -> GameRecord:
    """The game `game_id` names.

    :raises Refused: 400 for a malformed id; for an unknown game 401 without valid credentials, else 404.
    """
    if not isinstance(game_id, str) or not _GAME.match(game_id):
        raise Refused(400, "bad game id")
    record = await glue.game(svc, game_id)
    if record is None:
        signed_in(request, cfg)
        raise Refused(404, "no such game")
    return record


def _picked(text: object) -> tuple[tuple[int, int, int], ...]:
    if not isinstance(text, str) or not _PICKED.match(text):
        raise Refused(400, "bad moves")
    try:
        picked, _focus = unpack_moves(text)
    except ActionError:
        raise Refused(400, "bad moves") from None
    return tuple(picked)


async def _state(svc: Service, record: GameRecord, who: Viewer, picked: tuple[tuple[int, int, int], ...],
                 now: float) -> dict[str, Any]:
    """The state for `who`, with the seconds left to move (by the server's clock) when the game runs."""
    body = await _drawn(svc, record, who, picked)
    running = record.deadline is not None and record.result is None
    body["left"] = max(0, int(record.deadline - now)) if running and record.deadline is not None else None
    return body


async def _drawn(svc: Service, record: GameRecord, who: Viewer, picked: tuple[tuple[int, int, int], ...]
                 ) -> dict[str, Any]:
    game = game_of(record)
    names = await glue.names(svc, record, who.lang)
    score = await glue.score(svc, record)
    tail = await glue.last_entry(svc, record) if not picked else None
    last = last_play(game, tail[1], tail[0]) if tail is not None else None

    def make(p: tuple[tuple[int, int, int], ...]) -> dict[str, Any]:
        return state(game, game_id=record.id, version=record.version, me=who.side, lang=who.lang, names=names,
                     score=score, picked=p, deadline=record.deadline, last=last)

    try:
        return make(picked)
    except IllegalPlayError:
        fresh = make(())
        fresh["stale"] = True
        return fresh


async def get_state(request: web.Request) -> web.Response:
    svc = request.app[SERVICE]
    cfg = request.app[CONFIG]
    record = await find_record(request, svc, cfg, request.query.get("game"))
    who = await viewer(request, svc, cfg, record)
    since = request.query.get("since")
    if since is not None and since == str(record.version):
        return web.json_response({"same": True}, headers={"Cache-Control": "no-store"})
    body = await _state(svc, record, who, _picked(request.query.get("picked", "")), cfg.clock())
    return web.json_response(body, headers={"Cache-Control": "no-store"})


async def get_export(request: web.Request) -> web.Response:
    svc = request.app[SERVICE]
    cfg = request.app[CONFIG]
    record = await find_record(request, svc, cfg, request.query.get("game"))
    who = await viewer(request, svc, cfg, record)
    whole = request.query.get("match", "") == "1"
    if whole and record.match_id is None:
        raise Refused(400, "not part of a match")
    document = await glue.export_file(svc, record, who.lang, whole)
    return web.Response(body=document.data, content_type=document.mime, charset="utf-8",
                        headers={"Cache-Control": "no-store",
                                 "Content-Disposition": f'attachment; filename="{document.filename}"'})


async def get_words(request: web.Request) -> web.Response:
    lang = i18n.choose(request.query.get("lang", "")[:8] or None)
    return web.json_response({"lang": lang, "words": page_words(lang)},
                             headers={"Cache-Control": "public, max-age=3600"})


async def _body(request: web.Request, keys: set[str], what: str) -> dict[str, Any]:
    """A POST's JSON object with exactly `keys`.

    :raises Refused: 413 when too large, 400 when not JSON or not those keys.
    """
    if request.content_length is not None and request.content_length > MAX_BODY:
        raise Refused(413, "request too large")
    try:
        body = json.loads(await request.text())
    except (ValueError, UnicodeDecodeError, RecursionError):  # RecursionError: arrays nested thousands deep
        raise Refused(400, "not JSON") from None
    if not isinstance(body, dict) or set(body) != keys:
        raise Refused(400, f"expected {what}")
    return body


def _version(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 10**9:
        raise Refused(400, "bad version")
    return value


async def _answered(svc: Service, cfg: Config, record: GameRecord, who: Viewer, reply: Reply) -> web.Response:
    """The service's answer to a press with the game's fresh state: 200, or 409 with the refusal's words."""
    fresh = await glue.game(svc, record.id) or record
    new_state = await _state(svc, fresh, who, (), cfg.clock())
    if not reply.ok:
        return web.json_response({"error": moments.plain(reply.text), "state": new_state}, status=409)
    return web.json_response({"ok": True, "text": moments.plain(reply.text), "state": new_state})


async def post_confirm(request: web.Request) -> web.Response:
    svc = request.app[SERVICE]
    cfg = request.app[CONFIG]
    body = await _body(request, {"game", "version", "picked"}, "game, version and picked")
    record = await find_record(request, svc, cfg, body["game"])
    who = await viewer(request, svc, cfg, record)
    version = _version(body["version"])
    picked = _picked(body["picked"])
    if who.side is None or who.identity is None:
        raise Refused(403, "only the players can move")
    if not picked:
        raise Refused(400, "no moves")
    reply = await glue.confirm(svc, who.identity, record, version, str(body["picked"]), cfg.deliver)
    return await _answered(svc, cfg, record, who, reply)


async def post_cube(request: web.Request) -> web.Response:
    """Roll, Double, Take or Drop as the board's cube buttons do (R-CUBE-2, R-CUBE-3): the service decides
    whether the caller may (the side the game waits on, at the game's version); a refusal is in their words."""
    svc = request.app[SERVICE]
    cfg = request.app[CONFIG]
    body = await _body(request, {"game", "version", "verb"}, "game, version and verb")
    record = await find_record(request, svc, cfg, body["game"])
    who = await viewer(request, svc, cfg, record)
    version = _version(body["version"])
    action = cube_action(body["verb"])
    if action is None:
        raise Refused(400, "bad verb")
    if who.side is None or who.identity is None:
        raise Refused(403, page_words(who.lang)["only_players"])
    reply = await glue.cube(svc, who.identity, record, action, version, cfg.deliver)
    return await _answered(svc, cfg, record, who, reply)


@web.middleware
async def refusals(request: web.Request, handler: Any) -> web.StreamResponse:
    """Refusals as short JSON; any other failure as a bare 500 (logged here, never shown to the page)."""
    try:
        response: web.StreamResponse = await handler(request)
        return response
    except Refused as exc:
        return refuse(exc.status, exc.reason)
    except web.HTTPRequestEntityTooLarge:
        return refuse(413, "request too large")
    except web.HTTPException as exc:
        if exc.status >= 500:
            return refuse(exc.status, "server error")
        return refuse(exc.status, exc.reason)
    except StorageError:
        log.warning("board page: the store does not answer")
        return refuse(503, "the game store is not answering")
    except Exception:
        log.exception("board page request failed: %s %s", request.method, request.path)
        return refuse(500, "server error")
