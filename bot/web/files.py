"""The board page's files from `static/`: its HTML pages (never cached, so a new release shows at once) and their
scripts and styles (cached five minutes). The page, the replay and the tournament page serve theirs alike."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

from aiohttp import web

STATIC = Path(__file__).with_name("static")


def page(name: str) -> Callable[[web.Request], Awaitable[web.Response]]:
    """A handler answering with the HTML file `name`."""
    async def serve(request: web.Request) -> web.Response:
        return web.Response(body=(STATIC / name).read_bytes(), content_type="text/html", charset="utf-8",
                            headers={"Cache-Control": "no-cache"})

    return serve


async def asset(request: web.Request) -> web.Response:
    """The script or style the route's `name` matched (the route's pattern says which files may be asked)."""
    name = request.match_info["name"]
    kind = "application/javascript" if name.endswith(".js") else "text/css"
    return web.Response(body=(STATIC / name).read_bytes(), content_type=kind, charset="utf-8",
                        headers={"Cache-Control": "public, max-age=300"})
