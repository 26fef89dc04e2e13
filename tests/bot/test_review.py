"""/hint against the computer, /review of a finished game, the error-rate line that follows the result (a notice
of its own, computed in the background) and in /stats.

The numbers are recomputed here from the judge of plays (`game.nets.judge_plays`), turn by turn from the
stored move log, never written into the test.
"""

from __future__ import annotations

import asyncio
import logging
import random
import re
import threading
from collections.abc import AsyncIterator

import pytest

from bot import review as review_module
from bot.dice import parse_dice
from bot.gamestate import game_of, side_of, variant_of
from bot.images import board_png
from bot.replies import Caller, Notice
from bot.runner import deadline_loop
from bot.service import Service
from game import Position, Side, parse_play
from game.nets import judge_plays, judge_values
from renderer import Scene
from storage import GameRecord, MoveLogEntry, Store

from .conftest import ALICE, BOB, CHAT, Clock
from .play import next_command, play_out
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
    best = [play for play, _ in judge_plays(game.position, game.dice)[:3]]  # the judge's best three, two plies
    expected = sorted(zip(best, judge_values(best), strict=True), key=lambda pv: -pv[1])  # deep where a net judges
    values = []
    for (n, notation, value, diff), (play, equity) in zip(rows, expected, strict=True):
        assert parse_play(game.position, game.dice, notation).position == play.position  # legal, the judge's
        assert float(value) == pytest.approx(equity, abs=0.0005)
        values.append(float(value))
        if n != "1":
            assert float(diff) == pytest.approx(equity - expected[0][1], abs=0.0005)
    assert values == sorted(values, reverse=True)
    assert (await fixed.store.games.get(gid)).version == record.version  # a hint changes nothing


async def test_a_greek_players_hint_and_review_name_the_computer_in_greek(store: Store, clock: Clock) -> None:
    """The computer's name in a Greek player's /hint picture and /review text is the Greek one, never the
    default language's: both read their game's names for the reader (`bot.table.read`)."""
    scenes: list[Scene] = []

    def drawn(scene: Scene) -> None:
        scenes.append(scene)

    svc = Service(store, clock=clock, seeds=lambda: "5eed" * 16, render=drawn)
    try:
        me = Caller(ALICE, CHAT)
        assert (await svc.handle(me, "/lang el")).ok
        assert (await svc.handle(me, "/play ai tabla")).ok
        gid = await only_game(svc, ALICE)
        scenes.clear()
        hint = await svc.handle(me, "/hint")
        assert hint.ok, hint.text
        assert scenes and set(scenes[-1].names.values()) == {"alice", "Υπολογιστής"}, scenes
        assert (await svc.handle(me, f"/resign yes {gid}")).ok
        review = await svc.handle(me, f"/review {gid}")
        assert review.ok, review.text
        assert "Υπολογιστής" in review.text and "Computer" not in review.text, review.text
    finally:
        svc.close()


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
            chosen = [play for play, _ in ranked if play.position.to_tpn() == entry.position]
            assert len(chosen) == 1
            top = ranked[0][1]
            value = top if chosen[0] is ranked[0][0] else judge_values(chosen)[0]  # two plies deep too
            values = [v for _, v in ranked]
            if max(values) - min(values) > 0.001:
                losses[side].append(max(0.0, top - value))
        before = after
    return {side: 1000 * sum(found) / len(found) for side, found in losses.items()}


class Posted:
    """The notices the service posts by itself (what `bot.runner.serve`'s router would deliver)."""

    def __init__(self) -> None:
        self.notices: list[Notice] = []

    async def __call__(self, notice: Notice) -> None:
        self.notices.append(notice)


async def _two_player_game(svc: Service) -> str:
    await svc.handle(Caller(ALICE, CHAT), "/challenge @bob tabla")
    await svc.handle(Caller(BOB, CHAT), "/accept")
    return await only_game(svc, ALICE)


async def test_a_fixed_game_is_reviewed_to_the_judges_numbers(fixed: Service) -> None:
    posted = Posted()
    fixed.notify = posted
    gid = await _two_player_game(fixed)
    replies = await play_out(fixed, CHAT, gid, {Side.WHITE: ALICE, Side.BLACK: BOB}, seed=3)
    last = replies[-1].text
    assert "wins game" in last
    assert "Error rate" not in last  # the result goes out at once, without waiting for the review
    await fixed.settle(60)
    rates = await _expected_rates(fixed.store, gid)
    line = f"Error rate (milli-points lost a decision): alice {rates[Side.WHITE]:.1f}, bob {rates[Side.BLACK]:.1f}."
    assert [(n.kind, n.chat) for n in posted.notices] == [("review", CHAT)]  # the summary follows, on its own
    assert line in posted.notices[0].reply.text and f"/review {gid}" in posted.notices[0].reply.text
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
    assert f"Преглед на игра #{gid}" in bg.text and "показател за грешки" in bg.text
    assert "показател за грешки" in (await fixed.handle(Caller(ALICE, CHAT), "/stats")).text.lower()
    await fixed.handle(Caller(ALICE, CHAT), "/lang el")
    el = await fixed.handle(Caller(ALICE, CHAT), f"/review {gid}")
    assert f"Ανάλυση της παρτίδας #{gid}" in el.text and "δείκτης λαθών" in el.text


async def test_review_waits_for_the_end_of_the_game(service: Service) -> None:
    await service.handle(Caller(ALICE, CHAT), "/challenge @bob tabla")
    await service.handle(Caller(BOB, CHAT), "/accept")
    reply = await service.handle(Caller(ALICE, CHAT), "/review")
    assert not reply.ok and "still being played" in reply.text


class Gated:
    """The real `judge_game`, held until `release` is set, counting its calls (it runs in a worker thread)."""

    def __init__(self) -> None:
        self.real = review_module.judge_game
        self.release = threading.Event()
        self.calls = 0

    def __call__(self, record: GameRecord, entries: list[MoveLogEntry]) -> str:
        self.calls += 1
        assert self.release.wait(30)
        return self.real(record, entries)


async def test_a_review_asked_for_while_it_is_computed_is_computed_once(service: Service,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    posted = Posted()
    service.notify = posted
    gated = Gated()
    monkeypatch.setattr(review_module, "judge_game", gated)
    gid = await _two_player_game(service)
    replies = await play_out(service, CHAT, gid, {Side.WHITE: ALICE, Side.BLACK: BOB}, seed=5)
    assert "wins game" in replies[-1].text  # answered while the review is held
    asking = asyncio.create_task(service.handle(Caller(BOB, CHAT), f"/review {gid}"))
    again = asyncio.create_task(service.handle(Caller(ALICE, CHAT), f"/review {gid}"))
    await asyncio.sleep(0.5)
    assert not asking.done() and not again.done()  # waiting for the review in flight
    assert gated.calls == 1
    gated.release.set()
    first, second = await asyncio.wait_for(asyncio.gather(asking, again), 60)
    assert first.ok and second.ok, (first.text, second.text)
    await service.settle(30)
    assert gated.calls == 1
    assert [n.kind for n in posted.notices] == ["review"]
    rates = await _expected_rates(service.store, gid)
    assert f"alice {rates[Side.WHITE]:.1f}, bob {rates[Side.BLACK]:.1f}" in posted.notices[0].reply.text
    assert f"alice (white): error rate {rates[Side.WHITE]:.1f} over" in first.text
    assert f"bob (black): error rate {rates[Side.BLACK]:.1f} over" in second.text


async def test_a_review_that_fails_posts_nothing_and_is_logged(service: Service, monkeypatch: pytest.MonkeyPatch,
                                                               caplog: pytest.LogCaptureFixture) -> None:
    posted = Posted()
    service.notify = posted

    def broken(record: GameRecord, entries: list[MoveLogEntry]) -> str:
        raise RuntimeError("the judge broke")

    monkeypatch.setattr(review_module, "judge_game", broken)
    gid = await _two_player_game(service)
    with caplog.at_level(logging.ERROR, logger="bot.review"):
        replies = await play_out(service, CHAT, gid, {Side.WHITE: ALICE, Side.BLACK: BOB}, seed=5)
        assert "wins game" in replies[-1].text
        await service.settle(30)
    assert posted.notices == []
    failed = [r for r in caplog.records if r.name == "bot.review" and f"could not review game {gid}" in r.message]
    assert len(failed) == 1 and failed[0].exc_info is not None
    assert "the judge broke" in str(failed[0].exc_info[1])
    assert await service.store.reviews.get(gid) is None  # nothing stored: the next /review tries again


async def test_the_review_line_speaks_the_results_language(service: Service) -> None:
    posted = Posted()
    service.notify = posted
    for who in (ALICE, BOB):
        await service.handle(Caller(who, CHAT), "/lang bg")
    gid = await _two_player_game(service)
    replies = await play_out(service, CHAT, gid, {Side.WHITE: ALICE, Side.BLACK: BOB}, seed=5)
    assert "Семето на заровете" in replies[-1].text  # the result, in Bulgarian
    await service.settle(30)
    assert len(posted.notices) == 1
    line = posted.notices[0].reply.text
    assert line.startswith("Показател за грешки") and f"/review {gid}" in line


async def test_after_a_loss_on_time_the_result_is_posted_before_the_review_line(service: Service,
                                                                                clock: Clock) -> None:
    """Issue 27, P11: the deadline loop's notice of a loss on time is slow to deliver (a picture, a platform's
    rate limit); the review line, ready long before, waits for it."""
    gid = await _two_player_game(service)
    rng = random.Random(2)
    for _ in range(6):
        step = await next_command(service, gid, {Side.WHITE: ALICE, Side.BLACK: BOB}, rng)
        assert step is not None
        assert (await service.handle(Caller(step[0], CHAT), step[1])).ok
    order: list[str] = []

    async def notify(notice: Notice) -> None:
        order.append(notice.kind)

    async def slow_route(notice: Notice) -> None:
        await asyncio.sleep(review_module.FOLLOW_SECONDS + 1.5)
        order.append(notice.kind)

    service.notify = notify
    clock.advance(100)
    loop = asyncio.create_task(deadline_loop(service, slow_route, 0.05))
    try:
        for _ in range(200):
            if "review" in order:
                break
            await asyncio.sleep(0.05)
    finally:
        loop.cancel()
        await asyncio.gather(loop, return_exceptions=True)
    assert (await service.store.games.get(gid)).result is not None
    assert [k for k in order if k != "reminder"] == ["timeout", "review"], order


async def test_reviews_turn_numbers_are_historys(service: Service) -> None:
    """Issue 27: after an opening roll, "turn 7" in /review is the line numbered 7 in /history."""
    gid = await _two_player_game(service)
    await play_out(service, CHAT, gid, {Side.WHITE: ALICE, Side.BLACK: BOB}, seed=4)
    _, log = await service.store.games.snapshot(gid)
    assert log[0].play == "opening"
    text = (await service.handle(Caller(ALICE, CHAT), f"/review {gid}")).text
    history = (await service.handle(Caller(ALICE, CHAT), f"/history {gid}")).text.splitlines()
    cited = re.findall(r"turn (\d+), (\d-\d): (.+?), better", text)
    assert cited, text
    for n, rolled, chosen in cited:
        line = next(h for h in history if h.startswith(f"{n}. "))
        assert rolled in line and chosen.split()[0] in line, (n, rolled, chosen, line)
