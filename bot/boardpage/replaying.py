"""The replay page's job: a finished game's replay as one visitor may see it (`ReplayView`), from one read of the
game and its move log.

Who may watch: whoever may see the game on the board page (`bot.boardpage.viewing`; a Telegram Mini App opened
from a group's replay button counts as opened for the game), and anyone holding a replay link for it
(`Visitor.watch_only`). Every refusal is in the visitor's words; a game still being played has no replay yet.
"""

from __future__ import annotations

from storage import NotFound

from ..core import Core
from ..gamestate import game_of
from ..replays import replay_of
from .replay_view import ReplayView
from .replay_words import replay_words
from .view import Visitor
from .viewing import seen_by
from .words import page_words


async def page_replay(svc: Core, visitor: Visitor, game_id: str) -> ReplayView | None:
    """The replay of `game_id` as `visitor` may see it, or None when there is no such game."""
    try:
        record, entries = await svc.store.games.snapshot(game_id)
    except NotFound:
        return None
    _who, side, lang, refused = await seen_by(svc, visitor, record, game_of(record))
    if visitor.watch_only:
        refused = None if visitor.opened_for == record.id else "refused_other_game"
    if refused is not None:
        return ReplayView(record.id, lang, refused=page_words(lang)[refused])
    if record.result is None:
        return ReplayView(record.id, lang, refused=replay_words(lang)["replay_playing"], playing=True)
    return ReplayView(record.id, lang, side=side, replay=await replay_of(svc, record, entries, lang))
