"""Privacy and clarity: a game is shown only in its own chat (and privately to its players), commands without
an id right after a game ended refer to it, the computer's name is the computer's, duplicate challenges and too
many open ones are refused, engine errors speak of the game being played."""

from __future__ import annotations

from bot.gamestate import game_of
from bot.replies import Caller, Chat, Identity
from bot.service import Service
from game import Side

from .conftest import ALICE, BOB, CAROL, CHAT
from .test_rules_of_service import two_player_game

OTHER = Chat("console", "elsewhere")
ALICE_ALONE = Chat("console", "alice-dm", private=True)


async def test_a_game_is_shown_only_in_its_chat_and_privately_to_its_players(service: Service) -> None:
    """A group's game may be watched anywhere with /board <id>, read-only (issue 27, P5, `test_watching.py`);
    its history, position and dice only in its chat and privately to its players."""
    gid = await two_player_game(service)
    for who in (CAROL, ALICE):
        for command in ("history", "position", "verify"):
            reply = await service.handle(Caller(who, OTHER), f"/{command} {gid}")
            assert not reply.ok and "another chat" in reply.text and reply.board is None, (command, reply.text)
        watched = await service.handle(Caller(who, OTHER), f"/board {gid}")
        assert watched.ok and watched.builder is None and watched.buttons == (), watched.text
    assert (await service.handle(Caller(ALICE, ALICE_ALONE), f"/board {gid}")).builder is not None \
        or game_of(await service.store.games.get(gid)).turn is not Side.WHITE
    assert (await service.handle(Caller(CAROL, Chat("console", "carol-dm", private=True)), f"/board {gid}")).ok
    assert (await service.handle(Caller(ALICE, CHAT), "/resign yes")).ok
    assert (await service.handle(Caller(BOB, OTHER), f"/history {gid}")).ok  # a finished replay, shared
    assert not (await service.handle(Caller(CAROL, OTHER), f"/history {gid}")).ok
    assert (await service.handle(Caller(BOB, OTHER), f"/board {gid}")).ok


async def test_board_history_and_verify_right_after_the_end_refer_to_that_game(service: Service) -> None:
    gid = await two_player_game(service)
    assert (await service.handle(Caller(BOB, CHAT), "/resign yes")).ok
    for command in ("board", "history", "verify"):
        reply = await service.handle(Caller(ALICE, CHAT), f"/{command}")
        assert reply.ok and gid in reply.text, (command, reply.text)
    assert "follow from seed" in (await service.handle(Caller(BOB, CHAT), "/verify")).text


async def test_only_the_computer_is_called_computer(service: Service) -> None:
    impostor = Identity("console", "mallory", "Computer")
    await service.remember(impostor)
    record = await service.store.players.find("console", "mallory")
    assert record is not None and record.name.lower() != "computer"
    reply = await service.handle(Caller(ALICE, CHAT), "/challenge @COMPUTER tapa to 1")
    assert reply.ok and "begins" in reply.text, reply.text  # @Computer is the computer, in any case
    stats = await service.handle(Caller(ALICE, CHAT), "/stats computer")
    assert stats.ok and "Computer" in stats.text and "matches" in stats.text
    assert "(matches won–lost · points won–lost)" in (await service.handle(Caller(ALICE, CHAT), "/stats")).text


async def test_a_duplicate_challenge_points_to_the_first_and_open_ones_are_limited(service: Service) -> None:
    first = await service.handle(Caller(ALICE, CHAT), "/challenge @bob tapa to 3")
    assert first.ok
    again = await service.handle(Caller(ALICE, CHAT), "/challenge @BOB tapa to 3")
    assert not again.ok and "already have this challenge open" in again.text
    assert first.text.split("(#", 1)[1].split(")", 1)[0] in again.text
    for line in ("/challenge @bob plakoto", "/challenge tawula", "/challenge @carol tapa", "/challenge mahbusa"):
        assert (await service.handle(Caller(ALICE, CHAT), line)).ok, line
    too_many = await service.handle(Caller(ALICE, CHAT), "/challenge @carol plakoto")
    assert not too_many.ok and "open challenges here already" in too_many.text
    assert (await service.handle(Caller(BOB, CHAT), "/challenge @carol plakoto")).ok  # the limit is per player


async def test_games_against_the_computer_are_limited_per_player_and_chat(service: Service) -> None:
    for _ in range(5):
        assert (await service.handle(Caller(CAROL, CHAT), "/play ai tapa")).ok
    refused = await service.handle(Caller(CAROL, CHAT), "/play ai tapa")
    assert not refused.ok and "against the computer here already" in refused.text
    assert (await service.handle(Caller(CAROL, OTHER), "/play ai tapa")).ok


async def test_an_engine_error_speaks_of_the_game_being_played(service: Service) -> None:
    gid = await two_player_game(service)
    game = game_of(await service.store.games.get(gid))
    mover = ALICE if game.turn is Side.WHITE else BOB
    reply = await service.handle(Caller(mover, CHAT), f"/move bar/22 {gid}")
    assert not reply.ok and "plakoto" in reply.text.lower() and "Something went wrong" not in reply.text, reply.text
