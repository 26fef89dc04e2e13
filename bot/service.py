"""The game service: where a chat's commands, button presses and autocomplete queries become state changes
and replies. It is the one place that decides; adapters only translate.

Entry points (none raises: every refusal and failure becomes a short reply in the caller's language that says
why and changes nothing); each takes the `Caller` (who, which chat, which update):

- `handle(caller, text)`: a typed line, parsed into a `Command` and executed;
- `execute(caller, command)`: a structured command (a slash command, or a parsed line);
- `press(caller, data)`: a button press carrying a versioned action (`bot.actions`);
- `suggest(caller, typed)`: the legal plays that match what was typed (autocomplete);
- `page_view(visitor, game_id)`, `page_press(visitor, data)`, `page_export`, `page_version`, `page_replay`: the
  board page's (`bot.web.seam.PageSeam`);
- `remember(who)`: a user the adapter saw (the directory that resolves `@handles`);
- `tick()`: reminders, losses on time and games to resume, as notices for the adapters.

`Service` is the toolkit `bot.core.Core` (what every job takes) plus these entry points; the work is split by
job: `progression` (apply, advance, commit), `results` (standings, ratings, match advance), `views` (boards
and the move builder), `interact` (buttons and autocomplete), `deadlines`, `resume`, and the command handlers
(`handlers`, `lobby`, `rematch`, `vacation`, `info`), dispatched through `dispatch.HANDLERS`. Only this
module imports them all.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from game import GameError
from storage import (
    BoardRepository,
    CardRepository,
    GameRecord,
    NotFound,
    StorageError,
    StoreUnavailable,
    VersionConflict,
)

from . import (
    commands,
    deadlines,
    export,
    i18n,
    interact,
    matches,
    resume,
    standings,
    tournament_page,
    tournaments,
    words,
)
from .boardpage import replaying, viewing
from .boardpage.links import PageLinks
from .boardpage.replay_view import ReplayView
from .boardpage.tournament_view import TournamentPage
from .boardpage.view import PagePress, PageView, Visitor
from .commands import Command, CommandError
from .context import Ctx, Refusal
from .core import COMPUTER, Core
from .dispatch import HANDLERS
from .replies import Caller, Chat, Document, Identity, Notice, Reply, Suggestion

log = logging.getLogger(__name__)


class Service(Core):
    """The facade the adapters call: the entry points above, on the `Core` toolkit (see there for the
    constructor's arguments)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.match_over = tournaments.match_over  # a finished match counts in its tournament (`bot.results`)

    @property
    def boards(self) -> BoardRepository:
        """Each match's last board per platform, which the adapters retire (`storage.boards`)."""
        return self.store.boards

    @property
    def cards(self) -> CardRepository:
        """Telegram's inline challenge cards (`storage.cards`)."""
        return self.store.cards

    def page_links(self, web_url: str, *, secret: str | None = None, app_name: str | None = None) -> PageLinks:
        """The board page's buttons for the adapters' boards (`bot.boardpage.links`), reading what they need from the
        store, which the adapters never see."""
        return PageLinks(web_url, self.store, secret=secret, app_name=app_name, language=self.language)

    async def page_view(self, caller: Visitor, game_id: str) -> PageView | None:
        """The board page's view of one game for one visitor, from one read (`bot.boardpage.viewing`); None when
        there is no such game."""
        return await viewing.page_view(self, caller, game_id)

    async def page_press(self, caller: Visitor, data: str) -> PagePress | None:
        """A press on the board page: `data` is the button's packed action (`PageView.confirm`, `.cube`), made for
        the visitor in the game's chat from one read of the game (`bot.boardpage.viewing.press`); None when there
        is no such game."""
        async def run(who: Caller, data: str, record: GameRecord) -> Reply:
            return await self._guarded(who, lambda ctx: interact.press(self, ctx, data, record), "page press")

        return await viewing.press(self, caller, data, run)

    async def page_export(self, view: PageView, whole: bool) -> Document:
        """The file of the game `view` shows (or its match's, `whole`), in the visitor's language."""
        if view.record is None or view.refused is not None:
            raise ValueError("a refused view has no file")
        return await export.document_for(self, view.record, view.lang, whole)

    async def page_version(self, game_id: str) -> tuple[int, bool] | None:
        """A game's version and whether it is over, for the page's live updates; None when there is none."""
        try:
            record = await self.store.games.get(game_id)
        except NotFound:
            return None
        return record.version, record.result is not None

    async def page_replay(self, caller: Visitor, game_id: str) -> ReplayView | None:
        """The replay of a finished game as one visitor may see it, from one read of the game and its log
        (`bot.boardpage.replaying`); None when there is no such game."""
        return await replaying.page_replay(self, caller, game_id)

    async def handle(self, caller: Caller, text: str) -> Reply:
        """Parse one typed line and execute it."""
        try:
            cmd = commands.parse(text)
        except CommandError as exc:
            lang = await self.reply_language(caller.who, caller.chat)
            return Reply(i18n.tr(lang, exc.message, **exc.values), ok=False, private=True)
        return await self.execute(caller, cmd)

    async def execute(self, caller: Caller, cmd: Command) -> Reply:
        """Run one command and answer it."""
        return await self._guarded(caller, lambda ctx: HANDLERS[cmd.name](self, ctx, cmd), f"/{cmd.name}")

    async def press(self, caller: Caller, data: str) -> Reply:
        """A button press: `data` is a packed action (`bot.actions`)."""
        return await self._guarded(caller, lambda ctx: interact.press(self, ctx, data), "press")

    async def suggest(self, caller: Caller, typed: str, game: str | None = None) -> list[Suggestion]:
        """The caller's legal plays matching `typed`, best first, at most 25 (empty when not their turn)."""
        try:
            ctx = await self.context(caller)
            return await interact.suggest(self, ctx, typed, game)
        except (Refusal, GameError, StorageError, CommandError):
            return []
        except Exception:
            log.exception("autocomplete failed: %r", typed[:100])
            return []

    async def remember(self, who: Identity) -> None:
        """Record a user the adapter saw: their account, name and handle (for `/challenge @handle`)."""
        try:
            await self.ensure(who)
        except StorageError:
            log.warning("could not remember %s:%s", who.platform, who.user_id)

    async def card_posted(self, chat: Chat, message_id: str) -> str | None:
        """The adapter posted a `Reply.card` (`/standings pin`) as `message_id` in `chat`: the chat's standings
        card from now on, edited after each result; returns the id of the card it replaces (to unpin), if any. A
        failure to record it is logged: the card stays a picture."""
        try:
            return await standings.card_posted(self, chat, message_id)
        except StorageError:
            log.warning("could not record the standings card of %s", chat.key)
            return None

    async def table_posted(self, chat: Chat, tournament: str, message_id: str) -> None:
        """The adapter posted a `Reply.table` as `message_id` in `chat`: the tournament's table picture there,
        edited after each result. A failure to record it is logged: later tables are posted anew."""
        try:
            await tournaments.table_posted(self, chat, tournament, message_id)
        except StorageError:
            log.warning("could not record the table of tournament %s", tournament)

    async def page_tournament(self, caller: Visitor, tournament: str, lang: str | None
                              ) -> TournamentPage | None:
        """What the board page shows of a tournament for `caller` (their matches marked; in their language, else
        `lang`): its table or bracket and the matches going on (`bot.tournament_page`); None for no such
        tournament."""
        return await tournament_page.for_visitor(self, caller, tournament, lang)

    async def tick(self, limit: int = 100) -> list[Notice]:
        """Reminders and losses on time that are due now, and games left waiting on the service by an outage
        (`bot.resume`; a match left without its first game gets it first, `matches.repair`), as notices to post.

        :raises StoreUnavailable: the store does not answer (the deadline loop probes it until it does).
        """
        notices = await deadlines.tick(self, limit)
        await matches.repair(self)
        return notices + await resume.resume(self)

    async def resume(self, before: float | None = None) -> list[Notice]:
        """Every game left waiting on the service (the computer to move, a forced play, a next game): at
        start-up, before the periodic `tick`, and when the store answers again after an outage (the games
        marked by `before`, when it was seen answering again); and the tournaments' pairings claimed for a
        match that was never created (`tournaments.repair`); first, the matches a crash left without their first
        game get it (`matches.repair`), for the resume to begin.

        :raises StoreUnavailable: the store does not answer.
        """
        await matches.repair(self)
        return await resume.resume(self, grace=0.0, before=before) + await tournaments.repair(self)

    @property
    def settle_seconds(self) -> float:
        """How long a command in flight may still take to store its first step after marking its game (two
        storage calls, each bounded by the store's operation timeout)."""
        return 2 * self.store.operation_timeout

    async def probe(self) -> None:
        """Whether the store answers.

        :raises StoreUnavailable: it does not.
        """
        await self.store.ping()

    async def _guarded(self, caller: Caller, run: Callable[[Ctx], Awaitable[Reply]], what: str) -> Reply:
        """`run` for the caller, every failure a reply.

        A redelivered update (N3: its command id was seen before, which `context` learns before any other
        check) that would now be refused is marked `repeat`, so the adapter stays silent rather than answer
        "not your turn" to a move it applied the first time; one that still succeeds (the first delivery never
        got as far as a change) is answered as the first time. A game change applies once whatever happens, by
        its command id (`progression.command_id`).
        """
        try:
            ctx = await self.context(caller)
        except Exception as exc:
            return self._failure(i18n.choose(caller.language, default=self.language), exc, what)
        try:
            reply = await run(ctx)
        except Exception as exc:
            if isinstance(exc, StoreUnavailable):
                self.store_silent()
            reply = self._failure(ctx.lang, exc, what)
        return replace(reply, repeat=True) if ctx.repeat and not reply.ok else reply

    @staticmethod
    def _failure(lang: str, exc: Exception, what: str) -> Reply:
        """The reply to a command that raised `exc`: what a player may be told of it."""
        if isinstance(exc, Refusal | CommandError):
            return Reply(i18n.tr(lang, exc.message, **exc.values), ok=False, private=True)
        if isinstance(exc, GameError):
            return Reply(words.game_error(lang, exc), ok=False, private=True)
        if isinstance(exc, StoreUnavailable):
            return Reply(i18n.tr(lang, "The game store is not answering; nothing was changed. Try again soon."),
                         ok=False, private=True)
        if isinstance(exc, VersionConflict):
            return Reply(i18n.tr(lang, "The game moved on while I was answering; nothing was changed. /board "
                                       "shows it now."), ok=False, private=True)
        log.error("%s failed", what, exc_info=exc)
        return Reply(i18n.tr(lang, "Something went wrong on my side; please try again."), ok=False, private=True)


__all__ = ["COMPUTER", "Caller", "Reply", "Service", "StorageError"]
