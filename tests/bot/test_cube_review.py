"""The cube's decisions in `/review`, in the error-rate line and in `/hint` (issue 27: "a dropped redouble showed
0.0 error rate"; R-CUBE-2, R-CUBE-3): judged by the computer's cube (`game.nets.judge_cube`,
`game.nets.cube_equities`), recomputed here from the games as they stood before each decision.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest

from bot.dice import parse_dice
from bot.gamestate import game_of, side_of, variant_of
from bot.images import board_png
from bot.replies import Caller, Identity
from bot.service import Service
from game import Cube, CubeAction, Game, Position, Side
from game.nets import CubeDecision, cube_equities, judge_cube, judge_plays, judge_values
from storage import Store

from .conftest import ALICE, BOB, CHAT, Clock
from .cube_setup import START, put, tpn
from .test_review import Posted

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
PLAYERS: dict[Side, Identity] = {Side.WHITE: ALICE, Side.BLACK: BOB}
CUBE_ENTRIES = {a.value for a in CubeAction}


@pytest.fixture
async def fixed(store: Store, clock: Clock) -> AsyncIterator[Service]:
    """A service whose every game rolls the same dice (a fixed seed) and draws its boards."""
    svc = Service(store, clock=clock, seeds=lambda: "5eed" * 16, render=board_png)
    for who in (ALICE, BOB):
        await svc.remember(who)
    yield svc
    svc.close()


async def _expected_losses(store: Store, gid: str) -> dict[Side, list[float]]:
    """Each side's losses on its non-forced plays (points), from the judge of plays and the move log."""
    record, log = await store.games.snapshot(gid)
    v = variant_of(record)
    before = Position.from_tpn(record.start_position, v)
    losses: dict[Side, list[float]] = {Side.WHITE: [], Side.BLACK: []}
    for entry in log:
        if entry.play in CUBE_ENTRIES:
            continue
        after = Position.from_tpn(entry.position, v)
        if entry.play not in ("opening", "pass"):
            side = side_of(entry.side)
            here = before if before.turn is side else before.with_turn(side)
            ranked = judge_plays(here, parse_dice(entry.dice))
            chosen = [play for play, _ in ranked if play.position.to_tpn() == entry.position]
            assert len(chosen) == 1
            top = ranked[0][1]
            value = top if chosen[0] is ranked[0][0] else judge_values(chosen)[0]
            values = [v for _, v in ranked]
            if max(values) - min(values) > 0.001:
                losses[side].append(max(0.0, top - value))
        before = after
    return losses


async def _cube_game(svc: Service, seed: int) -> tuple[str, list[tuple[Side, Game, CubeAction]]]:
    """alice (white) and bob (black) play plakoto with the cube: random plays; the first side asked doubles, the
    other takes, the taker redoubles at its next chance and the first doubler drops (the game ends there). Every
    cube decision is returned with the game before it."""
    await svc.handle(Caller(ALICE, CHAT), "/challenge @bob plakoto cube=on")
    reply = await svc.handle(Caller(BOB, CHAT), "/accept")
    assert reply.ok and reply.game_id is not None, reply.text
    gid = reply.game_id
    rng = random.Random(seed)
    decided: list[tuple[Side, Game, CubeAction]] = []
    doubles = 0
    for _ in range(400):
        game = game_of(await svc.store.games.get(gid))
        if game.phase == "over":
            return gid, decided
        who = game.answering or game.turn
        if game.phase == "decide":
            owner = game.cube.owner if game.cube else None
            action = CubeAction.DOUBLE if doubles == 0 or (doubles == 1 and owner is who) else CubeAction.ROLL
            doubles += action is CubeAction.DOUBLE
        elif game.phase == "answer":
            action = CubeAction.TAKE if doubles == 1 else CubeAction.DROP
        else:
            assert game.phase == "move", game.phase
            text = f"/move {rng.choice(game.plays()).notation}"
            assert (await svc.handle(Caller(PLAYERS[game.turn], CHAT), text)).ok
            continue
        decided.append((who, game, action))
        answered = await svc.handle(Caller(PLAYERS[who], CHAT), f"/{action.value}")
        assert answered.ok, answered.text
    raise AssertionError("the game did not end")


async def test_a_dropped_redouble_is_an_error_counted_in_the_error_rate(fixed: Service) -> None:
    """R-CUBE-2, R-CUBE-3: every cube decision is judged; a wrong one is an error with its cost in points."""
    posted = Posted()
    fixed.notify = posted
    gid, decided = await _cube_game(fixed, seed=2)
    actions = [a for _, _, a in decided if a is not CubeAction.ROLL]
    assert actions == [CubeAction.DOUBLE, CubeAction.TAKE, CubeAction.DOUBLE, CubeAction.DROP]
    judged = [judge_cube(game, action, 0) for _, game, action in decided]
    cube: dict[Side, list[CubeDecision]] = {Side.WHITE: [], Side.BLACK: []}
    for (side, _, _), found in zip(decided, judged, strict=True):
        assert found is not None
        if found.decision:
            cube[side].append(found)
    drop = judged[-1]
    assert drop is not None and drop.loss > 0 and drop.best == CubeAction.TAKE.value  # dropping was wrong
    await fixed.settle(60)
    checker = await _expected_losses(fixed.store, gid)
    rates = {}
    for side in (Side.WHITE, Side.BLACK):
        losses = checker[side] + [d.loss for d in cube[side]]
        rates[side] = 1000 * sum(losses) / len(losses)
    assert rates[drop.side] > 0
    line = f"Error rate (milli-points lost a decision): alice {rates[Side.WHITE]:.1f}, bob {rates[Side.BLACK]:.1f}."
    assert [n.kind for n in posted.notices] == ["review"]
    assert line in posted.notices[0].reply.text

    review = await fixed.handle(Caller(ALICE, CHAT), f"/review {gid}")
    assert review.ok, review.text
    counts = {side: len(checker[side]) + len(cube[side]) for side in cube}
    assert f"alice (white): error rate {rates[Side.WHITE]:.1f} over {counts[Side.WHITE]} decisions." in review.text
    assert f"bob (black): error rate {rates[Side.BLACK]:.1f} over {counts[Side.BLACK]} decisions." in review.text
    assert f"the cube at {drop.value}: drop, better take ({-drop.loss:+.3f} points)" in review.text, review.text

    await fixed.handle(Caller(ALICE, CHAT), "/lang bg")
    bg = (await fixed.handle(Caller(ALICE, CHAT), f"/review {gid}")).text
    assert f"зарът за удвояване на {drop.value}: отказ, по-добре приемане" in bg, bg
    await fixed.handle(Caller(ALICE, CHAT), "/lang el")
    el = (await fixed.handle(Caller(ALICE, CHAT), f"/review {gid}")).text
    assert f"ο κύβος στο {drop.value}: άρνηση, καλύτερα αποδοχή" in el, el


async def test_hint_before_the_roll_says_what_the_computer_would_do(service: Service) -> None:
    """R-CUBE-2: roll or double, with the equities of no double, double/take and double/drop."""
    reply = await service.handle(Caller(ALICE, CHAT), "/play ai plakoto cube=on")
    assert reply.ok and reply.game_id is not None, reply.text
    gid = reply.game_id
    for _ in range(100):
        record = await service.store.games.get(gid)
        game = game_of(record)
        if game.phase == "decide" and game.turn is Side.WHITE:
            break
        assert game.phase == "move", game.phase
        assert (await service.handle(Caller(ALICE, CHAT), f"/move {game.plays()[0].notation}")).ok
    else:
        raise AssertionError("alice was never asked to roll or double")
    eq = cube_equities(game)
    assert eq is not None
    hint = await service.handle(Caller(ALICE, CHAT), "/hint")
    assert hint.ok and hint.private, hint.text
    best = "double" if eq.best is CubeAction.DOUBLE else "no double"
    assert hint.text == (f"Cube hint for game #{gid}: {best}. Your equity in points: without a double "
                         f"{eq.no_double:+.3f}, doubled and taken {eq.take:+.3f}, doubled and dropped "
                         f"{eq.drop:+.3f}."), hint.text
    assert (await service.store.games.get(gid)).version == record.version  # a hint changes nothing


async def test_hint_when_answering_a_double_says_take_or_drop(service: Service) -> None:
    """R-CUBE-3: the computer (black) has doubled; alice's hint is the computer's answer, take or drop."""
    reply = await service.handle(Caller(ALICE, CHAT), "/play ai plakoto cube=on")
    assert reply.game_id is not None
    gid = reply.game_id
    await put(service.store, gid, tpn(START, "b"), Cube(1, None, True))
    game = game_of(await service.store.games.get(gid))
    assert game.phase == "answer" and game.answering is Side.WHITE
    eq = cube_equities(game)
    assert eq is not None and eq.best in (CubeAction.TAKE, CubeAction.DROP)
    hint = await service.handle(Caller(ALICE, CHAT), "/hint")
    assert hint.ok, hint.text
    assert hint.text == (f"Cube hint for game #{gid}: {eq.best.value}. Your equity in points: taking "
                         f"{-eq.take:+.3f}, dropping {-eq.drop:+.3f}."), hint.text
    await service.handle(Caller(ALICE, CHAT), "/lang el")
    greek = (await service.handle(Caller(ALICE, CHAT), "/hint")).text
    assert greek.startswith(f"Συμβουλή για τον κύβο στην παρτίδα #{gid}:"), greek
