"""What a hostile probe found: a button pressed outside its game's chat (N1), "Open the game" pressed by someone
who does not move (N2), and a redelivered update (N3)."""

from __future__ import annotations

from bot.actions import Action, Verb
from bot.gamestate import game_of
from bot.replies import Caller, Chat
from bot.service import Service
from game import Side

from .conftest import ALICE, BOB, CAROL, CHAT
from .test_seam import _human_game

OTHER_GROUP = Chat("console", "another-group")


async def test_a_games_button_pressed_in_another_group_is_refused(service: Service) -> None:
    """N1: a player's own button, sent on a message in another group (any callback data can be forged), is
    refused there; a typed `/board <id>` there shows the group's game read-only, as to any watcher (issue 27, P5:
    a group's game may be watched from anywhere); in their private chat with the bot the button is served."""
    gid = await _human_game(service)
    record = await service.store.games.get(gid)
    mover = ALICE if game_of(record).turn is Side.WHITE else BOB
    before = await service.store.games.snapshot(gid)
    for verb in (Verb.OPEN, Verb.BOARD):
        data = Action(verb, gid, record.version).pack()
        reply = await service.press(Caller(mover, OTHER_GROUP), data)
        assert not reply.ok and reply.builder is None, (verb, reply.text)
        assert "another chat" in reply.text
        typed = await service.handle(Caller(mover, OTHER_GROUP), f"/board {gid}")
        assert typed.ok and typed.builder is None and not typed.buttons and not typed.mentions, typed.text
    assert await service.store.games.snapshot(gid) == before
    alone = Chat("console", f"{mover.user_id}-dm", private=True)
    assert (await service.press(Caller(mover, alone), Action(Verb.OPEN, gid, record.version).pack())).ok
    stranger_alone = Chat("console", "carol-dm", private=True)
    assert not (await service.press(Caller(CAROL, stranger_alone), Action(Verb.BOARD, gid, record.version).pack())).ok


async def test_open_the_game_gives_the_builder_only_to_the_player_to_move(service: Service) -> None:
    """N2: the reminders' "Open the game" pressed by anyone but the player to move shows the board without the
    move builder."""
    gid = await _human_game(service)
    record = await service.store.games.get(gid)
    mover, waiter = (ALICE, BOB) if game_of(record).turn is Side.WHITE else (BOB, ALICE)
    data = Action(Verb.BOARD, gid, record.version).pack()
    for who in (waiter, CAROL):
        reply = await service.press(Caller(who, CHAT), data)
        assert reply.ok and reply.board is not None, reply.text
        assert reply.builder is None, who
    mine = await service.press(Caller(mover, CHAT), data)
    assert mine.ok and mine.builder is not None


async def test_a_redelivered_update_is_recognised_before_any_other_check(service: Service) -> None:
    """N3: the same update delivered again (as after a crash: same chat and message id) was applied once but
    answered "It is <opponent>'s turn …, not yours."; now it is recognised first and answered not at all
    (`Reply.repeat`: adapters send nothing), or, when the first delivery never got as far as a change, served."""
    gid = await _human_game(service)
    record = await service.store.games.get(gid)
    game = game_of(record)
    mover = ALICE if game.turn is Side.WHITE else BOB
    play = game.plays()[0].notation
    caller = Caller(mover, CHAT, "-100123:55")
    first = await service.handle(caller, f"/move {play} {gid}")
    assert first.ok and not first.repeat, first.text
    _, log = await service.store.games.snapshot(gid)
    again = await service.handle(caller, f"/move {play} {gid}")
    assert again.repeat, again.text
    assert len((await service.store.games.snapshot(gid))[1]) == len(log)
    challenge = Caller(CAROL, CHAT, "-100123:56")
    made = await service.handle(challenge, "/challenge tapa")
    assert made.ok and not made.repeat
    assert (await service.handle(challenge, "/challenge tapa")).repeat  # a refusal it would get now: none
    fresh = Caller(CAROL, CHAT, "-100123:57")
    crashed_before_any_change = await service.handle(fresh, "/help")
    assert crashed_before_any_change.ok
    assert (await service.handle(fresh, "/help")).ok  # what succeeds again is answered as the first time
