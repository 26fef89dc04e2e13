"""Whole games through the console adapter with scripted input: against the computer and between two players,
in every variant; a match to 3 points; a tie replayed (R-END-4, R-OPEN-2); verifiable dice (R-DICE-1)."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest

from bot.console import Console
from bot.gamestate import TIE, game_of
from bot.replies import Caller, Identity
from bot.runner import Router
from bot.service import Service
from bot.verify import verify
from game import PRESETS, Side
from storage import MoveLogEntry

from .conftest import ALICE, BOB, CHAT
from .play import next_command


async def player_id(service: Service, who: Identity) -> str:
    record = await service.store.players.find(who.platform, who.user_id)
    assert record is not None
    return record.id


async def only_game(service: Service, who: Identity) -> str:
    games = await service.store.games.active_for(await player_id(service, who))
    assert len(games) == 1, games
    return games[0]


async def script_to_end(console: Console, service: Service, game_id: str, names: dict[Side, str],
                        seed: int = 7) -> None:
    """Feed the console one line per move, switching the typing player with /as, until the game ends."""
    import random

    rng = random.Random(seed)
    idents = {side: Identity("console", name, name) for side, name in names.items()}
    for _ in range(1000):
        step = await next_command(service, game_id, idents, rng)
        if step is None:
            return
        who, text = step
        assert await console.line(f"/as {who.name}")
        assert await console.line(text)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("name", PRESETS)
async def test_a_game_against_the_computer_to_the_end_in_every_variant(service: Service, name: str) -> None:
    out = io.StringIO()
    console = Console(service, out, None, "alice")
    assert await console.line(f"/play ai {name} to 1")
    gid = await only_game(service, ALICE)
    ai = service.computer_id
    record = await service.store.games.get(gid)
    assert (await ai()) in record.players
    await script_to_end(console, service, gid, {Side.WHITE: "alice", Side.BLACK: "alice"})
    record, log = await service.store.games.snapshot(gid)
    assert record.result is not None
    assert "Dice seed revealed" in out.getvalue()
    assert verify(record, log).ok
    assert not await service.store.games.active_for(await player_id(service, ALICE))


@pytest.mark.parametrize("name", PRESETS)
async def test_a_game_between_two_players_to_the_end_in_every_variant(service: Service, name: str) -> None:
    out = io.StringIO()
    console = Console(service, out, None, "alice")
    assert await console.line(f"/challenge @bob {name} to 1")
    assert await console.line("/as bob")
    assert await console.line("/accept")
    gid = await only_game(service, BOB)
    await script_to_end(console, service, gid, {Side.WHITE: "alice", Side.BLACK: "bob"})
    record, log = await service.store.games.snapshot(gid)
    assert record.result is not None and record.result.winner in (0, 1, TIE)
    assert verify(record, log).ok
    standings = await service.handle(Caller(ALICE, CHAT), "/standings")
    if record.result.winner != TIE:
        assert "alice" in standings.text or "bob" in standings.text


async def test_the_review_line_follows_the_result_on_the_console(service: Service) -> None:
    """The result is shown at once; the error-rate line comes after it as a notice of its own (`tabla run`
    routes the service's notices to the console, as here)."""
    out = io.StringIO()
    console = Console(service, out, None, "alice")
    service.notify = Router([console])
    assert await console.line("/challenge @bob portes to 1")
    assert await console.line("/as bob")
    assert await console.line("/accept")
    gid = await only_game(service, BOB)
    await script_to_end(console, service, gid, {Side.WHITE: "alice", Side.BLACK: "bob"})
    shown = out.getvalue()
    assert "wins game" in shown and "Error rate" not in shown
    await service.settle(30)
    shown = out.getvalue()
    assert shown.index("Error rate (milli-points lost a decision)") > shown.index("wins game")
    assert f"/review {gid}" in shown


async def test_a_match_to_3_points_is_played_game_after_game(service: Service) -> None:
    """R-MATCH-1: games follow each other until one side reaches 3; the score is said after each game."""
    out = io.StringIO()
    console = Console(service, out, None, "alice")
    await console.line("/challenge @bob tapa to 3")
    await console.line("/as bob")
    await console.line("/accept")
    first = await only_game(service, BOB)
    match_id = (await service.store.games.get(first)).match_id
    assert match_id is not None
    for n in range(20):
        match = await service.store.matches.get(match_id)
        if match.winner is not None:
            break
        await script_to_end(console, service, match.games[-1], {Side.WHITE: "alice", Side.BLACK: "bob"}, seed=n)
    match = await service.store.matches.get(match_id)
    assert match.winner is not None and max(match.score) >= 3
    assert "Match score" in out.getvalue() and "wins the match" in out.getvalue()
    for gid in match.games[1:]:
        record = await service.store.games.get(gid)
        assert record.match_id == match_id


async def test_a_tie_is_replayed_with_an_opening_roll(service: Service) -> None:
    """R-END-3, R-END-4: a play that pins the second mother ties the game; it scores nothing and the next game
    of the match starts with an opening roll (R-OPEN-2)."""
    await service.handle(Caller(ALICE, CHAT), "/challenge @bob plakoto to 3")
    await service.handle(Caller(BOB, CHAT), "/accept")
    gid = await only_game(service, ALICE)
    record = await service.store.games.get(gid)
    # Set the board up (as a test fixture): black already pins white's mother; white, to move with 6-5, can
    # pin black's mother on its 1-point with 12/7 7/1*, which ties the game under plakoto's mother=win+tie.
    near_tie = "B1,,,,,,W1,,,,,W13,B12,,,,,,,,,,,wB2 w 0/0/0 0/0/0"
    staged = replace(record, position=near_tie, dice="6-5")
    entry = MoveLogEntry(0, "6-5", "setup", near_tie, service.clock())
    await service.store.games.apply(record, staged, command_id="test-setup", move=entry)
    reply = await service.handle(Caller(ALICE, CHAT), f"/move 12/7 7/1* {gid}")
    assert reply.ok, reply.text
    assert "tie" in reply.text
    stored = await service.store.games.get(gid)
    assert stored.result is not None and stored.result.winner == TIE and stored.result.points == 0
    match = await service.store.matches.get(stored.match_id or "")
    assert match.score == (0, 0) and len(match.games) == 2 and match.starts_next == -1
    nxt = game_of(await service.store.games.get(match.games[1]))
    assert nxt.phase == "move" or nxt.phase == "roll"  # the service made the opening roll already
    _, log = await service.store.games.snapshot(match.games[1])
    assert log[0].play == "opening"
    # The same move sent again changes nothing and counts the tie once.
    again = await service.handle(Caller(ALICE, CHAT), f"/move 12/7 7/1* {gid}")
    assert len((await service.store.matches.get(match.id)).games) == 2, again.text


async def test_the_revealed_seed_reproduces_every_roll(service: Service) -> None:
    """R-DICE-1: /verify recomputes every roll of a finished game; a wrong seed is caught."""
    await service.handle(Caller(ALICE, CHAT), "/play ai mahbusa to 1")
    gid = await only_game(service, ALICE)
    before = await service.handle(Caller(ALICE, CHAT), f"/verify {gid}")
    assert "stays secret" in before.text
    record = await service.store.games.get(gid)
    assert record.seed and record.seed not in before.text
    await service.handle(Caller(ALICE, CHAT), f"/resign yes {gid}")
    reply = await service.handle(Caller(ALICE, CHAT), f"/verify {gid}")
    assert reply.ok and "follow from seed" in reply.text, reply.text
    record, log = await service.store.games.snapshot(gid)
    assert any(entry.play == "opening" for entry in log)
    assert not verify(record, log, seed="00" * 32).ok


async def test_a_forced_play_and_a_pass_are_announced(service: Service) -> None:
    """R-TURN-3: over many computer games some turn is forced or passes, and the reply says so."""
    import random

    seen = ""
    for n in range(6):
        reply = await service.handle(Caller(ALICE, CHAT), "/play ai tawula to 1")
        gid = await only_game(service, ALICE)
        rng = random.Random(n)
        texts = [reply.text]
        while (step := await next_command(service, gid, {Side.WHITE: ALICE, Side.BLACK: ALICE}, rng)) is not None:
            texts.append((await service.handle(Caller(ALICE, CHAT), step[1])).text)
        seen += "\n".join(texts)
        if "the only play" in seen and "the turn passes" in seen:
            break
    assert "the only play" in seen
    game = game_of(await service.store.games.get(gid))
    assert game.phase == "over"
