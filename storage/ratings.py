"""FIBS ratings per pool (RATINGS.md RT-1…RT-5): one atomic step per finished match, and a rebuild from the log.

`rating_apply.lua` reads both players' ratings and experiences, applies RT-4, and stores the result under the
match's key in one step: a repeated or concurrent apply of the same match returns the result stored first and
changes nothing, and two different results applied at once by two processes both count (the second reads what
the first wrote). Every applied result is kept in the pool's log in the order the matches ended; `rebuild`
clears the pools and replays every log through the same script, landing on the same numbers (RT-5).

Who played in which chat (`/top` of a chat) is a set per chat and pool, added to after the result is applied
(a different hash tag; adding twice changes nothing).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass

from .backend import Repository, pairs, text
from .errors import guarded, outages_as_errors

START_RATING = 1500.0  # RT-2
OLD_ELO = ("plakoto", "tapa", "mahbusa", "tawula", "portes", "tabla", "fevga", "gulbara")


@dataclass(frozen=True, slots=True)
class Finished:
    """A finished match to rate: `players` (a, b) of a match to `n` in `pool` that a scored `score` in (1, ½ or
    0), when it ended, in which chat. Only a result RT-3 and RT-4 allow is made (a tie only of a single game).

    :raises ValueError: a player against themselves, or a score or length RT-3/RT-4 do not allow.
    """

    pool: str
    match: str
    players: tuple[str, str]
    n: int
    score: float
    ended: float
    chat: str | None = None

    def __post_init__(self) -> None:
        a, b = self.players
        if a == b or self.n < 1 or self.score not in (0.0, 0.5, 1.0) or (self.score == 0.5 and self.n != 1):
            raise ValueError(f"not a ratable result: {self.players} to {self.n} scoring {self.score}")


@dataclass(frozen=True, slots=True)
class RatedMatch:
    """One applied result: the finished match (`finished`, read through `pool`, `players`, `n`…), and both
    ratings and experiences before and after."""

    finished: Finished
    before: tuple[float, float]
    after: tuple[float, float]
    experience: tuple[int, int]

    @property
    def pool(self) -> str:
        return self.finished.pool

    @property
    def match(self) -> str:
        return self.finished.match

    @property
    def players(self) -> tuple[str, str]:
        return self.finished.players

    @property
    def n(self) -> int:
        return self.finished.n

    @property
    def score(self) -> float:
        return self.finished.score

    @property
    def ended(self) -> float:
        return self.finished.ended

    @property
    def chat(self) -> str | None:
        return self.finished.chat

    @property
    def changes(self) -> tuple[float, float]:
        return self.after[0] - self.before[0], self.after[1] - self.before[1]


@dataclass(frozen=True, slots=True)
class PoolRating:
    """A player's place in one pool: rating, experience, matches won and lost."""

    rating: float = START_RATING
    experience: int = 0
    won: int = 0
    lost: int = 0


def _result(raw: object) -> RatedMatch:
    d = json.loads(text(raw))
    finished = Finished(d["pool"], d["match"], (d["a"], d["b"]), int(d["n"]), float(d["sa"]), float(d["ended"]),
                        d["chat"] or None)
    return RatedMatch(finished, (float(d["ra"]), float(d["rb"])), (float(d["ra2"]), float(d["rb2"])),
                      (int(d["xa"]), int(d["xb"])))


class RatingRepository(Repository):
    """Ratings, experience, records and rating histories per pool; the log of applied results."""

    @guarded
    async def apply(self, pool: str, match: str, players: tuple[str, str], n: int, score: float, *,
                    ended: float, chat: str | None = None) -> RatedMatch:
        """Apply the result of `match` (a key naming it once: `m:<id>`) to `pool`: `players[0]` scored
        `score` (1 won, 0 lost, ½ a tied single game) in a match to `n`. Returns the result as stored, the
        first time or any later time.

        :raises ValueError: a player against themselves, or a score or length RT-3/RT-4 do not allow.
        """
        return await self._apply(Finished(pool, match, players, n, score, ended, chat))

    async def _apply(self, f: Finished) -> RatedMatch:
        k, pool, (a, b) = self._keys, f.pool, f.players
        keys = [k.pool_rating(pool), k.pool_experience(pool), k.pool_applied(pool), k.pool_log(pool),
                k.pool_record(pool), k.pool_history(pool, a), k.pool_history(pool, b), k.pool_last(pool)]
        args: list[str | int] = [f.match, a, b, f.n, repr(f.score), repr(f.ended), f.chat or "",
                                 repr(START_RATING), pool]
        raw = await self._scripts.rating_apply(keys=keys, args=args)
        result = _result(raw)
        await self._client.sadd(k.pools(), pool)
        if result.chat:
            await self._client.sadd(k.chat_rated(result.chat, pool), a, b)
        return result

    @guarded
    async def get(self, pool: str, player_id: str) -> PoolRating:
        """`player_id`'s rating, experience and record in `pool` (the start values if none)."""
        k = self._keys
        rating = await self._client.zscore(k.pool_rating(pool), player_id)
        if rating is None:
            return PoolRating()
        experience = await self._client.hget(k.pool_experience(pool), player_id)
        won, lost = await self._client.hmget(k.pool_record(pool), [f"w:{player_id}", f"l:{player_id}"])
        return PoolRating(float(rating), int(experience or 0), int(won or 0), int(lost or 0))

    @guarded
    async def history(self, pool: str, player_id: str) -> list[tuple[float, float]]:
        """`player_id`'s rating after each of their matches in `pool`: (end time, rating), oldest first."""
        rows = await self._client.lrange(self._keys.pool_history(pool, player_id), 0, -1)
        out = []
        for row in rows:
            at, _, rating = text(row).partition(" ")
            out.append((float(at), float(rating)))
        return out

    @guarded
    async def pools(self) -> list[str]:
        """Every pool with an applied result."""
        return sorted(text(p) for p in await self._client.smembers(self._keys.pools()))

    @guarded
    async def top(self, pool: str, limit: int = 10) -> list[tuple[str, float]]:
        """The pool's best rated players everywhere, best first."""
        return pairs(await self._client.zrevrange(self._keys.pool_rating(pool), 0, limit - 1, withscores=True))

    @guarded
    async def players(self, pool: str) -> int:
        """How many players have a rating in `pool`."""
        return int(await self._client.zcard(self._keys.pool_rating(pool)))

    @guarded
    async def chat_players(self, chat: str, pool: str) -> int:
        """How many players finished a match of `pool` in `chat`."""
        return int(await self._client.scard(self._keys.chat_rated(chat, pool)))

    @guarded
    async def chat_top(self, chat: str, pool: str, limit: int = 10) -> list[tuple[str, float]]:
        """The best rated of the players who finished a match of `pool` in `chat`, best first."""
        members = sorted(text(p) for p in await self._client.smembers(self._keys.chat_rated(chat, pool)))
        if not members:
            return []
        scores = await self._client.zmscore(self._keys.pool_rating(pool), members)
        rated = [(p, float(s)) for p, s in zip(members, scores, strict=True) if s is not None]
        rated.sort(key=lambda r: (-r[1], r[0]))
        return rated[:limit]

    @guarded
    async def results(self, pool: str) -> list[RatedMatch]:
        """Every applied result of `pool`, in the order the matches ended."""
        return [_result(raw) for raw in await self._client.lrange(self._keys.pool_log(pool), 0, -1)]

    async def rebuild(self, earlier: Iterable[Finished] = ()) -> int:
        """Replay every stored result of every pool, in the order the matches ended, on cleared ratings
        (RT-5), with the finished matches of `earlier` that were never applied (those of before these ratings)
        in their place by end time; delete the Elo ratings of old. Returns how many results were replayed. Run
        it with the bot stopped (a result applied meanwhile could be cleared). Not bounded by the operation
        timeout as a whole: each of its steps is.

        :raises StoreUnavailable: Redis went away during the rebuild (run it again).
        """
        with outages_as_errors():
            return await self._rebuild(earlier)

    async def _rebuild(self, earlier: Iterable[Finished]) -> int:
        k = self._keys
        for v in OLD_ELO:
            await self._client.delete(k.elo_ratings(v), k.elo_counted(v))
        queues: dict[str, list[Finished]] = {}
        for pool in await self.pools():
            queues[pool] = [r.finished for r in await self.results(pool)]
        for f in earlier:
            queue = queues.setdefault(f.pool, [])
            if f.match not in {q.match for q in queue}:
                queue.append(f)
        count = 0
        for pool, queue in queues.items():
            queue.sort(key=lambda f: f.ended)  # stable: the log's order among equal times
            players = {p for f in queue for p in f.players}
            await self._client.delete(k.pool_rating(pool), k.pool_experience(pool), k.pool_record(pool),
                                      k.pool_applied(pool), k.pool_log(pool), k.pool_last(pool))
            for player in players:
                await self._client.delete(k.pool_history(pool, player))
            for f in queue:
                await self.apply(pool, f.match, f.players, f.n, f.score, ended=f.ended, chat=f.chat)
                count += 1
        return count
