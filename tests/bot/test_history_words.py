"""/history tells every kind of logged turn in words (issue 18): an opening roll, a play, a passed turn
(R-TURN-3), a resignation (R-END-6) and a loss on time, never the log's own words ("opening", "pass")."""

from __future__ import annotations

import pytest

from bot.replies import Caller
from bot.service import Service
from bot.words import log_entry

from .conftest import ALICE, CHAT

KINDS = {
    "en": ["opening roll: 6-4", "Dora: 6-4 24/18 13/9", "Dora: 2-1, no move, turn passed", "Dora resigned",
           "Dora ran out of time"],
    "bg": ["начално хвърляне: 6-4", "Dora: 6-4 24/18 13/9", "Dora: 2-1, няма ход, пас", "Dora се предаде",
           "Dora изчерпа времето си"],
    "el": ["αρχική ζαριά: 6-4", "Dora: 6-4 24/18 13/9", "Dora: 2-1, καμία κίνηση, πάσο", "Dora: εγκατάλειψη",
           "Dora: έληξε ο χρόνος"],
}


@pytest.mark.parametrize("lang", sorted(KINDS))
def test_every_kind_of_entry_is_told_in_words(lang: str) -> None:
    told = [log_entry(lang, "opening", "6-4", "Dora"), log_entry(lang, "24/18 13/9", "6-4", "Dora"),
            log_entry(lang, "pass", "2-1", "Dora"), log_entry(lang, "resign", "", "Dora"),
            log_entry(lang, "timeout", "", "Dora")]
    assert told == KINDS[lang]


async def test_history_of_a_resigned_game_has_no_log_words(service: Service) -> None:
    me = Caller(ALICE, CHAT)
    assert (await service.handle(me, "/play ai tapa to 1")).ok
    assert (await service.handle(me, "/resign yes")).ok
    lines = (await service.handle(me, "/history")).text.splitlines()
    assert lines[1].startswith("1. opening roll: ") and not lines[1].endswith("opening"), lines
    assert lines[-1].endswith("alice resigned"), lines
