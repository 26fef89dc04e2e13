"""A TCP proxy that can be shut: while shut, what its clients send is held, not forwarded, so the server behind
it seems to hang (a store or an API that stops answering mid-request), and what is held is dropped with the
client. `held` is set once something is held."""

from __future__ import annotations

import asyncio
import contextlib


class Valve:
    """Forwards 127.0.0.1:`port` to `host:target`."""

    def __init__(self, host: str, target: int) -> None:
        self.host = host
        self.target = target
        self.port = 0
        self.open = asyncio.Event()
        self.open.set()
        self.held = asyncio.Event()
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> Valve:
        self._server = await asyncio.start_server(self._accept, "127.0.0.1", 0)
        self.port = int(self._server.sockets[0].getsockname()[1])
        return self

    def shut(self) -> None:
        self.open.clear()

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection(self.host, self.target)
        except OSError:
            writer.close()
            return
        for task in (self._pipe(reader, up_writer, held=True), self._pipe(up_reader, writer, held=False)):
            started = asyncio.get_running_loop().create_task(task)
            self._tasks.add(started)
            started.add_done_callback(self._tasks.discard)

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, *, held: bool) -> None:
        try:
            while data := await reader.read(65536):
                if held and not self.open.is_set():
                    self.held.set()
                    await asyncio.Event().wait()  # held for ever: dropped with the connection at `close`
                writer.write(data)
                await writer.drain()
        except (OSError, asyncio.IncompleteReadError):
            pass
        finally:
            with contextlib.suppress(Exception):
                writer.close()
