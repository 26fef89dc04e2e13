"""What the Discord adapter needs from the service: the calls it makes, as a protocol (`bot.service.Service`
has them; tests may hand in anything else that has them)."""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Protocol

from storage import BoardRepository

from ..boardpage.links import PageLinks
from ..commands import Command
from ..replies import Caller, Chat, Identity, Reply, Suggestion


class Seam(Protocol):
    """The service as the adapter sees it."""

    @property
    def boards(self) -> BoardRepository:
        """Each match's last board (whose buttons a new board retires, `storage.boards`)."""
        ...

    def page_links(self, web_url: str, *, secret: str | None = None, app_name: str | None = None) -> PageLinks:
        """The board page's buttons (`TABLA_WEB_URL` set)."""
        ...

    @property
    def invite_links(self) -> MutableMapping[str, str]:
        """Platform → the link that adds the bot to a server or group (what `/invite` answers)."""
        ...

    async def execute(self, caller: Caller, cmd: Command) -> Reply:
        """Run a structured command (a slash command)."""
        ...

    async def handle(self, caller: Caller, text: str) -> Reply:
        """Run a typed line (a bare move read from a channel, or a line that failed to build a command)."""
        ...

    async def press(self, caller: Caller, data: str) -> Reply:
        """Run a button press: `data` is the button's packed action, verbatim."""
        ...

    async def suggest(self, caller: Caller, typed: str, game: str | None = None) -> list[Suggestion]:
        """The legal plays of the caller's game that start like `typed` (at most 25)."""
        ...

    async def card_posted(self, chat: Chat, message_id: str) -> str | None:
        """The channel's standings card (`Reply.card`) was posted as `message_id`; the id of the card it
        replaces, if any."""
        ...

    async def table_posted(self, chat: Chat, tournament: str, message_id: str) -> None:
        """The tournament's table picture (`Reply.table`) was posted as `message_id`."""
        ...

    async def remember(self, who: Identity) -> None:
        """Tell the directory about a user the adapter saw (a user chosen in a user option)."""
        ...
