"""The doubling cube through the service (RULES.md §13, R-CUBE-1…8): hand-worked positions put into real games
on the real store, played by typed commands and by button presses.

alice challenges, so she is white; bob is black. `put` sets a game's position, cube and dice as a stored step
would (a log entry `setup`), so each rule is checked on a position worked out by hand.
"""

from __future__ import annotations

import asyncio

from bot.actions import Action, Verb
from bot.gamestate import game_of
from bot.replies import Caller, Identity, Reply
from bot.service import Service
from game import Cube, Side
from storage import Store

from .conftest import ALICE, BOB, CHAT, Clock
from .cube_setup import START, tpn
from .cube_setup import put as put_game

W, B = Side.WHITE, Side.BLACK
GAMMONISH = ",".join(("W1" if p == 1 else "B15" if p == 24 else "") for p in range(1, 25))  # white's last checker


async def say(service: Service, who: Identity, text: str) -> Reply:
    return await service.handle(Caller(who, CHAT), text)


async def press(service: Service, who: Identity, verb: Verb, gid: str, version: int) -> Reply:
    return await service.press(Caller(who, CHAT), Action(verb, gid, version).pack())


async def start(service: Service, setup: str = "tapa cube=on to 1") -> str:
    """A game (or the first game of a match) of alice (white) v bob (black); returns its id."""
    assert (await say(service, ALICE, f"/challenge @bob {setup}")).ok
    reply = await say(service, BOB, "/accept")
    assert reply.ok, reply.text
    assert reply.game_id is not None
    return reply.game_id


async def put(service: Service, clock: Clock, gid: str, position: str, cube: Cube, dice: str = "") -> None:
    await put_game(service.store, gid, position, cube, dice, clock())


async def points(store: Store, gid: str) -> tuple[int, int, str]:
    result = (await store.games.get(gid)).result
    assert result is not None
    return result.winner, result.points, result.reason


async def test_R_CUBE_2_the_decide_turn_asks_roll_or_double_and_roll_rolls(service: Service, clock: Clock) -> None:
    gid = await start(service)
    await put(service, clock, gid, tpn(START), Cube())
    board = await say(service, BOB, "/board")
    assert f"alice (white) to roll or double in game #{gid}." in board.text
    assert "Cube: 1, in the middle." in board.text
    labels = [b.label for row in board.buttons for b in row]
    assert labels == ["Roll", "Double"]
    assert board.builder is None and [m.user_id for m in board.mentions] == ["alice"]
    record = await service.store.games.get(gid)
    assert (await say(service, ALICE, "/move 24/18")).ok is False  # no dice yet: nothing changes
    assert (await service.store.games.get(gid)).version == record.version
    rolled = await say(service, ALICE, f"/roll {gid}")
    assert rolled.ok, rolled.text
    after = await service.store.games.get(gid)
    assert after.turn == record.turn + 1 and game_of(after).phase in ("move", "decide")
    assert game_of(after).cube == Cube()
    assert "to move with" in rolled.text or "only play" in rolled.text


async def test_R_CUBE_3_a_double_and_a_take_then_the_doublers_roll_follows(service: Service, clock: Clock) -> None:
    gid = await start(service)
    await put(service, clock, gid, tpn(START), Cube())
    doubled = await say(service, ALICE, "/double")
    assert doubled.ok, doubled.text
    assert f"alice doubles to 2 in game #{gid}." in doubled.text
    assert [m.user_id for m in doubled.mentions] == ["bob"]
    assert [b.label for row in doubled.buttons for b in row] == ["Take", "Drop"]
    assert "bob (black) to take or drop 2" in doubled.text
    log = await service.store.games.log(gid)
    assert (log[-1].side, log[-1].dice, log[-1].play) == (0, "", "double")
    refused = await say(service, ALICE, "/take")
    assert not refused.ok and "bob's turn" in refused.text
    taken = await say(service, BOB, "/take")
    assert taken.ok, taken.text
    assert "bob takes: the cube is at 2." in taken.text
    assert "alice (white) to move with" in taken.text or "alice rolled" in taken.text
    record = await service.store.games.get(gid)
    assert game_of(record).cube == Cube(2, B)
    plays = [e.play for e in await service.store.games.log(gid)]
    assert plays[plays.index("double") + 1] == "take"


async def test_R_CUBE_3_a_redouble_by_the_owner(service: Service, clock: Clock) -> None:
    gid = await start(service)
    await put(service, clock, gid, tpn(START, "b"), Cube(2, B))
    assert "bob doubles to 4" in (await say(service, BOB, "/double")).text
    assert "alice takes: the cube is at 4." in (await say(service, ALICE, "/take")).text
    assert game_of(await service.store.games.get(gid)).cube == Cube(4, W)
    # the cube is alice's now: bob cannot double on his next turn
    await put(service, clock, gid, tpn(START, "b"), Cube(4, W))
    assert game_of(await service.store.games.get(gid)).phase == "roll"


async def test_R_CUBE_1_the_cube_stops_at_64(service: Service, clock: Clock) -> None:
    gid = await start(service)
    await put(service, clock, gid, tpn(START), Cube(32, W))
    assert "doubles to 64" in (await say(service, ALICE, "/double")).text
    assert "the cube is at 64" in (await say(service, BOB, "/take")).text
    await put(service, clock, gid, tpn(START, "b"), Cube(64, B))
    refused = await say(service, BOB, "/double")
    assert not refused.ok and "goes no higher" in refused.text


async def test_R_CUBE_3_a_drop_at_a_gammonish_position_scores_the_cube_value_only(service: Service,
                                                                                    clock: Clock) -> None:
    gid = await start(service)
    await put(service, clock, gid, tpn(GAMMONISH, "w", "0/0/14"), Cube())
    assert (await say(service, ALICE, "/double")).ok
    dropped = await say(service, BOB, "/drop")
    assert dropped.ok, dropped.text
    assert "bob drops." in dropped.text
    assert f"alice wins game #{gid}: 1 point, the double was dropped." in dropped.text
    assert await points(service.store, gid) == (0, 1, "drop")
    standings = await say(service, ALICE, "/standings")
    assert "alice" in standings.text and "1" in standings.text


async def test_R_CUBE_4_a_gammon_at_cube_4_scores_8(service: Service, clock: Clock) -> None:
    gid = await start(service)
    await put(service, clock, gid, tpn(GAMMONISH, "w", "0/0/14"), Cube(4, B), dice="6-5")
    won = await say(service, ALICE, "/move 1/off")
    assert f"alice wins game #{gid}: 8 points" in won.text, won.text
    assert await points(service.store, gid) == (0, 8, "mars")


async def test_R_CUBE_4_a_backgammon_at_2_scores_6(service: Service, clock: Clock) -> None:
    gid = await start(service, "tapa scoring=backgammon cube=on to 1")
    t = ",".join(("W1" if p == 1 else "B1" if p == 3 else "B14" if p == 24 else "") for p in range(1, 25))
    await put(service, clock, gid, tpn(t, "w", "0/0/14"), Cube(2, W), dice="6-5")
    won = await say(service, ALICE, "/move 1/off")
    assert f"alice wins game #{gid}: 6 points" in won.text, won.text
    assert await points(service.store, gid) == (0, 6, "backgammon")


async def test_R_CUBE_4_a_tie_at_cube_2_scores_0_and_the_replay_starts_at_1(service: Service, clock: Clock) -> None:
    gid = await start(service, "plakoto cube=on to 5")
    t = ",".join({1: "B1", 7: "W1", 24: "wB2", 12: "W13", 13: "B12"}.get(p, "") for p in range(1, 25))
    await put(service, clock, gid, tpn(t), Cube(2, B, away=(5, 5)), dice="6-5")
    tied = await say(service, ALICE, "/move 12/7 7/1*")
    assert "tie" in tied.text and tied.ok, tied.text
    assert (await service.store.games.get(gid)).result is not None
    assert tied.game_id is not None and tied.game_id != gid
    replay = await service.store.games.get(tied.game_id)
    assert game_of(replay).cube == Cube(1, None, away=(5, 5))
    match = await service.store.matches.get(replay.match_id or "")
    assert match.score == (0, 0)


async def test_R_CUBE_4_resignation_with_the_cube(service: Service, clock: Clock) -> None:
    gid = await start(service)
    await put(service, clock, gid, tpn(START, "b"), Cube(4, B))  # nothing borne off: 2 points a side
    resigned = await say(service, ALICE, "/resign yes")
    assert f"bob wins game #{gid}: 8 points" in resigned.text, resigned.text
    assert await points(service.store, gid) == (1, 8, "resign")
    # a side asked to take that resigns drops (R-CUBE-4)
    gid2 = await start(service)
    await put(service, clock, gid2, tpn(START, "b"), Cube(4, B))
    assert (await say(service, BOB, f"/double {gid2}")).ok
    assert "4 points" in (await say(service, ALICE, f"/resign yes {gid2}")).text
    assert await points(service.store, gid2) == (1, 4, "drop")


async def test_R_CUBE_5_the_crawford_game_at_4_2_and_the_post_crawford_game(service: Service, clock: Clock) -> None:
    gid = await start(service, "tapa cube=on to 5")
    # nothing borne off: a resignation concedes 2 (R-END-6): 0–2, 2–2, 4–2
    for loser, game_to_resign in ((ALICE, gid), (BOB, None), (BOB, None)):
        reply = await say(service, loser, f"/resign yes {game_to_resign}" if game_to_resign else "/resign yes")
        assert reply.ok, reply.text
    match_id = (await service.store.games.get(gid)).match_id or ""
    match = await service.store.matches.get(match_id)
    assert match.score == (4, 2)
    crawford = match.games[-1]
    record = await service.store.games.get(crawford)
    assert game_of(record).cube == Cube(crawford=True, away=(1, 3))
    board = await say(service, ALICE, f"/board {crawford}")
    assert "Crawford game" in board.text and "to roll or double" not in board.text
    await put(service, clock, crawford, tpn(START), Cube(crawford=True, away=(1, 3)))
    refused = await say(service, ALICE, f"/double {crawford}")
    assert not refused.ok and "Crawford" in refused.text
    # alice has borne off one checker: resigning concedes 1 (4–3), and the next game is post-Crawford
    await put(service, clock, crawford, tpn(START.replace("W15", "W14"), "w", "0/0/1"),
              Cube(crawford=True, away=(1, 3)))
    assert (await say(service, ALICE, f"/resign yes {crawford}")).ok
    match = await service.store.matches.get(match_id)
    assert match.score == (4, 3)
    post = await service.store.games.get(match.games[-1])
    game = game_of(post)
    assert game.cube == Cube(away=(1, 2)) and game.cube.post_crawford
    assert game.turn is B and game.phase == "decide"  # bob won the last game and starts: he may double
    position = await say(service, BOB, f"/position {post.id}")
    assert "cube 1" in position.text and "match 4-3 to 5" in position.text
    assert "Crawford" not in (await say(service, BOB, f"/board {post.id}")).text
    # the cube is dead for alice (she needs one point): she rolls at once (§13's decision)
    assert game.cube.dead_for(W) and not game.cube.asks(W)


async def test_versioned_cube_buttons_change_nothing_out_of_turn(service: Service, clock: Clock) -> None:
    gid = await start(service)
    await put(service, clock, gid, tpn(START), Cube())
    v = (await service.store.games.get(gid)).version
    by_opponent = await press(service, BOB, Verb.DOUBLE, gid, v)
    assert not by_opponent.ok and by_opponent.private
    assert (await service.store.games.get(gid)).version == v
    assert (await press(service, ALICE, Verb.DOUBLE, gid, v)).ok
    again = await press(service, ALICE, Verb.DOUBLE, gid, v)  # a second Double on the same board
    assert not again.ok and again.private
    v2 = (await service.store.games.get(gid)).version
    assert v2 == v + 1
    assert (await press(service, BOB, Verb.DROP, gid, v2)).ok
    late = await press(service, BOB, Verb.TAKE, gid, v2)  # a Take after the Drop
    assert not late.ok and late.private
    assert await points(service.store, gid) == (0, 1, "drop")
    gid2 = await start(service)
    await put(service, clock, gid2, tpn(START), Cube())
    v = (await service.store.games.get(gid2)).version
    assert (await press(service, ALICE, Verb.ROLL, gid2, v)).ok
    rolled = await service.store.games.get(gid2)
    twice = await press(service, ALICE, Verb.ROLL, gid2, v)  # Roll pressed twice
    assert not twice.ok and twice.private
    assert await service.store.games.get(gid2) == rolled


async def test_two_answers_racing_from_two_services_apply_exactly_once(service: Service, store: Store,
                                                                        clock: Clock) -> None:
    other = Service(store, clock=clock, render=None)
    try:
        gid = await start(service)
        await put(service, clock, gid, tpn(START), Cube())
        assert (await say(service, ALICE, "/double")).ok
        v = (await store.games.get(gid)).version
        take, drop = await asyncio.gather(press(service, BOB, Verb.TAKE, gid, v),
                                          press(other, BOB, Verb.DROP, gid, v))
        assert [take.ok, drop.ok].count(True) == 1, (take.text, drop.text)
        log = await store.games.log(gid)
        answers = [e.play for e in log if e.play in ("take", "drop")]
        assert len(answers) == 1
        record = await store.games.get(gid)
        if answers == ["drop"]:
            assert record.result is not None and record.result.reason == "drop"
        else:
            assert record.result is None and game_of(record).cube == Cube(2, B)
    finally:
        other.close()


async def test_R_CUBE_7_an_unanswered_double_is_a_drop_at_its_deadline(service: Service, clock: Clock) -> None:
    gid = await start(service)
    await put(service, clock, gid, tpn(START), Cube())
    assert (await say(service, ALICE, "/double")).ok
    clock.advance(37)  # half of the 72 hours
    reminders = await service.tick()
    assert any("take or drop" in n.reply.text for n in reminders), [n.reply.text for n in reminders]
    clock.advance(36)
    notices = await service.tick()
    assert any("wins game" in n.reply.text for n in notices), [n.reply.text for n in notices]
    assert await points(service.store, gid) == (0, 1, "drop")


async def test_the_computer_plays_a_cube_game_to_its_end(service: Service) -> None:
    reply = await say(service, ALICE, "/play ai tapa cube=on to 3")
    assert reply.ok, reply.text
    for _ in range(600):
        alice = await service.store.players.find("console", "alice")
        assert alice is not None
        games = await service.store.games.active_for(alice.id)
        if not games:
            break
        record = await service.store.games.get(games[0])
        game = game_of(record)
        if game.phase == "decide":
            reply = await say(service, ALICE, "/roll")
        elif game.phase == "answer":
            reply = await say(service, ALICE, "/take")
        else:
            assert game.phase == "move", game.phase
            reply = await say(service, ALICE, f"/move {game.plays()[0].notation}")
        assert reply.ok, reply.text
    else:
        raise AssertionError("the match did not end")


async def test_the_computer_doubles_a_race_it_leads_by_the_keith_count(service: Service, clock: Clock) -> None:
    reply = await say(service, ALICE, "/play ai tapa cube=on to 1")
    assert reply.game_id is not None
    gid = reply.game_id
    # black (the computer) 75 pips on its 4-, 5- and 6-points; white 105 pips, to play 6-5 first
    race = ",".join({6: "W5", 7: "W5", 8: "W5", 19: "B5", 20: "B5", 21: "B5"}.get(p, "") for p in range(1, 25))
    await put(service, clock, gid, tpn(race), Cube(), dice="6-5")
    moved = await say(service, ALICE, "/move 8/2 8/3")
    assert moved.ok, moved.text
    assert f"doubles to 2 in game #{gid}." in moved.text, moved.text
    assert "alice (white) to take or drop 2" in moved.text
    taken = await say(service, ALICE, "/take")
    assert "alice takes: the cube is at 2." in taken.text and "rolled" in taken.text, taken.text
    assert game_of(await service.store.games.get(gid)).cube == Cube(2, W)


async def test_help_and_rules_explain_the_cube_in_three_languages(service: Service) -> None:
    help_ = (await say(service, ALICE, "/help")).text
    for command in ("/roll", "/double", "/take", "/drop", "cube=on"):
        assert command in help_
    english = (await say(service, ALICE, "/rules cube")).text
    assert "Crawford" in english and "64" in english
    assert "/rules cube" in (await say(service, ALICE, "/rules")).text
    for lang, word in (("bg", "удвоя"), ("el", "κύβο")):
        assert (await say(service, ALICE, f"/lang {lang}")).ok
        said = (await say(service, ALICE, "/rules cube")).text
        assert word in said and said != english


async def test_the_console_takes_the_cube_commands(service: Service, clock: Clock) -> None:
    import io

    from bot.console import Console

    out = io.StringIO()
    console = Console(service, out, None, "alice")
    assert await console.line("/challenge @bob tapa cube=on to 1")
    assert await console.line("/as bob")
    assert await console.line("/accept")
    gid = (await service.store.games.active_for(await _id(service, BOB)))[0]
    await put(service, clock, gid, tpn(START), Cube())
    assert await console.line("/as alice")
    assert await console.line("/board")
    assert "to roll or double" in out.getvalue()
    assert await console.line("/double")
    assert await console.line("/as bob")
    assert await console.line("/take")
    text = out.getvalue()
    assert "alice doubles to 2" in text and "bob takes: the cube is at 2." in text
    assert game_of(await service.store.games.get(gid)).cube == Cube(2, B)


async def _id(service: Service, who: Identity) -> str:
    record = await service.store.players.find(who.platform, who.user_id)
    assert record is not None
    return record.id


async def test_R_CUBE_7_time_running_out_before_the_roll_loses_the_value_times_the_cube(service: Service,
                                                                                         clock: Clock) -> None:
    gid = await start(service)
    await put(service, clock, gid, tpn(START), Cube(2, W))  # alice owns the cube at 2 and is asked to roll or double
    assert game_of(await service.store.games.get(gid)).phase == "decide"
    clock.advance(73)
    notices = await service.tick()
    assert any("ran out of time" in n.reply.text for n in notices), [n.reply.text for n in notices]
    assert await points(service.store, gid) == (1, 4, "timeout")  # nothing borne off: 2, times the cube


async def test_a_dead_cube_rolls_at_once(service: Service, clock: Clock) -> None:
    gid = await start(service, "tapa cube=on to 3")
    # alice owns the cube at 2 and needs 2 points: a win at 2 already wins the match, the cube is dead for her
    await put(service, clock, gid, tpn(START, "b"), Cube(2, W, away=(2, 3)), dice="6-5")
    moved = await say(service, BOB, "/move 24/18 24/19")  # in black's own numbering
    assert moved.ok, moved.text
    assert "to roll or double" not in moved.text
    assert "alice (white) to move with" in moved.text or "alice rolled" in moved.text, moved.text
    assert not moved.buttons


async def test_R_CUBE_5_a_double_in_the_crawford_game_names_the_rule(service: Service) -> None:
    """Issue 27, P8: the Crawford game's side to move has its dice rolled at once (§13's decision); its /double
    is refused with the Crawford rule, not "your dice are on the table"."""
    gid = await start(service, "tapa cube=on to 3")
    assert (await say(service, ALICE, f"/resign yes {gid}")).ok  # 0–2: bob needs one point
    match = await service.store.matches.get((await service.store.games.get(gid)).match_id or "")
    crawford = await service.store.games.get(match.games[-1])
    game = game_of(crawford)
    assert game.cube is not None and game.cube.crawford and game.phase == "move"
    mover = ALICE if game.turn is W else BOB
    refused = await say(service, mover, f"/double {crawford.id}")
    assert not refused.ok and "Crawford" in refused.text and "R-CUBE-5" in refused.text, refused.text
    assert "dice are on the table" not in refused.text
    other = BOB if mover is ALICE else ALICE
    assert "turn" in (await say(service, other, f"/double {crawford.id}")).text
    assert await service.store.games.get(crawford.id) == crawford
