"""The one way a chat client plugs into `tabla run`.

An adapter translates its platform's events into service calls (`Service.handle`, `execute`, `press`,
`suggest`) and the service's replies into messages. `tabla run` builds one adapter per configured platform,
starts them all with the deadline loop in one process, routes each `Notice` to the adapter of the notice's
platform, and stops them on SIGTERM/SIGINT.
"""

from __future__ import annotations

from typing import Protocol

from .replies import Notice


class Adapter(Protocol):
    """A chat client: `platform` names the chats it serves (`"telegram"`, `"discord"`, `"console"`)."""

    platform: str

    async def start(self) -> None:
        """Connect and begin serving; return once serving (work goes on in background tasks)."""

    async def stop(self) -> None:
        """Stop taking new events, let commands in flight finish, disconnect."""

    async def deliver(self, notice: Notice) -> None:
        """Post a notice the service produced by itself (a reminder, a loss on time, a resumed game)."""

    async def finished(self) -> None:
        """Return when the adapter has ended by itself (the console's end of input); chat adapters never do."""
