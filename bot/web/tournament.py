"""A tournament on the board page: `/tournament?id=<id>` shows its table or bracket (the chat's picture) and the
matches going on; a player signed in (a Telegram Mini App's initData) sees their own match first and taps it to
open its board (`/?game=<game>`). The table messages in the chats carry a button to it (`tournament_link`).

- `GET /tournament?id=<id>`: the page (`static/tournament.html`, `static/tournament.js`).
- `GET /api/tournament?id=<id>`: the tournament as JSON (`PageSeam.page_tournament`, one frozen value): `title`,
  `state`, `lines`, `picture` (a PNG data URL, or null before the start), `heading`, and `matches`
  (`game`, `label`, `mine`). Without credentials it is shown as to anyone in the chat (the table is posted
  there for all); forged or expired credentials are refused (401); an unknown id is 404.
"""

from __future__ import annotations

import base64
import re

from aiohttp import web

from ..boardpage.view import Visitor
from . import files
from .api import CONFIG, SERVICE, Refused, visitor

_ID = re.compile(r"^[a-z2-7]{4,12}$")


def install(app: web.Application) -> None:
    """Add the tournament page's routes to the page's application."""
    app.router.add_get("/tournament", files.page("tournament.html"))
    app.router.add_get("/static/{name:tournament\\.js}", files.asset)
    app.router.add_get("/api/tournament", get_tournament)


def _visitor(request: web.Request) -> Visitor:
    """Who asks: anyone may look at a tournament's table, so no credentials make an anonymous visitor; given ones
    must check out (`api.visitor`: 401 otherwise)."""
    if not request.headers.get("Authorization"):
        return Visitor()
    return visitor(request, request.app[CONFIG])


async def get_tournament(request: web.Request) -> web.Response:
    tid = request.query.get("id", "").lstrip("#").lower()
    if not _ID.match(tid):
        raise Refused(400, "bad tournament id")
    lang = request.query.get("lang", "")[:8] or None
    shown = await request.app[SERVICE].page_tournament(_visitor(request), tid, lang)
    if shown is None:
        raise Refused(404, "no such tournament")
    picture = "data:image/png;base64," + base64.b64encode(shown.picture).decode() if shown.picture else None
    return web.json_response({
        "id": shown.id, "title": shown.title, "state": shown.state, "lines": list(shown.lines), "picture": picture,
        "heading": shown.heading,
        "matches": [{"game": m.game_id, "label": m.label, "mine": m.mine} for m in shown.matches],
    }, headers={"Cache-Control": "no-store"})
