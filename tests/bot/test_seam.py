"""The service seam every chat client stands on: typed commands, versioned button actions, the move builder,
autocomplete, and notices delivered through `tabla run`'s wiring (`bot.runner.serve`)."""

from __future__ import annotations

import asyncio
import random
import re
import threading

import pytest

from bot import review, runner
from bot.actions import Action, Verb
from bot.commands import Command, parse
from bot.gamestate import game_of
from bot.replies import Caller, Chat, Identity, Notice, Reply
from bot.runner import serve
from bot.service import Service
from bot.views import pack_moves
from game import Side
from game.builder import build
from storage import GameRecord, MoveLogEntry, Store

from .conftest import ALICE, BOB, CAROL, CHAT, Clock
from .play import play_out
from .test_games import only_game

OTHER = Chat("console", "elsewhere")


def _shape(text: str) -> str:
    """A reply's text with ids blanked (two runs of the same command create different ids)."""
    text = re.sub(r"[0-9a-f]{64}", "<hash>", text)
    return re.sub(r"\b[a-z2-7]{12}\b", "<id>", re.sub(r"#[a-z2-7]{4,12}\b", "#<id>", text))


TEXT_AND_STRUCTURED = [
    ("/help", Command("help")),
    ("/rules tapa", Command("rules", variant="tapa")),
    ("/lang", Command("lang")),
    ("/games", Command("games")),
    ("/lobby", Command("lobby")),
    ("/standings", Command("standings")),
    ("/stats @bob", Command("stats", player=BOB)),
    ("/challenge @bob tapa mother=tie to 3", Command("challenge", player=BOB, variant="tapa",
                                                     options={"mother": "tie"}, match_to=3)),
    ("/challenge mahbusa", Command("challenge", variant="mahbusa")),
    ("/deadline 48", Command("deadline", value="48")),
    ("/remind chat", Command("remind", value="chat")),
    ("/invite", Command("invite")),
    ("/accept zzzzzz", Command("accept", ref="zzzzzz")),
    ("/board", Command("board")),
]


@pytest.mark.parametrize(("text", "command"), TEXT_AND_STRUCTURED, ids=[t for t, _ in TEXT_AND_STRUCTURED])
async def test_every_command_gives_the_same_answer_typed_or_structured(service: Service, text: str,
                                                                       command: Command) -> None:
    typed = await service.handle(Caller(ALICE, Chat("console", "typed")), text)
    structured = await service.execute(Caller(ALICE, Chat("console", "structured")), command)
    assert (typed.ok, typed.private) == (structured.ok, structured.private)
    assert _shape(typed.text) == _shape(structured.text)
    if command.player is None:
        assert parse(text) == command


async def test_a_move_typed_or_structured_is_the_same_play(service: Service) -> None:
    await service.handle(Caller(ALICE, CHAT), "/play ai tawula to 1")
    gid = await only_game(service, ALICE)
    record = await service.store.games.get(gid)
    game = game_of(record)
    play = game.plays()[0]
    reply = await service.execute(Caller(ALICE, CHAT), Command("move", notation=play.notation))
    assert reply.ok, reply.text
    _, log = await service.store.games.snapshot(gid)
    assert any(e.play == play.notation for e in log)


async def test_a_challenge_names_a_player_by_handle_only_once_seen(service: Service) -> None:
    stranger = Identity("console", "dora", "Dora", username="Dora")
    refused = await service.handle(Caller(ALICE, CHAT), "/challenge @dora")
    assert not refused.ok and "reply to" in refused.text and refused.private
    await service.remember(stranger)
    made = await service.handle(Caller(ALICE, CHAT), "/challenge @DORA tapa")  # handles match case-insensitively
    assert made.ok and [m.user_id for m in made.mentions] == ["dora"]


async def _human_game(service: Service, variant: str = "plakoto") -> str:
    made = await service.handle(Caller(ALICE, CHAT), f"/challenge @bob {variant} to 1")
    accept = Action.unpack(made.buttons[0][0].data)
    assert accept.verb is Verb.ACCEPT
    started = await service.press(Caller(BOB, CHAT), made.buttons[0][0].data)
    assert started.ok, started.text
    return await only_game(service, ALICE)


def _mover(record_turn: Side, white: Identity, black: Identity) -> tuple[Identity, Identity]:
    return (white, black) if record_turn is Side.WHITE else (black, white)


async def test_refused_presses_change_nothing(service: Service) -> None:
    gid = await _human_game(service)
    record = await service.store.games.get(gid)
    game = game_of(record)
    mover, other = _mover(game.turn, ALICE, BOB)
    start = Action(Verb.OPEN, gid, record.version).pack()
    opened = await service.press(Caller(mover, CHAT), start)
    assert opened.ok and opened.private and opened.builder is not None
    first = opened.builder.rows[0][0].data
    stale = Action(Verb.OPEN, gid, record.version - 1).pack()
    over_long = start + "x" * 80
    other_game = Action(Verb.OPEN, "zzzzzzzzzzzz", 1).pack()
    assert game.dice is not None
    forged = Action(Verb.CONFIRM, gid, record.version, pack_moves([(24, 5, 6)])).pack()
    cases = [(mover, stale), (mover, "garbage"), (mover, over_long), (mover, other_game), (mover, "t1:c:::"),
             (other, start), (other, first), (CAROL, first), (mover, forged), (mover, "t1:z:abcdef:1:"),
             (mover, "\udcff\x00"), (mover, "")]
    for who, data in cases:
        before = await service.store.games.snapshot(gid)
        reply = await service.press(Caller(who, CHAT), data)
        assert not reply.ok and reply.private, (data, reply.text)
        assert await service.store.games.snapshot(gid) == before, data
    # another chat's player pressing this chat's button
    assert not (await service.press(Caller(CAROL, OTHER), first)).ok


async def test_the_same_confirm_twice_applies_once(service: Service) -> None:
    gid = await _human_game(service)
    record = await service.store.games.get(gid)
    game = game_of(record)
    mover, _ = _mover(game.turn, ALICE, BOB)
    assert game.dice is not None
    state = build(game.position, game.dice, [])
    picked: list[tuple[int, int, int]] = []
    while state.play is None:  # pick the moves the builder offers until a play is complete
        picked.append(state.next[0].pick)
        state = build(game.position, game.dice, picked)
    data = Action(Verb.CONFIRM, gid, record.version, pack_moves(picked)).pack()
    caller = Caller(mover, CHAT)
    first, second = await asyncio.gather(service.press(caller, data), service.press(caller, data))
    assert first.ok or second.ok
    _, log = await service.store.games.snapshot(gid)
    assert sum(1 for e in log if e.play == state.play.notation and e.dice == f"{game.dice[0]}-{game.dice[1]}") == 1
    again = await service.press(Caller(mover, CHAT), data)
    assert not again.ok and "out of date" in again.text
    assert (await service.store.games.snapshot(gid))[1] == log


@pytest.mark.parametrize("variant", ["plakoto", "tawula", "portes", "fevga", "gulbara"])
async def test_a_whole_game_by_builder_presses_only(service: Service, variant: str) -> None:
    rng = random.Random(3)
    gid = await _human_game(service, variant)
    players = {Side.WHITE: ALICE, Side.BLACK: BOB}
    boards = 0
    for _ in range(2000):  # the dice are the service's own, unseeded: a hitting game's random plays run long
        record = await service.store.games.get(gid)
        game = game_of(record)
        if game.phase == "over":
            break
        who = players[game.turn]
        reply = await service.press(Caller(who, CHAT), Action(Verb.OPEN, gid, record.version).pack())
        while True:
            assert reply.ok and reply.builder is not None, reply.text
            assert len(reply.builder.rows) <= 5 and all(len(r) <= 5 for r in reply.builder.rows)
            confirm = [b for row in reply.builder.rows for b in row if Action.unpack(b.data).verb is Verb.CONFIRM]
            moves = [b for row in reply.builder.rows[:-1] or reply.builder.rows for b in row
                     if Action.unpack(b.data).verb is Verb.BUILD and "/" in b.label]
            if confirm and (not moves or rng.random() < 0.5):
                reply = await service.press(Caller(who, CHAT), confirm[0].data)
                assert reply.ok and not reply.private, reply.text
                boards += 1
                break
            reply = await service.press(Caller(who, CHAT), rng.choice(moves).data)
            assert reply.delivery == "update"
    record = await service.store.games.get(gid)
    assert record.result is not None and boards > 5


async def test_autocomplete_offers_only_legal_plays_and_finds_any_order(service: Service) -> None:
    await service.handle(Caller(ALICE, CHAT), "/play ai plakoto to 1")
    gid = await only_game(service, ALICE)
    game = game_of(await service.store.games.get(gid))
    assert game.dice is not None
    legal = {p.notation for p in game.plays()}
    everything = await service.suggest(Caller(ALICE, CHAT), "")
    assert everything and {s.value for s in everything} <= legal and len(everything) <= 25
    assert await service.suggest(Caller(BOB, CHAT), "") == []  # bob has no game; nobody but the mover gets plays
    for play in game.plays()[:10]:
        words = play.notation.split()
        typed = " ".join(reversed(words)).replace("*", "")
        found = await service.suggest(Caller(ALICE, CHAT), typed)
        assert found and found[0].value == play.notation, (typed, found[:3])
        prefix = await service.suggest(Caller(ALICE, CHAT), words[0][:2])
        assert all(s.value in legal for s in prefix)
        assert any(s.value == play.notation for s in await service.suggest(Caller(ALICE, CHAT), words[0]))


class FakeAdapter:
    """An adapter that records the notices `tabla run`'s wiring routes to it."""

    platform = "console"

    def __init__(self) -> None:
        self.notices: list[Notice] = []
        self.started = self.stopped = False

    async def start(self) -> None:
        self.started = True

    async def stop(self) -> None:
        self.stopped = True

    async def deliver(self, notice: Notice) -> None:
        self.notices.append(notice)

    async def finished(self) -> None:
        await asyncio.Event().wait()


async def test_reminders_and_losses_on_time_reach_the_adapter_through_the_loop(store: Store) -> None:
    clock = Clock()
    service = Service(store, clock=clock, render=None)
    for who in (ALICE, BOB):
        await service.remember(who)
    try:
        gid = await _human_game(service)
        adapter = FakeAdapter()
        stop = asyncio.Event()
        running = asyncio.create_task(serve(service, [adapter], check_seconds=0.05, stop=stop))
        await asyncio.sleep(0.2)
        assert adapter.started and adapter.notices == []
        clock.advance(37)
        await _until(lambda: len(adapter.notices) == 1)
        assert adapter.notices[0].kind == "reminder" and "your turn" in adapter.notices[0].reply.text
        clock.advance(36)
        await _until(lambda: len(adapter.notices) == 2)
        assert adapter.notices[1].kind == "timeout" and "ran out of time" in adapter.notices[1].reply.text
        assert (await service.store.games.get(gid)).result is not None
        stop.set()
        assert await asyncio.wait_for(running, 5) == 0 and adapter.stopped
    finally:
        service.close()


async def test_the_review_line_reaches_the_adapter_and_stopping_cancels_a_review_in_flight(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """`serve` routes the service's own notices (a finished game's review line) to the adapters; when it stops,
    a review still being computed is cancelled after `SETTLE_SECONDS`, nothing is left running or posted."""
    service = Service(store, render=None)
    for who in (ALICE, BOB):
        await service.remember(who)
    gate = threading.Event()
    real = review.judge_game
    held = {"first": True}

    def judge(record: GameRecord, entries: list[MoveLogEntry]) -> str:
        if not held["first"]:
            assert gate.wait(30)
        held["first"] = False
        return real(record, entries)

    monkeypatch.setattr(review, "judge_game", judge)
    monkeypatch.setattr(runner, "SETTLE_SECONDS", 0.3)
    try:
        adapter = FakeAdapter()
        stop = asyncio.Event()
        running = asyncio.create_task(serve(service, [adapter], check_seconds=0.05, stop=stop))
        await asyncio.sleep(0.2)
        assert service.notify is not None
        players = {Side.WHITE: ALICE, Side.BLACK: BOB}
        first = await _human_game(service, "portes")
        await play_out(service, CHAT, first, players, seed=2)
        await _until(lambda: len(adapter.notices) == 1, 30)
        assert adapter.notices[0].kind == "review" and f"/review {first}" in adapter.notices[0].reply.text
        second = await _human_game(service, "portes")
        await play_out(service, CHAT, second, players, seed=3)  # its review is held
        assert service.background > 0
        stop.set()
        assert await asyncio.wait_for(running, 5) == 0 and adapter.stopped
        assert service.background == 0 and service.notify is None
        assert len(adapter.notices) == 1  # nothing of the cancelled review
    finally:
        gate.set()
        service.close()
    assert await store.reviews.get(second) is None  # left for its first /review


async def _until(check: object, seconds: float = 5.0) -> None:
    for _ in range(int(seconds / 0.02)):
        if check():  # type: ignore[operator]
            return
        await asyncio.sleep(0.02)
    raise AssertionError("timed out")


def test_replies_are_typed() -> None:
    reply = Reply("x")
    assert reply.image is None and reply.delivery == "new" and not reply.private
