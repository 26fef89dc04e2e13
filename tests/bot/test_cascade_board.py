"""A Gul Bara cascade on the board after it (issue 27: "only a cascade's last stage is drawn"; R-GULBARA-3): the
picture that follows the computer's cascade draws every stage it played, each arrow with its stage's number."""

from __future__ import annotations

import itertools
import re
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot import views
from bot.gamestate import game_of
from bot.replies import Caller
from bot.service import Service
from renderer import LastPlay
from storage import Store

from .conftest import ALICE, CHAT, Clock
from .test_games import only_game, player_id

PLAYED = re.compile(r"^\w+ (rolled \d-\d(;| and played)|plays \d × \d)")
PASSED = re.compile(r"^(\w+ cannot play|The rest of the cascade passes|The cascade passes)")


@pytest.fixture
async def fixed(store: Store, clock: Clock) -> AsyncIterator[Service]:
    """A service whose games roll fixed dice (one seed after another), so the same cascades come every run."""
    seeds = itertools.count(1)
    svc = Service(store, clock=clock, seeds=lambda: f"{next(seeds):064x}")
    await svc.remember(ALICE)
    yield svc
    svc.close()


async def test_the_board_after_the_computers_cascade_draws_all_its_stages(fixed: Service,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[LastPlay | None] = []
    real = views.show  # every board of an answer is drawn by `views.show`

    async def spy(*args: Any, **kwargs: Any) -> Any:
        drawn.append(kwargs.get("last"))
        return await real(*args, **kwargs)

    monkeypatch.setattr(views, "show", spy)
    games = 0
    for _ in range(600):
        if not await fixed.store.games.active_for(await player_id(fixed, ALICE)):
            # the dice are fixed, but the computer breaks ties by the game's id (a fresh one each run), so a game
            # may end before its computer's cascade ends an answer: then another game
            reply = await fixed.handle(Caller(ALICE, CHAT), "/play ai gulbara")
            assert reply.ok, reply.text
            games += 1
        gid = await only_game(fixed, ALICE)
        game = game_of(await fixed.store.games.get(gid))
        drawn.clear()
        reply = await fixed.handle(Caller(ALICE, CHAT), f"/move {game.plays()[0].notation}")
        assert reply.ok, reply.text
        expected = _cascade_drawn(reply.text)
        if expected:
            last = drawn[-1]
            assert last is not None and last.side is not game.turn
            assert len(last.stages) == expected, (reply.text, last)
            assert sum(last.stages) == len(last.moves)
            return
    raise AssertionError(f"no cascade of the computer's ended an answer in {games} games")


def _cascade_drawn(text: str) -> int:
    """How many stages the computer's cascade played when it is the last play of an answer (the roll, then each
    stage played without one), else 0."""
    lines = text.splitlines()
    plays = [k for k, line in enumerate(lines) if PLAYED.match(line)]
    if not plays or not lines[plays[-1]].startswith("Computer plays"):
        return 0
    if any(PASSED.match(line) for line in lines[plays[-1]:]):
        return 0  # a stage that could not be played: the turn went on
    for count, k in enumerate(reversed(plays), 1):
        if not lines[k].startswith("Computer"):
            return 0
        if "rolled" in lines[k]:
            return count if count > 1 else 0
    return 0
