"""Where the bot's REST calls and its gateway connection go: Discord itself, or a REST proxy (`DISCORD_API_URL`).

A shared REST proxy (nirn-proxy, twilight-http-proxy) takes every request the bot would send to
`https://discord.com/api/v10`; the gateway address is then the one that proxy's `GET /gateway/bot` returns,
also for sessions discord.py restarts from scratch (it otherwise dials its fixed default gateway). Both
addresses are class attributes of discord.py, so they hold for the whole process: one Discord bot per process.
"""

from __future__ import annotations

import discord
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

DISCORD_REST = Route.BASE
DISCORD_GATEWAY = DiscordWebSocket.DEFAULT_GATEWAY


def use_rest(url: str | None) -> None:
    """Send REST calls to `url` (a base such as `http://proxy:8080/api/v10`), or to Discord when None."""
    Route.BASE = url.rstrip("/") if url else DISCORD_REST


async def use_gateway_of(http: discord.http.HTTPClient) -> str:
    """Dial the gateway that the REST server in use names in `GET /gateway/bot`; returns its address."""
    _, url, _ = await http.get_bot_gateway()
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url)
    return url


def restore() -> None:
    """Discord's own addresses again."""
    Route.BASE = DISCORD_REST
    DiscordWebSocket.DEFAULT_GATEWAY = DISCORD_GATEWAY
