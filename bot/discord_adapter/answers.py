"""Answering interactions: one service call per interaction, its reply sent the way Discord expects.

Discord drops an interaction that is not answered within 3 seconds. The service call starts at once; if it
has not answered after `DEFER_AFTER` seconds (a slow board, a busy store), the interaction is deferred and the
reply follows when it comes. A quick reply is sent as the interaction's response (one request).

- a private reply is ephemeral (only the caller sees it: refusals, the move builder, `/games`);
- a reply with `delivery="update"` (a builder step) edits the message whose button was pressed;
- a public reply to a press (the board after the builder's confirm, a game after Accept) retires the pressed
  message's buttons and is posted in the channel as a follow-up.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable

import discord
from discord.app_commands import Choice
from discord.utils import MISSING

from storage import StorageError

from .. import i18n
from ..boardpage import tournament_link as tournament
from ..boardpage.links import PageLinks
from ..commands import Command
from ..replies import Caller, Reply
from . import people
from .boards import LastBoards
from .messages import Outgoing, outgoing, with_link, with_press
from .people import Interaction
from .seam import Seam

log = logging.getLogger(__name__)

DEFER_AFTER = 1.5
SUGGEST_WITHIN = 2.5
MAX_CHOICES = 25


BROKEN = "Something went wrong on my side; please try again."
INCOMPLETE = "That command did not arrive complete; please choose its options again."
UNKNOWN_BUTTON = "I do not recognise that button; /board shows your game."  # not one of ours: never "out of date"
NO_PAGE = "The board page is not open on this bot now; /tournament table posts the table here."


def say(interaction: Interaction, message: str) -> Reply:
    """A private refusal in the caller's client language (for errors that never reach the service)."""
    return Reply(i18n.tr(i18n.choose(people.language_of(interaction.locale)), message), private=True, ok=False)


def caller(interaction: Interaction) -> Caller:
    """Who pressed or typed, where, and the interaction's id (a redelivered interaction carries the same)."""
    return Caller(people.caller(interaction), people.chat(interaction), str(interaction.id), people.admin(interaction))


class Answers:
    """Runs interactions through the service and sends its replies."""

    def __init__(self, service: Seam, page: PageLinks | None = None) -> None:
        self.service = service
        self.boards = LastBoards(service.boards)
        self.page = page

    async def command(self, interaction: Interaction, cmd: Command) -> None:
        """A slash command as a structured command."""
        await self.answer(interaction, self.service.execute(caller(interaction), cmd))

    async def line(self, interaction: Interaction, text: str) -> None:
        """A slash command as a typed line (options that only the text grammar can check, such as `options`)."""
        await self.answer(interaction, self.service.handle(caller(interaction), text))

    async def press(self, interaction: Interaction, data: str) -> None:
        """A press on one of our buttons: its `custom_id`, verbatim, is the action (a tournament table's page
        button is answered here: its link is signed for the presser, `bot.boardpage.tournament_link`)."""
        if (tid := tournament.pressed(data)) is not None:  # a table's page button, the bot since restarted
            if self.page is None:  # without the page (no TABLA_WEB_URL): said so, not "something went wrong"
                await self.refuse(interaction, NO_PAGE)
            else:
                await self._tournament_page(interaction, self.page, tid)
            return
        await self.answer(interaction, self.service.press(caller(interaction), data), pressed=True)

    async def _tournament_page(self, interaction: Interaction, page: PageLinks, tid: str) -> None:
        """For the presser alone: the link to tournament `tid`'s page signed for them."""
        try:
            link = await tournament.signed_button(page, people.PLATFORM, str(interaction.user.id), tid,
                                                  people.language_of(interaction.locale))
        except StorageError:
            await self.refuse(interaction, BROKEN)
            return
        out = outgoing(Reply(link.label, private=True), pings=False)
        out.view = with_link(None, link.label, link.url)
        try:
            await self._private(interaction, out, deferred=False, pressed=True)
        except discord.HTTPException as exc:
            log.warning("could not answer interaction %s: %s", interaction.id, exc)

    async def suggest(self, interaction: Interaction, typed: str, game: str | None) -> list[Choice[str]]:
        """Autocomplete of `/move play`: the service's legal plays that start like `typed`."""
        try:
            found = await asyncio.wait_for(self.service.suggest(caller(interaction), typed, game), SUGGEST_WITHIN)
        except Exception:
            log.exception("autocomplete failed for %r", typed[:50])
            return []
        return [Choice(name=(s.label or s.value)[:100], value=s.value[:100])
                for s in found[:MAX_CHOICES] if s.value]

    async def refuse(self, interaction: Interaction, message: str) -> None:
        """An ephemeral refusal in the caller's client language, whatever state the interaction is in."""
        await self.send(interaction, say(interaction, message), deferred=interaction.response.is_done(),
                        pressed=False)

    async def answer(self, interaction: Interaction, work: Awaitable[Reply], *, pressed: bool = False) -> None:
        task = asyncio.ensure_future(work)
        deferred = False
        try:
            reply = await asyncio.wait_for(asyncio.shield(task), DEFER_AFTER)
        except TimeoutError:
            deferred = True
            try:
                await interaction.response.defer(thinking=not pressed)
            except discord.HTTPException:
                log.warning("could not defer interaction %s", interaction.id)
            reply = await self._result(interaction, task)
        except Exception:
            log.exception("the service failed on interaction %s", interaction.id)
            reply = say(interaction, BROKEN)
        await self.send(interaction, reply, deferred=deferred, pressed=pressed)

    @staticmethod
    async def _result(interaction: Interaction, task: asyncio.Future[Reply]) -> Reply:
        try:
            return await task
        except Exception:
            log.exception("the service failed on interaction %s", interaction.id)
            return say(interaction, BROKEN)

    async def send(self, interaction: Interaction, reply: Reply, *, deferred: bool, pressed: bool) -> None:
        """Send `reply` as the answer to `interaction` (see the module docstring for which way)."""
        out = outgoing(reply, pings=not reply.private)
        self.replay_link(reply, out)
        if pressed and reply.private and reply.builder is not None and reply.delivery == "new":
            await self._page_link(interaction, reply.builder.game_id, out)
        if self.page is not None and reply.table is not None:  # a tournament's table: its page, signed on a press
            link = tournament.button(self.page, reply.table, people.language_of(interaction.locale))
            out.view = with_press(out.view, link.label, tournament.press_data(reply.table))
        try:
            if pressed and reply.repeat and not deferred:  # a press seen before (N3): acknowledged, no message
                await interaction.response.defer()
            elif pressed and reply.delivery == "update":
                await self._update(interaction, out, deferred=deferred)
            elif reply.private:
                await self._private(interaction, out, deferred=deferred, pressed=pressed)
            else:
                sent = await self._public(interaction, out, deferred=deferred, pressed=pressed, ok=reply.ok)
                if reply.card and sent is not None:  # the channel's standings card: edited after each result
                    await self.service.card_posted(people.chat(interaction), str(sent))
                if reply.table is not None and sent is not None:  # a tournament's table: edited after each result
                    await self.service.table_posted(people.chat(interaction), reply.table, str(sent))
        except discord.HTTPException as exc:
            log.warning("could not answer interaction %s: %s", interaction.id, exc)

    def replay_link(self, reply: Reply, out: Outgoing) -> None:
        """A finished game's review or history also offers its replay on the board page (`bot.web.links`)."""
        if self.page is not None and reply.replay is not None:
            link = self.page.replay(reply.replay, reply.lang)
            if link is not None:
                out.view = with_link(out.view, link.label, link.url)

    async def _page_link(self, interaction: Interaction, game_id: str, out: Outgoing) -> None:
        """"Make your move" also offers "Open the board": a link to the board page signed for the presser and
        the game, good until the move's deadline (`bot.boardpage.links`)."""
        if self.page is None:
            return
        try:
            link = await self.page.signed(people.PLATFORM, str(interaction.user.id), game_id,
                                          people.language_of(interaction.locale))
        except StorageError:
            return
        if link is not None:
            out.view = with_link(out.view, link.label, link.url)

    @staticmethod
    async def _update(interaction: Interaction, out: Outgoing, *, deferred: bool) -> None:
        attachments = out.files() if out.pictures else MISSING
        if deferred:
            await interaction.edit_original_response(content=out.content, view=out.view, attachments=attachments,
                                                     allowed_mentions=out.allowed_mentions)
        else:
            await interaction.response.edit_message(content=out.content, view=out.view, attachments=attachments,
                                                    allowed_mentions=out.allowed_mentions)

    @staticmethod
    async def _private(interaction: Interaction, out: Outgoing, *, deferred: bool, pressed: bool) -> None:
        if deferred and not pressed:  # the public "thinking…" message would otherwise become the reply
            with contextlib.suppress(discord.HTTPException):
                await interaction.delete_original_response()
        await _messages(interaction, out, responded=deferred, ephemeral=True)

    async def _public(self, interaction: Interaction, out: Outgoing, *, deferred: bool, pressed: bool,
                      ok: bool) -> int | None:
        message = interaction.message
        if pressed and ok and message is not None and message.components:
            # the pressed message's buttons are spent (Accept, the builder's confirm): take them away
            if deferred:
                await interaction.edit_original_response(view=None)
            else:
                await interaction.response.edit_message(view=None)
            deferred = True
        sent = await _messages(interaction, out, responded=deferred, ephemeral=False)
        await self.boards.posted(interaction.client, out, interaction.channel_id, sent)
        return sent


async def _messages(interaction: Interaction, out: Outgoing, *, responded: bool, ephemeral: bool) -> int | None:
    """Each part of `out` as a message: the first as the response unless there is one already, the others as
    follow-ups; the last part with the picture and the buttons. Returns the last message's id, if Discord said
    it."""
    sent: int | None = None
    for index, text in enumerate(out.parts):
        last = index == len(out.parts) - 1
        files = out.files() if last else []
        view = out.view if last and out.view is not None else MISSING
        if index == 0 and not responded:
            callback = await interaction.response.send_message(text, ephemeral=ephemeral, files=files, view=view,
                                                               allowed_mentions=out.allowed_mentions)
            sent = callback.message_id
        else:
            message = await interaction.followup.send(text, ephemeral=ephemeral, files=files, view=view,
                                                      allowed_mentions=out.allowed_mentions, wait=True)
            sent = message.id
    return sent
