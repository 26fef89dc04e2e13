"""What the board page needs of the service: the calls its server makes, as a protocol (`bot.service.Service`
has them; a test may hand in anything else that has them), as the chat adapters see it through their `seam.py`.

The page never reads the store nor reaches into the service: it asks for one game as one visitor sees it
(`page_view`, a `bot.boardpage.view.PageView` built from one read), presses as a chat adapter does (`page_press`,
with the button data the view packs; the game read once), asks for a game's file or its version, and for a finished
game's replay (`page_replay`, a `bot.boardpage.replay_view.ReplayView`). A new page (a tournament's table) adds its
one method here and to the service.
"""

from __future__ import annotations

from typing import Protocol

from ..boardpage.replay_view import ReplayView
from ..boardpage.tournament_view import TournamentPage
from ..boardpage.view import PagePress, PageView, Visitor
from ..replies import Document


class PageSeam(Protocol):
    """The service as the board page sees it."""

    async def page_view(self, caller: Visitor, game_id: str) -> PageView | None:
        """The game `game_id` as `caller` sees it (None: no such game)."""
        ...

    async def page_press(self, caller: Visitor, data: str) -> PagePress | None:
        """A press of the button whose packed data is `data` (`PageView.confirm`, `PageView.cube`), as a chat's
        button is pressed, from one read of the game (None: no such game)."""
        ...

    async def page_export(self, view: PageView, whole: bool) -> Document:
        """The game's file as `/export` sends it, or its match's when `whole`."""
        ...

    async def page_version(self, game_id: str) -> tuple[int, bool] | None:
        """The game's version and whether it is over (None: no such game), for the page's live updates."""
        ...

    async def page_tournament(self, caller: Visitor, tournament: str, lang: str | None) -> TournamentPage | None:
        """Tournament `tournament`'s table and matches going on as `caller` sees them, in their language or else
        `lang` (None: no such tournament)."""
        ...

    async def page_replay(self, caller: Visitor, game_id: str) -> ReplayView | None:
        """The replay of the finished game `game_id` as `caller` may see it, from one read of the game and its log:
        refused in their words (a game still being played too), or their side and the replay (None: no such
        game)."""
        ...
