"""Which handler runs each command (`Command.name` → handler)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from . import export, handlers, hint, info, lobby, rematch, review, seasons, standings, top, tournaments, vacation
from .commands import Command
from .context import Ctx
from .core import Core
from .cube import answers as cube
from .replies import Reply

Handler = Callable[[Core, Ctx, Command], Awaitable[Reply]]

HANDLERS: dict[str, Handler] = {
    "move": handlers.move, "board": handlers.board, "position": handlers.position, "resign": handlers.resign,
    **{action.value: answer for action, answer in cube.HANDLERS.items()},
    "games": handlers.games, "history": handlers.history, "verify": handlers.verify_game,
    "hint": hint.hint, "review": review.review, "export": export.export,
    "challenge": lobby.challenge, "play": lobby.play, "accept": lobby.accept, "decline": lobby.decline,
    "cancel": lobby.cancel, "lobby": lobby.lobby, "rematch": rematch.rematch, "start": lobby.start,
    "help": info.help_, "rules": info.rules, "lang": info.lang, "standings": standings.standings, "stats": info.stats,
    "top": top.top,
    "tournament": tournaments.tournament,
    "deadline": info.deadline, "remind": info.remind, "vacation": vacation.vacation, "invite": info.invite,
    "season": seasons.season,
}
