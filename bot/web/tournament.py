"""A tournament on the board page: `/tournament?id=<id>` shows its table or bracket (the chat's picture) and the
matches going on; a player signed in (a Telegram Mini App's initData, or a tournament link signed for them: Discord)
sees their own match first and taps it to open its board (`/?game=<game>`, or a play link signed for them). The
table messages in the chats carry a button to it (`tournament_link`).

- `GET /tournament?id=<id>`: the page (`static/tournament.html`, `static/tournament.js`).
- `GET /api/tournament?id=<id>`: the tournament as JSON (`PageSeam.page_tournament`, one frozen value): `title`,
  `state`, `lines`, `picture` (a PNG data URL, or null before the start), `heading`, and `matches`
  (`game`, `label`, `mine`, `url`: where a tap goes, or null). Without credentials it is shown as to anyone in
  the chat (the table is posted there for all); forged or expired credentials are refused (401); an unknown id is 404.
"""

from __future__ import annotations

import base64
import re

from aiohttp import web

from ..boardpage.auth import AuthError, open_tournament, sign_link
from ..boardpage.tournament_view import PageMatch
from ..boardpage.view import Visitor
from . import files
from .api import CONFIG, SERVICE, Refused, visitor

_ID = re.compile(r"^[a-z2-7]{4,12}$")


def install(app: web.Application) -> None:
    """Add the tournament page's routes to the page's application."""
    app.router.add_get("/tournament", files.page("tournament.html"))
    app.router.add_get("/static/{name:tournament\\.js}", files.asset)
    app.router.add_get("/api/tournament", get_tournament)


def _visitor(request: web.Request, tid: str) -> tuple[Visitor, int | None]:
    """Who asks, and until when their tournament link holds (None: not by one): anyone may look at a tournament's
    table, so no credentials make an anonymous visitor; a tournament link (`tournament <token>`,
    `bot.boardpage.tournament_link`) must be for this tournament; other credentials must check out (`api.visitor`).

    :raises Refused: 401 for credentials that do not check out.
    """
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if not scheme:
        return Visitor(), None
    cfg = request.app[CONFIG]
    if scheme != "tournament":
        return visitor(request, cfg), None
    try:
        player, linked, expires = open_tournament(token, cfg.link_secret or "", cfg.clock())
    except AuthError as exc:
        raise Refused(401, exc.reason) from None
    if linked != tid:
        raise Refused(401, "link for another tournament")
    return Visitor(player_id=player, opened_for=tid), expires


def _url(match: PageMatch, who: Visitor, expires: int | None, secret: str | None) -> str | None:
    """Where a tap on `match` goes: its board (`/?game=`; a Telegram Mini App signs itself in); for a visitor by a
    tournament link, their own matches by a play link signed for them, the others nowhere (a link opens only its
    player's games)."""
    if expires is None:
        return f"/?game={match.game_id}"
    if not match.mine or who.player_id is None or not secret:
        return None
    return "/?t=" + sign_link(secret, who.player_id, match.game_id, expires)


async def get_tournament(request: web.Request) -> web.Response:
    tid = request.query.get("id", "").lstrip("#").lower()
    if not _ID.match(tid):
        raise Refused(400, "bad tournament id")
    lang = request.query.get("lang", "")[:8] or None
    who, expires = _visitor(request, tid)
    shown = await request.app[SERVICE].page_tournament(who, tid, lang)
    if shown is None:
        raise Refused(404, "no such tournament")
    secret = request.app[CONFIG].link_secret
    picture = "data:image/png;base64," + base64.b64encode(shown.picture).decode() if shown.picture else None
    return web.json_response({
        "id": shown.id, "title": shown.title, "state": shown.state, "lines": list(shown.lines), "picture": picture,
        "heading": shown.heading,
        "matches": [{"game": m.game_id, "label": m.label, "mine": m.mine, "url": _url(m, who, expires, secret)}
                    for m in shown.matches],
    }, headers={"Cache-Control": "no-store"})
