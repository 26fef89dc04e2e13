"""The values the board page sees the service through (`bot.web.seam.PageSeam`): who opens it (`Visitor`) and one
game as that visitor sees it (`PageView`), built by the service from one read of the game (`bot.boardpage.viewing`).

A `PageView` says whether the visitor may see the game at all (`refused`, in their words), their side, the names in
their language, the match header, the last play, whom the game waits on, and whether they may press; `confirm_data`
and `cube_data` pack a Confirm's or a cube answer's button data (`bot.actions`), which the page hands to the
service's `page_press` as a chat adapter hands a button's data to `press`; what the press came to is a `PagePress`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from game import Game, Pick, Side
from renderer import LastPlay, MatchScore
from storage import GameRecord

from ..actions import Action, ActionError, Verb
from ..cube.table import ROWS as CUBE
from ..cube.table import parse as cube_action
from ..replies import Caller, Chat, Identity, Reply
from ..views import pack_moves, unpack_moves


@dataclass(frozen=True, slots=True)
class Visitor:
    """Who opens the page, as its credentials say: a Telegram account (a Mini App's `identity`, with the game it
    was opened for, `opened_for`), a store player a signed link was made for (`player_id`), or anyone holding a
    replay link for `opened_for` (`watch_only`: its replay alone, `bot.boardpage.replay_link`)."""

    identity: Identity | None = None
    opened_for: str | None = None
    player_id: str | None = None
    watch_only: bool = False
    hint: str | None = None

    @property
    def language(self) -> str | None:
        """The language the visitor's platform (or, without one, their browser: `hint`) reports, if any (a hint
        below their own choice)."""
        return self.identity.language if self.identity is not None else self.hint


@dataclass(frozen=True, slots=True)
class PageView:
    """One game as one visitor sees it.

    `refused`: why the visitor may not see it (in `lang`), or None; `side`: theirs (None: they may only watch);
    `identity`: who presses for them; `chat`: the game's chat, where a press is made and its answer posted;
    `waits_on`: the side whose cube answer the game waits for, if any (R-CUBE-2, R-CUBE-3).
    """

    game_id: str
    version: int
    game: Game
    lang: str
    chat: Chat
    refused: str | None = None
    side: Side | None = None
    identity: Identity | None = None
    names: Mapping[Side, str] = field(default_factory=dict)
    score: MatchScore | None = None
    last: LastPlay | None = None
    waits_on: Side | None = None
    deadline: float | None = None
    match_id: str | None = None
    dice_text: str = ""
    record: GameRecord | None = field(default=None, repr=False, compare=False)  # the service's own (an export)

    @property
    def over(self) -> bool:
        return self.game.outcome is not None

    @property
    def may_press(self) -> bool:
        """Whether the visitor plays in the game (only players press; the service decides whether now)."""
        return self.refused is None and self.side is not None and self.identity is not None

    @property
    def caller(self) -> Caller | None:
        """The caller a press is made as: the visitor, in the game's chat; None for a watcher."""
        return Caller(self.identity, self.chat) if self.may_press and self.identity is not None else None


@dataclass(frozen=True, slots=True)
class PagePress:
    """What a press on the page came to: the view it was pressed on (refused, or a watcher's: no `reply`), the
    service's answer, and the game as it stands after (`fresh`: the same view when nothing changed)."""

    view: PageView
    reply: Reply | None
    fresh: PageView


def confirm_data(game_id: str, version: int, picked: str) -> str:
    """The Confirm button's data for the play `picked` (`packed`) in game `game_id` at `version`."""
    return Action(Verb.CONFIRM, game_id, version, picked).pack()


def cube_data(game_id: str, verb: object, version: int) -> str | None:
    """The cube button's data for `verb` (`roll`, `double`, `take`, `drop`) in game `game_id` at `version`, or
    None for any other word."""
    action = cube_action(verb)
    return None if action is None else Action(CUBE[action].verb, game_id, version).pack()


def picks(text: str) -> tuple[Pick, ...]:
    """The single moves picked on the page, from their packed text (`packed`).

    :raises ValueError: malformed text.
    """
    try:
        picked, _focus = unpack_moves(text)
    except ActionError as exc:
        raise ValueError(str(exc)) from None
    return tuple(picked)


def packed(picked: tuple[Pick, ...] | list[Pick]) -> str:
    """The single moves picked, as the page and the Confirm button carry them."""
    return pack_moves(picked)
