"""A turn's table: one stored version of a game as one command reads it, built once and handed to the jobs that
answer the command (`progression`, `views`, `results`) instead of each working the game out of the record again
and looking its players up again.

It holds the record, the engine's `Game` at it, the side the game waits on, the players' records and their
names in the reader's language, and the match record (None for a game outside a match, or one whose match is
gone). A change to the game is a new stored version, and so a new table (`read`); a change to its match only
(a result counted) is the same table with the match read again (`Table.with_match`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from game import Game, Side
from storage import GameRecord, MatchRecord, NotFound, PlayerRecord

from .core import Core
from .gamestate import awaited, game_of, side_index, side_of


@dataclass(frozen=True, slots=True)
class Table:
    """One stored version of a game, read for a reader of `lang` (see the module's docstring)."""

    record: GameRecord
    game: Game
    players: tuple[PlayerRecord | None, PlayerRecord | None]
    names: Mapping[Side, str]
    match: MatchRecord | None
    computer: str
    lang: str

    @property
    def awaited(self) -> Side:
        """The side the game waits on: the one asked to take or drop (R-CUBE-3), else the side to move."""
        return awaited(self.game)

    def player(self, side: Side) -> PlayerRecord | None:
        """The record of the player on `side` (None where it is gone)."""
        return self.players[side_index(side)]

    def is_computer(self, side: Side) -> bool:
        return self.record.players[side_index(side)] == self.computer

    def side_of(self, player_id: str) -> Side | None:
        """The side `player_id` plays (one player on both sides, the console's /as: the side to move), or None."""
        if player_id not in self.record.players:
            return None
        if self.record.players[0] == self.record.players[1]:
            return self.game.position.turn
        return side_of(self.record.players.index(player_id))

    def with_match(self, match: MatchRecord | None) -> Table:
        """The same game with its match as read again (after a result changed it)."""
        return replace(self, match=match)


async def read(svc: Core, record: GameRecord, lang: str, *, game: Game | None = None,
               match: bool = True) -> Table:
    """The table of `record` for a reader of `lang` (`game`: the engine's game at `record`, when the caller
    has it already). The players come from the toolkit's cache; the match is one read (none without `match`:
    a finished game's, which its result is about to change, is read after it with `Table.with_match`)."""
    players = (await _player(svc, record.players[0]), await _player(svc, record.players[1]))
    names = {side_of(i): "?" if p is None else svc.shown_name(p, lang) for i, p in enumerate(players)}
    found = None
    if record.match_id and match:
        try:
            found = await svc.store.matches.get(record.match_id)
        except NotFound:
            found = None
    return Table(record, game or game_of(record), players, names, found, await svc.computer_id(), lang)


async def _player(svc: Core, pid: str) -> PlayerRecord | None:
    try:
        return await svc.player(pid)
    except NotFound:
        return None
