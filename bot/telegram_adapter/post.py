"""Sending replies: a board photo with its caption and keyboard, a replay animation, text; builder steps edited
in place; the previous board of a game stripped of its keyboard.

`Poster` is the one place that writes to Telegram. It never raises for what Telegram refuses about a message
that is gone or unchanged ("message is not modified", "message to edit not found"): those are logged.
"""

from __future__ import annotations

import logging

from telegram import (
    Bot,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InputFile,
    InputMediaAnimation,
    InputMediaPhoto,
    Message,
)
from telegram.constants import ChatMemberStatus, ParseMode
from telegram.error import BadRequest, ChatMigrated, Forbidden, TelegramError

from storage import BoardMessage, BoardRepository, StorageError

from ..boardpage import tournament_link as tournament
from ..boardpage.links import PageButton, PageLinks
from ..replies import Identity, Reply
from . import render

log = logging.getLogger(__name__)

TAG = "tgb"  # the platform's tag in the store's last-board keys


class Poster:
    """Posts replies with `bot`; remembers the last board of each match in `boards`, and the groups this process
    has seen upgraded to supergroups (`moved`: old chat id → new), so a notice filed under a group's old id
    goes straight to the supergroup."""

    def __init__(self, bot: Bot, boards: BoardRepository, page: PageLinks | None = None) -> None:
        self.bot = bot
        self.boards = boards
        self.page = page
        self.moved: dict[int, int] = {}

    async def post(self, chat_id: int, reply: Reply, *, reply_to: int | None = None) -> Message | None:
        """Post `reply` in `chat_id` as new messages; returns the last one (None if there was nothing to say).
        A group that Telegram has upgraded to a supergroup is answered at its new id (its messages, and so
        `reply_to`, stay behind in the old chat).

        :raises telegram.error.Forbidden: the bot may not write there (a user who has not started it).
        """
        if chat_id in self.moved:
            return await self._post(self.moved[chat_id], reply, None)
        try:
            return await self._post(chat_id, reply, reply_to)
        except ChatMigrated as exc:
            log.info("chat %s is now the supergroup %s; posting there", chat_id, exc.new_chat_id)
            self.moved[chat_id] = int(exc.new_chat_id)
            return await self._post(int(exc.new_chat_id), reply, None)

    async def _page(self, chat_id: int, reply: Reply) -> PageButton | None:
        """The board page's button for a board whose player to move has a choice, to a finished game's replay or
        to a tournament's table (`TABLA_WEB_URL` set)."""
        if self.page is not None and reply.replay is not None:
            return self.page.replay(reply.replay, reply.lang, telegram_chat=chat_id, bot_username=self.bot.username)
        if self.page is not None and reply.table is not None:  # a tournament's table: its page
            return tournament.button(self.page, reply.table, reply.lang, private=chat_id > 0)
        if self.page is None or reply.builder is None:
            return None
        try:
            return await self.page.telegram(chat_id, reply, self.bot.username)
        except StorageError:
            return None

    async def _post(self, chat_id: int, reply: Reply, reply_to: int | None) -> Message | None:
        markup = render.keyboard(reply, await self._page(chat_id, reply))
        mentions = render.notified(reply)
        text = render.caption_text(reply)
        sent: Message | None = None
        if reply.picture is not None:
            caption = text
            if render.visible_length(text, mentions) > render.CAPTION_LIMIT:
                sent = await self._texts(chat_id, text, mentions, None, reply_to)
                caption, reply_to = "", None
            html_caption = render.text_html(caption, mentions) if caption else None
            name = reply.picture.filename(f"board-{reply.game_id}" if reply.game_id else "tabla")
            upload = InputFile(reply.picture.data, filename=name)
            if reply.picture.animated:
                sent = await self.bot.send_animation(chat_id, upload, caption=html_caption, parse_mode=ParseMode.HTML,
                                                     reply_markup=markup, reply_to_message_id=reply_to,
                                                     allow_sending_without_reply=True)
            else:
                sent = await self.bot.send_photo(chat_id, upload, caption=html_caption, parse_mode=ParseMode.HTML,
                                                 reply_markup=markup, reply_to_message_id=reply_to,
                                                 allow_sending_without_reply=True)
                if reply.board_key is not None and (reply.builder is not None or not reply.private):
                    # a watcher's private look at a game (no builder) is no board of the game: it retires none
                    await self._retire(reply.board_key, BoardMessage(chat_id, sent.message_id, markup is not None))
        elif reply.document is not None:  # an exported file (`/export`), its text as the caption
            caption = text
            if render.visible_length(text, mentions) > render.CAPTION_LIMIT:
                sent = await self._texts(chat_id, text, mentions, None, reply_to)
                caption, reply_to = "", None
            upload = InputFile(reply.document.data, filename=reply.document.filename)
            sent = await self.bot.send_document(chat_id, upload, caption=render.text_html(caption, mentions) or None,
                                                parse_mode=ParseMode.HTML, reply_markup=markup,
                                                reply_to_message_id=reply_to, allow_sending_without_reply=True)
        elif text or markup is not None:
            sent = await self._texts(chat_id, text or "…", mentions, markup, reply_to)
        return sent

    async def _texts(self, chat_id: int, text: str, mentions: tuple[Identity, ...],
                     markup: InlineKeyboardMarkup | None, reply_to: int | None) -> Message:
        pieces = render.chunks(text)
        sent: Message | None = None
        for i, piece in enumerate(pieces):
            last = i == len(pieces) - 1
            sent = await self.bot.send_message(chat_id, render.text_html(piece, mentions if last else ()),
                                               parse_mode=ParseMode.HTML, reply_markup=markup if last else None,
                                               reply_to_message_id=reply_to if i == 0 else None,
                                               allow_sending_without_reply=True,
                                               disable_web_page_preview=True)
        assert sent is not None
        return sent

    async def post_private(self, user_id: int, chat_id: int, reply: Reply, *, reply_to: int | None = None) -> None:
        """Post `reply` to the user directly; in `chat_id` when they have not started the bot privately, but for
        a reply that must stay private (`Reply.unreachable`): there, how to open the private chat instead."""
        if user_id != chat_id:
            try:
                await self.post(user_id, reply)
                return
            except Forbidden:
                log.info("user %s has not started the bot privately; answering in chat %s", user_id, chat_id)
            if reply.unreachable is not None:  # never in the group (a hint): how to open the private chat
                link = f"https://t.me/{self.bot.username}?start={reply.unreachable.start}"
                markup = InlineKeyboardMarkup([[InlineKeyboardButton(reply.unreachable.label, url=link)]])
                await self._texts(self.moved.get(chat_id, chat_id), reply.unreachable.text, (), markup, reply_to)
                return
        await self.post(chat_id, reply, reply_to=reply_to)

    async def update(self, message: Message, reply: Reply) -> None:
        """Show `reply` in place of `message` (a builder step): its caption or text, and its keyboard."""
        markup = render.keyboard(reply)
        mentions = render.notified(reply)
        text = render.caption_text(reply)
        try:
            # an edited medium must be an attach:// upload: a bare file leaves the Bot API's `media` field empty
            if reply.picture is not None and not reply.picture.animated:
                photo = InputFile(reply.picture.data, filename=reply.picture.filename("board"), attach=True)
                media = InputMediaPhoto(photo, caption=self._fit(text, mentions), parse_mode=ParseMode.HTML)
                await message.edit_media(media, reply_markup=markup)
            elif reply.picture is not None:
                gif = InputFile(reply.picture.data, filename=reply.picture.filename("replay"), attach=True)
                anim = InputMediaAnimation(gif, caption=self._fit(text, mentions), parse_mode=ParseMode.HTML)
                await message.edit_media(anim, reply_markup=markup)
            elif message.photo or message.animation:
                await message.edit_caption(self._fit(text, mentions), parse_mode=ParseMode.HTML, reply_markup=markup)
            else:
                await message.edit_text(render.text_html(render.chunks(text)[0], mentions), parse_mode=ParseMode.HTML,
                                        reply_markup=markup, disable_web_page_preview=True)
        except BadRequest as exc:
            if "not modified" not in exc.message:
                raise
            log.debug("builder step left the message as it was: %s", exc.message)

    @staticmethod
    def _fit(text: str, mentions: tuple[Identity, ...]) -> str:
        if render.visible_length(text, mentions) > render.CAPTION_LIMIT:
            text = text[:render.CAPTION_LIMIT - 1 - sum(len(m.name) + 1 for m in mentions)] + "…"
        return render.text_html(text, mentions)

    async def _retire(self, key: str, board: BoardMessage) -> None:
        """Record `board` as the last of its match (`Reply.board_key`); remove the keyboard of the board it
        replaces."""
        try:
            old = await self.boards.swap_newer(TAG, key, board)
        except StorageError as exc:
            log.warning("could not record the last board of %s: %s", key, exc)
            return
        if old is not None and old.keyboard:
            await self.strip(old.chat_id, old.message_id)

    async def strip(self, chat_id: int, message_id: int) -> None:
        """Remove a message's keyboard (its buttons are out of date). A message of a group upgraded to a
        supergroup is edited at the supergroup's id, where it lives on under the same id (N6): known from the
        upgrade, or learnt from Telegram's refusal at the old id."""
        chat_id = self.moved.get(chat_id, chat_id)
        try:
            try:
                await self.bot.edit_message_reply_markup(chat_id, message_id, reply_markup=None)
            except ChatMigrated as exc:
                log.info("chat %s is now the supergroup %s; editing there", chat_id, exc.new_chat_id)
                self.moved[chat_id] = int(exc.new_chat_id)
                await self.bot.edit_message_reply_markup(int(exc.new_chat_id), message_id, reply_markup=None)
        except BadRequest as exc:
            log.debug("could not remove the keyboard of message %s in %s: %s", message_id, chat_id, exc.message)

    async def edit_card(self, chat_id: int, message_id: int, reply: Reply) -> None:
        """Show a standings card's (or a tournament table's, its page button kept) new picture and text in its
        message (`editMessageMedia`); a card that is gone or already shows it is left (logged). A 429 is waited
        out by the rate limiter (`limits.py`)."""
        if reply.picture is None:
            return
        chat_id = self.moved.get(chat_id, chat_id)
        upload = InputFile(reply.picture.data, filename=reply.picture.filename("standings"), attach=True)
        media = InputMediaPhoto(upload,
                                caption=self._fit(render.caption_text(reply), ()), parse_mode=ParseMode.HTML)
        try:
            await self.bot.edit_message_media(media, chat_id=chat_id, message_id=message_id,
                                              reply_markup=render.keyboard(reply, await self._page(chat_id, reply)))
        except BadRequest as exc:
            log.info("could not edit the standings card %s in %s: %s", message_id, chat_id, exc.message)

    async def pin(self, chat_id: int, message_id: int) -> bool:
        """Pin a message (a standings card) quietly where the bot may pin; False where it may not."""
        try:
            await self.bot.pin_chat_message(chat_id, message_id, disable_notification=True)
        except (BadRequest, Forbidden) as exc:
            log.info("could not pin message %s in %s: %s", message_id, chat_id, exc.message)
            return False
        return True

    async def unpin(self, chat_id: int, message_id: int) -> None:
        """Unpin a message (a standings card replaced by a new one); one not pinned is left as it is."""
        try:
            await self.bot.unpin_chat_message(chat_id, message_id)
        except (BadRequest, Forbidden) as exc:
            log.info("could not unpin message %s in %s: %s", message_id, chat_id, exc.message)

    async def is_admin(self, chat_id: int, user_id: int) -> bool:
        """Whether the user is the group's owner or one of its administrators (False when Telegram will not say)."""
        try:
            member = await self.bot.get_chat_member(chat_id, user_id)
        except TelegramError as exc:
            log.info("could not read %s's membership of %s: %s", user_id, chat_id, exc.message)
            return False
        return member.status in (ChatMemberStatus.OWNER, ChatMemberStatus.ADMINISTRATOR)

    async def edit_inline(self, inline_message_id: str, text: str) -> None:
        """Replace the text of a message sent through inline mode, dropping its keyboard."""
        try:
            await self.bot.edit_message_text(render.text_html(text), inline_message_id=inline_message_id,
                                             parse_mode=ParseMode.HTML)
        except BadRequest as exc:
            log.debug("could not edit inline message %s: %s", inline_message_id, exc.message)

    async def toast(self, query_id: str, text: str = "") -> None:
        """Answer a button press (a short toast, or just stop the button's spinner)."""
        try:
            await self.bot.answer_callback_query(query_id, render.toast(text) if text else None)
        except BadRequest as exc:   # too old a query (Telegram answers within 15 s)
            log.debug("could not answer callback query %s: %s", query_id, exc.message)

