"""tabla's storage: the only code that talks to Redis (`tests/test_layering.py` holds every other module to
that). It stores and loads; it never decides rules.

Connect, use the repositories, close::

    store = await connect()            # $REDIS_URL, or an embedded server in the user's data dir
    game = await store.games.create(variant="plakoto", players=(p1, p2), position=tpn, deadline=t)
    current = await store.games.get(game.id)
    result = await store.games.apply(current, replace(current, position=after, turn=1, dice="31"),
                                     command_id=interaction_id, move=MoveLogEntry(0, "31", "24/21 24/23", after, now))
    # VersionConflict: reload and recompute; a repeated command_id returns the first result (duplicate=True)
    for item in await store.schedule.claim_due(time.time()):     # in every process, every few seconds
        game = await store.games.get(item.game_id)
        if item.is_current(game):
            ...                                                  # remind, or time out with item.command_id
        await store.schedule.done(item)
    await store.aclose()

Repositories on `Store`:
- `games`: create, get, snapshot (record + move log), log, apply (atomic, idempotent compare-and-set),
  active_for (a player's active games), repair / repair_all (re-derive the indexes from the records).
- `matches`: create, get, update (compare-and-set). `challenges`: create, get, take (exactly one taker),
  cancel, open_in_chat, addressed_to; they expire (24 h by default).
- `chats`: get, update (compare-and-set) — a chat's language and time per move; alias, resolve (a chat that
  goes on as another: a Telegram group upgraded to a supergroup).
- `players`: ensure (platform account -> player, created on first sight), get, find, update.
- `standings` (points per chat): record a result once per event id, lookups. `ratings` (FIBS, per pool): apply
  a finished match once, ratings, histories, top lists, rebuild from the log (RATINGS.md).
- `directory`: usernames seen per platform -> user ids; `preferences`: per-player settings (reminders,
  the game ended last in each chat).
- `attention`: games the service must still act on by itself (marked before a many-step change, cleared
  after; what stays after an outage is resumed).
- `schedule`: claim_due(now, limit, lease) hands each due reminder or deadline to exactly one process; done.
- `boards`: each match's last board message per chat platform (swap, swap_newer: the buttons to retire).
- `cards`: Telegram's inline challenge cards (post, get, take exactly once).
- `seasons`: a chat's season mode and current season (set_mode, roll exactly once); `standing_cards`: the
  chat's standings card message (pin, touch after a result, shown once edited). Both wake up by the schedule.
- `tournaments`: create, get, in_chat, and every change (join, leave/withdraw, start, attach a match, result,
  cancel) as one versioned write of the whole record (`tournaments.py`).

Errors: `StorageError` and its kinds `StoreUnavailable` (Redis down or silent: retry later; the store
reconnects by itself), `NotFound`, `AlreadyExists`, `VersionConflict`, `UnknownSchemaVersion`, and
`ServerStartError` (its kind `NotRedis`: not Redis at the URL) from `connect()`. Design notes live in the
module docstrings: `keys` (layout, hash tags),
`games` (atomic steps and index consistency), `wakeups` and `schedule` (due times and claiming), `movelog`
(compact log), `coalescing` (one pipeline per loop turn), `embedded` (the one-process server, durability),
`connection` (timeouts and recovery).
"""

from .attention import AttentionRepository
from .boards import BoardMessage, BoardRepository
from .cards import CardRepository
from .challenges import DEFAULT_TTL as CHALLENGE_TTL
from .challenges import ChallengeRepository
from .chats import ChatRepository
from .connection import URL_ENV, connect, make_client
from .directory import DirectoryRepository, PreferenceRepository
from .embedded import DATA_DIR_ENV, EmbeddedServer, default_data_dir
from .errors import (
    AlreadyExists,
    NotFound,
    NotRedis,
    ServerStartError,
    StorageError,
    StoreUnavailable,
    UnknownSchemaVersion,
    VersionConflict,
)
from .games import GameRepository
from .keys import Keys
from .matches import MatchRepository
from .players import PlayerRepository
from .ratings import START_RATING, Finished, PoolRating, RatedMatch, RatingRepository
from .records import (
    ApplyResult,
    Away,
    ChallengeRecord,
    ChatSettings,
    DueItem,
    DueKind,
    GameRecord,
    GameResult,
    MatchRecord,
    MoveLogEntry,
    PlayerRecord,
)
from .schedule import ScheduleRepository
from .seasons import MODES as SEASON_MODES
from .seasons import Season, SeasonRepository, SeasonState
from .settings import StoreSettings
from .standing_cards import EDIT_GAP, StandingCard, StandingCardRepository
from .standings import Standing, StandingsRepository
from .store import Store
from .tournaments import Pairing, TournamentRecord, TournamentRefused, TournamentRepository

__all__ = [
    "CHALLENGE_TTL",
    "DATA_DIR_ENV",
    "EDIT_GAP",
    "SEASON_MODES",
    "START_RATING",
    "URL_ENV",
    "AlreadyExists",
    "ApplyResult",
    "AttentionRepository",
    "Away",
    "BoardMessage",
    "BoardRepository",
    "CardRepository",
    "ChallengeRecord",
    "ChallengeRepository",
    "ChatRepository",
    "ChatSettings",
    "DirectoryRepository",
    "DueItem",
    "DueKind",
    "EmbeddedServer",
    "Finished",
    "GameRecord",
    "GameRepository",
    "GameResult",
    "Keys",
    "MatchRecord",
    "MatchRepository",
    "MoveLogEntry",
    "NotFound",
    "NotRedis",
    "Pairing",
    "PlayerRecord",
    "PlayerRepository",
    "PoolRating",
    "PreferenceRepository",
    "RatedMatch",
    "RatingRepository",
    "ScheduleRepository",
    "Season",
    "SeasonRepository",
    "SeasonState",
    "ServerStartError",
    "Standing",
    "StandingCard",
    "StandingCardRepository",
    "StandingsRepository",
    "StorageError",
    "Store",
    "StoreSettings",
    "StoreUnavailable",
    "TournamentRecord",
    "TournamentRefused",
    "TournamentRepository",
    "UnknownSchemaVersion",
    "VersionConflict",
    "connect",
    "default_data_dir",
    "make_client",
]
