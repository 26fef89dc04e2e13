"""The button under a tournament's table message to the tournament's board page (`bot.web.tournament`).

Telegram: a Mini App in a private chat (Telegram signs its initData), else a plain link. Discord: a table posted in
a channel is seen by everyone, so its button is pressed (`press_data`) and answered, to the presser alone, with a
link signed for them (`signed_button`): `<TABLA_WEB_URL>/tournament?id=<id>&t=<token>`, the token
`<player>.<tournament>.<expires>.<mac>` (`auth.sign_tournament`: it opens no game).
"""

from __future__ import annotations

from .. import i18n
from ..actions import Action, ActionError, Verb
from .auth import sign_tournament
from .links import LINK_HOURS, PageButton, PageLinks


def _label(links: PageLinks, lang: str | None) -> str:
    return "🏆 " + i18n.tr(i18n.choose(lang, default=links.language), "Open the table on the board page")


def button(links: PageLinks, tid: str, lang: str | None, *, private: bool = False) -> PageButton:
    """The button under the table message (`Reply.table`) of tournament `tid`: a Mini App in a Telegram private
    chat (`private`), else a link; its label in `lang`."""
    return PageButton(_label(links, lang), "web_app" if private else "url",
                      f"{links.web_url.rstrip('/')}/tournament?id={tid}")


def press_data(tid: str) -> str:
    """The data of the button that asks for a link to tournament `tid`'s page signed for the presser."""
    return Action(Verb.PAGE, tid).pack()


def pressed(data: str) -> str | None:
    """The tournament whose signed page link a press's `data` asks for, or None (another button)."""
    try:
        action = Action.unpack(data)
    except ActionError:
        return None
    return action.ref if action.verb is Verb.PAGE else None


async def signed_button(links: PageLinks, platform: str, user_id: str, tid: str, lang: str | None) -> PageButton:
    """The link to tournament `tid`'s page for the user `user_id` of `platform`: signed for them when there is a
    secret and the bot knows them, else the page as anyone in the chat sees it."""
    player = await links.store.players.find(platform, user_id) if links.secret else None
    plain = button(links, tid, lang)
    if player is None or not links.secret:
        return plain
    token = sign_tournament(links.secret, player.id, tid, links.clock() + LINK_HOURS * 3600)
    return PageButton(plain.label, "url", f"{plain.url}&t={token}")
