"""A tournament as the board page shows it (`bot.tournament_page` builds it, `bot.web.tournament` sends it): frozen
values, so the page's seam can name them without reaching into the service's jobs."""

from __future__ import annotations

from dataclasses import dataclass


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
