"""What the adapter needs of the service: the methods of `bot.service.Service` it calls, as a protocol.

Typing against the protocol keeps the adapter a translation layer (it sees nothing else of the service) and lets
a test hand it any object with the same methods.
"""

from __future__ import annotations

from typing import Protocol

from storage import BoardRepository, CardRepository

from ..boardpage.links import PageLinks
from ..commands import Command
from ..replies import Caller, Chat, Identity, Reply


class Seam(Protocol):
    """The service as the adapter sees it."""

    invite_links: dict[str, str]

    @property
    def boards(self) -> BoardRepository:
        """Each match's last board (whose buttons a new board retires)."""
        ...

    @property
    def cards(self) -> CardRepository:
        """The inline cards posted in chats, until accepted."""
        ...

    def page_links(self, web_url: str, *, secret: str | None = None, app_name: str | None = None) -> PageLinks:
        """The board page's buttons (`TABLA_WEB_URL` set)."""
        ...

    async def handle(self, caller: Caller, text: str) -> Reply: ...

    async def execute(self, caller: Caller, cmd: Command) -> Reply: ...

    async def press(self, caller: Caller, data: str) -> Reply: ...

    async def remember(self, who: Identity) -> None: ...

    async def chat_moved(self, old: Chat, new: Chat) -> None: ...

    async def filed_chat(self, chat: Chat) -> Chat: ...

    async def card_posted(self, chat: Chat, message_id: str) -> str | None: ...
    async def table_posted(self, chat: Chat, tournament: str, message_id: str) -> None: ...
