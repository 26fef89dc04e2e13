"""Replies as Discord messages: escaped content with the pings, who may be pinged, the picture, the buttons.

A `Reply` is plain text, so all of it is escaped for Discord's markdown and mentions; the players to notify
(`reply.mentions`) are pinged with `<@id>` in the content, and `allowed_mentions` lets exactly those through
(an id in an embed notifies nobody). Buttons carry the service's packed action as their `custom_id`; the
presses come back through `components.ActionButton`, so no view is kept in memory.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field

import discord

from .. import moments
from ..replies import Button, Reply
from .people import PLATFORM

MAX_CONTENT = 2000
MAX_ROWS = 5
MAX_PER_ROW = 5
MAX_LABEL = 80
STYLES: dict[str, discord.ButtonStyle] = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


@dataclass
class Outgoing:
    """One reply ready to send: `parts` of its text (one unless it is longer than a message); the last part
    carries the pings, the picture and the buttons, so the board comes with its last line ("… to move").
    `pictures` are all its attachments: the picture and an exported file."""

    parts: list[str]
    allowed_mentions: discord.AllowedMentions
    pictures: list[tuple[str, bytes]] = field(default_factory=list)
    view: discord.ui.View | None = None
    private: bool = False
    board_of: str | None = None  # the match whose board this is (public, still, `Reply.board_key`)

    @property
    def content(self) -> str:
        """The text of the last part (the one message that an edit in place shows)."""
        return self.parts[-1]

    def files(self) -> list[discord.File]:
        """Fresh file objects for one send (a `discord.File` is consumed by the request that carries it)."""
        return [discord.File(io.BytesIO(data), filename=name) for name, data in self.pictures]


def escape(text: str) -> str:
    """Plain text made safe to show: no markdown, no mass or user pings from player names."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


def chunks(text: str, size: int = MAX_CONTENT) -> list[str]:
    """`text` cut into messages of at most `size` characters, at line ends where possible."""
    parts: list[str] = []
    while len(text) > size:
        cut = text.rfind("\n", 0, size)
        if cut <= 0:
            cut = size
        parts.append(text[:cut])
        text = text[cut:].lstrip("\n")
    parts.append(text)
    return parts


def button(b: Button, row: int) -> discord.ui.Button[discord.ui.View]:
    """One of the service's buttons; its action rides in the `custom_id`."""
    return discord.ui.Button(label=b.label[:MAX_LABEL] or "·", custom_id=b.data,
                             style=STYLES.get(b.style, discord.ButtonStyle.secondary), row=row)


def view(rows: tuple[tuple[Button, ...], ...]) -> discord.ui.View | None:
    """The buttons as a view that nothing keeps in memory (stopped: presses dispatch by `custom_id`)."""
    rows = tuple(r for r in rows if r)[:MAX_ROWS]
    if not rows:
        return None
    v = discord.ui.View(timeout=None)
    for index, row in enumerate(rows):
        for b in row[:MAX_PER_ROW]:
            v.add_item(button(b, index))
    v.stop()
    return v


def with_link(v: discord.ui.View | None, label: str, url: str) -> discord.ui.View:
    """`v` (or a new view) with a link button in a row of its own below the others (when one is free)."""
    return _below(v, discord.ui.Button(label=label[:MAX_LABEL], url=url, style=discord.ButtonStyle.link))


def with_press(v: discord.ui.View | None, label: str, custom_id: str) -> discord.ui.View:
    """`v` (or a new view) with a button pressed for `custom_id` in a row of its own below the others."""
    return _below(v, discord.ui.Button(label=label[:MAX_LABEL], custom_id=custom_id,
                                       style=discord.ButtonStyle.secondary))


def _below(v: discord.ui.View | None, item: discord.ui.Button[discord.ui.View]) -> discord.ui.View:
    v = v or discord.ui.View(timeout=None)
    used = {each.row for each in v.children if each.row is not None}
    row = max(used) + 1 if used else 0
    if row < MAX_ROWS:
        item.row = row
        v.add_item(item)
    v.stop()
    return v


def rows_of(reply: Reply) -> tuple[tuple[Button, ...], ...]:
    """A builder reply shows the builder's rows; a board shows its buttons and the button that opens the builder."""
    if reply.builder is not None and reply.private:
        return reply.builder.rows
    rows = reply.buttons
    if reply.builder is not None and len(rows) < MAX_ROWS:
        rows = (*rows, (reply.builder.open,))
    return rows


def text_of(reply: Reply) -> str:
    text = reply.text
    if reply.builder is not None and reply.private and reply.builder.text and reply.builder.text not in text:
        text = f"{text}\n{reply.builder.text}" if text else reply.builder.text
    return text


def outgoing(reply: Reply, *, pings: bool = True) -> Outgoing:
    """The message for `reply`; `pings` False leaves the players to notify unpinged (an ephemeral message)."""
    users = [m for m in reply.mentions if m.platform == PLATFORM and m.user_id.isdigit()] if pings else []
    ping = " ".join(dict.fromkeys(f"<@{m.user_id}>" for m in users))
    parts = chunks(moments.discord(escape(text_of(reply))), MAX_CONTENT - len(ping) - 1)
    if ping:
        parts[-1] = f"{parts[-1]}\n{ping}" if parts[-1] else ping
    allowed = discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                      users=[discord.Object(int(m.user_id)) for m in users])
    pictures = []
    if reply.picture is not None:
        stem = "replay" if reply.picture.animated else "board"
        pictures.append((reply.picture.filename(stem), reply.picture.data))
    if reply.document is not None:  # an exported file goes as an attachment beside the text
        pictures.append((reply.document.filename, reply.document.data))
    parts = [p or "\u200b" for p in parts]
    still = reply.picture is not None and not reply.picture.animated
    board_of = reply.board_key if still and not reply.private else None
    return Outgoing(parts, allowed, pictures, view(rows_of(reply)), reply.private, board_of)


async def post(channel: discord.abc.Messageable, out: Outgoing,
               reference: discord.Message | None = None) -> discord.Message:
    """Post `out` in a channel (a notice, an answer to a typed move), the first part replying to `reference`;
    returns the last message sent (the one with the picture and the buttons)."""
    sent: discord.Message | None = None
    for index, text in enumerate(out.parts):
        last = index == len(out.parts) - 1
        sent = await channel.send(text, files=out.files() if last else [],
                                  view=out.view if last and out.view is not None else discord.utils.MISSING,
                                  allowed_mentions=out.allowed_mentions,
                                  reference=reference if index == 0 else None)  # type: ignore[arg-type]
    assert sent is not None  # `chunks` gives at least one part
    return sent
