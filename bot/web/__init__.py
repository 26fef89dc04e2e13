"""The board page: a Telegram Mini App (and a signed link for Discord and browsers) to play a turn by touching
checkers. `BoardPage` runs it inside `tabla run`; `server.make_app` builds the aiohttp application."""

from .page import BoardPage
from .server import make_app

__all__ = ["BoardPage", "make_app"]
