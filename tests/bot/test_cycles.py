"""Cycle matches through the service and the console (R-CYCLE-1…7): the games follow the cycle, the winner
starts the next, a tie replays, the match ends the moment a side reaches N, and every board says where the
match stands."""

from __future__ import annotations

import hashlib
import io
import itertools
import random

import pytest

from bot.console import Console
from bot.gamestate import TIE
from bot.replies import Caller, Identity
from bot.service import Service
from game import Side
from game.match import CYCLES
from storage import Store

from .conftest import ALICE, CHAT, Clock
from .play import next_command
from .test_games import only_game, player_id


async def _match_games(service: Service, who: Identity) -> tuple[list[str], str]:
    """The variants of the match's games in order, and the match id, of `who`'s only match."""
    pid = await player_id(service, who)
    gid = (await service.store.games.active_for(pid) or [None])[0]
    assert gid is not None
    record = await service.store.games.get(gid)
    assert record.match_id is not None
    return [], record.match_id


async def _play_match(service: Service, match_id: str, players: dict[Side, Identity], seed: int,
                      console: Console | None = None, out: io.StringIO | None = None) -> list[str]:
    """Play every game of the match with random legal plays; returns the texts of the replies."""
    rng = random.Random(seed)
    texts: list[str] = []
    for _ in range(3000):
        match = await service.store.matches.get(match_id)
        current = match.games[-1]
        step = await next_command(service, current, players, rng)
        if step is None:
            match = await service.store.matches.get(match_id)
            if match.winner is not None:
                return texts
            continue
        who, text = step
        if console is not None:
            assert await console.line(f"/as {who.name}")
            assert await console.line(text)
        else:
            reply = await service.handle(Caller(who, CHAT), text)
            assert reply.ok, reply.text
            texts.append(reply.text)
    raise AssertionError("the match did not end")


async def _check_cycle(service: Service, match_id: str, cycle: str) -> None:
    """R-CYCLE-1/3/4/5: each game's variant follows the cycle (a tie replays it) and the match stops at N."""
    match = await service.store.matches.get(match_id)
    order = CYCLES[cycle]
    index = 0
    score = [0, 0]
    previous_winner: int | None = None
    for n, gid in enumerate(match.games):
        record = await service.store.games.get(gid)
        assert record.variant == order[index % len(order)], (n, record.variant)
        assert record.result is not None
        if n and previous_winner is not None:  # R-CYCLE-3: the winner starts, no opening roll
            _, log = await service.store.games.snapshot(gid)
            assert log[0].play != "opening" and log[0].side == previous_winner
        if record.result.winner == TIE:
            previous_winner = None
        else:
            index += 1
            score[record.result.winner] += record.result.points
            previous_winner = record.result.winner
        if n < len(match.games) - 1:
            assert max(score) < match.target, "the match went on after a side reached N"
    assert tuple(score) == match.score and max(score) >= match.target and match.winner is not None


async def test_a_tavli_match_against_the_computer_cycles_and_ends_at_n(service: Service) -> None:
    reply = await service.handle(Caller(ALICE, CHAT), "/play ai tavli to 3")
    assert reply.ok, reply.text
    assert "Tavli to 3 · game 1: Portes" in reply.text
    _, match_id = await _match_games(service, ALICE)
    computer = Identity("ai", "engine", "Computer")
    await _play_match(service, match_id, {Side.WHITE: ALICE, Side.BLACK: computer}, seed=5)
    await _check_cycle(service, match_id, "tavli")


@pytest.mark.parametrize(("text", "words"), [
    ("/play ai plakoto cycle=tavli", "starts with Portes"),
    ("/play ai portes cycle=tabla", "starts with Tabla"),
    ("/play ai tavli cube=on", "no doubling cube"),
    ("/play ai tavli mother=tie scoring=backgammon cycle=tavli", None),
    ("/play ai tabla cycle=tabla to 5", None),
    ("/play ai fevga scoring=backgammon", "Fevga has no option"),
])
async def test_cycle_requests_are_read_as_section_12_says(service: Service, text: str, words: str | None) -> None:
    reply = await service.handle(Caller(ALICE, CHAT), text)
    if words is None:
        assert reply.ok, reply.text
    else:
        assert not reply.ok and words in reply.text, reply.text


async def test_a_cycle_option_applies_only_to_the_games_that_take_it(service: Service) -> None:
    await service.handle(Caller(ALICE, CHAT), "/play ai tavli mother=tie to 5")
    _, match_id = await _match_games(service, ALICE)
    match = await service.store.matches.get(match_id)
    assert dict(match.options) == {"cycle": "tavli", "mother": "tie"}
    first = await service.store.games.get(match.games[0])
    assert first.variant == "portes" and "mother" not in dict(first.options)


@pytest.mark.parametrize(("lang", "cycle", "games"), [
    ("en", "Tabla", "Tabla → Gul Bara → Tapa"),
    ("bg", "Табла", "Табла → Гюлбара → Тапа"),
    ("el", "Τάμπλα", "Τάμπλα → Γκιουλμπαρά → Τάπα"),
])
async def test_sentences_name_games_and_cycles_as_players_say_them(service: Service, lang: str, cycle: str,
                                                                    games: str) -> None:
    """Display names in the player's language, never the ids a command takes (`gulbara`, `tabla`)."""
    assert (await service.handle(Caller(ALICE, CHAT), f"/lang {lang}")).ok
    challenge = await service.handle(Caller(ALICE, CHAT), "/challenge tabla cycle=tabla to 7")
    assert challenge.ok and f"{cycle} ({games})" in challenge.text, challenge.text
    begun = await service.handle(Caller(ALICE, CHAT), "/play ai tabla cycle=tabla to 5")
    assert begun.ok and f"({games})" in begun.text and "gulbara" not in begun.text, begun.text
    shown = await service.handle(Caller(ALICE, CHAT), "/lobby")
    assert f"{cycle} ({games})" in shown.text, shown.text


def _seeds(base: int):  # deterministic dice seeds, so a test can look for a game where something happens
    counter = itertools.count()
    return lambda: hashlib.sha256(f"{base}:{next(counter)}".encode()).hexdigest()


@pytest.mark.parametrize("cycle", ["tavli", "tabla"])
async def test_a_whole_cycle_match_to_3_through_the_console(store: Store, cycle: str) -> None:
    """Two players at one console; in the Tabla match a Gul Bara cascade passes a remainder (R-GULBARA-4)."""
    request = "tavli to 3" if cycle == "tavli" else "tabla cycle=tabla to 3"
    for base in range(40):
        service = Service(store, clock=Clock(), render=None, seeds=_seeds(base))
        try:
            out = io.StringIO()
            alice, bob = f"a{cycle}{base}", f"b{cycle}{base}"
            console = Console(service, out, None, alice)
            assert await console.line(f"/as {bob}") and await console.line("/help")
            assert await console.line(f"/as {alice}")
            assert await console.line(f"/challenge @{bob} {request}")
            assert await console.line(f"/as {bob}") and await console.line("/accept")
            white, black = Identity("console", alice, alice), Identity("console", bob, bob)
            gid = await only_game(service, white)
            match_id = (await service.store.games.get(gid)).match_id
            assert match_id is not None
            await _play_match(service, match_id, {Side.WHITE: white, Side.BLACK: black}, base, console, out)
            await _check_cycle(service, match_id, cycle)
            text = out.getvalue()
            assert "Traceback" not in text and "went wrong" not in text
            if cycle == "tavli" or "The cascade passes to" in text:
                assert f"{cycle.capitalize()} to 3 · game 1" in text
                return
        finally:
            service.close()
    raise AssertionError("no Tabla match in 40 had a transferred cascade")
