"""A turn reads its game once: the Redis commands one `/move` and one button press send, counted through the
service on the real Redis (a counting wrapper around the store's client, `tests/bot/round_trips.py`).

The figures are ceilings: a change that sends more commands per move or press fails here. Before the caller's
vacation was read with their record they were 6 per `/move` between two people, 11 per `/move` against the
computer (its reply stored too; 9 for most), 2 per builder press and 6 per confirmed play: the mover's vacation
was ended by a script on every move, and the next player's vacation read on every commit, also when the turn
came back to the caller or went to the computer. Now a move between people reads only the opponent's vacation
(another player's record, not cached across processes), and a move against the computer none."""

from __future__ import annotations

import hashlib
import random
from collections.abc import AsyncIterator, Iterator

import pytest

from bot import table as tables
from bot.gamestate import game_of
from bot.replies import Caller, Reply
from bot.service import Service
from game import Side
from storage import Keys, Store

from .conftest import ALICE, BOB, CHAT, Clock
from .round_trips import Commands, count

MOVES = 8
PEOPLE = 5  # the caller's record and update mark, the game, the opponent's vacation, the play, the match
COMPUTER = 9  # the same, less the vacation, with the computer's reply and the game marked for `bot.resume`
BUILD = 2  # the caller's record and update mark, the game
CONFIRM = 5  # as a /move between people
MATCH_READS = 3  # the result counted in the match, its ratings, the match as the result left it (it was 4)
RESIGN = 27  # it was 28


@pytest.fixture
async def seeded(store: Store, clock: Clock) -> AsyncIterator[Service]:
    """A service with fixed dice seeds: the same games on every run."""
    seeds: Iterator[str] = iter(hashlib.sha256(f"trips-{n}".encode()).hexdigest() for n in range(100))
    svc = Service(store, clock=clock, render=None, seeds=lambda: next(seeds))
    for who in (ALICE, BOB):
        await svc.remember(who)
    yield svc
    svc.close()


async def _moves(svc: Service, game_id: str, ids: Iterator[str]) -> list[Commands]:
    """Play `MOVES` random legal moves by `/move` (each with an update id, as from a chat), counting each."""
    rng = random.Random(7)
    counted = []
    for _ in range(MOVES):
        game = game_of(await svc.store.games.get(game_id))
        if game.phase != "move":
            break
        who = ALICE if (await svc.store.games.get(game_id)).players[0 if game.turn.value == "white" else 1] \
            == (await svc.store.players.find("console", ALICE.user_id)).id else BOB  # type: ignore[union-attr]
        text = f"/move {rng.choice(game.plays()).notation} {game_id}"
        with count(svc.store) as sent:
            reply = await svc.handle(Caller(who, CHAT, next(ids)), text)
        assert reply.ok, reply.text
        counted.append(sent)
    return counted


def _game_id(reply: Reply) -> str:
    assert reply.ok and reply.game_id, reply.text
    return reply.game_id


async def _accepted(svc: Service) -> str:
    await svc.handle(Caller(ALICE, CHAT, "c-1"), "/challenge @bob plakoto to 1")
    return _game_id(await svc.handle(Caller(BOB, CHAT, "c-2"), "/accept"))


async def test_a_move_between_two_people_sends_at_most_its_figure(seeded: Service) -> None:
    game_id = await _accepted(seeded)
    counted = await _moves(seeded, game_id, (f"m-{n}" for n in range(100)))
    assert len(counted) == MOVES
    print("per /move between people:", [len(c) for c in counted], counted[-1].sent)
    assert max(len(c) for c in counted) <= PEOPLE, [c.sent for c in counted]
    game_key = Keys(seeded.store.settings.prefix).game(game_id)
    assert [c.reads_of(game_key) for c in counted] == [1] * MOVES  # a turn reads its game once


async def test_a_move_against_the_computer_sends_at_most_its_figure(seeded: Service) -> None:
    game_id = _game_id(await seeded.handle(Caller(ALICE, CHAT, "c-1"), "/play ai plakoto to 1"))
    counted = await _moves(seeded, game_id, (f"m-{n}" for n in range(100)))
    assert len(counted) >= 4
    print("per /move against the computer:", [len(c) for c in counted], counted[-1].sent)
    assert max(len(c) for c in counted) <= COMPUTER, [c.sent for c in counted]
    game_key = Keys(seeded.store.settings.prefix).game(game_id)
    assert all(c.reads_of(game_key) == 1 for c in counted)


async def test_a_button_press_sends_at_most_its_figure(seeded: Service) -> None:
    game_id = await _accepted(seeded)
    record = await seeded.store.games.get(game_id)
    game = game_of(record)
    alice = await seeded.store.players.find("console", ALICE.user_id)
    assert alice is not None
    mover = ALICE if record.players[0 if game.turn.value == "white" else 1] == alice.id else BOB
    board = await seeded.handle(Caller(mover, CHAT, "b-0"), f"/board {game_id}")
    assert board.builder is not None
    builds: list[Commands] = []
    builder = board.builder
    for n in range(1, 6):
        if builder.complete:
            break
        with count(seeded.store) as sent:
            reply = await seeded.press(Caller(mover, CHAT, f"b-{n}"), builder.rows[0][0].data)
        assert reply.ok and reply.builder is not None, reply.text
        builds.append(sent)
        builder = reply.builder
    assert builder.complete and builds
    with count(seeded.store) as confirmed:
        reply = await seeded.press(Caller(mover, CHAT, "b-9"), builder.rows[-1][-1].data)
    assert reply.ok and (await seeded.store.games.get(game_id)).version > record.version, reply.text
    print("per press:", [len(p) for p in builds], len(confirmed), confirmed.sent)
    assert max(len(p) for p in builds) <= BUILD, [p.sent for p in builds]
    assert len(confirmed) <= CONFIRM, confirmed.sent
    game_key = Keys(seeded.store.settings.prefix).game(game_id)
    assert [p.reads_of(game_key) for p in [*builds, confirmed]] == [1] * (len(builds) + 1)
    assert "ZRANGEBYSCORE" not in builds[0].sent


async def test_a_game_that_ends_reads_its_match_once_after_the_result(seeded: Service) -> None:
    """R-END-6: a resignation ends the game; its result is counted in the match (one read to update it, one for
    its ratings), and the answer reads the match as the result left it once (it read it twice: for the next
    game, and for the board's score)."""
    game_id = await _accepted(seeded)
    record = await seeded.store.games.get(game_id)
    assert record.match_id is not None
    with count(seeded.store) as sent:
        reply = await seeded.handle(Caller(ALICE, CHAT, "r-1"), f"/resign yes {game_id}")
    assert reply.ok and (await seeded.store.games.get(game_id)).result is not None, reply.text
    match_key = Keys(seeded.store.settings.prefix).match(record.match_id)
    print("a resignation:", len(sent), sent.sent, sent.reads_of(match_key))
    assert sent.reads_of(match_key) <= MATCH_READS, sent.sent
    assert len(sent) <= RESIGN, sent.sent


async def test_a_table_names_the_players_in_its_readers_language(seeded: Service) -> None:
    """The table of a game against the computer, read for a Greek reader: the computer's name in Greek, the
    game waiting on its side to move, and the match read with it."""
    game_id = _game_id(await seeded.handle(Caller(ALICE, CHAT, "c-1"), "/play ai plakoto to 1"))
    record = await seeded.store.games.get(game_id)
    table = await tables.read(seeded, record, "el")
    computer = next(side for side in (Side.WHITE, Side.BLACK) if table.is_computer(side))
    assert table.names[computer] == "Υπολογιστής" and table.names[computer.other] == ALICE.name
    assert table.awaited is table.game.turn and table.match is not None and table.match.id == record.match_id
