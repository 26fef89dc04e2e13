"""What the board page shows of a tournament (`Service.tournament_page`): one frozen value, read once.

The same table or bracket picture as the chat's (`bot.pictures`), its lines as text, and the matches going on,
each with the game a viewer taps to open on the board page; the viewer's own come first, marked.
"""

from __future__ import annotations

from dataclasses import dataclass

from storage import NotFound
from storage.tournaments import FINISHED, OPEN, RUNNING

from . import tournaments
from .context import Ctx
from .core import Core
from .replies import Chat, Identity


@dataclass(frozen=True, slots=True)
class PageMatch:
    """A tournament match going on: its current game, its players' names, whether the viewer plays it."""

    game_id: str
    names: tuple[str, str]
    mine: bool
    label: str  # the button's words: "Your match: A – B", or "A – B"


@dataclass(frozen=True, slots=True)
class TournamentPage:
    """A tournament as the page draws it: its heading, the table's lines, its picture (PNG; None before the
    start) and the matches going on (the viewer's first)."""

    id: str
    title: str
    state: str
    lines: tuple[str, ...]
    picture: bytes | None
    matches: tuple[PageMatch, ...]
    heading: str  # over the matches: "Matches going on" in the viewer's language


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
