"""Authorisation refusals, idempotent moves, deadlines with a controllable clock, and the command grammar."""

from __future__ import annotations

import asyncio

import pytest

from bot import commands, deadlines
from bot.actions import Action
from bot.commands import CommandError
from bot.gamestate import game_of
from bot.replies import Caller, Chat
from bot.service import Service
from game import Side

from .conftest import ALICE, BOB, CAROL, CHAT, Clock
from .play import next_command
from .test_games import only_game


async def two_player_game(service: Service) -> str:
    await service.handle(Caller(ALICE, CHAT), "/challenge @bob plakoto to 1")
    reply = await service.handle(Caller(BOB, CHAT), "/accept")
    assert reply.ok, reply.text
    return await only_game(service, ALICE)


async def test_only_the_challenged_player_accepts_a_targeted_challenge(service: Service) -> None:
    await service.handle(Caller(CAROL, CHAT), "/help")
    made = await service.handle(Caller(ALICE, CHAT), "/challenge @bob tapa")
    cid = Action.unpack(made.buttons[0][0].data).ref
    refused = await service.handle(Caller(CAROL, CHAT), f"/accept {cid}")
    assert not refused.ok and "someone else" in refused.text
    own = await service.handle(Caller(ALICE, CHAT), f"/accept {cid}")
    assert not own.ok and "your own" in own.text
    assert not (await service.handle(Caller(CAROL, CHAT), f"/decline {cid}")).ok
    assert not (await service.handle(Caller(BOB, CHAT), f"/cancel {cid}")).ok
    assert (await service.handle(Caller(BOB, CHAT), f"/decline {cid}")).ok
    gone = await service.handle(Caller(BOB, CHAT), f"/accept {cid}")
    assert not gone.ok and "no open challenge" in gone.text


async def test_an_open_challenge_is_listed_and_anyone_may_accept(service: Service) -> None:
    await service.handle(Caller(ALICE, CHAT), "/challenge tawula to 3")
    lobby = await service.handle(Caller(BOB, CHAT), "/lobby")
    assert "Tawula, a match to 3 points" in lobby.text and lobby.buttons
    assert (await service.press(Caller(CAROL, CHAT), lobby.buttons[0][0].data)).ok
    assert "No open challenges" in (await service.handle(Caller(BOB, CHAT), "/lobby")).text


async def test_a_challenge_expires(service: Service, clock: Clock) -> None:
    await service.handle(Caller(ALICE, CHAT), "/challenge @bob tapa")
    clock.advance(25)
    assert not (await service.handle(Caller(BOB, CHAT), "/accept")).ok


async def test_only_the_players_act_and_only_the_player_to_move_moves(service: Service) -> None:
    gid = await two_player_game(service)
    record = await service.store.games.get(gid)
    game = game_of(record)
    play = game.plays()[0].notation
    mover, waiter = (ALICE, BOB) if game.turn is Side.WHITE else (BOB, ALICE)
    stranger = await service.handle(Caller(CAROL, CHAT), f"/move {play} {gid}")
    assert not stranger.ok and "not playing" in stranger.text
    assert not (await service.handle(Caller(CAROL, CHAT), f"/resign {gid}")).ok
    wrong = await service.handle(Caller(waiter, CHAT), f"/move {play} {gid}")
    assert not wrong.ok and "turn" in wrong.text
    assert (await service.store.games.get(gid)).version == record.version
    assert (await service.handle(Caller(mover, CHAT), f"/move {play}")).ok


async def test_the_same_move_sent_twice_at_once_applies_once(service: Service) -> None:
    gid = await two_player_game(service)
    record, log = await service.store.games.snapshot(gid)
    game = game_of(record)
    mover = ALICE if game.turn is Side.WHITE else BOB
    text = f"/move {game.plays()[-1].notation} {gid}"
    replies = await asyncio.gather(*(service.handle(Caller(mover, CHAT), text) for _ in range(4)))
    assert any(r.ok for r in replies)
    _, log_after = await service.store.games.snapshot(gid)
    assert log_after[len(log)].play == game.plays()[-1].notation
    assert sum(1 for e in log_after[len(log):] if e.dice == log_after[len(log)].dice
               and e.side == log_after[len(log)].side and e.play == log_after[len(log)].play) == 1


async def test_a_reminder_at_half_time_then_the_game_is_lost_on_time(service: Service, clock: Clock) -> None:
    gid = await two_player_game(service)
    game = game_of(await service.store.games.get(gid))
    late = "alice" if game.turn is Side.WHITE else "bob"
    assert await deadlines.tick(service) == []
    clock.advance(37)
    notices = await deadlines.tick(service)
    assert len(notices) == 1 and "your turn" in notices[0].reply.text and late in notices[0].reply.text
    assert [m.user_id for m in notices[0].reply.mentions] == [late]
    assert "35 hours left" in notices[0].reply.text  # 72 h per move, 37 h gone
    assert await deadlines.tick(service) == []
    clock.advance(36)
    notices = await deadlines.tick(service)
    assert len(notices) == 1 and "ran out of time" in notices[0].reply.text
    record = await service.store.games.get(gid)
    assert record.result is not None and record.result.reason == "timeout"
    assert record.result.winner == (1 if late == "alice" else 0)
    assert await deadlines.tick(service) == []


async def test_a_chat_sets_its_own_move_deadline(service: Service, clock: Clock) -> None:
    assert (await service.handle(Caller(ALICE, CHAT), "/deadline 10")).ok
    gid = await two_player_game(service)
    record = await service.store.games.get(gid)
    assert record.deadline == pytest.approx(clock() + 10 * 3600)


async def test_several_games_in_one_chat_need_an_id(service: Service) -> None:
    await service.handle(Caller(ALICE, CHAT), "/play ai tapa")
    await service.handle(Caller(ALICE, CHAT), "/play ai plakoto")
    reply = await service.handle(Caller(ALICE, CHAT), "/board")
    assert not reply.ok and "several games" in reply.text
    listed = await service.handle(Caller(ALICE, CHAT), "/games")
    assert listed.text.count("#") == 2


async def test_languages_per_player(service: Service) -> None:
    assert (await service.handle(Caller(ALICE, CHAT), "/lang bg")).ok
    bg = await service.handle(Caller(ALICE, CHAT), "/rules tapa")
    en = await service.handle(Caller(BOB, CHAT), "/rules tapa")
    assert bg.text != en.text and "Tapa" in en.text
    assert (await service.handle(Caller(ALICE, CHAT), "/lang el")).ok
    assert (await service.handle(Caller(ALICE, CHAT), "/rules tapa")).text not in (bg.text, en.text)
    assert not (await service.handle(Caller(ALICE, CHAT), "/lang xx")).ok


async def test_a_players_language_falls_back_to_the_chats_then_english(service: Service) -> None:
    english = (await service.handle(Caller(BOB, CHAT), "/rules tapa")).text
    assert (await service.handle(Caller(ALICE, CHAT), "/lang el")).ok
    greek = (await service.handle(Caller(ALICE, CHAT), "/rules tapa")).text
    set_chat = await service.handle(Caller(CAROL, CHAT), "/lang chat bg")
    assert set_chat.ok and "български" in set_chat.text
    bulgarian = (await service.handle(Caller(BOB, CHAT), "/rules tapa")).text  # Bob chose nothing: the chat's language
    assert len({english, greek, bulgarian}) == 3
    assert (await service.handle(Caller(ALICE, CHAT), "/rules tapa")).text == greek  # Alice's own choice wins
    assert (await service.handle(Caller(BOB, Chat("console", "elsewhere")), "/rules tapa")).text == english
    assert not (await service.handle(Caller(BOB, CHAT), "/lang chat")).ok


@pytest.mark.parametrize(("text", "name", "field", "value"), [
    ("/challenge @bob tapa mother=tie to 5", "challenge", "target", "bob"),
    ("/challenge @bob tapa mother=tie to 5", "challenge", "match_to", 5),
    ("/challenge tapa mother=tie", "challenge", "options", {"mother": "tie"}),
    ("/play ai plakoto", "play", "variant", "plakoto"),
    ("/move 24/18 13/8", "move", "notation", "24/18 13/8"),
    ("24/18 13/8 #abcdef", "move", "ref", "abcdef"),
    ("/accept k3vq7d", "accept", "ref", "k3vq7d"),
    ("/board@tablabot", "board", "ref", None),
])
def test_the_command_grammar(text: str, name: str, field: str, value: object) -> None:
    cmd = commands.parse(text)
    assert cmd.name == name and getattr(cmd, field) == value


@pytest.mark.parametrize("text", ["/frobnicate", "/accept too many", "/play ai tapa to 99", "hello", "",
                                  "/board not-an-id!", "x" * 1000, "/move", "\x00\x01"])
def test_bad_lines_are_refused_by_the_grammar(text: str) -> None:
    with pytest.raises(CommandError):
        commands.parse(text)


async def test_the_computer_moves_by_itself(service: Service) -> None:
    import random

    await service.handle(Caller(ALICE, CHAT), "/play ai plakoto to 1")
    gid = await only_game(service, ALICE)
    step = await next_command(service, gid, {Side.WHITE: ALICE, Side.BLACK: ALICE}, random.Random(3))
    assert step is not None
    reply = await service.handle(Caller(ALICE, CHAT), step[1])
    record = await service.store.games.get(gid)
    assert record.result is not None or record.players[0 if game_of(record).turn is Side.WHITE else 1] != \
        (await service.computer_id())
    assert reply.ok


async def test_a_move_sent_after_its_deadline_is_refused_and_the_game_lost_on_time(service: Service,
                                                                                  clock: Clock) -> None:
    gid = await two_player_game(service)
    game = game_of(await service.store.games.get(gid))
    mover = ALICE if game.turn is Side.WHITE else BOB
    clock.advance(72.01)  # no deadline check has run since
    late = await service.handle(Caller(mover, CHAT), f"/move {game.plays()[0].notation} {gid}")
    assert not late.ok and "Too late" in late.text and "ran out of time" in late.text, late.text
    record = await service.store.games.get(gid)
    assert record.result is not None and record.result.reason == "timeout"
    assert [e.play for e in (await service.store.games.snapshot(gid))[1]][-1] == "timeout"
    assert not [n for n in await deadlines.tick(service) if n.kind == "timeout"]  # applied once


async def test_a_reminder_says_minutes_when_less_than_an_hour_is_left(service: Service, clock: Clock) -> None:
    assert (await service.handle(Caller(ALICE, CHAT), "/deadline 1.5")).ok
    await two_player_game(service)
    clock.advance(0.75)
    notices = await deadlines.tick(service)
    assert len(notices) == 1 and "45 minutes left" in notices[0].reply.text, notices[0].reply.text
    assert "0 hours" not in notices[0].reply.text
