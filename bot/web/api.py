"""The board page's JSON API: who asks (`bot.boardpage.auth`), what they see (`state`), and Confirm, through the
service's `seam.PageSeam`.

- `GET /api/state?game=<id>&picked=<moves>[&since=<version>]`: the game for the caller, with the single moves
  picked so far on the page (`bot.views.pack_moves`); with `since` equal to the game's version only
  `{"same": true}`, after reading the version alone (the page's cheap poll, once a few seconds).
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
400 for a malformed request. A refusal made once the visitor is known is in their words; one made before (bad or
expired credentials, an unknown game, a malformed request: `bot.boardpage.words.REFUSALS`) is in the language the
request tells (`asking_language`). A stale page (its picked moves no longer legal) gets the fresh state instead.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from game import IllegalPlayError, Pick
from storage import StorageError

from .. import i18n, moments
from ..boardpage.auth import AuthError, validate_init_data, validate_link
from ..boardpage.view import PageView, Visitor, confirm_data, cube_data, picks
from ..boardpage.words import page_words, refusal
from ..replies import Identity, Notice
from .seam import PageSeam
from .state import state

log = logging.getLogger(__name__)

MAX_BODY = 2048
_GAME = re.compile(r"^[a-z2-7]{4,12}$")
_PICKED = re.compile(r"^[0-9a-q1-6]{0,12}$")

Deliver = Callable[[Notice], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class Config:
    """What the API needs to know: the bot token (Telegram's initData key), the link secret, the clock, and where
    a press's answer is posted (the runner's notice router)."""

    telegram_token: str | None
    link_secret: str | None
    clock: Callable[[], float]
    deliver: Deliver | None = None
    max_streams: int = 500
    language: str = i18n.DEFAULT


SERVICE = web.AppKey("service", PageSeam)
CONFIG = web.AppKey("config", Config)


def refuse(status: int, reason: str) -> web.Response:
    return web.json_response({"error": reason}, status=status, headers={"Cache-Control": "no-store"})


class Refused(Exception):
    """A request answered with a refusal (`status`, `reason`): in the visitor's words when `lang` says which
    language it is in, else one of `REFUSALS` in English, said in the request's language by `refusals`."""

    def __init__(self, status: int, reason: str, lang: str | None = None) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason
        self.lang = lang


def asking_language(request: web.Request, cfg: Config) -> str:
    """The language of a request whose visitor is not known: the one its credentials sign (a Telegram Mini App's
    user's, its signature checked, its age not: an expired one still tells), else the browser's
    (`Accept-Language`, `i18n.accepted`), else the bot's default."""
    scheme, _, cred = request.headers.get("Authorization", "").partition(" ")
    signed = None
    if scheme == "tma" and cfg.telegram_token:
        try:
            signed = validate_init_data(cred, cfg.telegram_token, cfg.clock(), max_age=0).language
        except AuthError:
            signed = None
    return i18n.choose(signed, i18n.accepted(request.headers.get("Accept-Language")), default=cfg.language)


def visitor(request: web.Request, cfg: Config) -> Visitor:
    """Who is asking, from the request's credentials (checked before any game is looked at, so that a caller
    without credentials cannot tell an unknown game from an existing one: the same 401 for both).

    :raises Refused: 401 without valid credentials.
    """
    scheme, _, cred = request.headers.get("Authorization", "").partition(" ")
    now = cfg.clock()
    try:
        if scheme == "tma" and cfg.telegram_token:
            user = validate_init_data(cred, cfg.telegram_token, now)
            identity = Identity("telegram", user.user_id, user.name, user.username, user.language)
            return Visitor(identity=identity, opened_for=user.start_param)
        if scheme == "link" and cfg.link_secret:
            claim = validate_link(cred, cfg.link_secret, now)
            return Visitor(opened_for=claim.game_id, player_id=claim.player_id)
    except AuthError as exc:
        raise Refused(401, exc.reason) from None
    raise Refused(401, "sign-in required")


async def find_view(request: web.Request, seam: PageSeam, cfg: Config, game_id: object) -> PageView:
    """The game `game_id` names as the caller sees it.

    :raises Refused: 400 for a malformed id; 401 without valid credentials; 404 for an unknown game; 403 (in the
        visitor's words) when the credentials do not cover the game.
    """
    game_id = game_id_of(game_id)
    who = visitor(request, cfg)
    view = await seam.page_view(who, game_id)
    if view is None:
        raise Refused(404, "no such game")
    if view.refused is not None:
        raise Refused(403, view.refused, view.lang)
    return view


def game_id_of(game_id: object) -> str:
    """A well-formed game id.

    :raises Refused: 400 otherwise (before anyone is known: the page never sends one).
    """
    if not isinstance(game_id, str) or not _GAME.match(game_id):
        raise Refused(400, "bad game id")
    return game_id


def _picked(text: object, lang: str) -> tuple[Pick, ...]:
    if not isinstance(text, str) or not _PICKED.match(text):
        raise Refused(400, page_words(lang)["bad_moves"], lang)
    try:
        return picks(text)
    except ValueError:
        raise Refused(400, page_words(lang)["bad_moves"], lang) from None


def _state(view: PageView, picked: tuple[Pick, ...], now: float) -> dict[str, Any]:
    """The state for the view's visitor; a stale page (its picked moves no longer legal) gets the fresh state."""
    try:
        return state(view, picked, now=now).to_json()
    except IllegalPlayError:
        return {**state(view, (), now=now).to_json(), "stale": True}


async def get_state(request: web.Request) -> web.Response:
    seam = request.app[SERVICE]
    cfg = request.app[CONFIG]
    since = request.query.get("since")
    if since is not None and await _unchanged(request, seam, cfg, since):
        return web.json_response({"same": True}, headers={"Cache-Control": "no-store"})
    view = await find_view(request, seam, cfg, request.query.get("game"))
    body = _state(view, _picked(request.query.get("picked", ""), view.lang), cfg.clock())
    return web.json_response(body, headers={"Cache-Control": "no-store"})


async def _unchanged(request: web.Request, seam: PageSeam, cfg: Config, since: str) -> bool:
    """Whether the page's poll finds the game still at the version it shows (`since`), from the game's version
    alone (`PageSeam.page_version`: one read, no view built). Only for credentials that check out and were not
    opened for another game; any other answer (a new version, no such game, a refusal) takes the whole view.

    :raises Refused: 400 for a malformed id; 401 without valid credentials.
    """
    game_id = game_id_of(request.query.get("game"))
    opened_for = visitor(request, cfg).opened_for
    if opened_for is not None and opened_for != game_id:
        return False
    current = await seam.page_version(game_id)
    return current is not None and since == str(current[0])


async def get_export(request: web.Request) -> web.Response:
    seam = request.app[SERVICE]
    cfg = request.app[CONFIG]
    view = await find_view(request, seam, cfg, request.query.get("game"))
    whole = request.query.get("match", "") == "1"
    if whole and view.match_id is None:
        raise Refused(400, page_words(view.lang)["not_in_match"], view.lang)
    document = await seam.page_export(view, whole)
    return web.Response(body=document.data, content_type=document.mime, charset="utf-8",
                        headers={"Cache-Control": "no-store",
                                 "Content-Disposition": f'attachment; filename="{document.filename}"'})


async def get_words(request: web.Request) -> web.Response:
    lang = i18n.choose(request.query.get("lang", "")[:8] or None)
    return web.json_response({"lang": lang, "words": page_words(lang)},
                             headers={"Cache-Control": "public, max-age=3600"})


async def _body(request: web.Request, keys: set[str], expected: str) -> dict[str, Any]:
    """A POST's JSON object with exactly `keys`.

    :raises Refused: 413 when too large, 400 when not JSON or not those keys (`expected`: the refusal then).
    """
    if request.content_length is not None and request.content_length > MAX_BODY:
        raise Refused(413, "request too large")
    try:
        body = json.loads(await request.text())
    except (ValueError, UnicodeDecodeError, RecursionError):  # RecursionError: arrays nested thousands deep
        raise Refused(400, "not JSON") from None
    if not isinstance(body, dict) or set(body) != keys:
        raise Refused(400, expected)
    return body


def _version(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 10**9:
        raise Refused(400, "bad version")
    return value


async def _pressed(request: web.Request, seam: PageSeam, cfg: Config, data: str) -> web.Response:
    """Press `data` in the game's chat as a chat adapter does (the service reads the game once for it), post the
    answer there when it is not a refusal, and answer with the game's fresh state: 200, or 409 with the
    refusal's words.

    :raises Refused: 404 for an unknown game, 403 (in the visitor's words) for a watcher or a stranger.
    """
    pressed = await seam.page_press(visitor(request, cfg), data)
    if pressed is None:
        raise Refused(404, "no such game")
    if pressed.reply is None:
        raise Refused(403, pressed.view.refused or page_words(pressed.view.lang)["only_players"], pressed.view.lang)
    reply = pressed.reply
    if reply.ok and not reply.private and cfg.deliver is not None:
        await cfg.deliver(Notice(pressed.view.chat, reply))
    new_state = _state(pressed.fresh, (), cfg.clock())
    if not reply.ok:
        return web.json_response({"error": moments.plain(reply.text), "state": new_state}, status=409)
    return web.json_response({"ok": True, "text": moments.plain(reply.text), "state": new_state})


async def post_confirm(request: web.Request) -> web.Response:
    """Make the play picked on the page, as the move builder's Confirm button does. A malformed play is refused
    in the visitor's words (their view read for them; nothing pressed)."""
    seam = request.app[SERVICE]
    cfg = request.app[CONFIG]
    body = await _body(request, {"game", "version", "picked"}, "expected game, version and picked")
    game_id = game_id_of(body["game"])
    version = _version(body["version"])
    visitor(request, cfg)
    text = body["picked"]
    if not isinstance(text, str) or not _PICKED.match(text) or not _picks_or_none(text):
        view = await find_view(request, seam, cfg, game_id)
        _picked(text, view.lang)
        raise Refused(400, page_words(view.lang)["no_moves"], view.lang)
    return await _pressed(request, seam, cfg, confirm_data(game_id, version, text))


async def post_cube(request: web.Request) -> web.Response:
    """Roll, Double, Take or Drop as the board's cube buttons do (R-CUBE-2, R-CUBE-3): the service decides
    whether the caller may (the side the game waits on, at the game's version); a refusal is in their words."""
    seam = request.app[SERVICE]
    cfg = request.app[CONFIG]
    body = await _body(request, {"game", "version", "verb"}, "expected game, version and verb")
    game_id = game_id_of(body["game"])
    version = _version(body["version"])
    visitor(request, cfg)
    data = cube_data(game_id, body["verb"], version)
    if data is None:
        view = await find_view(request, seam, cfg, game_id)
        raise Refused(400, page_words(view.lang)["bad_verb"], view.lang)
    return await _pressed(request, seam, cfg, data)


def _picks_or_none(text: str) -> tuple[Pick, ...] | None:
    try:
        return picks(text)
    except ValueError:
        return None


_HTTP_REFUSALS = {404: "not found", 405: "method not allowed"}  # aiohttp's own refusals, said as `REFUSALS`


@web.middleware
async def refusals(request: web.Request, handler: Any) -> web.StreamResponse:
    """Refusals as short JSON, those made before the visitor is known in the request's language
    (`asking_language`); any other failure as a bare 500 (logged here, never shown to the page)."""
    try:
        response: web.StreamResponse = await handler(request)
        return response
    except Refused as exc:
        if exc.lang is not None:
            return refuse(exc.status, exc.reason)
        return _early(request, exc.status, exc.reason)
    except web.HTTPRequestEntityTooLarge:
        return _early(request, 413, "request too large")
    except web.HTTPException as exc:  # the server's own: an unknown path, a method the path does not take
        if exc.status >= 500:
            return _early(request, exc.status, "server error")
        return _early(request, exc.status, _HTTP_REFUSALS.get(exc.status, exc.reason))
    except StorageError:
        log.warning("board page: the store does not answer")
        return _early(request, 503, "the game store is not answering")
    except Exception:
        log.exception("board page request failed: %s %s", request.method, request.path)
        return _early(request, 500, "server error")


def _early(request: web.Request, status: int, reason: str) -> web.Response:
    """A refusal made before the visitor is known (`REFUSALS`), in the language the request tells."""
    return refuse(status, refusal(asking_language(request, request.app[CONFIG]), reason))
