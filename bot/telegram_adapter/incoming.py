"""Telegram updates as the service's terms: who, which chat, which command line, which resolved player.

Pure functions on python-telegram-bot's objects. A message is a command for us when it starts with a command
(`/move …`, or `/move@ourbot …` in a group; `/move@otherbot` is not ours), or in a group when it is a bare play
(`24/18 13/8`: a group only shows those to bots with privacy mode off), or in a private chat when it is any text.
"""

from __future__ import annotations

from dataclasses import dataclass

from telegram import Chat as TgChat
from telegram import Message, MessageEntity, User

from ..commands import looks_like_move
from ..replies import Chat, Identity

PLATFORM = "telegram"
_PLAYER_COMMANDS = ("challenge", "new", "stats")


def identity(user: User) -> Identity:
    return Identity(PLATFORM, str(user.id), user.full_name or str(user.id), user.username, user.language_code)


def chat_of(chat: TgChat) -> Chat:
    return Chat(PLATFORM, str(chat.id), private=chat.type == TgChat.PRIVATE)


@dataclass(frozen=True, slots=True)
class Typed:
    """A message meant for us: the command line, and the player it names when Telegram told us who that is
    (the author of the message it replies to, or a text mention), which the text alone cannot say."""

    text: str
    player: User | None = None


def command_name(text: str) -> tuple[str, str | None]:
    """The command of a line starting with `/` and the bot it is addressed to (`/move@bot` → move, bot)."""
    word = text.split(maxsplit=1)[0][1:] if text.strip() else ""
    name, _, bot = word.partition("@")
    return name.lower(), bot or None


def typed(message: Message, bot_username: str) -> Typed | None:
    """What a message asks of us, or None when it is not for us."""
    text = message.text
    if not text or message.from_user is None:
        return None
    private = message.chat.type == TgChat.PRIVATE
    if not text.startswith("/"):
        if private or looks_like_move(text):
            return Typed(text)
        return None
    name, addressee = command_name(text)
    if addressee is not None and addressee.lower() != bot_username.lower():
        return None
    if name not in _PLAYER_COMMANDS:
        return Typed(text)
    for entity in message.entities:
        if entity.type == MessageEntity.TEXT_MENTION and entity.user is not None:
            cut = message.parse_entity(entity)
            return Typed(text.replace(cut, " ", 1), entity.user)
    replied = message.reply_to_message
    if replied is not None and replied.from_user is not None and not replied.from_user.is_bot \
            and replied.from_user.id != message.from_user.id and not _names_someone(text):
        return Typed(text, replied.from_user)
    return Typed(text)


def _names_someone(text: str) -> bool:
    """Whether a /challenge or /stats line already names a player with `@name`."""
    return any(word.startswith("@") for word in text.split()[1:])


def seen_users(message: Message) -> list[User]:
    """Everyone a message tells us about: its author, the author it replies to, users mentioned by id."""
    users = [u for u in (message.from_user,) if u is not None]
    replied = message.reply_to_message
    if replied is not None and replied.from_user is not None:
        users.append(replied.from_user)
    users.extend(e.user for e in message.entities if e.type == MessageEntity.TEXT_MENTION and e.user is not None)
    return [u for u in users if not u.is_bot]
