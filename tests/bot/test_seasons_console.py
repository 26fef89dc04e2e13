"""Seasons and the standings card on the console (issue 29): the player sets the seasons (no admins here), the card
is shown anew after a result, and the season's end is told with its final standings, with a clock the test moves."""

from __future__ import annotations

import asyncio
import contextlib
import io
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.commands import Command, CommandError, parse
from bot.console import Console
from bot.replies import Caller, Identity, Notice
from bot.runner import deadline_loop
from bot.service import Service
from bot.standings import card_caption
from storage import EDIT_GAP, Store, standing_cards

from .conftest import CHAT, Clock


async def test_a_season_and_its_card_on_the_console(store: Store, tmp_path: Path) -> None:
    clock = Clock(datetime(2026, 10, 31, 22, tzinfo=UTC).timestamp())
    service = Service(store, clock=clock)
    try:
        out = io.StringIO()
        console = Console(service, out, tmp_path, "alice")
        await console.run(io.StringIO("/season monthly\n/standings pin\n/play ai plakoto to 1\n/resign yes\n"))
        text = out.getvalue()
        assert "This chat keeps monthly seasons; this one is 2026-10 (2026-10-01 – 2026-10-31)." in text, text
        assert (await store.standing_cards.get(CHAT.key)) is not None
        clock.now += EDIT_GAP
        notices = await service.tick()
        assert [n.kind for n in notices] == ["card"] and notices[0].edit == "card"
        for notice in notices:
            await console.deliver(notice)
        card = out.getvalue()[len(text):]
        assert "matches 1–0" in card and "alice: matches 0–1" in card, card
        clock.now = datetime(2026, 11, 1, 0, 0, 1, tzinfo=UTC).timestamp()
        notices = await service.tick()
        assert [n.kind for n in notices] == ["season"]
        assert notices[0].reply.text.startswith("Season 2026-10 is over; season 2026-11 begins.")
        assert notices[0].reply.picture is not None
        assert [n.kind for n in await service.tick()] == ["card"]  # the card turns to the new season
        assert await service.tick() == []
        assert len(list(tmp_path.glob("*.png"))) >= 2  # the card's pictures, saved where the console keeps them
    finally:
        service.close()


def test_the_season_and_standings_commands_parse_and_refuse_what_is_not_theirs() -> None:
    assert parse("/season Monthly") == Command("season", value="monthly")
    assert parse("/season") == Command("season")
    assert parse("/standings") == Command("standings")
    assert parse("/standings ALL") == Command("standings", value="all")
    assert parse("/standings pin") == Command("standings", value="pin")
    assert parse("/standings season 2026-q4") == Command("standings", value="season", season="2026-Q4")
    assert parse("/standings 2026-10") == Command("standings", value="season", season="2026-10")
    for bad in ("/season weekly", "/season monthly off", "/standings season", "/standings 2026-13",
                "/standings season 2026-10 all", "/standings everything"):
        with pytest.raises(CommandError):
            parse(bad)


async def test_a_cards_edit_follows_its_result_without_waiting_for_the_loops_round(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(standing_cards, "EDIT_GAP", 0.3)
    service = Service(store, render=None)
    delivered: list[Notice] = []

    async def route(notice: Notice) -> None:
        delivered.append(notice)

    loop = asyncio.create_task(deadline_loop(service, route, every=600))
    try:
        caller = Caller(Identity("console", "ann", "Ann"), CHAT)
        pinned = await service.handle(caller, "/standings pin")
        assert pinned.card and pinned.picture is not None
        await service.card_posted(CHAT, "card")
        await asyncio.sleep(0.5)  # the loop's first round is over: the next is ten minutes away
        await service.handle(caller, "/play ai plakoto to 1")
        assert (await service.handle(caller, "/resign yes")).ok
        for _ in range(100):
            if any(n.kind == "card" for n in delivered):
                break
            await asyncio.sleep(0.05)
        edits = [n for n in delivered if n.kind == "card"]
        assert len(edits) == 1 and edits[0].edit == "card" and "matches 0–1" in edits[0].reply.text
    finally:
        loop.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await loop
        service.close()


def test_the_cards_caption_is_the_first_block_of_the_standings() -> None:
    """The card's text is short: the current season's lines (all time's when the chat keeps no seasons), never a
    blank line and a piece of the next block; an ellipsis only where its own block goes on."""
    season = "Season 2026-10, 2026-10-01 – 2026-10-31 (matches won–lost · points won–lost):\n1. bob\n2. alice"
    assert card_caption(f"{season}\n\nAll time (matches won–lost · points won–lost):\n1. bob\n2. alice") == season
    many = ["All time (matches won–lost · points won–lost):", *(f"{n}. player {n}" for n in range(1, 9))]
    assert card_caption("\n".join(many)) == "\n".join([*many[:6], "…"])
