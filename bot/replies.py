"""What the service answers: platform-neutral replies that adapters turn into messages, images and buttons."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Identity:
    """A person on a platform: `user_id` is stable, `name` is how to show them."""

    platform: str
    user_id: str
    name: str


@dataclass(frozen=True, slots=True)
class Chat:
    """A conversation on a platform (a channel, group or the console)."""

    platform: str
    chat_id: str

    @property
    def key(self) -> str:
        return f"{self.platform}:{self.chat_id}"


@dataclass(frozen=True, slots=True)
class Choice:
    """A button: its `label` and the command text it sends (`/accept k3vq7d`, `/move 24/18 13/8 k3vq7d`)."""

    label: str
    command: str


@dataclass(frozen=True, slots=True)
class Board:
    """The board as data, for adapters that draw it themselves (the console's ASCII board)."""

    variant: str
    options: tuple[tuple[str, str], ...]
    position: str
    viewer: int
    dice: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class Reply:
    """One answer: `text` always; a PNG `image`, the `board` as data, `choices` and players to `mention`.

    `mention` holds the platform user ids to notify (the player to move, the challenged player).
    """

    text: str
    image: bytes | None = None
    board: Board | None = None
    choices: tuple[Choice, ...] = ()
    mention: tuple[str, ...] = ()
    ok: bool = True


@dataclass(frozen=True, slots=True)
class Notice:
    """A message the service sends by itself (a reminder, a forfeit on time) to `chat`."""

    chat: Chat
    reply: Reply = field(default_factory=lambda: Reply(""))
