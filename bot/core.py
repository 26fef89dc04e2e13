"""The toolkit every job module takes: the store, the clock, the caller's player record and language, names,
games, chat settings, background tasks and the worker pools (`bot.workers`) the CPU work runs in. It decides
nothing and imports no job module; the job modules (`dispatch`, `handlers`, `lobby`, `info`, `interact`,
`progression`, `results`, `resume`, `deadlines`, `matches`, `views`) take a `Core`, and `bot.service.Service`
(the facade the adapters call) is a `Core` that also dispatches to them. So nothing below the facade imports
it, and no import circle can form (`tests/test_layering.py`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import replace
from typing import Any, ParamSpec, TypeVar

from game import Side
from renderer import Scene
from storage import GameRecord, MatchRecord, NotFound, PlayerRecord, StorageError, Store

from . import chats, dice, i18n
from .cache import TTLCache
from .commands import Command
from .context import Ctx, Refusal
from .gamestate import in_private_chat, player_side, side_of
from .images import board_png
from .replies import Caller, Chat, Identity, Notice
from .words import computer_name, computer_names
from .workers import Workers

log = logging.getLogger(__name__)

COMPUTER = Identity("ai", "engine", "Computer")  # its stored record: one identity, whatever the reader speaks
CACHE_SECONDS = 30.0
HOLD_SECONDS = 30.0  # the longest a review summary waits for the notice of its game's result
P = ParamSpec("P")
R = TypeVar("R")
Notify = Callable[[Notice], Awaitable[None]]


class Core:
    """Platform-neutral helpers on a `storage.Store`, shared by every job.

    `clock` gives Unix seconds (inject a fake one for deadline tests), `seeds` a fresh secret dice seed per
    game, `render` the board PNG (`images.board_png`; None for text only). Drawing and the computer's thinking
    run off the event loop (`offload`) in `workers` (`bot.workers.Workers`: worker processes or threads), so
    it keeps serving other chats meanwhile.

    Work that follows an answer (a finished game's review, `bot.review.follow`) runs in the background
    (`spawn`): its tasks are kept here until they end, their CPU work goes through `offload_bounded` (at most
    `background_limit` jobs at once, at a lower priority: `Workers.offload_bounded`), work asked for twice
    while in flight is done once (`shared`), and what it has to say goes out through `notify` (a notice's
    deliverer: `bot.runner.serve` sets its router; None, the default, posts nothing). `settle` lets it finish
    for a while and cancels the rest; `close` cancels it.

    The caller's player record is read once per update (`context`): one Redis round trip when nothing about
    them changed (an account's player id never changes, so it is remembered; a handle is written to the
    directory when it is new here or older than `CACHE_SECONDS`).
    """

    def __init__(self, store: Store, *, clock: Callable[[], float] = time.time,
                 seeds: Callable[[], str] = dice.new_seed, render: Callable[[Scene], bytes | None] | None = board_png,
                 deadline_hours: float = 72.0, challenge_hours: float = 24.0, language: str = i18n.DEFAULT,
                 workers: Workers | None = None, max_games: int = 20) -> None:
        self.store = store
        self.clock = clock
        self.seeds = seeds
        self.render = render
        self.deadline_hours = deadline_hours
        self.challenge_hours = challenge_hours
        self.language = language
        self.max_games = max_games  # games going plus challenges open, per player (F12, `TABLA_MAX_GAMES`)
        self.invite_links: dict[str, str] = {}
        self.workers = workers or Workers()
        self.notify: Notify | None = None
        # what a finished match means beyond itself (a tournament's result): set by the facade, which imports the
        # job that knows; `bot.results` calls it with the finished match, and posts the lines it returns
        self.match_over: Callable[[Core, Ctx, MatchRecord], Awaitable[list[str]]] | None = None
        self._background: set[asyncio.Task[Any]] = set()
        self._shared: dict[str, asyncio.Task[Any]] = {}
        self._computer_id: str | None = None
        self._groups: set[str] = set()  # Discord server channels already marked as groups (`_seen_group`)
        self._players: TTLCache[PlayerRecord] = TTLCache(CACHE_SECONDS)
        self._chats: TTLCache[chats.ChatSettings] = TTLCache(CACHE_SECONDS)
        self._filed: TTLCache[str] = TTLCache(CACHE_SECONDS)  # chat key → the key its records are filed under
        self._accounts: dict[tuple[str, str], str] = {}  # (platform, user id) → player id: never changes
        self._handles: TTLCache[str] = TTLCache(CACHE_SECONDS)  # "platform:handle" → user id, written lately
        self.outage = asyncio.Event()  # set when a command found the store silent (N4: the loop looks at once)
        self._results_out: dict[str, asyncio.Event] = {}  # game → set once its result's notice is delivered
        self.woken = asyncio.Event()  # set when something falls due before the loop's next round (`wake_at`)

    def wake_at(self, when: float) -> None:
        """Have the deadline loop look at the schedule at `when` (by `clock`) rather than at its next round: a
        standings card's edit follows its result within seconds (`bot.seasons.after_result`)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        loop.call_later(max(0.0, when - self.clock()) + 0.05, self.woken.set)

    # --- outages of the store ---------------------------------------------------------------------------

    def store_silent(self) -> None:
        """A command found the store not answering: the deadline loop (`bot.runner`) probes it until it answers
        and then resumes at once the games left waiting (`bot.resume`)."""
        self.outage.set()

    # --- a result before its review -------------------------------------------------------------------

    def hold_review(self, game_id: str) -> None:
        """The result of `game_id` goes out in a notice (`Notice.ends`, a loss on time): its review summary
        waits for `result_out` (or `HOLD_SECONDS`)."""
        self._results_out.setdefault(game_id, asyncio.Event())

    def result_out(self, game_id: str) -> None:
        """The notice with the result of `game_id` was delivered (or given up on): its review may follow."""
        held = self._results_out.pop(game_id, None)
        if held is not None:
            held.set()

    async def result_delivered(self, game_id: str) -> None:
        """Wait until the result of `game_id` is out, when it goes out in a notice; at most `HOLD_SECONDS`."""
        held = self._results_out.get(game_id)
        if held is None:
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(held.wait(), HOLD_SECONDS)
        self._results_out.pop(game_id, None)

    # --- work off the event loop ------------------------------------------------------------------------

    async def offload(self, fn: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """Run CPU work (drawing, the computer's thinking) off the loop (`Workers.offload`)."""
        return await self.workers.offload(fn, *args, **kwargs)

    async def offload_bounded(self, fn: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """Run background CPU work (a review) off the loop, a few at once (`Workers.offload_bounded`)."""
        return await self.workers.offload_bounded(fn, *args, **kwargs)

    @property
    def background_limit(self) -> int:
        """How many background jobs run at once (`Workers.background_limit`)."""
        return self.workers.background_limit

    # --- background work ----------------------------------------------------------------------------------

    def spawn(self, work: Coroutine[Any, Any, None], name: str) -> asyncio.Task[None]:
        """Run `work` in the background, kept referenced until it ends; an error it lets out is logged."""
        task = asyncio.create_task(work, name=name)
        self._keep(task, report=True)
        return task

    async def shared(self, key: str, make: Callable[[], Coroutine[Any, Any, R]]) -> R:
        """The result of `make()`, run once for `key` while in flight: a second caller meanwhile waits for the
        same task (a caller that gives up does not cancel it for the others)."""
        task = self._shared.get(key)
        if task is None:
            task = asyncio.create_task(make(), name=f"tabla-{key}")
            self._shared[key] = task
            self._keep(task, report=False)

            def forget(done: asyncio.Task[Any]) -> None:
                if self._shared.get(key) is done:
                    del self._shared[key]

            task.add_done_callback(forget)
        result: R = await asyncio.shield(task)
        return result

    def _keep(self, task: asyncio.Task[Any], *, report: bool) -> None:
        self._background.add(task)

        def ended(done: asyncio.Task[Any]) -> None:
            self._background.discard(done)
            if done.cancelled():
                return
            exc = done.exception()  # retrieved here, so a shared task's failure is not reported twice
            if exc is not None and report:
                log.error("background task %s failed", done.get_name(), exc_info=exc)

        task.add_done_callback(ended)

    @property
    def background(self) -> int:
        """How many background tasks are running or waiting."""
        return len(self._background)

    async def settle(self, seconds: float) -> None:
        """Let the background work finish for at most `seconds`, then cancel what is left and wait for it."""
        if self._background:
            await asyncio.wait(set(self._background), timeout=seconds)
        left = set(self._background)
        for task in left:
            task.cancel()
        if left:
            await asyncio.gather(*left, return_exceptions=True)

    def close(self) -> None:
        """Cancel the background work and stop the worker threads and processes (work already running in them
        finishes; work still queued there is dropped)."""
        for task in list(self._background):
            task.cancel()
        self.workers.close()

    # --- callers ----------------------------------------------------------------------------------------

    async def context(self, caller: Caller) -> Ctx:
        """The caller's player record (created on first sight), reply language, and whether the update was seen
        before (`Ctx.repeat`: its command id came already, N3)."""
        player, first = await self._read(caller.who, caller.command_id)
        await self._seen_group(caller.chat)
        lang = player.language
        if lang is None:
            lang = (await self.chat_settings(caller.chat.key)).language or caller.language
        return Ctx(caller.who, caller.chat, player, i18n.choose(lang, caller.language, default=self.language),
                   caller.command_id, repeat=not first, admin=caller.admin)

    async def private_chat(self, record: GameRecord) -> bool:
        """Whether `record` is played in a private chat with the bot (`gamestate.in_private_chat`), asking the
        store whether a Discord chat is a server channel (a direct message's key looks the same)."""
        if not (record.chat or "").startswith("discord:"):
            return in_private_chat(record)
        return in_private_chat(record, group=await self.store.chats.is_group(record.chat or ""))

    async def _seen_group(self, chat: Chat) -> None:
        """Mark a Discord server channel as a group once per process (its games may be watched, P5)."""
        if chat.platform == "discord" and not chat.private and chat.key not in self._groups:
            await self.store.chats.mark_group(chat.key)
            self._groups.add(chat.key)

    async def ensure(self, who: Identity) -> PlayerRecord:
        """`who`'s player record, created on first sight, their display name and handle kept up to date."""
        return (await self._read(who, None))[0]

    async def _read(self, who: Identity, update: str | None) -> tuple[PlayerRecord, bool]:
        """`ensure`, and whether `update` (a command id) is seen for the first time: one round trip when the
        account is known here and nothing about the caller changed."""
        name = clean_name(who.name)
        if name.lower() in computer_names() and (who.platform, who.user_id) != (COMPUTER.platform, COMPUTER.user_id):
            name = f"{name} (player)"  # only the computer is called Computer
        account = (who.platform, who.user_id)
        known = self._accounts.get(account)
        player: PlayerRecord | None = None
        first: bool | None = None
        if known is not None:
            if update is None:
                with contextlib.suppress(NotFound):
                    player = await self.store.players.get(known)
            else:
                player, first = await self.store.players.read_update(known, update, now=self.clock())
        if player is None or player.name != name:
            player = await self.store.players.ensure(who.platform, who.user_id, name)
            if len(self._accounts) >= 100_000:
                self._accounts.clear()
            self._accounts[account] = player.id
        if first is None:
            first = update is None or await self.store.players.first_sight(player.id, update)
        if who.username:
            await self._handles.get(f"{who.platform}:{who.username.lower()}:{who.user_id}",
                                    lambda _: self._remember_handle(who))
        return player, first

    async def _remember_handle(self, who: Identity) -> str:
        assert who.username is not None
        await self.store.directory.remember(who.platform, who.username, who.user_id)
        return who.user_id

    async def reply_language(self, who: Identity, chat: Chat) -> str:
        """The language to answer `who` in (their choice, the chat's, their platform's, the default); never
        raises (adapters use it for their own refusals)."""
        try:
            return (await self.context(Caller(who, chat))).lang
        except Exception:
            return i18n.choose(who.language, default=self.language)

    async def resolve(self, ctx: Ctx, cmd: Command) -> PlayerRecord | None:
        """The player a command names: resolved by the front end, or a handle looked up in the directory.

        :raises Refusal: a handle nobody here has used.
        """
        if cmd.player is not None:
            if cmd.player.user_id == COMPUTER.user_id and cmd.player.platform == COMPUTER.platform:
                return await self.player(await self.computer_id())
            return await self.ensure(cmd.player)
        if cmd.target is None:
            return None
        if cmd.target.lower() in computer_names():
            return await self.player(await self.computer_id())
        user_id = await self.store.directory.lookup(ctx.chat.platform, cmd.target)
        found = await self.store.players.find(ctx.chat.platform, user_id) if user_id else None
        if found is None:
            raise Refusal("I do not know @{name} yet: ask them to write something in this chat, or reply to "
                          "one of their messages with the command.", name=cmd.target)
        return found

    # --- chats ------------------------------------------------------------------------------------------

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

    async def chat_settings(self, chat_key: str) -> chats.ChatSettings:
        """A chat's settings, remembered for `CACHE_SECONDS` (another process's change may lag that much)."""
        return await self._chats.get(chat_key, self.store.chats.get)

    async def save_chat_settings(self, chat: Chat, *, language: str | None = None,
                                 deadline_hours: float | None = None) -> None:
        """Change a chat's settings; this process sees the change at once."""
        await chats.save(self.store, chat, language=language, deadline_hours=deadline_hours)
        self._chats.forget(chat.key)

    async def deadline_hours_for(self, chat_key: str | None) -> float:
        if chat_key is None:
            return self.deadline_hours
        return (await self.chat_settings(chat_key)).deadline_hours or self.deadline_hours

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

    def forget_player(self, pid: str) -> None:
        """Drop a cached player record after a change made here."""
        self._players.forget(pid)

    async def names(self, record: GameRecord | MatchRecord, lang: str | None = None) -> dict[Side, str]:
        """The players' names as a reader of `lang` sees them (`shown_name`; the default language if None)."""
        out = {}
        for i, pid in enumerate(record.players):
            try:
                out[side_of(i)] = self.shown_name(await self.player(pid), lang or self.language)
            except NotFound:
                out[side_of(i)] = "?"
        return out

    @staticmethod
    def shown_name(player: PlayerRecord, lang: str) -> str:
        """A player's name as a reader of `lang` sees it: the computer's in `lang` ("Компютър", "Υπολογιστής"),
        anyone else's as they wrote it. The stored record keeps the language-neutral identity."""
        if (player.platform, player.platform_user_id) == (COMPUTER.platform, COMPUTER.user_id):
            return computer_name(lang)
        return player.name

    async def find_game(self, ctx: Ctx, ref: str | None, *, shared_when_over: bool = False,
                        watching: bool = False) -> GameRecord:
        """The game `ref` names, or the caller's only active game in this chat, or else the caller's game that
        ended last here (so /board, /history and /verify right after the end show it).

        A game is shown only in its own chat, and privately (a direct chat with the bot) to its players; with
        `shared_when_over`, a finished game's players may show it anywhere (a replay to share); with `watching`
        (`/board <id>`), a group's game may be shown anywhere, a private chat's only to its players (P5).

        :raises Refusal: no such game, another chat's, none here, or several and no id.
        """
        if ref is not None:
            try:
                record = await self.store.games.get(ref)
            except NotFound:
                raise Refusal("There is no game #{id}; /games lists yours.", id=ref) from None
            if record.chat != ctx.chat.key:
                mine = ctx.player.id in record.players
                watched = watching and not await self.private_chat(record)
                shared = shared_when_over and record.result is not None
                if not watched and not (mine and (ctx.chat.private or shared)):
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
            last = await self.store.preferences.last_game(ctx.player.id, ctx.chat.key)
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
        side = player_side(record, ctx.player.id)
        if side is None:
            raise Refusal("You are not playing in game #{id}.", id=record.id)
        return side


def clean_name(name: str) -> str:
    """A display name without control characters, at most 40 characters."""
    cleaned = "".join(ch for ch in name if ch.isprintable()).strip()[:40]
    return cleaned or "player"
