"""Coalescing: the commands of the hot path issued in one turn of the event loop go to Redis in one pipeline.

A bot process serves many chats at once; each move is a GET of the game and an EVALSHA of `game_apply.lua`.
Sent one by one, each costs a round trip and most of a redis-py call; sent together, one write and one read
serve them all (like the automatic pipelining of ioredis or Lettuce). A command waits at most for the rest of
the current loop turn; a lone command is sent directly. Commands keep their order, every command gets its own
result or error, and a caller that gives up (timeout, cancellation) does not disturb the others.

If a script is missing on the server (restart, SCRIPT FLUSH), its commands are run again through the
registered script object, which loads it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from redis.commands.core import AsyncScript
from redis.exceptions import NoScriptError

from .settings import Client

_Request = tuple[tuple[Any, ...], "asyncio.Future[Any]", AsyncScript | None]


class Coalescer:
    """Batches GETs and script calls made in the same event-loop turn into one pipeline."""

    def __init__(self, client: Client) -> None:
        self._client = client
        self._pending: list[_Request] = []
        self._running: set[asyncio.Task[None]] = set()

    def get(self, key: str) -> asyncio.Future[Any]:
        """GET `key` (await the result: bytes or None)."""
        return self._submit(("GET", key), None)

    def script(self, script: AsyncScript, keys: Sequence[str], args: Sequence[Any]) -> asyncio.Future[Any]:
        """Run a registered script (await its reply)."""
        return self._submit(("EVALSHA", script.sha, len(keys), *keys, *args), script)

    def _submit(self, command: tuple[Any, ...], script: AsyncScript | None) -> asyncio.Future[Any]:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        self._pending.append((command, future, script))
        if len(self._pending) == 1:
            loop.call_soon(self._flush)
        return future

    def _flush(self) -> None:
        batch, self._pending = self._pending, []
        task = asyncio.get_running_loop().create_task(self._send(batch))
        self._running.add(task)
        task.add_done_callback(self._running.discard)

    async def _send(self, batch: list[_Request]) -> None:
        try:
            if len(batch) == 1:
                results: list[Any] = [await self._one(batch[0][0])]
            else:
                pipe = self._client.pipeline(transaction=False)
                for command, _, _ in batch:
                    pipe.execute_command(*command)
                results = await pipe.execute(raise_on_error=False)
        except BaseException as exc:  # the connection failed: every command shares the failure
            for _, future, _ in batch:
                if not future.done():
                    future.set_exception(exc if isinstance(exc, Exception) else asyncio.CancelledError())
            return
        for (command, future, script), result in zip(batch, results, strict=True):
            if isinstance(result, NoScriptError) and script is not None:
                try:
                    keys = command[3 : 3 + command[2]]
                    result = await script(keys=keys, args=command[3 + command[2] :])
                except Exception as exc:
                    result = exc
            if future.done():
                continue
            if isinstance(result, Exception):
                future.set_exception(result)
            else:
                future.set_result(result)

    async def _one(self, command: tuple[Any, ...]) -> Any:
        try:
            return await self._client.execute_command(*command)
        except NoScriptError as exc:
            return exc
