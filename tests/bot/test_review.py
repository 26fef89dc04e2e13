"""/hint against the computer, /review of a finished game, the error-rate line with the result and in /stats.

The numbers are recomputed here from the judge of plays (`game.nets.judge_plays`), turn by turn from the
stored move log, never written into the test.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

import pytest

from bot.dice import parse_dice
from bot.gamestate import game_of, side_of, variant_of
from bot.images import board_png
from bot.replies import Caller
from bot.service import Service
from game import Position, Side, parse_play
from game.nets import judge_plays
from storage import Store

from .conftest import ALICE, BOB, CHAT, Clock
from .play import play_out
from .test_games import only_game

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
async def fixed(store: Store, clock: Clock) -> AsyncIterator[Service]:
    """A service whose every game rolls the same dice (a fixed seed) and draws its boards."""
    svc = Service(store, clock=clock, seeds=lambda: "5eed" * 16, render=board_png)
    for who in (ALICE, BOB):
        await svc.remember(who)
    yield svc
    svc.close()


async def test_hint_is_refused_in_a_game_between_two_people(service: Service) -> None:
    await service.handle(Caller(ALICE, CHAT), "/challenge @bob tabla")
    await service.handle(Caller(BOB, CHAT), "/accept")
    for who in (ALICE, BOB):
        reply = await service.handle(Caller(who, CHAT), "/hint")
        assert not reply.ok
        assert "only in a game against the computer" in reply.text


async def test_hint_gives_three_legal_plays_best_first_privately(fixed: Service) -> None:
    await fixed.handle(Caller(ALICE, CHAT), "/play ai tabla")
    gid = await only_game(fixed, ALICE)
    record = await fixed.store.games.get(gid)
    game = game_of(record)
    assert game.phase == "move" and game.dice is not None
    reply = await fixed.handle(Caller(ALICE, CHAT), "/hint")
    assert reply.ok, reply.text
    assert reply.private and reply.picture is not None
    rows = re.findall(r"^(\d)\. (.+?)  ([+-]\d\.\d{3})(?: \(([+-]\d\.\d{3})\))?$", reply.text, re.M)
    assert len(rows) == 3
    expected = judge_plays(game.position, game.dice)[:3]
    values = []
    for (n, notation, value, diff), (play, equity) in zip(rows, expected, strict=True):
        assert parse_play(game.position, game.dice, notation).position == play.position  # legal, the judge's
        assert float(value) == pytest.approx(equity, abs=0.0005)
        values.append(float(value))
        if n != "1":
            assert float(diff) == pytest.approx(equity - expected[0][1], abs=0.0005)
    assert values == sorted(values, reverse=True)
    assert (await fixed.store.games.get(gid)).version == record.version  # a hint changes nothing


async def test_hint_only_for_the_player_to_move_with_dice(service: Service) -> None:
    await service.handle(Caller(ALICE, CHAT), "/play ai tabla")
    gid = await only_game(service, ALICE)
    reply = await service.handle(Caller(BOB, CHAT), f"/hint {gid}")
    assert not reply.ok
    await service.handle(Caller(ALICE, CHAT), f"/resign yes {gid}")
    reply = await service.handle(Caller(ALICE, CHAT), f"/hint {gid}")
    assert not reply.ok and "/review" in reply.text


async def _expected_rates(store: Store, gid: str) -> dict[Side, float]:
    """Each side's mean loss per non-forced decision (milli-points), from the judge and the move log."""
    record, log = await store.games.snapshot(gid)
    v = variant_of(record)
    before = Position.from_tpn(record.start_position, v)
    losses: dict[Side, list[float]] = {Side.WHITE: [], Side.BLACK: []}
    for entry in log:
        after = Position.from_tpn(entry.position, v)
        if entry.play not in ("opening", "pass"):
            side = side_of(entry.side)
            here = before if before.turn is side else before.with_turn(side)
            ranked = judge_plays(here, parse_dice(entry.dice))
            chosen = [value for play, value in ranked if play.position.to_tpn() == entry.position]
            assert len(chosen) == 1
            if ranked[0][1] - ranked[-1][1] > 0.001:
                losses[side].append(ranked[0][1] - chosen[0])
        before = after
    return {side: 1000 * sum(found) / len(found) for side, found in losses.items()}


async def test_a_fixed_game_is_reviewed_to_the_judges_numbers(fixed: Service) -> None:
    await fixed.handle(Caller(ALICE, CHAT), "/challenge @bob tabla")
    await fixed.handle(Caller(BOB, CHAT), "/accept")
    gid = await only_game(fixed, ALICE)
    replies = await play_out(fixed, CHAT, gid, {Side.WHITE: ALICE, Side.BLACK: BOB}, seed=3)
    rates = await _expected_rates(fixed.store, gid)
    last = replies[-1].text
    assert "wins game" in last
    line = f"Error rate (milli-points lost a decision): alice {rates[Side.WHITE]:.1f}, bob {rates[Side.BLACK]:.1f}."
    assert line in last
    assert await fixed.store.reviews.get(gid) is not None  # kept: a second /review reads it

    review = await fixed.handle(Caller(BOB, CHAT), f"/review {gid}")
    assert review.ok, review.text
    assert f"alice (white): error rate {rates[Side.WHITE]:.1f} over" in review.text
    assert f"bob (black): error rate {rates[Side.BLACK]:.1f} over" in review.text
    assert "Biggest errors:" in review.text and "Luck of the rolls" in review.text
    assert "PR" not in review.text.split()
    assert review.picture is not None
    again = await fixed.handle(Caller(ALICE, CHAT), f"/review {gid}")
    assert again.text == review.text

    stats = await fixed.handle(Caller(ALICE, CHAT), "/stats")
    assert f"Error rate {rates[Side.WHITE]:.1f} (milli-points lost a decision), the average of the last 1 game." \
        in stats.text

    await fixed.handle(Caller(ALICE, CHAT), "/lang bg")
    bg = await fixed.handle(Caller(ALICE, CHAT), f"/review {gid}")
    assert f"Преглед на игра #{gid}" in bg.text and "процент грешки" in bg.text
    assert "процент грешки" in (await fixed.handle(Caller(ALICE, CHAT), "/stats")).text.lower()
    await fixed.handle(Caller(ALICE, CHAT), "/lang el")
    el = await fixed.handle(Caller(ALICE, CHAT), f"/review {gid}")
    assert f"Ανάλυση της παρτίδας #{gid}" in el.text and "ποσοστό λαθών" in el.text


async def test_review_waits_for_the_end_of_the_game(service: Service) -> None:
    await service.handle(Caller(ALICE, CHAT), "/challenge @bob tabla")
    await service.handle(Caller(BOB, CHAT), "/accept")
    reply = await service.handle(Caller(ALICE, CHAT), "/review")
    assert not reply.ok and "still being played" in reply.text
