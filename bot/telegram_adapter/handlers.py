"""The router: each kind of update to the service call it stands for, and the reply back to the chat.

- a message: a command line (`Service.handle`, or `execute` with the player Telegram resolved), answered in the
  chat as a reply to it; a private answer to a group command goes by direct message when the player has
  started the bot, else in the group;
- a button press: `Service.press` with the button's data verbatim; a refusal is a toast, a builder step edits
  the pressed message, a short private answer is a toast and a longer one (a board) a direct message, anything
  else is a new message in the chat (a new board retires the old keyboard; an answered challenge loses its
  buttons);
- an inline query, a card sent through inline mode, a tap on a card: `inline.py`;
- a group upgraded to a supergroup: the supergroup goes on as the group (`Service.chat_moved`): its games,
  challenges, standings and settings carry on;
- anything else (edits, channel posts, member updates, updates we cannot read): ignored and logged.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import replace

from telegram import CallbackQuery, Message, Update
from telegram import Chat as TgChat
from telegram.error import TelegramError
from telegram.ext import ContextTypes

from .. import i18n
from ..actions import Action, ActionError, Verb
from ..commands import CommandError, parse
from ..replies import Caller, Chat, Reply
from .incoming import PLATFORM, chat_of, identity, seen_users, typed
from .inline import Inline, is_card
from .post import Poster
from .render import TOAST_LIMIT
from .seam import Seam

log = logging.getLogger(__name__)
SORRY = "Something went wrong on my side; please try again."


def _asks_admin(text: str) -> bool:
    """A line whose caller's standing in the group matters: `/season monthly|quarterly|off` (admins only),
    `/tournament start|cancel|remove` (the director or an admin)."""
    try:
        cmd = parse(text)
    except CommandError:
        return False
    return (cmd.name == "season" and cmd.value is not None) or (cmd.name == "tournament"
                                                                and cmd.value in ("start", "cancel", "remove"))


class Router:
    """Routes updates for the bot `bot_id` (`@bot_username`)."""

    def __init__(self, service: Seam, poster: Poster, inline: Inline) -> None:
        self.service = service
        self.poster = poster
        self.inline = inline
        self.bot_id = 0
        self.bot_username = ""

    async def dispatch(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        try:
            await self.route(update)
        except TelegramError:
            raise
        except Exception:  # never a traceback in the chat: a short apology, the details in the log
            log.exception("telegram: update %s failed", update.update_id)
            await self.apologise(update)

    async def apologise(self, update: Update) -> None:
        user = update.effective_user
        text = i18n.tr(i18n.choose(user.language_code if user else None), SORRY)
        with contextlib.suppress(TelegramError):
            if update.callback_query is not None:
                await self.poster.toast(update.callback_query.id, text)
            elif update.message is not None:
                await self.poster.post(update.message.chat.id, Reply(text, ok=False),
                                       reply_to=update.message.message_id)

    async def route(self, update: Update) -> None:
        if update.message is not None:
            await self.message(update.message)
        elif update.callback_query is not None:
            await self.callback(update.callback_query)
        elif update.inline_query is not None:
            await self.inline.answer(update.inline_query)
        elif update.chosen_inline_result is not None:
            log.debug("card chosen: %s", update.chosen_inline_result.result_id)
        else:
            log.info("ignoring update %s of a kind we do not serve: %s", update.update_id,
                     ",".join(k for k, v in update.to_dict().items() if k != "update_id" and v) or "empty")

    async def message(self, message: Message) -> None:
        if message.migrate_from_chat_id is not None or message.migrate_to_chat_id is not None:
            await self.migrated(message)
            return
        if message.via_bot is not None:
            if message.via_bot.id == self.bot_id:
                await self.inline.posted(message)
            return
        line = typed(message, self.bot_username)
        if line is None or message.from_user is None:
            return
        who = identity(message.from_user)
        chat = await self.filed(message.chat)
        for user in seen_users(message):
            if user.id != message.from_user.id:  # the author's record is read once, by the command below
                await self.service.remember(identity(user))
        admin = None
        if not chat.private and _asks_admin(line.text):  # what only the group's admins (or a director) may do
            admin = await self.poster.is_admin(message.chat.id, message.from_user.id)
        caller = Caller(who, chat, f"{message.chat.id}:{message.message_id}", admin)
        if line.player is not None:
            try:
                cmd = parse(line.text)
            except CommandError:
                reply = await self.service.handle(caller, line.text)
            else:
                reply = await self.service.execute(caller, replace(cmd, player=identity(line.player), target=None))
        else:
            reply = await self.service.handle(caller, line.text)
        if reply.repeat:  # a redelivered message (N3): it was answered the first time
            log.info("telegram: message %s in %s was delivered before; not answered again", message.message_id,
                     message.chat.id)
            return
        if reply.private and reply.ok and not chat.private:
            await self.poster.post_private(message.from_user.id, message.chat.id, reply, reply_to=message.message_id)
        else:
            sent = await self.poster.post(message.chat.id, reply, reply_to=message.message_id)
            if reply.card and sent is not None:  # the chat's standings card: edited after each result
                old = await self.service.card_posted(chat, str(sent.message_id))
                if await self.poster.pin(sent.chat.id, sent.message_id) and old is not None and old.isdigit():
                    await self.poster.unpin(sent.chat.id, int(old))  # the card it replaces is not kept up
            if reply.table is not None and sent is not None:  # a tournament's table: edited after each result
                await self.service.table_posted(chat, reply.table, str(sent.message_id))

    async def callback(self, query: CallbackQuery) -> None:
        sender: object = query.from_user  # Telegram always sends one, but a forged or broken update may not
        if sender is None:
            log.info("ignoring a button press without a sender (query %s)", query.id)
            return
        who = identity(query.from_user)
        if query.message is None or not isinstance(query.message, Message):
            if is_card(query.data):
                await self.inline.accept(query.id, who, query.data, query.inline_message_id)
            else:
                await self.poster.toast(query.id)
            return
        message = query.message
        if not query.data:
            await self.poster.toast(query.id)
            return
        chat = await self.filed(message.chat)
        reply = await self.service.press(Caller(who, chat, f"cb:{query.id}"), query.data)
        if reply.repeat:  # a redelivered press (N3): only acknowledged
            await self.poster.toast(query.id)
        elif not reply.ok:
            await self.poster.toast(query.id, reply.text)
        elif reply.delivery == "update" or (reply.builder is not None and reply.picture is None):
            await asyncio.gather(self.poster.toast(query.id), self.poster.update(message, reply))
        elif reply.private and reply.picture is None and len(reply.text) <= TOAST_LIMIT and not reply.buttons:
            await self.poster.toast(query.id, reply.text)
        elif reply.private and not chat.private:
            await asyncio.gather(self.poster.toast(query.id),
                                 self.poster.post_private(query.from_user.id, message.chat.id, reply))
        else:
            await asyncio.gather(self.poster.toast(query.id), self.poster.post(message.chat.id, reply))
            if message.reply_markup is not None and spent(query.data, reply):
                await self.poster.strip(message.chat.id, message.message_id)


    async def filed(self, chat: TgChat) -> Chat:
        """The service's chat for a Telegram chat: a supergroup upgraded from a group goes on as that group."""
        if chat.type != TgChat.SUPERGROUP:
            return chat_of(chat)
        return await self.service.filed_chat(chat_of(chat))

    async def migrated(self, message: Message) -> None:
        """A group upgraded to a supergroup: Telegram says so in both chats (`migrate_to_chat_id` in the group,
        `migrate_from_chat_id` in the supergroup); either makes the supergroup go on as the group."""
        if message.migrate_to_chat_id is not None:
            old, new = message.chat.id, message.migrate_to_chat_id
        else:
            assert message.migrate_from_chat_id is not None
            old, new = message.migrate_from_chat_id, message.chat.id
        log.info("group %s is now the supergroup %s: its games and standings carry on there", old, new)
        self.poster.moved[old] = new
        await self.service.chat_moved(Chat(PLATFORM, str(old)), Chat(PLATFORM, str(new)))


def spent(data: str, reply: Reply) -> bool:
    """Whether the buttons of the pressed message are used up by the answer: a challenge was answered, or the
    game the board showed has ended and the answer shows another (a match's next game)."""
    try:
        action = Action.unpack(data)
    except ActionError:
        return False
    if action.verb in (Verb.ACCEPT, Verb.DECLINE, Verb.CANCEL):
        return True
    return action.verb in (Verb.BUILD, Verb.CONFIRM) and reply.game_id != action.ref
