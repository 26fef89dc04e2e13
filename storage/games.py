"""Games: creating them, reading them with their move logs, and changing them one atomic step at a time.

Every change goes through `apply`, a Lua compare-and-set on the game's version (`game_apply.lua`): it checks
the command id against the game's recent commands (a repeated command returns the first result and changes
nothing), then the version, then stores the new record, appends the move to the log and remembers the command,
all in one step. The record, log and command list share the hash tag `{g:<id>}`. Reads and steps issued by
many coroutines at once travel together in one pipeline (`coalescing.py`).

Consistency with the indexes. A player's active games (`{p:<id>}:games`) and the wake-ups of reminders and
deadlines (`{s:<n>}:due`, see `wakeups.py`) live under other hash tags, so in a cluster they cannot change in
the same step as the game. The game record is the source of truth and the indexes follow it, idempotently,
right after a successful step (usually nothing to write: see `wakeups.py`). If a process dies in between, the
indexes are repaired by
- retrying the command: a duplicate command id re-derives the game's indexes (`repair`);
- reading: `active_for` drops ids whose game is finished or gone, and `claim_due` checks every wake-up
  against the game record before handing anything out;
- `repair_all`, which walks every game record (for a start-up or maintenance sweep).
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import logging
import time
from collections.abc import AsyncIterator, Mapping
from typing import Any

from . import codec, movelog, wakeups
from .backend import Backend, Repository, text
from .errors import (
    AlreadyExists,
    NotFound,
    UnknownSchemaVersion,
    VersionConflict,
    extend_bound,
    guarded,
    is_outage,
    outages_as_errors,
)
from .ids import new_id
from .records import ApplyResult, GameRecord, MoveLogEntry

log = logging.getLogger(__name__)

_FIXED_FIELDS = ("id", "variant", "options", "players", "start_position", "created_at", "chat", "match_id", "seed")


def command_digest(command_id: str) -> str:
    """What a game remembers of a command id: 72 bits of its SHA-256, 12 characters, whatever the id's length."""
    return base64.urlsafe_b64encode(hashlib.sha256(command_id.encode()).digest()[:9]).decode()


async def load_game(backend: Backend, game_id: str) -> GameRecord | None:
    """The game as stored, or None."""
    key = backend.keys.game(game_id)
    raw = await backend.coalescer.get(key)
    return None if raw is None else codec.game_from(game_id, codec.load(key, raw))


class GameRepository(Repository):
    """Stores games; never decides rules (the caller computes every new state with the rules engine)."""

    @guarded
    async def create(
        self,
        *,
        variant: str,
        players: tuple[str, str],
        position: str,
        options: Mapping[str, str] | None = None,
        dice: str = "",
        turn: int = 0,
        chat: str | None = None,
        match_id: str | None = None,
        deadline: float | None = None,
        remind_at: float | None = None,
        now: float | None = None,
        game_id: str | None = None,
        seed: str | None = None,
        cube: Mapping[str, object] | None = None,
    ) -> GameRecord:
        """Store a new game at version 1, add it to its players' active games and schedule its times (`cube`:
        the doubling cube's data, R-CUBE-8).

        :raises AlreadyExists: `game_id` was given and is taken.
        """
        now = time.time() if now is None else now
        for _ in range(3):
            record = GameRecord(
                id=game_id or new_id(), variant=variant, options=dict(options or {}), players=players,
                position=position, start_position=position, dice=dice, turn=turn, version=1, created_at=now,
                updated_at=now, chat=chat, match_id=match_id, deadline=deadline, remind_at=remind_at, seed=seed,
                cube=cube,
            )
            if await self._create(self._keys.game(record.id), codec.dump_game(record)):
                await self._sync_indexes(None, record, now)
                return record
            if game_id is not None:
                break
        raise AlreadyExists("game", game_id or "(fresh id)")

    @guarded
    async def get(self, game_id: str) -> GameRecord:
        """The game as stored.

        :raises NotFound: no such game.
        """
        return await self._get(game_id)

    @guarded
    async def snapshot(self, game_id: str) -> tuple[GameRecord, list[MoveLogEntry]]:
        """The game and its whole move log, read in one atomic step (the log ends at the record's position).

        :raises NotFound: no such game.
        """
        key = self._keys.game(game_id)
        reply = await self._scripts.game_read(keys=[key, self._keys.game_log(game_id)], args=[0])
        if not reply:
            raise NotFound("game", game_id)
        game = codec.game_from(game_id, codec.load(key, reply[0]))
        return game, movelog.decode_all(reply[1], game.start_position, game.created_at)

    @guarded
    async def log(self, game_id: str) -> list[MoveLogEntry]:
        """The game's move log, oldest first.

        :raises NotFound: no such game.
        """
        return (await self.snapshot(game_id))[1]

    @guarded
    async def apply(
        self,
        current: GameRecord,
        new: GameRecord,
        *,
        command_id: str,
        move: MoveLogEntry | None = None,
        now: float | None = None,
        remember: bool = True,
    ) -> ApplyResult:
        """Replace `current` (as loaded) by `new` (built with `dataclasses.replace`) in one atomic step.

        The step succeeds only if the game is still at `current.version`; the stored version becomes
        `current.version + 1` and `updated_at` becomes `now`. `move` is appended to the log; the position may
        change only with a move, and `move.position` must be `new.position`. Setting `result` finishes the
        game (it leaves its players' active games; its log stays). A `command_id` seen before (within the last
        `commands_kept` changes and `commands_ttl` seconds) changes nothing and returns the first result.
        On a cluster or a replicated store, a step whose reply an outage cut off (a failover) is sent again
        until the operation timeout; its command id makes it count once, and "made" is answered only once
        the store says so (after `replicas` replicas confirmed it, where the settings ask for that).
        With `remember=False` the command id is neither checked nor remembered: for the follow-up steps of one
        command whose first step carried its id (so a long command takes one place among the ids kept).

        :raises VersionConflict: the game changed since `current` was read.
        :raises NotFound: the game does not exist.
        :raises ValueError: `new` changes a fixed field, or the position and the move disagree.
        """
        self._check_change(current, new, command_id, move)
        now = time.time() if now is None else now
        record = codec.dump_game(new, version=current.version + 1, updated_at=now)
        settings = self._backend.settings
        entry = b"" if move is None else movelog.encode(move, current.position, current.created_at)
        key = self._keys.game(current.id)
        reply, retried = await self._step(
            keys=[key, self._keys.game_log(current.id), self._keys.game_commands(current.id)],
            args=[command_digest(command_id) if remember else "", current.version,
                  codec.position_marker(current.position), record, entry,
                  settings.commands_kept, int(settings.commands_ttl * 1000), codec.SCHEMA_VERSION],
        )
        outcome = text(reply[0])
        if outcome == "ok" or (outcome == "dup" and retried):  # "dup" after a lost reply: our own first try
            await self._after_step(current, new, now)
            return _result(current.id, text(reply[1]), duplicate=False)
        if outcome == "dup":
            await self._repair(current.id, now)
            return _result(current.id, text(reply[1]), duplicate=True)
        if outcome == "missing":
            raise NotFound("game", current.id)
        if outcome == "conflict":
            raise VersionConflict("game", current.id, current.version, int(reply[1]))
        if outcome == "schema":
            raise UnknownSchemaVersion(key, text(reply[1]), codec.SCHEMA_VERSION)
        raise ValueError(f"apply() was given a record of game {current.id!r} whose position is not the stored one "
                         f"at version {current.version}: pass the record as loaded")

    async def _create(self, key: str, record: bytes) -> bool:
        """SET NX the new record (confirmed by replicas where the settings ask for it): whether it was new."""
        if self._backend.durable is None:
            return bool(await self._client.set(key, record, nx=True))
        return bool(await self._backend.durable.execute(key, "SET", key, record, "NX"))

    async def _step(self, keys: list[str], args: list[object]) -> tuple[Any, bool]:
        """Run `game_apply.lua` (confirmed by replicas where the settings ask for it), trying again after an
        outage until the caller's operation timeout: whether the lost try was written or not, the same command
        id makes the next try answer for it (a failover, N3). Returns the reply and whether an outage came
        first (a "dup" then is our own try's).
        """
        try:
            return await self._sent(keys, args)
        except asyncio.CancelledError:  # the operation timeout: whether it was written is not known here
            log.warning("storage: a step of game %s got no answer within the operation timeout", keys[0])
            raise

    async def _sent(self, keys: list[str], args: list[object]) -> tuple[Any, bool]:
        """`_step`'s tries."""
        retried = False
        while True:
            try:
                if self._backend.durable is not None:
                    return await self._backend.durable.script(self._scripts.game_apply, keys, args), retried
                return await self._backend.coalescer.script(self._scripts.game_apply, keys, args), retried
            except Exception as exc:
                if not is_outage(exc) or (not self._backend.settings.cluster and not self._backend.durable):
                    raise
                if not retried:
                    log.warning("storage: a step of game %s was cut off (%r); sending it again", keys[0], exc)
                    extend_bound(self._backend.settings.operation_timeout)
                retried = True
                await asyncio.sleep(0.1)
                with contextlib.suppress(Exception):
                    await self._client.exists(keys[0])  # a cluster client learns a failover's new map here

    @guarded
    async def active_for(self, player_id: str) -> list[str]:
        """Ids of the player's active games, sorted; ids whose game is finished or gone are dropped for good."""
        key = self._keys.player_games(player_id)
        ids = sorted(text(member) for member in await self._client.smembers(key))
        games = await asyncio.gather(*(load_game(self._backend, game_id) for game_id in ids))
        stale = [game_id for game_id, game in zip(ids, games, strict=True)
                 if game is None or game.finished or player_id not in game.players]
        if stale:
            await self._client.srem(key, *stale)
        return [game_id for game_id in ids if game_id not in stale]

    @guarded
    async def repair(self, game_id: str) -> GameRecord:
        """Re-derive the game's index entries (active games, schedule) from its record; idempotent.

        :raises NotFound: no such game.
        """
        return await self._repair(game_id, time.time())

    async def ids(self) -> AsyncIterator[str]:
        """Every stored game id (a SCAN over all nodes; slow on a big store, for maintenance only).

        :raises StoreUnavailable: Redis went away during the walk.
        """
        pattern = self._keys.all_games_pattern()
        with outages_as_errors():
            async for key in self._client.scan_iter(match=pattern, count=1000, _type="string"):
                name = text(key)
                if name.endswith("}"):
                    yield name[name.index("{g:") + 3 : -1]

    async def repair_all(self) -> int:
        """Repair the indexes of every game; returns how many games were visited."""
        count = 0
        async for game_id in self.ids():
            try:
                await self.repair(game_id)
            except NotFound:
                continue
            count += 1
        return count

    async def _get(self, game_id: str) -> GameRecord:
        game = await load_game(self._backend, game_id)
        if game is None:
            raise NotFound("game", game_id)
        return game

    async def _repair(self, game_id: str, now: float) -> GameRecord:
        game = await self._get(game_id)
        await self._sync_indexes(None, game, now, full=True)
        return game

    async def _after_step(self, before: GameRecord, after: GameRecord, now: float) -> None:
        """The indexes of a step that is made: on a cluster or a replicated store, sent again after an outage (a
        failover of another slot's master) for a whole operation timeout, as the step is (they are idempotent):
        a step made is not answered "nothing was changed" for its indexes' sake."""
        extended = False
        while True:
            try:
                return await self._sync_indexes(before, after, now)
            except Exception as exc:
                if not is_outage(exc) or (not self._backend.settings.cluster and not self._backend.durable):
                    raise
                if not extended:
                    log.warning("storage: the indexes of a step of game %s were cut off (%r); sending them again",
                                after.id, exc)
                    extend_bound(self._backend.settings.operation_timeout)
                    extended = True
                await asyncio.sleep(0.1)
                with contextlib.suppress(Exception):
                    await self._client.exists(self._keys.player_games(after.players[0]))  # a cluster learns the new map

    async def _sync_indexes(self, before: GameRecord | None, after: GameRecord, now: float, *,
                            full: bool = False) -> None:
        """Bring the indexes from `before`'s state to `after`'s; `full` rewrites them whatever `before` was."""
        was_active = before is not None and not before.finished
        leaving = after.finished and (was_active or full)
        joining = not after.finished and (not was_active or full)
        writes = wakeups.changes(before, after, now, full=full)
        if not (leaving or joining or writes):
            return
        pipe = self._client.pipeline(transaction=False)
        for player in set(after.players) if leaving or joining else ():
            if leaving:
                pipe.srem(self._keys.player_games(player), after.id)
            else:
                pipe.sadd(self._keys.player_games(player), after.id)
        wakeups.stage(pipe, self._backend, after.id, writes)
        await pipe.execute()

    @staticmethod
    def _check_change(current: GameRecord, new: GameRecord, command_id: str, move: MoveLogEntry | None) -> None:
        if not command_id:
            raise ValueError("a command id must be a non-empty string")
        if _fixed(current) != _fixed(new):
            changed = [name for name in _FIXED_FIELDS if getattr(current, name) != getattr(new, name)]
            raise ValueError(f"apply() cannot change a game's {', '.join(changed)}")
        if move is None and new.position != current.position:
            raise ValueError("a game's position changes only with a move log entry")
        if move is not None and move.position != new.position:
            raise ValueError("the move's position after must be the game's new position")


def _fixed(game: GameRecord) -> tuple[object, ...]:
    return (game.id, game.variant, game.options, game.players, game.start_position, game.created_at, game.chat,
            game.match_id, game.seed)


def _result(game_id: str, packed: str, *, duplicate: bool) -> ApplyResult:
    version, length = packed.split("|")
    return ApplyResult(game_id, int(version), int(length), duplicate=duplicate)
