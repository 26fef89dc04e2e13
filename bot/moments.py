"""Times shown in each reader's own time: the service writes a moment into a reply's plain text as a token, and
each front end renders the tokens its own way.

- Discord: its timestamp markup, `<t:UNIX:f>` (date and time) and `<t:UNIX:R>` (relative), which every client
  shows in its reader's time zone and language.
- Telegram: the Bot API's date-time entity (`<tg-time unix=… format=…>` in HTML, python-telegram-bot 22.7's
  `MessageEntity.DATE_TIME`), its text the time in UTC with the offset written out for clients that predate it.
- The console: the machine's local time with its offset. Anywhere else (a toast, the board page): UTC with the
  offset written out, `2026-11-27 14:05 UTC+00:00`.

A token is `U+E000 <unix seconds> : <style> U+E001`; private-use characters, which a player's name never holds
(`core.clean_name` keeps only printable ones), so nothing a player types becomes a time.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Literal

Style = Literal["f", "R", "b"]  # the date and time, relative to now, or both: `27 Nov 14:05 (in 3 hours)`
OPEN, CLOSE = "\ue000", "\ue001"
_TOKEN = re.compile(f"{OPEN}(\\d{{1,12}}):([fRb]){CLOSE}")


def moment(when: float, style: Style = "b") -> str:
    """The token for Unix time `when` in `style`."""
    return f"{OPEN}{int(when)}:{style}{CLOSE}"


def render(text: str, each: Callable[[int, str], str]) -> str:
    """`text` with each token replaced by `each(unix, style)`."""
    return _TOKEN.sub(lambda m: each(int(m.group(1)), m.group(2)), text)


def utc(unix: int) -> str:
    """`2026-11-27 14:05 UTC+00:00`."""
    return datetime.fromtimestamp(unix, UTC).strftime("%Y-%m-%d %H:%M UTC+00:00")


def local(unix: int) -> str:
    """The machine's local time with its offset: `2026-11-27 16:05 UTC+02:00`."""
    at = datetime.fromtimestamp(unix, UTC).astimezone()
    offset = at.strftime("%z")
    return at.strftime("%Y-%m-%d %H:%M ") + f"UTC{offset[:3]}:{offset[3:]}"


def plain(text: str) -> str:
    """Tokens as UTC with the offset written out."""
    return render(text, lambda unix, style: utc(unix))


def console(text: str) -> str:
    """Tokens in the machine's local time."""
    return render(text, lambda unix, style: local(unix))


def discord(text: str) -> str:
    """Tokens as Discord's timestamp markup (after the text was escaped: the markup stays live)."""
    def each(unix: int, style: str) -> str:
        if style == "b":
            return f"<t:{unix}:f> (<t:{unix}:R>)"
        return f"<t:{unix}:{style}>"

    return render(text, each)


def telegram_visible(text: str) -> str:
    """What a Telegram reader sees of `telegram_html(text)` on a client that shows the UTC inside (the length
    that counts against Telegram's limits)."""
    return render(text, lambda unix, style: f"{utc(unix)} ({utc(unix)})" if style == "b" else utc(unix))


TELEGRAM_FORMATS = {"f": "wDt", "R": "r"}


def telegram_html(text: str) -> str:
    """Tokens as Telegram date-time entities in HTML (after the text was escaped), UTC inside for old clients."""
    def entity(unix: int, fmt: str) -> str:
        return f'<tg-time unix="{unix}" format="{fmt}">{utc(unix)}</tg-time>'

    def each(unix: int, style: str) -> str:
        if style == "b":
            return f"{entity(unix, 'wDt')} ({entity(unix, 'r')})"
        return entity(unix, TELEGRAM_FORMATS[style])

    return render(text, each)
