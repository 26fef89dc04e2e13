"""The replay's JSON (`GET /api/replay`): a finished game turn by turn, the review's errors with the better play
drawn as arrows, the luck of each roll, the dice each turn rolled and the cube after it, who may watch it, and
what is refused."""

from __future__ import annotations

import re
import time
from typing import Any

from aiohttp.test_utils import TestClient

from bot import replays
from bot.boardpage.replay_link import sign_replay
from bot.boardpage.replay_words import replay_words
from bot.boardpage.words import page_words
from bot.replies import Caller
from bot.service import Service
from game import CubeAction, Position, Side, parse_play
from game.nets import Review
from storage import GameRecord, MoveLogEntry
from tests.bot.conftest import Clock

from .conftest import ANA, BOB, EVE, GROUP, SECRET, init_data, link_for, two_player_game
from .replay_game import cube_game, finished_game
from .test_seam import choose


def tma(who, clock: Clock, **extra: str) -> dict[str, str]:  # type: ignore[no-untyped-def]
    return {"Authorization": "tma " + init_data(who, clock(), **extra)}


async def test_a_finished_game_turn_by_turn_with_its_errors_and_luck(service: Service, client: TestClient,
                                                                      clock: Clock) -> None:
    gid = await finished_game(service)
    record, log = await service.store.games.snapshot(gid)
    review = await replays.replay(service, gid, "en")
    assert review is not None
    r = await client.get(f"/api/replay?game={gid}&turn=0", headers=tma(ANA, clock))
    assert r.status == 200, await r.text()
    body = await r.json()
    assert body["total"] == len(log) and len(body["turns"]) == len(log)
    assert [t["n"] for t in body["turns"]] == list(range(1, len(log) + 1))  # numbered as /history numbers them
    assert body["svg"].startswith("<svg") and 'class="arrow"' not in body["svg"]  # the start: no play yet
    lucky = [t for t in body["turns"] if t["luck"] is not None]
    assert lucky, "each judged roll has its luck"
    errors = [i for i, t in enumerate(body["turns"]) if t["error"]]
    assert errors, "the worst plays are marked as errors"
    i = errors[0]
    turn = review.turns[i]
    assert turn.loss is not None and turn.loss >= replays.ERROR and turn.best and turn.best != turn.play
    assert body["turns"][i]["best"] == turn.best and float(body["turns"][i]["loss"]) == round(turn.loss, 3)
    played = await (await client.get(f"/api/replay?game={gid}&turn={i + 1}", headers=tma(ANA, clock))).json()
    better = await (await client.get(f"/api/replay?game={gid}&turn={i + 1}&better=1",
                                     headers=tma(ANA, clock))).json()
    assert not played["better"] and better["better"]
    assert 'class="arrow"' in played["svg"] and 'class="arrow"' in better["svg"]
    assert played["svg"] != better["svg"]
    assert f"better {turn.best}" in better["svg"] and f"played {turn.play}" in played["svg"]
    assert turn.side is not None
    before = Position.from_tpn(turn.before, Position.from_tpn(record.start_position, _v(record)).variant)
    best = parse_play(before.with_turn(turn.side), tuple(int(x) for x in turn.dice.split("-")), turn.best)
    assert best.position.to_tpn() != turn.after  # the better play leads elsewhere
    end = await (await client.get(f"/api/replay?game={gid}&turn=999", headers=tma(ANA, clock))).json()
    assert end["index"] == end["total"] and end["over"]
    assert "Luck in all" in end["luck"]


def _v(record):  # type: ignore[no-untyped-def]
    from bot.gamestate import variant_of
    return variant_of(record)


async def test_luck_is_the_reviews(service: Service, client: TestClient, clock: Clock) -> None:
    """Each roll's luck is the review's (`bot.review`), on the turn it was rolled."""
    gid = await finished_game(service, turns=3)
    from bot.review import parse
    found = await replays.replay(service, gid, "en")  # reviews the game first
    raw = await service.store.reviews.get(gid)
    assert raw is not None and found is not None
    stored: Review = parse(raw)
    assert sorted(t.luck for t in found.turns if t.luck is not None) == \
        sorted(d.luck for d in stored.decisions if d.luck is not None)
    for side in (Side.WHITE, Side.BLACK):
        assert found.luck(side) == stored.luck(side)


async def test_who_may_watch_a_replay(service: Service, client: TestClient, clock: Clock) -> None:
    gid = await finished_game(service, turns=2)
    ana = await service.store.players.find("telegram", ANA.user_id)
    assert ana is not None
    url = f"/api/replay?game={gid}"
    assert (await client.get(url, headers=tma(BOB, clock))).status == 200  # a player
    assert (await client.get(url, headers=tma(EVE, clock))).status == 403  # not a player, not opened from the chat
    assert (await client.get(url, headers=tma(EVE, clock, start_param=f"replay_{gid}"))).status == 200  # group link
    assert (await client.get(url, headers=tma(EVE, clock, start_param="replay_other"))).status == 403
    token = sign_replay(SECRET, gid, time.time() + 3600)
    assert (await client.get(url, headers={"Authorization": f"replay {token}"})).status == 200
    assert (await client.get(url, headers={"Authorization": f"replay {token[:-2]}xx"})).status == 401
    expired = sign_replay(SECRET, gid, clock() - 1)
    assert (await client.get(url, headers={"Authorization": f"replay {expired}"})).status == 401
    other = sign_replay(SECRET, "abcdefgh", time.time() + 3600)
    assert (await client.get(url, headers={"Authorization": f"replay {other}"})).status == 403
    link = link_for(ana.id, gid, clock() + 3600)  # a player's play link opens the replay too
    assert (await client.get(url, headers={"Authorization": f"link {link}"})).status == 200
    assert (await client.get(url)).status == 401
    # a replay token is no play link: it opens no board
    r = await client.get(f"/api/state?game={gid}", headers={"Authorization": f"link {token}"})
    assert r.status == 401


async def test_bad_requests_are_refused_and_change_nothing(service: Service, client: TestClient,
                                                          clock: Clock) -> None:
    gid = await two_player_game(service)
    record = await service.store.games.get(gid)
    r = await client.get(f"/api/replay?game={gid}", headers=tma(ANA, clock))
    assert r.status == 409 and "still being played" in (await r.json())["error"]
    for q in (f"game={gid}&turn=-1", f"game={gid}&turn=x", "game=BAD!", f"game={gid}&turn=99999"):
        r = await client.get(f"/api/replay?{q}", headers=tma(ANA, clock))
        assert r.status == 400, q
        assert "Traceback" not in await r.text()
    assert (await client.get("/api/replay?game=zzzzzzzz", headers=tma(ANA, clock))).status == 404
    assert (await service.store.games.get(gid)).version == record.version


async def test_the_replay_speaks_the_viewers_language(service: Service, client: TestClient,
                                                      clock: Clock) -> None:
    gid = await finished_game(service, turns=2)
    await service.handle(Caller(BOB, GROUP), "/lang el")
    body = await (await client.get(f"/api/replay?game={gid}&turn=1", headers=tma(BOB, clock))).json()
    assert body["lang"] == "el"
    assert body["words"]["replay_next"] != "Next" and body["words"]["replay_show_better"] != "Show the better play"


async def test_the_page_and_its_files_are_served(client: TestClient) -> None:
    for path, kind in (("/replay", "text/html"), ("/static/replay.js", "application/javascript"),
                       ("/static/replay.css", "text/css")):
        r = await client.get(path)
        assert r.status == 200 and r.content_type == kind, path


async def test_the_review_line_review_and_history_name_the_replay(service: Service, posted) -> None:  # type: ignore[no-untyped-def]
    """The adapters put a button to the replay on what names it (`Reply.replay`): the review's line after the
    result, `/review` and `/history` of a finished game; never on a game still being played."""
    service.notify = posted
    gid = await two_player_game(service)
    assert (await service.handle(Caller(ANA, GROUP), f"/history {gid}")).replay is None
    await service.handle(Caller(ANA, GROUP), f"/resign yes {gid}")
    gid = await finished_game(service, turns=4)
    await service.settle(60)
    lines = [n for n in posted.notices if n.kind == "review"]
    assert [n.reply.replay for n in lines] == [gid], "the review's line of the game with decisions"
    for command in ("/history", "/review"):
        reply = await service.handle(Caller(BOB, GROUP), f"{command} {gid}")
        assert reply.ok and reply.replay == gid, command


async def test_the_seam_refuses_in_the_viewers_words_and_reads_the_game_once(service: Service, client: TestClient,
                                                                             clock: Clock, monkeypatch: Any) -> None:
    """Through the page's seam (`PageSeam.page_replay`): a stranger's refusal and a game still being played are
    refused in the viewer's language, and a replay reads the game and its log once, in one step."""
    gid = await finished_game(service, turns=2)
    playing = await two_player_game(service)
    await choose(service, EVE)
    await choose(service, ANA, "bg")
    r = await client.get(f"/api/replay?game={gid}", headers=tma(EVE, clock))
    assert (r.status, await r.json()) == (403, {"error": page_words("el")["refused_not_player"]})
    r = await client.get(f"/api/replay?game={playing}", headers=tma(ANA, clock))
    assert (r.status, await r.json()) == (409, {"error": replay_words("bg")["replay_playing"]})
    reads: list[str] = []
    snapshot, get = service.store.games.snapshot, service.store.games.get

    async def counted_snapshot(game_id: str) -> tuple[GameRecord, list[MoveLogEntry]]:
        reads.append("snapshot")
        return await snapshot(game_id)

    async def counted_get(game_id: str) -> GameRecord:
        reads.append("get")
        return await get(game_id)

    monkeypatch.setattr(service.store.games, "snapshot", counted_snapshot)
    monkeypatch.setattr(service.store.games, "get", counted_get)
    r = await client.get(f"/api/replay?game={gid}&turn=1", headers=tma(ANA, clock))
    assert r.status == 200 and (await r.json())["lang"] == "bg"
    assert reads == ["snapshot"]


async def test_R_CUBE_8_each_turn_says_its_dice_the_cube_and_its_cube_action(service: Service,
                                                                              client: TestClient,
                                                                              clock: Clock) -> None:
    """A double dropped (R-CUBE-2, R-CUBE-3): the double's turn has no dice of its own and leaves the cube
    offered in its doubler's half; the drop ends the game. A played turn draws the dice it rolled."""
    gid = await cube_game(service, CubeAction.DROP)
    found = await replays.replay(service, gid, "en")
    assert found is not None
    actions = [t.action for t in found.turns]
    assert actions[-2:] == [CubeAction.DOUBLE, CubeAction.DROP]
    body = await (await client.get(f"/api/replay?game={gid}&turn=0", headers=tma(ANA, clock))).json()
    assert body["cube"] == "Cube: 1, in the middle."
    assert [t["action"] for t in body["turns"]][-2:] == [CubeAction.DOUBLE.value, CubeAction.DROP.value]
    opening = found.turns[0].opening  # R-OPEN-1: white's die, then black's
    assert opening is not None and found.turns[0].rolled is None
    frame = await (await client.get(f"/api/replay?game={gid}&turn=1", headers=tma(ANA, clock))).json()
    assert frame["turns"][0]["dice"] == list(opening) and _dice(frame["svg"]) == list(opening)
    played = next(i for i, t in enumerate(found.turns, 1) if t.rolled)
    frame = await (await client.get(f"/api/replay?game={gid}&turn={played}", headers=tma(ANA, clock))).json()
    rolled = found.turns[played - 1].rolled
    assert rolled is not None and frame["turns"][played - 1]["dice"] == list(rolled)
    assert _dice(frame["svg"]) == list(rolled)
    double = len(found.turns) - 1
    frame = await (await client.get(f"/api/replay?game={gid}&turn={double}", headers=tma(ANA, clock))).json()
    assert frame["turns"][double - 1]["dice"] is None and _dice(frame["svg"]) == []
    assert frame["cube"] == "Cube: 1, in the middle. Offered at 2."
    assert 'class="cube">2</text>' in frame["svg"] and 'class="offer"' in frame["svg"]  # the value offered
    end = await (await client.get(f"/api/replay?game={gid}&turn={double + 1}", headers=tma(ANA, clock))).json()
    assert end["over"] and found.outcome is not None and found.outcome.reason == "drop"
    assert end["cube"] == "Cube: 1, in the middle.", "a dropped double is no longer offered"
    assert 'class="cube">1</text>' in end["svg"] and "banner" not in end["svg"]  # the result beside the board
    assert end["result"] == f"{found.names[found.outcome.winner]} wins · 1 point · double dropped", end["result"]


def _dice(svg: str) -> list[int]:
    """The dice a board's SVG draws, in order."""
    return [int(v) for v in re.findall(r'<g class="die" data-value="(\d)"', svg)]
