"""The game service: where a chat's commands, button presses and autocomplete queries become state changes
and replies. It is the one place that decides; adapters only translate.

Entry points (none raises: every refusal and failure becomes a short reply in the caller's language that says
why and changes nothing):

- `handle(who, chat, text)`: a typed line, parsed into a `Command` and executed;
- `execute(who, chat, command)`: a structured command (a slash command, or a parsed line);
- `press(who, chat, data)`: a button press carrying a versioned action (`bot.actions`);
- `suggest(who, chat, typed)`: the legal plays that match what was typed (autocomplete);
- `remember(who)`: a user the adapter saw (the directory that resolves `@handles`);
- `tick()`: reminders, losses on time and games to resume, as notices for the adapters.

The work is split by job: `progression` (apply, advance, commit), `results` (standings, ratings, match
advance), `views` (boards and the move builder), `interact` (buttons and autocomplete), and the command
handlers (`handlers`, `lobby`, `info`), dispatched through `dispatch.HANDLERS`.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import replace
from multiprocessing import get_context
from typing import ParamSpec, TypeVar

from game import GameError, Side
from renderer import Scene
from storage import (
    GameRecord,
    MatchRecord,
    NotFound,
    PlayerRecord,
    StorageError,
    Store,
    StoreUnavailable,
    VersionConflict,
)

from . import chats, commands, dice, i18n, images
from .cache import TTLCache
from .commands import Command, CommandError
from .context import Ctx, Refusal
from .gamestate import game_of, side_of
from .images import board_png
from .replies import Chat, Identity, Notice, Reply, Suggestion

log = logging.getLogger(__name__)

COMPUTER = Identity("ai", "engine", "Computer")
COMPUTER_NAMES = ("computer", "ai", "bot")  # names that mean the computer, in any case
CACHE_SECONDS = 30.0
P = ParamSpec("P")
R = TypeVar("R")


class Service:
    """Platform-neutral commands on a `storage.Store`.

    `clock` gives Unix seconds (inject a fake one for deadline tests), `seeds` a fresh secret dice seed per
    game, `render` the board PNG (`images.board_png`; None for text only). Drawing and the computer's thinking
    run off the event loop (`offload`), so it keeps serving other chats meanwhile: in `processes` worker
    processes when set (`tabla run` does: drawing then uses another core instead of holding this process's
    interpreter), else in a small thread pool (every function and argument must then be picklable, so the
    service passes module-level functions and the reader's language, never a closure).
    """

    def __init__(self, store: Store, *, clock: Callable[[], float] = time.time,
                 seeds: Callable[[], str] = dice.new_seed, render: Callable[[Scene], bytes | None] | None = board_png,
                 deadline_hours: float = 72.0, challenge_hours: float = 24.0, language: str = i18n.DEFAULT,
                 workers: int = 2, processes: int = 0) -> None:
        self.store = store
        self.clock = clock
        self.seeds = seeds
        self.render = render
        self.deadline_hours = deadline_hours
        self.challenge_hours = challenge_hours
        self.language = language
        self.invite_links: dict[str, str] = {}
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="tabla-work")
        self._processes = processes
        self._process_pool: ProcessPoolExecutor | None = None
        self._computer_id: str | None = None
        self._players: TTLCache[PlayerRecord] = TTLCache(CACHE_SECONDS)
        self._chats: TTLCache[chats.ChatSettings] = TTLCache(CACHE_SECONDS)
        self._accounts: TTLCache[PlayerRecord] = TTLCache(CACHE_SECONDS)
        self._filed: TTLCache[str] = TTLCache(CACHE_SECONDS)  # chat key → the key its records are filed under

    # --- the entry points -----------------------------------------------------------------------------

    async def handle(self, who: Identity, chat: Chat, text: str, *, command_id: str | None = None) -> Reply:
        """Parse one typed line and execute it."""
        try:
            cmd = commands.parse(text)
        except CommandError as exc:
            lang = await self.reply_language(who, chat)
            return Reply(i18n.tr(lang, exc.message, **exc.values), ok=False, private=True)
        return await self.execute(who, chat, cmd, command_id=command_id)

    async def execute(self, who: Identity, chat: Chat, cmd: Command, *, command_id: str | None = None) -> Reply:
        """Run one command and answer it."""
        from .dispatch import HANDLERS

        return await self._guarded(who, chat, command_id, lambda ctx: HANDLERS[cmd.name](self, ctx, cmd),
                                   f"/{cmd.name}")

    async def press(self, who: Identity, chat: Chat, data: str, *, command_id: str | None = None) -> Reply:
        """A button press: `data` is a packed action (`bot.actions`)."""
        from .interact import press

        return await self._guarded(who, chat, command_id, lambda ctx: press(self, ctx, data), "press")

    async def suggest(self, who: Identity, chat: Chat, typed: str, game: str | None = None) -> list[Suggestion]:
        """The caller's legal plays matching `typed`, best first, at most 25 (empty when not their turn)."""
        from .interact import suggest

        try:
            ctx = await self.context(who, chat, None)
            return await suggest(self, ctx, typed, game)
        except (Refusal, GameError, StorageError, CommandError):
            return []
        except Exception:
            log.exception("autocomplete failed: %r", typed[:100])
            return []

    async def remember(self, who: Identity) -> None:
        """Record a user the adapter saw: their account, name and handle (for `/challenge @handle`)."""
        try:
            await self._ensure(who)
        except StorageError:
            log.warning("could not remember %s:%s", who.platform, who.user_id)

    async def chat_moved(self, old: Chat, new: Chat) -> None:
        """Chat `old` goes on as `new` (a Telegram group upgraded to a supergroup): from now on `new` is filed
        under `old` (`filed_chat`), so its games, matches, challenges, standings and settings carry on."""
        try:
            await self.store.chats.alias(new.key, old.key)
        except StorageError:
            log.warning("could not record that chat %s is now %s", old.key, new.key)
        self._filed.forget(new.key)

    async def filed_chat(self, chat: Chat) -> Chat:
        """The chat under which `chat`'s records are kept: itself, or the chat it continues (`chat_moved`).
        Remembered for `CACHE_SECONDS`: a move recorded by another process shows here within that time."""
        try:
            key = await self._filed.get(chat.key, self.store.chats.resolve)
        except StorageError:
            return chat
        if key == chat.key:
            return chat
        return replace(Chat.from_key(key), private=chat.private)

    async def tick(self, limit: int = 100) -> list[Notice]:
        """Reminders and losses on time that are due now, and games left waiting on the service by an outage
        (`bot.resume`), as notices to post."""
        from .deadlines import tick
        from .resume import resume

        notices = await tick(self, limit)
        try:
            notices += await resume(self)
        except StorageError:
            log.warning("could not look for games to resume; the store does not answer")
        return notices

    async def resume(self) -> list[Notice]:
        """Every game left waiting on the service (the computer to move, a forced play, a next game): at
        start-up, before the periodic `tick`."""
        from .resume import resume

        return await resume(self, grace=0.0)

    async def offload(self, fn: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """Run CPU work (drawing, the computer's thinking) in the worker processes or threads, off the loop.

        A worker process that dies is replaced, and the work is done once more in a thread.
        """
        loop = asyncio.get_running_loop()
        call = functools.partial(fn, *args, **kwargs)
        if self._processes > 0:
            if self._process_pool is None:
                self._process_pool = ProcessPoolExecutor(self._processes, mp_context=get_context("spawn"),
                                                         initializer=images.prepare_worker)
            try:
                return await loop.run_in_executor(self._process_pool, call)
            except BrokenProcessPool:
                log.warning("a worker process died; starting new ones")
                self._process_pool = None
        return await loop.run_in_executor(self._pool, call)

    def close(self) -> None:
        """Stop the worker threads and processes (work in flight finishes)."""
        self._pool.shutdown(wait=True)
        if self._process_pool is not None:
            self._process_pool.shutdown(wait=True)

    # --- callers ----------------------------------------------------------------------------------------

    async def context(self, who: Identity, chat: Chat, command_id: str | None) -> Ctx:
        """The caller's player record (created on first sight) and reply language."""
        player = await self._ensure(who)
        lang = player.language
        if lang is None:
            lang = (await self.chat_settings(chat.key)).language or who.language
        return Ctx(who, chat, player, i18n.choose(lang, who.language, default=self.language), command_id)

    async def _ensure(self, who: Identity) -> PlayerRecord:
        name = clean_name(who.name)
        if name.lower() in COMPUTER_NAMES and (who.platform, who.user_id) != (COMPUTER.platform, COMPUTER.user_id):
            name = f"{name} (player)"  # only the computer is called Computer
        player = await self.store.players.ensure(who.platform, who.user_id, name)
        if who.username:
            await self.store.directory.remember(who.platform, who.username, who.user_id)
        return player

    async def reply_language(self, who: Identity, chat: Chat) -> str:
        """The language to answer `who` in (their choice, the chat's, their platform's, the default); never
        raises (adapters use it for their own refusals)."""
        try:
            return (await self.context(who, chat, None)).lang
        except Exception:
            return i18n.choose(who.language, default=self.language)

    async def _guarded(self, who: Identity, chat: Chat, command_id: str | None,
                       run: Callable[[Ctx], Awaitable[Reply]], what: str) -> Reply:
        lang = i18n.choose(who.language, default=self.language)
        try:
            ctx = await self.context(who, chat, command_id)
            lang = ctx.lang
            return await run(ctx)
        except (Refusal, CommandError) as exc:
            return Reply(i18n.tr(lang, exc.message, **exc.values), ok=False, private=True)
        except GameError as exc:
            return Reply(i18n.game_error(lang, exc), ok=False, private=True)
        except StoreUnavailable:
            return Reply(i18n.tr(lang, "The game store is not answering; nothing was changed. Try again soon."),
                         ok=False, private=True)
        except VersionConflict:
            return Reply(i18n.tr(lang, "The game moved on while I was answering; nothing was changed. /board "
                                       "shows it now."), ok=False, private=True)
        except Exception:
            log.exception("%s failed", what)
            return Reply(i18n.tr(lang, "Something went wrong on my side; please try again."), ok=False,
                         private=True)

    async def resolve(self, ctx: Ctx, cmd: Command) -> PlayerRecord | None:
        """The player a command names: resolved by the front end, or a handle looked up in the directory.

        :raises Refusal: a handle nobody here has used.
        """
        if cmd.player is not None:
            if cmd.player.user_id == COMPUTER.user_id and cmd.player.platform == COMPUTER.platform:
                return await self.player(await self.computer_id())
            return await self._ensure(cmd.player)
        if cmd.target is None:
            return None
        if cmd.target.lower() in COMPUTER_NAMES:
            return await self.player(await self.computer_id())
        user_id = await self.store.directory.lookup(ctx.chat.platform, cmd.target)
        found = await self.store.players.find(ctx.chat.platform, user_id) if user_id else None
        if found is None:
            raise Refusal("I do not know @{name} yet: ask them to write something in this chat, or reply to "
                          "one of their messages with the command.", name=cmd.target)
        return found

    # --- players and games ----------------------------------------------------------------------------

    async def computer_id(self) -> str:
        if self._computer_id is None:
            record = await self.store.players.ensure(COMPUTER.platform, COMPUTER.user_id, COMPUTER.name)
            self._computer_id = record.id
        return self._computer_id

    async def computer_sides(self, record: GameRecord | MatchRecord) -> set[Side]:
        ai = await self.computer_id()
        return {side_of(i) for i, p in enumerate(record.players) if p == ai}

    async def player(self, pid: str) -> PlayerRecord:
        """A player's record, remembered for `CACHE_SECONDS` (names shown on boards may lag that much).

        :raises NotFound: no such player.
        """
        return await self._players.get(pid, self.store.players.get)

    async def names(self, record: GameRecord | MatchRecord) -> dict[Side, str]:
        out = {}
        for i, pid in enumerate(record.players):
            try:
                out[side_of(i)] = (await self.player(pid)).name
            except NotFound:
                out[side_of(i)] = "?"
        return out

    async def find_game(self, ctx: Ctx, ref: str | None, *, shared_when_over: bool = False) -> GameRecord:
        """The game `ref` names, or the caller's only active game in this chat, or else the caller's game that
        ended last here (so /board, /history and /verify right after the end show it).

        A game is shown only in its own chat, and privately (a direct chat with the bot) to its players; with
        `shared_when_over`, a finished game's players may show it anywhere (a replay to share).

        :raises Refusal: no such game, another chat's, none here, or several and no id.
        """
        if ref is not None:
            try:
                record = await self.store.games.get(ref)
            except NotFound:
                raise Refusal("There is no game #{id}; /games lists yours.", id=ref) from None
            if record.chat != ctx.chat.key:
                mine = ctx.player.id in record.players
                if not (mine and (ctx.chat.private or (shared_when_over and record.result is not None))):
                    raise Refusal("Game #{id} is played in another chat; it is shown only there (and privately "
                                  "to its players).", id=ref)
            return record
        games = []
        for gid in await self.store.games.active_for(ctx.player.id):
            try:
                record = await self.store.games.get(gid)
            except NotFound:
                continue
            if record.chat == ctx.chat.key:
                games.append(record)
        if not games:
            last = await self.store.preferences.get(ctx.player.id, last_game_key(ctx.chat.key))
            if last is not None:
                with contextlib.suppress(NotFound):
                    return await self.store.games.get(last)
            raise Refusal("You have no game in this chat. Start one with /challenge or /play ai.")
        if len(games) > 1:
            ids = " ".join(f"#{g.id}" for g in games)
            raise Refusal("You have several games here ({ids}); add the id, for example /board {first}.",
                          ids=ids, first=games[0].id)
        return games[0]

    def player_side(self, ctx: Ctx, record: GameRecord) -> Side:
        """The caller's side in `record`.

        :raises Refusal: the caller does not play in it.
        """
        if ctx.player.id not in record.players:
            raise Refusal("You are not playing in game #{id}.", id=record.id)
        if record.players[0] == record.players[1]:
            return game_of(record).position.turn
        return side_of(record.players.index(ctx.player.id))

    async def chat_settings(self, chat_key: str) -> chats.ChatSettings:
        """A chat's settings, remembered for `CACHE_SECONDS` (another process's change may lag that much)."""
        return await self._chats.get(chat_key, self.store.chats.get)

    async def save_chat_settings(self, chat: Chat, *, language: str | None = None,
                                 deadline_hours: float | None = None) -> None:
        """Change a chat's settings; this process sees the change at once."""
        await chats.save(self.store, chat, language=language, deadline_hours=deadline_hours)
        self._chats.forget(chat.key)

    def forget_player(self, pid: str) -> None:
        """Drop a cached player record after a change made here."""
        self._players.forget(pid)
        self._accounts.clear()

    async def deadline_hours_for(self, chat_key: str | None) -> float:
        if chat_key is None:
            return self.deadline_hours
        return (await self.chat_settings(chat_key)).deadline_hours or self.deadline_hours


def last_game_key(chat_key: str) -> str:
    """The preference that remembers a player's game that ended last in a chat."""
    return f"last:{chat_key}"


def clean_name(name: str) -> str:
    """A display name without control characters, at most 40 characters."""
    cleaned = "".join(ch for ch in name if ch.isprintable()).strip()[:40]
    return cleaned or "player"


def ids(items: Sequence[str]) -> str:
    return " ".join(f"#{i}" for i in items)


__all__ = ["COMPUTER", "Reply", "Service", "StorageError"]
