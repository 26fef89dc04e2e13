"""What the board page shows of a tournament (`Service.tournament_page`): one frozen value, read once.

The same table or bracket picture as the chat's (`bot.pictures`), its lines as text, and the matches going on,
each with the game a viewer taps to open on the board page; the viewer's own come first, marked.
"""

from __future__ import annotations

from storage import NotFound
from storage.tournaments import FINISHED, OPEN, RUNNING

from . import i18n, tournaments
from .boardpage.tournament_view import PageMatch, TournamentPage
from .boardpage.view import Visitor
from .context import Ctx
from .core import Core
from .replies import Chat, Identity


async def for_visitor(svc: Core, visitor: Visitor, tid: str, hint: str | None) -> TournamentPage | None:
    """Tournament `tid` as `visitor` sees it: a Telegram account or a player a link was signed for is looked up
    (their matches marked, their own language first, then the platform's, then `hint`, the page's `lang`)."""
    viewer: str | None = visitor.player_id
    lang = i18n.choose(visitor.language, hint, default=svc.language)
    if visitor.identity is not None:
        account = await svc.store.players.find(visitor.identity.platform, visitor.identity.user_id)
        viewer = account.id if account is not None else None
        if account is not None:
            lang = i18n.choose(account.language, visitor.language, hint, default=svc.language)
    elif viewer is not None:
        lang = i18n.choose((await svc.player(viewer)).language, hint, default=svc.language)
    return await page(svc, tid, viewer, lang)


async def page(svc: Core, tid: str, viewer: str | None, lang: str) -> TournamentPage | None:
    """Tournament `tid` for player `viewer` (None: someone not known) in `lang`; None when there is no such
    tournament or it was cancelled."""
    try:
        record = await svc.store.tournaments.get(tid)
    except NotFound:
        return None
    if record.state not in (OPEN, RUNNING, FINISHED):
        return None
    director = await svc.player(record.director)
    ctx = Ctx(Identity(director.platform, director.platform_user_id, director.name),
                          Chat.from_key(record.chat), director, lang)
    reply = await tournaments.table(svc, ctx, tid)
    going: list[PageMatch] = []
    for pairing in record.pairings:
        if pairing.match is None or pairing.done or pairing.a is None or pairing.b is None:
            continue
        try:
            match = await svc.store.matches.get(pairing.match)
        except NotFound:
            continue
        if not match.games:
            continue
        names = (await tournaments.name_of(svc, ctx, pairing.a), await tournaments.name_of(svc, ctx, pairing.b))
        mine = viewer in (pairing.a, pairing.b)
        label = ctx.t("Your match: {a} – {b}", a=names[0], b=names[1]) if mine else f"{names[0]} – {names[1]}"
        going.append(PageMatch(match.games[-1], names, mine, label))
    going.sort(key=lambda m: not m.mine)
    title, *lines = reply.text.split("\n")  # the table as `/tournament table` answers it in the chat
    return TournamentPage(record.id, title, record.state, tuple(lines),
                          reply.picture.data if reply.picture is not None else None, tuple(going),
                          ctx.t("Matches going on (tap one to open its board):") if going else "")
