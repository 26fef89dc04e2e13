"""Every Redis key the store uses, in one place.

Keys are Redis Cluster safe: the part in braces is the hash tag, and everything one Lua script or one
atomic command touches shares it. A game's record, move log and recent command ids share `{g:<id>}`; a chat's
standings and the ids of results already counted share `{chat:<chat>}`; and so on. Keys of different tags are
never touched atomically together: see `games.py` for how the indexes that span tags are kept consistent.

Layout (prefix `tabla` by default):

    tabla:{g:<game>}                 game record (JSON string)
    tabla:{g:<game>}:log             move log (list of compact entries)
    tabla:{g:<game>}:cmd             recent command ids with their results (a bounded string with a TTL)
    tabla:{g:<game>}:review          a finished game's review (JSON the service wrote; reviews.py)
    tabla:{m:<match>}                match record
    tabla:{m:<match>}:tournament     the tournament a match is played in (tournaments.py)
    tabla:{t:<tournament>}           tournament record (players, pairings, results; tournaments.py)
    tabla:{chat:<chat>}:tournaments  a chat's tournaments (sorted set by creation time)
    tabla:tournaments:live           the tournaments open or running (set; the start-up repair reads it)
    tabla:matches:starting           matches being started: match -> "<first game>|<time>" (hash; until the match
                                     lists its first game: the start-up repair finishes what a crash cut off)
    tabla:{m:<match>}:rematch        the one rematch challenge of a finished match, `challenge:challenger` (expires)
    tabla:{c:<challenge>}            challenge record (expires)
    tabla:{p:<player>}               player record
    tabla:{p:<player>}:games         ids of the player's active games (set)
    tabla:{p:<player>}:challenges    challenges addressed to the player (sorted set by expiry)
    tabla:{p:<player>}:made          challenges the player made (sorted set by expiry)
    tabla:{p:<player>}:slots         places for games being taken (sorted set by lapse; slots.py)
    tabla:{p:<player>}:seen:<update> an update of the player's already received (a chat's message or a press,
                                     by a digest of its id; expires: a redelivery is recognised, players.py)
    tabla:{a:<platform>:<user>}      account: platform user id -> player id
    tabla:{chat:<chat>}:settings     a chat's settings (language, time per move)
    tabla:{chat:<chat>}:alias        the chat this chat continues (a Telegram group upgraded to a supergroup)
    tabla:{chat:<chat>}:group        set once a chat is seen to be a group (a Discord server channel, whose key
                                     cannot be told from a direct message's; chats.py)
    tabla:{chat:<chat>}:challenges   open challenges of a chat (sorted set by expiry)
    tabla:{chat:<chat>}:standings    points won per player in a chat (sorted set)
    tabla:{chat:<chat>}:lost         points lost per player in a chat (sorted set)
    tabla:{chat:<chat>}:matches      matches won per player in a chat (sorted set)
    tabla:{chat:<chat>}:mlost        matches lost per player in a chat (sorted set)
    tabla:{chat:<chat>}:counted      results already added to the standings (sorted set by time)
    tabla:{chat:<chat>}:standings:<season>  the same four sets for one season (`2026-10`, `2026-Q4`;
    tabla:{chat:<chat>}:lost:<season>       seasons.py): a result in a chat that keeps seasons counts in
    tabla:{chat:<chat>}:matches:<season>    its season's sets and in the all-time ones
    tabla:{chat:<chat>}:mlost:<season>
    tabla:{chat:<chat>}:season       a chat's seasons: mode and current season (hash; seasons.py)
    tabla:{chat:<chat>}:card         a chat's standings card: message id, revisions (hash; standing_cards.py)
    tabla:{r:<variant>}:ratings      the Elo ratings of old (deleted by `tabla ratings rebuild`)
    tabla:{r:<variant>}:counted      the results counted in them (deleted likewise)
    tabla:{rt:<pool>}:rating         FIBS rating per player in a pool (sorted set; ratings.py, RT-1)
    tabla:{rt:<pool>}:experience     experience per player in the pool (hash)
    tabla:{rt:<pool>}:record         matches won and lost per player in the pool (hash: w:<p>, l:<p>)
    tabla:{rt:<pool>}:applied        matches applied: match key -> index in the log (hash)
    tabla:{rt:<pool>}:log            every applied result in the order the matches ended (list of JSON)
    tabla:{rt:<pool>}:last           the end time of the pool's last applied result
    tabla:{rt:<pool>}:history:<player>
                                     a player's rating after each of their matches in the pool (list)
    tabla:{rtp}:pools                the pools with a result (set)
    tabla:{chat:<chat>}:rated:<pool> players who finished a match of the pool in the chat (set; /top)
    tabla:{d:<platform>}:names       directory: lower-case username -> platform user id (hash)
    tabla:{p:<player>}:errors        a player's error rate per reviewed game (hash: game -> "time milli")
    tabla:{p:<player>}:vacations     a player's vacations (sorted set: member start time, score end time)
    tabla:{p:<player>}:prefs         a player's preferences (hash: remind, last:<chat> = the game ended last there)
    tabla:{s:<n>}:due                bucket n of the wake-ups for reminders and deadlines, and of the chats'
                                     season ends and card edits (sorted set by time)
    tabla:{attn}:games               games the service must still act on (sorted set by time; attention.py)
    tabla:{attn}:told                their positions up to which the players were told of the plays (hash)
    tabla:{attn}:resuming:<game>     a process resuming the game (attention.py; expires)
    tabla:{<tag>:<match>}            a platform's last board of a match, `chat:message:keyboard` (boards.py;
                                     tag `tgb` Telegram, `dcb` Discord; expires)
    tabla:{tgk:<nonce>}:<variant>:<points>
                                     a Telegram inline card: where it was posted, by whom (cards.py; expires)
"""

from __future__ import annotations

DEFAULT_PREFIX = "tabla"


def _part(value: str, what: str) -> str:
    if not value or "{" in value or "}" in value or "\n" in value:
        raise ValueError(f"{what} must be a non-empty string without braces or newlines, not {value!r}")
    return value


class Keys:
    """Builds the keys under one prefix (tests use a unique prefix per run)."""

    def __init__(self, prefix: str = DEFAULT_PREFIX) -> None:
        self.prefix = _part(prefix, "the key prefix")

    def game(self, game_id: str) -> str:
        return f"{self.prefix}:{{g:{_part(game_id, 'a game id')}}}"

    def game_log(self, game_id: str) -> str:
        return f"{self.game(game_id)}:log"

    def game_commands(self, game_id: str) -> str:
        return f"{self.game(game_id)}:cmd"

    def game_review(self, game_id: str) -> str:
        return f"{self.game(game_id)}:review"

    def player_errors(self, player_id: str) -> str:
        return f"{self.player(player_id)}:errors"

    def match(self, match_id: str) -> str:
        return f"{self.prefix}:{{m:{_part(match_id, 'a match id')}}}"

    def match_tournament(self, match_id: str) -> str:
        return f"{self.match(match_id)}:tournament"

    def tournament(self, tournament_id: str) -> str:
        return f"{self.prefix}:{{t:{_part(tournament_id, 'a tournament id')}}}"

    def chat_tournaments(self, chat: str) -> str:
        return f"{self.prefix}:{{chat:{_part(chat, 'a chat id')}}}:tournaments"

    def live_tournaments(self) -> str:
        return f"{self.prefix}:tournaments:live"

    def starting_matches(self) -> str:
        return f"{self.prefix}:matches:starting"

    def rematch(self, match_id: str) -> str:
        return f"{self.match(match_id)}:rematch"

    def challenge(self, challenge_id: str) -> str:
        return f"{self.prefix}:{{c:{_part(challenge_id, 'a challenge id')}}}"

    def player(self, player_id: str) -> str:
        return f"{self.prefix}:{{p:{_part(player_id, 'a player id')}}}"

    def player_games(self, player_id: str) -> str:
        return f"{self.player(player_id)}:games"

    def player_challenges(self, player_id: str) -> str:
        return f"{self.player(player_id)}:challenges"

    def player_made(self, player_id: str) -> str:
        return f"{self.player(player_id)}:made"

    def player_slots(self, player_id: str) -> str:
        return f"{self.player(player_id)}:slots"

    def account(self, platform: str, user_id: str) -> str:
        return f"{self.prefix}:{{a:{_part(platform, 'a platform')}:{_part(user_id, 'a platform user id')}}}"

    def chat_settings(self, chat: str) -> str:
        return f"{self.prefix}:{{chat:{_part(chat, 'a chat id')}}}:settings"

    def chat_alias(self, chat: str) -> str:
        return f"{self.prefix}:{{chat:{_part(chat, 'a chat id')}}}:alias"

    def chat_group(self, chat: str) -> str:
        return f"{self.prefix}:{{chat:{_part(chat, 'a chat id')}}}:group"

    def chat_challenges(self, chat: str) -> str:
        return f"{self.prefix}:{{chat:{_part(chat, 'a chat id')}}}:challenges"

    def standings(self, chat: str, season: str | None = None) -> str:
        key = f"{self.prefix}:{{chat:{_part(chat, 'a chat id')}}}:standings"
        return key if season is None else f"{key}:{_part(season, 'a season name')}"

    def standings_lost(self, chat: str, season: str | None = None) -> str:
        key = f"{self.prefix}:{{chat:{_part(chat, 'a chat id')}}}:lost"
        return key if season is None else f"{key}:{_part(season, 'a season name')}"

    def matches_won(self, chat: str, season: str | None = None) -> str:
        key = f"{self.prefix}:{{chat:{_part(chat, 'a chat id')}}}:matches"
        return key if season is None else f"{key}:{_part(season, 'a season name')}"

    def matches_lost(self, chat: str, season: str | None = None) -> str:
        key = f"{self.prefix}:{{chat:{_part(chat, 'a chat id')}}}:mlost"
        return key if season is None else f"{key}:{_part(season, 'a season name')}"

    def chat_season(self, chat: str) -> str:
        return f"{self.prefix}:{{chat:{_part(chat, 'a chat id')}}}:season"

    def chat_card(self, chat: str) -> str:
        return f"{self.prefix}:{{chat:{_part(chat, 'a chat id')}}}:card"

    def directory(self, platform: str) -> str:
        return f"{self.prefix}:{{d:{_part(platform, 'a platform')}}}:names"

    def player_update(self, player_id: str, update: str) -> str:
        return f"{self.player(player_id)}:seen:{_part(update, 'an update digest')}"

    def vacations(self, player_id: str) -> str:
        return f"{self.player(player_id)}:vacations"

    def player_prefs(self, player_id: str) -> str:
        return f"{self.player(player_id)}:prefs"

    def standings_counted(self, chat: str) -> str:
        return f"{self.prefix}:{{chat:{_part(chat, 'a chat id')}}}:counted"

    def elo_ratings(self, variant: str) -> str:
        """The Elo ratings of old, replaced by the pools' FIBS ratings (deleted by a rebuild)."""
        return f"{self.prefix}:{{r:{_part(variant, 'a variant name')}}}:ratings"

    def elo_counted(self, variant: str) -> str:
        return f"{self.prefix}:{{r:{_part(variant, 'a variant name')}}}:counted"

    def _pool(self, pool: str) -> str:
        return f"{self.prefix}:{{rt:{_part(pool, 'a pool name')}}}"

    def pool_rating(self, pool: str) -> str:
        return f"{self._pool(pool)}:rating"

    def pool_experience(self, pool: str) -> str:
        return f"{self._pool(pool)}:experience"

    def pool_record(self, pool: str) -> str:
        return f"{self._pool(pool)}:record"

    def pool_applied(self, pool: str) -> str:
        return f"{self._pool(pool)}:applied"

    def pool_log(self, pool: str) -> str:
        return f"{self._pool(pool)}:log"

    def pool_last(self, pool: str) -> str:
        return f"{self._pool(pool)}:last"

    def pool_history(self, pool: str, player_id: str) -> str:
        return f"{self._pool(pool)}:history:{_part(player_id, 'a player id')}"

    def pools(self) -> str:
        return f"{self.prefix}:{{rtp}}:pools"

    def chat_rated(self, chat: str, pool: str) -> str:
        return f"{self.prefix}:{{chat:{_part(chat, 'a chat id')}}}:rated:{_part(pool, 'a pool name')}"

    def schedule(self, bucket: int) -> str:
        return f"{self.prefix}:{{s:{bucket}}}:due"

    def attention(self) -> str:
        return f"{self.prefix}:{{attn}}:games"

    def attention_told(self) -> str:
        return f"{self.prefix}:{{attn}}:told"

    def resuming(self, game_id: str) -> str:
        return f"{self.prefix}:{{attn}}:resuming:{_part(game_id, 'a game id')}"

    def last_board(self, tag: str, board_key: str) -> str:
        return f"{self.prefix}:{{{_part(tag, 'a platform tag')}:{_part(board_key, 'a board key')}}}"

    def inline_card(self, nonce: str, variant: str, points: int) -> str:
        return f"{self.prefix}:{{tgk:{_part(nonce, 'a card nonce')}}}:{_part(variant, 'a variant name')}:{points}"

    def all_games_pattern(self) -> str:
        """A SCAN pattern for every game record (not its log or command keys)."""
        return f"{self.prefix}:{{g:*}}"

    def all_matches_pattern(self) -> str:
        """A SCAN pattern for every match record."""
        return f"{self.prefix}:{{m:*}}"

    def everything_pattern(self) -> str:
        """A SCAN pattern for every key under the prefix."""
        return f"{self.prefix}:*"
