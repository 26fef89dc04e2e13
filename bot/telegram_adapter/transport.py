"""The bot's HTTP client for Bot API calls: python-telegram-bot's `BaseRequest` on aiohttp.

python-telegram-bot lets an application bring its own transport (`ApplicationBuilder.request`). Its default,
httpx, spends much of a busy bot's processor time placing each request in its pool; aiohttp (already here for
discord.py) does the same work in a fraction of it, so a move's photo, caption edit and answered tap cost less.
Long polling (`getUpdates`) keeps python-telegram-bot's own request (`polling.TolerantRequest`).

Timeouts follow python-telegram-bot's defaults and per-call overrides; a timeout is `TimedOut`, any other
transport failure `NetworkError`, exactly as the library's own request raises them, so its retries and the
rate limiter's 429 handling work unchanged.
"""

from __future__ import annotations

import aiohttp
from telegram.error import NetworkError, TimedOut
from telegram.request import BaseRequest, RequestData

CONNECT = 5.0
READ = 5.0
WRITE = 5.0
MEDIA_WRITE = 20.0
POOL = 30.0


def _seconds(value: object, default: float) -> float | None:
    """A call's timeout: python-telegram-bot's `DEFAULT_NONE` means ours, None means none."""
    if value is BaseRequest.DEFAULT_NONE:
        return default
    return float(value) if isinstance(value, (int, float)) else None if value is None else default


class AiohttpRequest(BaseRequest):
    """Bot API calls over one aiohttp session with at most `connections` connections."""

    def __init__(self, connections: int = 16) -> None:
        self._connections = connections
        self._session: aiohttp.ClientSession | None = None

    @property
    def read_timeout(self) -> float | None:
        return READ

    async def initialize(self) -> None:
        if self._session is None or self._session.closed:
            self._session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=self._connections),
                                                  headers={"User-Agent": self.USER_AGENT})

    async def shutdown(self) -> None:
        if self._session is not None and not self._session.closed:
            await self._session.close()
        self._session = None

    async def do_request(self, url: str, method: str, request_data: RequestData | None = None,
                         read_timeout: object = BaseRequest.DEFAULT_NONE,
                         write_timeout: object = BaseRequest.DEFAULT_NONE,
                         connect_timeout: object = BaseRequest.DEFAULT_NONE,
                         pool_timeout: object = BaseRequest.DEFAULT_NONE) -> tuple[int, bytes]:
        if self._session is None or self._session.closed:
            raise RuntimeError("AiohttpRequest is not initialized")
        files = request_data.multipart_data if request_data else {}
        fields = request_data.json_parameters if request_data else {}
        body: aiohttp.FormData | dict[str, str] | None = fields or None
        if files:
            form = aiohttp.FormData()
            for name, value in fields.items():
                form.add_field(name, value)
            for name, (filename, content, mime) in files.items():
                form.add_field(name, content, filename=filename, content_type=mime)
            body = form
        write = _seconds(write_timeout, MEDIA_WRITE if files else WRITE)
        read = _seconds(read_timeout, READ)
        total = None if read is None or write is None else read + write + (_seconds(pool_timeout, POOL) or 0.0)
        timeout = aiohttp.ClientTimeout(total=total, connect=_seconds(connect_timeout, CONNECT), sock_read=read)
        try:
            async with self._session.request(method, url, data=body, timeout=timeout) as response:
                return response.status, await response.read()
        except (TimeoutError, aiohttp.ServerTimeoutError) as exc:
            raise TimedOut from exc
        except aiohttp.ClientError as exc:
            raise NetworkError(f"aiohttp: {exc!r}") from exc
