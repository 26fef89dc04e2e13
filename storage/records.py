"""The records the store hands out: small frozen dataclasses, no Redis in sight.

Sides are numbered 0 and 1 (index into `players`); positions are TPN strings; a variant is a name plus an
options dict of strings, as the rules engine writes them. Times are Unix seconds (floats) from the caller's
clock. A record's `version` starts at 1 and grows by one with every stored change.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class GameResult:
    """How a game ended: the winning side, the points it scored and why (e.g. `bear_off`, `resign`, `timeout`)."""

    winner: int
    points: int
    reason: str


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game as stored. A game is active until it has a `result`; a finished game keeps its move log.

    `start_position` is the position the game began from. `seed` is the secret the caller derives the game's
    dice from (kept beside the rules options, never inside them; the store does not interpret it). `deadline`
    is when the side to move runs out of time and `remind_at` when to nudge it; `ScheduleRepository.claim_due`
    hands them out when they come due. `cube` is the doubling cube's state as plain data (`game.Cube.to_data`,
    R-CUBE-8), None in a game without `cube=on`; a double or a take changes it (and the version) but not the
    position.
    """

    id: str
    variant: str
    options: Mapping[str, str]
    players: tuple[str, str]
    position: str
    start_position: str
    dice: str
    turn: int
    version: int
    created_at: float
    updated_at: float
    chat: str | None = None
    match_id: str | None = None
    deadline: float | None = None
    remind_at: float | None = None
    result: GameResult | None = None
    seed: str | None = None
    cube: Mapping[str, object] | None = None

    @property
    def finished(self) -> bool:
        return self.result is not None


@dataclass(frozen=True, slots=True)
class ChatSettings:
    """A chat's own settings: its language (the fallback after a player's) and its time per move in hours.

    None means "not set here": the caller falls back to its defaults. `version` 0 is a chat never configured.
    """

    chat: str
    language: str | None = None
    deadline_hours: float | None = None
    version: int = 0


@dataclass(frozen=True, slots=True)
class MoveLogEntry:
    """One entry of a game's move log: who moved with which dice, the play, the position after it, and when.

    `at` is kept to the second. `play` and `dice` are notation strings and must not contain `|`.
    """

    side: int
    dice: str
    play: str
    position: str
    at: float


@dataclass(frozen=True, slots=True)
class ApplyResult:
    """The outcome of `GameRepository.apply`: the version the command produced and the log length after it.

    A repeated command id returns the first call's result again with `duplicate=True`; `duplicate` takes no
    part in comparisons, so `second == first`.
    """

    game_id: str
    version: int
    log_length: int
    duplicate: bool = field(default=False, compare=False)


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A match: play to `target` points; `score` per side; its games in order; which side starts the next game."""

    id: str
    variant: str
    options: Mapping[str, str]
    players: tuple[str, str]
    target: int
    score: tuple[int, int]
    games: tuple[str, ...]
    starts_next: int
    version: int
    created_at: float
    updated_at: float
    chat: str | None = None
    winner: int | None = None

    @property
    def finished(self) -> bool:
        return self.winner is not None


@dataclass(frozen=True, slots=True)
class ChallengeRecord:
    """An invitation to play, either to one player (`target`) or open to everyone in `chat`; it expires."""

    id: str
    challenger: str
    chat: str
    variant: str
    options: Mapping[str, str]
    match_target: int
    created_at: float
    expires_at: float
    target: str | None = None

    @property
    def open(self) -> bool:
        return self.target is None


@dataclass(frozen=True, slots=True)
class Away:
    """A player's vacation as read with their record (`PlayerRepository.read_update`): when the one on at the
    read ends, or None when none was on."""

    until: float | None


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """A player: one account on one platform, with the name to show and the language to speak (None: default).

    `away` is not stored: it is their vacation, read with the record in the same round trip where a reader
    asks for it (an update's caller), and None where it was not read."""

    id: str
    platform: str
    platform_user_id: str
    name: str
    version: int
    created_at: float
    language: str | None = None
    away: Away | None = field(default=None, compare=False)


class DueKind(enum.StrEnum):
    """What falls due: a nudge to the side to move, or the end of its time (a game's); the end of a season, or
    an edit of the standings card (a chat's: `DueItem.game_id` is then the chat key, `version` 0)."""

    REMINDER = "reminder"
    DEADLINE = "deadline"
    SEASON = "season"
    CARD = "card"

    @property
    def of_chat(self) -> bool:
        return self in (DueKind.SEASON, DueKind.CARD)


@dataclass(frozen=True, slots=True)
class DueItem:
    """A reminder or deadline of one version of a game that has come due, as handed out by `claim_due`.

    Act on it only while the game is still at `version` (`is_current`), with `command_id` as the command id
    of any change it leads to; then call `ScheduleRepository.done(item)`. `lease_until` is when it is handed
    out again if `done` is not called (None: never).
    """

    kind: DueKind
    game_id: str
    version: int
    due: float
    lease_until: float | None = field(default=None, compare=False)

    @property
    def command_id(self) -> str:
        """The command id to act on this item with, so that acting on it twice changes the game once."""
        return f"due:{self.kind.value}:{self.game_id}:{self.version}"

    def is_current(self, game: GameRecord) -> bool:
        return game.id == self.game_id and game.version == self.version and not game.finished
