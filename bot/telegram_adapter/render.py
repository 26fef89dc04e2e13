"""Replies as Telegram message parts: HTML text with mentions, inline keyboards, captions that fit, toasts.

Pure functions; `post.py` sends what they make. Every text the service wrote is escaped (players' names can
hold `<` or `&`); the only markup is ours: a mention is a link to `tg://user?id=…`, which notifies the player
even when they have no username (Telegram turns it into a `text_mention`); a time is a date-time entity
(`bot.moments`), which each reader's client shows in their own time.
"""

from __future__ import annotations

import html

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, WebAppInfo

from .. import moments
from ..boardpage.links import PageButton
from ..replies import Button, Identity, Reply

PLATFORM = "telegram"
CAPTION_LIMIT = 1024
TEXT_LIMIT = 4096
TOAST_LIMIT = 200
_STYLES = {"primary": "primary", "success": "success", "danger": "danger"}


def mention(who: Identity) -> str:
    return f'<a href="tg://user?id={int(who.user_id)}">{html.escape(who.name, quote=False)}</a>'


def notified(reply: Reply) -> tuple[Identity, ...]:
    """The reply's mentions that are Telegram users (not the computer, not another platform's players)."""
    return tuple(m for m in reply.mentions if m.platform == PLATFORM and m.user_id.lstrip("-").isdigit())


def text_html(text: str, mentions: tuple[Identity, ...] = ()) -> str:
    """`text` escaped, with each mentioned player's name (its first appearance) made a mention link, or the
    mention added on a line of its own when the name is not in the text."""
    out = html.escape(text, quote=False)
    added: list[str] = []
    for who in mentions:
        name = html.escape(who.name, quote=False)
        at = _outside_links(out, name) if name else -1
        if at < 0:
            added.append(mention(who))
        else:
            out = out[:at] + mention(who) + out[at + len(name):]
    if added:
        out = f"{out}\n{' '.join(added)}" if out else " ".join(added)
    return moments.telegram_html(out)


def _outside_links(text: str, name: str) -> int:
    """Where `name` first appears in `text` outside a link we made, or -1."""
    start = 0
    while True:
        at = text.find(name, start)
        if at < 0:
            return -1
        if text.rfind("<a ", 0, at) <= text.rfind("</a>", 0, at):
            return at
        start = at + 1


def visible_length(text: str, mentions: tuple[Identity, ...]) -> int:
    """The length Telegram counts for `text_html(text, mentions)` (entities parsed)."""
    text = moments.telegram_visible(text)
    extra = [m.name for m in mentions if m.name not in text]
    return len(text) + (sum(len(n) + 1 for n in extra) if extra else 0)


def keyboard(reply: Reply, page: PageButton | None = None) -> InlineKeyboardMarkup | None:
    """The board page's button (`bot.boardpage.links`) if any, the reply's builder rows (the moves the player to move
    can pick), then its other buttons."""
    rows: list[tuple[Button, ...]] = []
    if reply.builder is not None:
        rows.extend(reply.builder.rows)
    rows.extend(reply.buttons)
    rows = [row for row in rows if row]
    first: list[list[InlineKeyboardButton]] = []
    if page is not None:
        first = [[InlineKeyboardButton(page.label, web_app=WebAppInfo(page.url)) if page.kind == "web_app"
                  else InlineKeyboardButton(page.label, url=page.url)]]
    if not rows and not first:
        return None
    return InlineKeyboardMarkup(first + [[button(b) for b in row] for row in rows])


def button(b: Button) -> InlineKeyboardButton:
    """A service button: its packed action travels verbatim as the callback data."""
    style = _STYLES.get(b.style)
    if style is None:
        return InlineKeyboardButton(b.label, callback_data=b.data)
    return InlineKeyboardButton(b.label, callback_data=b.data, style=style)


def chunks(text: str, limit: int = TEXT_LIMIT) -> list[str]:
    """`text` cut into pieces of at most `limit` characters, at line ends where possible."""
    pieces: list[str] = []
    while len(text) > limit:
        cut = text.rfind("\n", 0, limit)
        if cut <= 0:
            cut = text.rfind(" ", 0, limit)
        if cut <= 0:
            cut = limit
        pieces.append(text[:cut])
        text = text[cut:].lstrip("\n")
    if text or not pieces:
        pieces.append(text)
    return pieces


def caption_text(reply: Reply) -> str:
    """What a picture's caption or an edited message says: the reply's text, else the builder's."""
    if reply.text:
        return reply.text
    return reply.builder.text if reply.builder is not None else ""


def toast(text: str) -> str:
    """A callback answer's text: at most 200 characters."""
    text = " ".join(moments.plain(text).split())
    return text if len(text) <= TOAST_LIMIT else text[:TOAST_LIMIT - 1] + "…"
