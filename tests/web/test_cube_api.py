"""The doubling cube on the board page (RULES.md §13): `POST /api/cube` presses Roll, Double, Take or Drop through
the service as the board's buttons do (R-CUBE-2, R-CUBE-3), on real Redis; each refusal changes nothing. Also
the page's match banner (a game that won the match says so) and the computer's name in the viewer's language.

Ana challenges, so she is white; Bob (Bulgarian) is black. `put` sets a game's position and cube as a stored step
would, so each state is a known one.
"""

from __future__ import annotations

from typing import Any

from aiohttp.test_utils import TestClient

from bot import moments
from bot.boardpage.words import page_words
from bot.gamestate import game_of
from bot.replies import Caller, Chat
from bot.service import Service
from bot.words import computer_name
from game import Cube, Side
from tests.bot.conftest import Clock
from tests.bot.cube_setup import START, put, tpn

from .conftest import ANA, BOB, EVE, GROUP, Posted, init_data, two_player_game

W, B = Side.WHITE, Side.BLACK


def tma(who: Any, clock: Clock, **extra: str) -> dict[str, str]:
    return {"Authorization": "tma " + init_data(who, clock(), **extra)}


async def cube_game(service: Service, clock: Clock, cube: Cube, turn: str = "w", setup: str = "tapa cube=on") -> str:
    """A tapa game of Ana (white) and Bob (black) at the start position, waiting on `turn` to roll or double."""
    gid = await two_player_game(service, setup)
    record = await service.store.games.get(gid)
    ana = await service.store.players.find("telegram", ANA.user_id)
    assert ana is not None and record.players[0] == ana.id, "the challenger plays white"
    await put(service.store, gid, tpn(START, turn), cube, now=clock())
    return gid


async def seen(client: TestClient, gid: str, who: Any, clock: Clock, **extra: str) -> dict[str, Any]:
    r = await client.get(f"/api/state?game={gid}", headers=tma(who, clock, **extra))
    assert r.status == 200, await r.text()
    body: dict[str, Any] = await r.json()
    return body


async def press(client: TestClient, gid: str, version: int, verb: str, who: Any, clock: Clock,
                **extra: str) -> tuple[int, dict[str, Any]]:
    r = await client.post("/api/cube", json={"game": gid, "version": version, "verb": verb},
                          headers=tma(who, clock, **extra))
    return r.status, await r.json()


async def test_the_side_asked_rolls_from_the_page(service: Service, client: TestClient, clock: Clock,
                                                  posted: Posted) -> None:
    """R-CUBE-2: the side to move is asked "roll or double"; the others are told whom the game waits on."""
    gid = await cube_game(service, clock, Cube())
    record = await service.store.games.get(gid)
    assert game_of(record).phase == "decide"
    ana = await seen(client, gid, ANA, clock)
    assert ana["phase"] == "decide" and not ana["mine"] and ana["moves"] == [] and ana["dice"] is None
    assert [(a["verb"], a["label"]) for a in ana["asks"]] == [("roll", "Roll"), ("double", "Double")]
    assert ana["status"] == "Your turn: roll, or double to 2." and ana["worth"] == []
    assert ana["left"] == int((record.deadline or 0) - clock())
    bob = await seen(client, gid, BOB, clock)
    assert bob["lang"] == "bg" and bob["asks"] == []
    assert bob["status"] == page_words("bg")["waiting_decide"].format(name="Ana")
    eve = await seen(client, gid, EVE, clock, start_param=gid)
    assert eve["watching"] and eve["asks"] == [] and eve["status"] == "Ana to roll or double."
    status, body = await press(client, gid, record.version, "roll", ANA, clock)
    assert status == 200, body
    after = await service.store.games.get(gid)
    game = game_of(after)
    assert after.version > record.version and after.turn == record.turn + 1
    assert game.phase == "move" and game.dice is not None and game.cube == Cube()
    assert body["state"]["phase"] == "move" and body["state"]["asks"] == []
    assert body["state"]["mine"] or body["state"]["forced"] is not None
    # the chat's notice carries its deadline as a token each adapter shows in its reader's time; the page, in UTC
    assert [n.chat for n in posted.notices] == [GROUP] and moments.plain(posted.notices[0].reply.text) == body["text"]


async def test_a_double_from_the_page_and_a_take_from_the_page(service: Service, client: TestClient,
                                                               clock: Clock, posted: Posted) -> None:
    """R-CUBE-3: the doubled side gets Take and Drop with what the double is worth; the doubler cannot answer
    its own double; a take gives the taker the cube at 2 and the doubler rolls at once."""
    gid = await cube_game(service, clock, Cube())
    record = await service.store.games.get(gid)
    status, body = await press(client, gid, record.version, "double", ANA, clock)
    assert status == 200, body
    doubled = await service.store.games.get(gid)
    assert game_of(doubled).phase == "answer" and game_of(doubled).cube == Cube(offered=True)
    assert body["state"]["asks"] == [] and body["state"]["status"] == "Bob to take or drop 2."
    assert "Ana doubles to 2" in posted.notices[-1].reply.text
    bob = await seen(client, gid, BOB, clock)
    bg = page_words("bg")
    assert [a["verb"] for a in bob["asks"]] == ["take", "drop"]
    assert [a["label"] for a in bob["asks"]] == [bg["take"], bg["drop"]] == ["Приеми", "Откажи"]
    assert bob["status"] == bg["answer"].format(name="Ana", value=2)
    assert bob["worth"] == [bg["take_worth"].format(value=2), bg["drop_worth"].format(points="1 точка", name="Ana")]
    # the doubler (the opponent of the side asked) cannot take for it: refused in her words, nothing changes
    status, refused = await press(client, gid, doubled.version, "take", ANA, clock)
    assert status == 409 and "It is Bob's turn" in refused["error"], refused
    assert refused["state"]["version"] == doubled.version and refused["state"]["asks"] == []
    assert (await service.store.games.get(gid)).version == doubled.version
    notices = len(posted.notices)
    status, body = await press(client, gid, doubled.version, "take", BOB, clock)
    assert status == 200, body
    taken = await service.store.games.get(gid)
    game = game_of(taken)
    assert game.cube == Cube(2, B) and game.turn is W and game.phase == "move" and game.dice is not None
    assert len(posted.notices) == notices + 1 and posted.notices[-1].chat == GROUP
    assert body["state"]["asks"] == [] and body["state"]["lang"] == "bg"
    log = [e.play for e in await service.store.games.log(gid)]
    assert log[-2:] == ["double", "take"] or log[-3:-1] == ["double", "take"]


async def test_a_drop_from_the_page_ends_the_game_at_the_cubes_value(service: Service, client: TestClient,
                                                                     clock: Clock) -> None:
    """R-CUBE-3: Bob owns the cube at 2 and redoubles to 4; Ana's page says a drop concedes 2 points, and the
    drop ends the game with 2 points to Bob."""
    gid = await cube_game(service, clock, Cube(2, B), turn="b")
    record = await service.store.games.get(gid)
    bob = await seen(client, gid, BOB, clock)
    assert [a["verb"] for a in bob["asks"]] == ["roll", "double"]
    assert bob["status"] == page_words("bg")["decide"].format(value=4)
    status, body = await press(client, gid, record.version, "double", BOB, clock)
    assert status == 200, body
    ana = await seen(client, gid, ANA, clock)
    assert ana["status"] == "Bob doubles to 4: take or drop?"
    assert ana["worth"] == ["Take: the cube goes to 4 and is yours.", "Drop: the game ends, 2 points to Bob."]
    status, body = await press(client, gid, ana["version"], "drop", ANA, clock)
    assert status == 200, body
    over = await service.store.games.get(gid)
    assert over.result is not None and (over.result.winner, over.result.points, over.result.reason) == (1, 2, "drop")
    assert body["state"]["over"] and body["state"]["phase"] == "over" and body["state"]["asks"] == []
    assert body["state"]["status"] == "The game is over."


async def test_a_stale_or_repeated_press_changes_nothing(service: Service, client: TestClient, clock: Clock,
                                                         posted: Posted) -> None:
    gid = await cube_game(service, clock, Cube())
    record = await service.store.games.get(gid)
    status, _ = await press(client, gid, record.version, "double", ANA, clock)
    assert status == 200
    after = await service.store.games.get(gid)
    notices = len(posted.notices)
    for verb, who in (("double", ANA), ("roll", ANA), ("take", BOB), ("drop", BOB)):  # a page left open
        status, body = await press(client, gid, record.version, verb, who, clock)
        assert status == 409 and body["state"]["version"] == after.version, (verb, body)
        assert ("out of date" in body["error"]) if who is ANA else ("остаряло" in body["error"]), body["error"]
    status, body = await press(client, gid, after.version + 1, "take", BOB, clock)  # a version yet to come
    assert status == 409
    assert (await service.store.games.get(gid)).version == after.version and len(posted.notices) == notices


async def test_only_the_players_may_press(service: Service, client: TestClient, clock: Clock) -> None:
    gid = await cube_game(service, clock, Cube())
    record = await service.store.games.get(gid)
    await service.handle(Caller(EVE, Chat("telegram", EVE.user_id, private=True)), "/lang el")
    status, body = await press(client, gid, record.version, "roll", EVE, clock, start_param=gid)
    assert (status, body) == (403, {"error": page_words("el")["only_players"]}), body
    status, body = await press(client, gid, record.version, "roll", EVE, clock)  # not opened from the group
    assert (status, body) == (403, {"error": page_words("el")["refused_not_player"]}), "in her words too"
    status, body = await press(client, gid, record.version, "roll", BOB, clock)  # the opponent
    assert status == 409 and "Ana" in body["error"] and body["state"]["asks"] == []
    r = await client.post("/api/cube", json={"game": gid, "version": record.version, "verb": "roll"})
    assert r.status == 401
    for data in ({"game": gid, "version": record.version, "verb": "resign"},
                 {"game": gid, "version": record.version, "verb": 1},
                 {"game": gid, "version": "1", "verb": "roll"},
                 {"game": gid, "version": record.version},
                 {"game": gid, "version": record.version, "verb": "roll", "picked": ""}):
        r = await client.post("/api/cube", json=data, headers=tma(ANA, clock))
        assert r.status == 400 and "error" in await r.json(), data
    assert (await service.store.games.get(gid)).version == record.version


async def test_the_banner_of_the_game_that_won_the_match_says_so(service: Service, client: TestClient,
                                                                 clock: Clock) -> None:
    """R-MATCH-1: as on the posted picture (`bot.views.view`), the page's board of the game that decided the match
    says who won it, with the final score; the match's earlier games do not."""
    gid = await two_player_game(service, "tapa to 3")
    assert (await service.handle(Caller(ANA, GROUP), f"/resign yes {gid}")).ok  # nothing borne off: 2 points
    match_id = (await service.store.games.get(gid)).match_id or ""
    second = (await service.store.matches.get(match_id)).games[-1]
    assert second != gid
    assert (await service.handle(Caller(ANA, GROUP), f"/resign yes {second}")).ok
    match = await service.store.matches.get(match_id)
    assert match.winner is not None and match.score == (0, 4)
    assert "Bob wins the match 4–0" in (await seen(client, second, ANA, clock))["svg"]
    assert "wins the match" not in (await seen(client, gid, ANA, clock))["svg"]


async def test_the_computer_is_named_in_the_viewers_language(service: Service, client: TestClient,
                                                             clock: Clock) -> None:
    gid = (await service.handle(Caller(BOB, Chat("telegram", BOB.user_id, private=True)), "/play ai portes")).game_id
    assert gid
    s = await seen(client, gid, BOB, clock)
    assert s["lang"] == "bg" and computer_name("bg") in s["svg"] and computer_name("en") not in s["svg"]
