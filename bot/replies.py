"""What the service answers: platform-neutral replies that adapters turn into messages, pictures and buttons.

An adapter reads a `Reply` and nothing else: the text (plain text, never markup: adapters escape it for their
platform), an optional typed `Picture`, rows of `Button`s whose `data` is a packed `bot.actions.Action`, an
optional move `Builder`, the players to `mentions` (notify), and whether the reply is `private` (only the
caller sees it: an ephemeral Discord message, a Telegram toast or direct message).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

PictureFormat = Literal["png", "gif"]
ButtonStyle = Literal["primary", "secondary", "success", "danger"]
Delivery = Literal["new", "update"]


@dataclass(frozen=True, slots=True)
class Identity:
    """A person on a platform: `user_id` is stable, `name` is how to show them.

    `username` is the platform handle without `@` (Telegram usernames), if any: the service keeps a directory
    of handles it has seen so that `/challenge @bob` finds bob. `language` is the platform's language hint
    (Telegram `language_code`, Discord locale), used for players who have not chosen one with `/lang`.
    """

    platform: str
    user_id: str
    name: str
    username: str | None = None
    language: str | None = None


@dataclass(frozen=True, slots=True)
class Chat:
    """A conversation on a platform (a channel, group, private chat, or the console).

    `private` marks a one-to-one chat with the bot (direct messages).
    """

    platform: str
    chat_id: str
    private: bool = False

    @property
    def key(self) -> str:
        return f"{self.platform}:{self.chat_id}"

    @classmethod
    def from_key(cls, key: str) -> Chat:
        """The chat of a stored chat key (`platform:chat id`)."""
        platform, _, chat_id = key.partition(":")
        return cls(platform, chat_id)


@dataclass(frozen=True, slots=True)
class Caller:
    """Who sent one update, from which chat: what every entry point of the service takes.

    `command_id` names the update (a Telegram chat and message id, a Discord interaction id), so that a
    redelivered update is recognised and applied once; None for updates that need no such care (the console).
    `language` is the platform's language hint (`Identity.language`).
    """

    who: Identity
    chat: Chat
    command_id: str | None = None
    admin: bool | None = None

    @property
    def language(self) -> str | None:
        return self.who.language


@dataclass(frozen=True, slots=True)
class Picture:
    """An image to post: a PNG board or an animated replay (GIF)."""

    data: bytes
    format: PictureFormat = "png"

    @property
    def mime(self) -> str:
        return f"image/{self.format}"

    @property
    def animated(self) -> bool:
        return self.format == "gif"

    def filename(self, stem: str) -> str:
        """`stem` with the extension of the picture's real format."""
        return f"{stem}.{self.format}"


@dataclass(frozen=True, slots=True)
class Document:
    """A file to send as it is (an exported match file): its bytes, its file name and its media type."""

    data: bytes
    filename: str
    mime: str = "text/plain"


@dataclass(frozen=True, slots=True)
class Button:
    """A button: its `label` and the packed action (`bot.actions.Action.pack()`, ≤ 64 bytes) it sends."""

    label: str
    data: str
    style: ButtonStyle = "secondary"


@dataclass(frozen=True, slots=True)
class Builder:
    """The step-by-step move builder of one game at one version (issue: a play built move by move).

    `text` says the play built so far; `rows` are the builder's buttons (the single moves that can continue,
    then undo / confirm), at most 5 rows of at most 5 (Discord's limit, one screen in Telegram). `open` is the
    button that opens the builder from a board message (Discord's "Make your move"), `complete` whether the
    play built so far can be confirmed.
    """

    game_id: str
    version: int
    text: str
    rows: tuple[tuple[Button, ...], ...]
    open: Button
    complete: bool = False


@dataclass(frozen=True, slots=True)
class Board:
    """The board as data, for adapters that draw it themselves (the console's ASCII board): `you`, the reader's
    side when they play the game; `answering`, the side asked to take or drop a double; `ending`, how a finished
    game ended in the picture's words (`views.ended`)."""

    variant: str
    options: tuple[tuple[str, str], ...]
    position: str
    viewer: int
    dice: tuple[int, int] | None = None
    you: int | None = None
    answering: int | None = None
    ending: str | None = None


@dataclass(frozen=True, slots=True)
class Suggestion:
    """One autocomplete entry: what to show and the value to put in the option (canonical notation)."""

    label: str
    value: str


@dataclass(frozen=True, slots=True)
class Unreachable:
    """What a reply meant for a private chat only says where the caller has none with the bot: `text`, how to
    open one, the `label` of the button that opens it, and the `start` payload that button carries (a deep
    link, `/start g-<game>`)."""

    text: str
    label: str
    start: str


@dataclass(frozen=True, slots=True)
class Reply:
    """One answer.

    - `text`: plain text (names inside it are the players' own, unescaped: adapters escape for their markup).
    - `picture`: a typed picture; `board` the board as data.
    - `document`: a file to send beside the text (Telegram `sendDocument`, a Discord attachment, a file the
      console writes).
    - `buttons`: rows of buttons (challenge Accept/Decline, the lobby, "open the game").
    - `builder`: the move builder of the game shown, when the player to move has a choice.
    - `mentions`: the players to notify (the player to move, the challenged player), same platform only.
    - `private`: only the caller should see it (Discord ephemeral, Telegram toast or direct message).
    - `delivery`: "update" when the reply is the new state of the message whose button was pressed (a builder
      step: edit that message in place), "new" for a new message.
    - `game_id`: the game a board reply shows.
    - `match_id`: the match of that game. Adapters keep the last board of each match (`board_key`), so a new
      board retires the buttons of the one before, across the games of a match too (a tie replay, the next
      game of a match to N or of a cycle).
    - `ok`: False for refusals and errors.
    - `repeat`: the update was delivered before (the same command id, as after a crash) and what it would get
      now is a refusal that only says it already happened (N3): adapters send nothing (a press is only
      acknowledged); one that must answer shows `text`.
    - `unreachable`: set on a private reply that must never be posted in a group (a hint): where the caller
      has no private chat with the bot, this is said instead.
    - `lang`: the language the reply speaks (a board's), for the words an adapter adds to it (the board
      page's button in a private chat).
    - `card`: the reply is the chat's standings card (`/standings pin`): the adapter posts it, pins it where
      the bot may pin, and reports the message's id (`card_posted`), so that later notices edit it in place.
    - `table`: the reply shows the table picture of that tournament: the adapter reports the message's id
      (`table_posted`), so that the picture after each result edits it in place.
    - `replay`: a finished game whose replay on the board page the adapters link, where the page is
      configured (the review's line, `/review`, `/history`: `bot.web.links.PageLinks.replay`).
    """

    text: str
    picture: Picture | None = None
    board: Board | None = None
    buttons: tuple[tuple[Button, ...], ...] = ()
    builder: Builder | None = None
    mentions: tuple[Identity, ...] = ()
    private: bool = False
    delivery: Delivery = "new"
    game_id: str | None = None
    ok: bool = True
    match_id: str | None = None
    repeat: bool = False
    unreachable: Unreachable | None = None
    lang: str | None = None
    document: Document | None = None
    card: bool = False
    table: str | None = None
    replay: str | None = None

    @property
    def board_key(self) -> str | None:
        """What the adapters keep the last board under: `m:<match>`, else `g:<game>` (None: not a board)."""
        if self.match_id is not None:
            return f"m:{self.match_id}"
        return None if self.game_id is None else f"g:{self.game_id}"

    @property
    def image(self) -> bytes | None:
        """The picture's bytes, if any."""
        return self.picture.data if self.picture is not None else None


NoticeKind = Literal["reminder", "timeout", "resumed", "review", "season", "card", "other"]


@dataclass(frozen=True, slots=True)
class Notice:
    """A message the service sends by itself (a reminder, a loss on time, a resumed game, the summary of a game's
    review) to `chat`.

    `to` is set when the notice should go to that player directly (a reminder by direct message); adapters
    that cannot reach the player privately post it in `chat` instead. `edit` is the id of a message of the bot
    in `chat` to show the reply in place of (a standings card: its picture and text), instead of a new message.
    `ends`: the game whose result it carries (a loss on time): that game's review summary is held until this
    notice is delivered (`Core.result_out`).
    """

    chat: Chat
    reply: Reply = field(default_factory=lambda: Reply(""))
    to: Identity | None = None
    kind: NoticeKind = "other"
    ends: str | None = None
    edit: str | None = None
