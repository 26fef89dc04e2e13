"""The button under a tournament's table message to the tournament's board page (`bot.web.tournament`)."""

from __future__ import annotations

from .. import i18n
from .links import PageButton, PageLinks


def button(links: PageLinks, tid: str, lang: str | None, *, private: bool = False) -> PageButton:
    """The button under the table message (`Reply.table`) of tournament `tid`: a Mini App in a Telegram private
    chat (`private`), else a link; its label in `lang`."""
    label = "🏆 " + i18n.tr(i18n.choose(lang, default=links.language), "Open the table on the board page")
    return PageButton(label, "web_app" if private else "url", f"{links.web_url.rstrip('/')}/tournament?id={tid}")
