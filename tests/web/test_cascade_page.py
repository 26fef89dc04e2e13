"""The live board page after a Gul Bara cascade (R-GULBARA-3): the board draws every stage the mover played
without a roll between, each arrow numbered by its stage, and the mover's strip names every stage's play — as
the chat's board after a cascade does (`bot.turns.last_drawn`)."""

from __future__ import annotations

from typing import Any

from aiohttp.test_utils import TestServer

from bot.dice import parse_dice
from bot.gamestate import side_of, variant_of
from bot.service import Service
from game import Position, parse_play
from tests.bot.conftest import Clock

from .browser import PHONE, SHOTS
from .conftest import ANA
from .replay_game import cascade_game, cascaded
from .test_replay_page import open_replay

ORDER = "() => Array.from(document.querySelectorAll('#board svg text.order')).map(t => t.textContent)"


async def test_R_GULBARA_3_the_live_board_draws_every_stage(service: Service, server: TestServer,
                                                             browser: Any, clock: Clock) -> None:
    gid = await cascade_game(service, resign=False)
    record, log = await service.store.games.snapshot(gid)
    v = variant_of(record)
    count = cascaded(log, v)
    stages = log[-count:]
    moves = sum(len(parse_play(Position.from_tpn(before.position, v).with_turn(side_of(e.side)),
                               parse_dice(e.dice), e.play).steps)
                for before, e in zip(log[-count - 1:-1], stages, strict=True))
    page = await open_replay(browser, server, ANA, clock, f"/?game={gid}", viewport=PHONE)
    numbers = await page.evaluate(ORDER)
    assert sorted(set(numbers)) == [str(n) for n in range(1, len(stages) + 1)], numbers
    assert len(numbers) == moves, numbers
    svg = await page.locator("#board svg").inner_html()
    assert ", ".join(e.play for e in stages) in svg, "the strip names every stage's play"
    await page.screenshot(path=str(SHOTS / "page-cascade.png"), full_page=True)
    await page.context.close()

