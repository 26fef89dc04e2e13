"""Tournaments: one record per tournament, every change one versioned write (read, step, compare-and-set).

A change is a pure step `TournamentRecord -> TournamentRecord` applied to the record as stored and written
only if nobody wrote in between (`record_cas.lua`); on a conflict the step runs again on the newer record, so a
join racing the start, two results at once or a result racing a withdrawal each land exactly once. The steps
here are the record's mechanics — who is in, which pairing has which match, results, walkovers, winners moving
on to their next pairing — and every public change takes an optional `then` step (the format's own
bookkeeping: seeding a knockout from section results, naming the winner), applied inside the same write.

A pairing's `next`/`slot` say where its winner goes (a knockout); a pairing whose player withdrew is settled as a
walkover (`w/o`: a match win, `target` points to 0) as soon as its other player is known; a match already
finished stands. Keys: `{t:<id>}` the record, `{chat:<chat>}:tournaments` a chat's tournaments,
`{m:<match>}:tournament` the tournament a match belongs to, `tournaments:live` those not over (for the repair of
a pairing claimed for a match that a crash kept from being created, `bot.tournaments.repair`).
"""

from __future__ import annotations

import asyncio
import base64
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from . import codec
from .backend import Repository
from .errors import AlreadyExists, NotFound, VersionConflict, guarded
from .ids import new_id
from .versioned import compare_and_set

OPEN, RUNNING, FINISHED, CANCELLED = "open", "running", "finished", "cancelled"
FORMATS = ("roundrobin", "knockout", "sections")
RETRIES = 200
Step = Callable[["TournamentRecord"], "TournamentRecord"]


class TournamentRefused(ValueError):
    """A change the tournament's state does not allow; `reason` names which (`closed`, `joined`, `full`, …)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Pairing:
    """One match of a tournament: players `a` and `b` (None: not known yet), the match played, its result.

    `stage` is `rr` (a round robin), `s<k>` (section k) or `ko<r>` (knockout round r, from 1). `winner` is 0 (a)
    or 1 (b); `score` the match points of a and b; `walkover` a result by withdrawal. `next` and `slot` say
    where the winner goes.
    """

    key: str
    stage: str
    a: str | None = None
    b: str | None = None
    next: str | None = None
    slot: int = 0
    match: str | None = None
    winner: int | None = None
    score: tuple[int, int] = (0, 0)
    walkover: bool = False

    @property
    def done(self) -> bool:
        return self.winner is not None

    @property
    def ready(self) -> bool:
        """Both players known, no match yet, no result: it can start."""
        return self.a is not None and self.b is not None and self.match is None and self.winner is None

    def players(self) -> tuple[str, ...]:
        return tuple(p for p in (self.a, self.b) if p is not None)


@dataclass(frozen=True, slots=True)
class TournamentRecord:
    """A tournament in a chat, directed by `director`: its game, match length and format, players, pairings."""

    id: str
    chat: str
    director: str
    variant: str
    options: Mapping[str, str]
    target: int
    format: str
    state: str
    players: tuple[str, ...]
    version: int
    created_at: float
    updated_at: float
    withdrawn: tuple[str, ...] = ()
    pairings: tuple[Pairing, ...] = ()
    winner: str | None = None
    messages: Mapping[str, str] = field(default_factory=dict)  # platform -> "chat:message" of the table picture

    def pairing(self, key: str) -> Pairing:
        for p in self.pairings:
            if p.key == key:
                return p
        raise KeyError(key)

    def of_match(self, match_id: str) -> Pairing | None:
        return next((p for p in self.pairings if p.match == match_id), None)

    def with_pairing(self, new: Pairing) -> TournamentRecord:
        return replace(self, pairings=tuple(new if p.key == new.key else p for p in self.pairings))


# --- the mechanics: pure steps on a record --------------------------------------------------------------------

def joined(record: TournamentRecord, player: str, *, most: int = 64) -> TournamentRecord:
    """`player` joins an open tournament.

    :raises TournamentRefused: `closed` (started, finished or cancelled), `joined` (already in), `full`.
    """
    if record.state != OPEN:
        raise TournamentRefused("closed")
    if player in record.players:
        raise TournamentRefused("joined")
    if len(record.players) >= most:
        raise TournamentRefused("full")
    return replace(record, players=(*record.players, player))


def left(record: TournamentRecord, player: str) -> TournamentRecord:
    """`player` leaves an open tournament, or withdraws from a running one (`withdrawn`).

    :raises TournamentRefused: `absent` (not a player), `closed` (over), `withdrawn` (already).
    """
    if player not in record.players:
        raise TournamentRefused("absent")
    if record.state == OPEN:
        return replace(record, players=tuple(p for p in record.players if p != player))
    if record.state != RUNNING:
        raise TournamentRefused("closed")
    if player in record.withdrawn:
        raise TournamentRefused("withdrawn")
    return settled(replace(record, withdrawn=(*record.withdrawn, player)))


def started(record: TournamentRecord, pairings: tuple[Pairing, ...], players: tuple[str, ...]) -> TournamentRecord:
    """An open tournament starts with `pairings` (its players in seeding order, `players`).

    :raises TournamentRefused: `closed` (not open), `changed` (the players are not those of the record: someone
        joined or left since the pairings were drawn).
    """
    if record.state != OPEN:
        raise TournamentRefused("closed")
    if sorted(players) != sorted(record.players):
        raise TournamentRefused("changed")
    return settled(replace(record, state=RUNNING, players=players, pairings=pairings))


def attached(record: TournamentRecord, key: str, match_id: str) -> TournamentRecord:
    """Pairing `key` is played as match `match_id`.

    :raises TournamentRefused: `closed` (not running), `taken` (it has a match or a result, or lacks a player).
    """
    if record.state != RUNNING:
        raise TournamentRefused("closed")
    pairing = record.pairing(key)
    if not pairing.ready:
        raise TournamentRefused("taken")
    return record.with_pairing(replace(pairing, match=match_id))


def resulted(record: TournamentRecord, match_id: str, winner: str, score: tuple[int, int]) -> TournamentRecord:
    """Match `match_id` ended, won by player `winner` with `score` (a's points, b's points).

    :raises TournamentRefused: `unknown` (no pairing plays that match), `counted` (its pairing has a result
        already: a repeat, or a walkover came first).
    """
    pairing = record.of_match(match_id)
    if pairing is None:
        raise TournamentRefused("unknown")
    if pairing.done or record.state != RUNNING:
        raise TournamentRefused("counted")
    side = 0 if winner == pairing.a else 1
    return settled(record.with_pairing(replace(pairing, winner=side, score=score)))


def cancelled(record: TournamentRecord) -> TournamentRecord:
    """:raises TournamentRefused: `closed` (finished or cancelled already)."""
    if record.state not in (OPEN, RUNNING):
        raise TournamentRefused("closed")
    return replace(record, state=CANCELLED)


def settled(record: TournamentRecord) -> TournamentRecord:
    """Walkovers for withdrawn players' unfinished pairings, and winners moved on, until nothing changes."""
    changed = True
    while changed:
        changed = False
        for p in record.pairings:
            if p.done or p.a is None or p.b is None:
                continue
            out_a, out_b = p.a in record.withdrawn, p.b in record.withdrawn
            if out_a or out_b:
                side = 1 if out_a and not out_b else 0
                score = (record.target, 0) if side == 0 else (0, record.target)
                record = record.with_pairing(replace(p, winner=side, score=score, walkover=True))
                changed = True
        for p in record.pairings:
            if p.done and p.next is not None:
                won = p.a if p.winner == 0 else p.b
                nxt = record.pairing(p.next)
                if (nxt.a, nxt.b)[p.slot] is None:
                    record = record.with_pairing(replace(nxt, a=won) if p.slot == 0 else replace(nxt, b=won))
                    changed = True
    return record


# --- storage --------------------------------------------------------------------------------------------------

def _dump(t: TournamentRecord) -> bytes:
    return codec._dump({
        "v": t.version, "chat": t.chat, "dir": t.director, "var": t.variant, "opt": dict(t.options) or None,
        "to": t.target, "fmt": t.format, "st": t.state, "pl": list(t.players), "wd": list(t.withdrawn) or None,
        "pr": [[p.key, p.stage, p.a, p.b, p.next, p.slot, p.match, p.winner, list(p.score), int(p.walkover)]
               for p in t.pairings] or None,
        "win": t.winner, "msg": dict(t.messages) or None, "c": t.created_at, "u": t.updated_at,
    })


def _load(tid: str, d: dict[str, Any]) -> TournamentRecord:
    return TournamentRecord(
        id=tid, chat=d["chat"], director=d["dir"], variant=d["var"], options=d.get("opt", {}), target=d["to"],
        format=d["fmt"], state=d["st"], players=tuple(d["pl"]), version=d["v"], created_at=d["c"],
        updated_at=d["u"], withdrawn=tuple(d.get("wd", ())),
        pairings=tuple(Pairing(k, s, a, b, n, sl, m, w, (sc[0], sc[1]), bool(wo))
                       for k, s, a, b, n, sl, m, w, sc, wo in d.get("pr", ())),
        winner=d.get("win"), messages=d.get("msg", {}),
    )


def _short_id() -> str:
    return base64.b32encode(secrets.token_bytes(5)).decode("ascii")[:6].lower()


class TournamentRepository(Repository):
    """Stores tournaments; every change is one compare-and-set of the whole record."""

    def _key(self, tid: str) -> str:
        return self._keys.tournament(tid)

    def _chat_key(self, chat: str) -> str:
        return self._keys.chat_tournaments(chat)

    def _link_key(self, match_id: str) -> str:
        return self._keys.match_tournament(match_id)

    @guarded
    async def create(self, *, chat: str, director: str, variant: str, options: Mapping[str, str], target: int,
                     format: str, now: float | None = None) -> TournamentRecord:
        """A new open tournament with its director as its first player."""
        if format not in FORMATS:
            raise ValueError(f"format must be one of {FORMATS}, not {format!r}")
        now = time.time() if now is None else now
        for _ in range(5):
            record = TournamentRecord(_short_id(), chat, director, variant, dict(options), target, format, OPEN,
                                      (director,), 1, now, now)
            try:
                await compare_and_set(self._backend, "tournament", record.id, self._key(record.id), 0,
                                      _dump(record))
            except AlreadyExists:
                continue
            await self._client.zadd(self._chat_key(chat), {record.id: now})
            await self._client.sadd(self._keys.live_tournaments(), record.id)
            return record
        raise AlreadyExists("tournament", "(fresh id)")

    @guarded
    async def get(self, tid: str) -> TournamentRecord:
        """:raises NotFound: no such tournament."""
        raw = await self._client.get(self._key(tid))
        if raw is None:
            raise NotFound("tournament", tid)
        return _load(tid, codec.load(self._key(tid), raw))

    async def in_chat(self, chat: str) -> list[TournamentRecord]:
        """The chat's tournaments, newest first."""
        ids = await self._ids(chat)
        found = []
        for tid in ids:
            try:
                found.append(await self.get(tid.decode() if isinstance(tid, bytes) else str(tid)))
            except NotFound:
                continue
        return found

    @guarded
    async def _ids(self, chat: str) -> list[Any]:
        return list(await self._client.zrevrange(self._chat_key(chat), 0, 49))

    async def change(self, tid: str, step: Step, *, now: float | None = None) -> TournamentRecord:
        """Apply `step` to the stored record in one versioned write, again on a newer record after a conflict.

        :raises NotFound: no such tournament.
        :raises TournamentRefused: what the step refuses (nothing is written).
        """
        for _ in range(RETRIES):
            current = await self.get(tid)
            new = step(current)
            if new == current:
                return current
            stored = replace(new, version=current.version + 1, updated_at=time.time() if now is None else now)
            try:
                await self._write(current.version, stored)
            except VersionConflict:
                continue
            if stored.state in (FINISHED, CANCELLED):
                await self._retire(tid)
            return stored
        raise VersionConflict("tournament", tid, 0, 0)

    @guarded
    async def _retire(self, tid: str) -> None:
        await self._client.srem(self._keys.live_tournaments(), tid)

    @guarded
    async def live(self) -> list[str]:
        """The tournaments open or running (a finished or cancelled one may linger until `retire`)."""
        return sorted(t.decode() if isinstance(t, bytes) else str(t)
                      for t in await self._client.smembers(self._keys.live_tournaments()))

    async def retire(self, tid: str) -> None:
        """Tournament `tid` is over: no longer listed as live."""
        await self._retire(tid)

    @guarded
    async def missing(self, match_ids: list[str]) -> set[str]:
        """Those of `match_ids` with no match record: pairings claimed for a match never created."""
        found = await asyncio.gather(*(self._client.exists(self._keys.match(m)) for m in match_ids))
        return {m for m, n in zip(match_ids, found, strict=True) if not n}

    @guarded
    async def _write(self, expected: int, record: TournamentRecord) -> None:
        await compare_and_set(self._backend, "tournament", record.id, self._key(record.id), expected, _dump(record))

    async def join(self, tid: str, player: str, *, most: int = 64) -> TournamentRecord:
        return await self.change(tid, lambda r: joined(r, player, most=most))

    async def leave(self, tid: str, player: str, then: Step | None = None) -> TournamentRecord:
        """Leave before the start, withdraw after it (walkovers for the unplayed matches)."""
        return await self.change(tid, _then(lambda r: left(r, player), then))

    async def start(self, tid: str, draw: Callable[[TournamentRecord], tuple[tuple[Pairing, ...], tuple[str, ...]]],
                    then: Step | None = None) -> TournamentRecord:
        """Start with the pairings `draw` makes of the record's players as they are at the write."""
        return await self.change(tid, _then(lambda r: started(r, *draw(r)), then))

    async def attach(self, tid: str, key: str, match_id: str) -> TournamentRecord:
        """Claim pairing `key` for match `match_id` (exactly one claim wins; link the match first)."""
        return await self.change(tid, lambda r: attached(r, key, match_id))

    @staticmethod
    def new_match_id() -> str:
        """A fresh id for a tournament's match, to claim its pairing with before the match exists."""
        return new_id()

    @guarded
    async def link(self, match_id: str, tid: str) -> None:
        """Remember that match `match_id` is played in tournament `tid`."""
        await self._client.set(self._link_key(match_id), tid.encode())

    @guarded
    async def of_match(self, match_id: str) -> str | None:
        """The tournament match `match_id` was linked to, if any."""
        raw = await self._client.get(self._link_key(match_id))
        return None if raw is None else (raw.decode() if isinstance(raw, bytes) else str(raw))

    async def result(self, tid: str, match_id: str, winner: str, score: tuple[int, int],
                     then: Step | None = None) -> TournamentRecord:
        """Count a finished match once (a repeat, or one after a walkover, is refused as `counted`)."""
        return await self.change(tid, _then(lambda r: resulted(r, match_id, winner, score), then))

    async def cancel(self, tid: str) -> TournamentRecord:
        return await self.change(tid, cancelled)

    async def remember_message(self, tid: str, platform: str, where: str) -> TournamentRecord:
        """Where the table picture of `platform` was posted (`chat:message`), to edit after each result."""
        return await self.change(tid, lambda r: replace(r, messages={**r.messages, platform: where}))


def _then(step: Step, then: Step | None) -> Step:
    return step if then is None else (lambda r: then(step(r)))
