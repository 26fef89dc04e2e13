"""The board page's API under aiohttp's test client on real Redis: what each caller sees, the one way to move
(the versioned confirm), and every refusal (nothing changes on any of them)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from bot import moments
from bot.boardpage.view import PageView, Visitor
from bot.boardpage.words import page_words, refusal
from bot.gamestate import game_of
from bot.replies import Caller, Chat
from bot.service import Service
from bot.views import pack_moves
from game.builder import build
from tests.bot.conftest import Clock
from tests.bot.round_trips import count

from .conftest import ANA, BOB, EVE, GROUP, Posted, init_data, link_for, mover, two_player_game

POINT = "0123456789abcdefghijklmnopq"


def tma(who: Any, clock: Clock, **extra: str) -> dict[str, str]:
    return {"Authorization": "tma " + init_data(who, clock(), **extra)}


async def full_play(service: Service, game_id: str) -> str:
    """A complete legal play of the side to move, packed as the page sends it (first single moves first)."""
    record = await service.store.games.get(game_id)
    game = game_of(record)
    assert game.dice is not None
    picked: list[tuple[int, int, int]] = []
    while True:
        st = build(game.position, game.dice, picked)
        if st.play is not None and not st.next:
            return pack_moves(picked)
        picked.append(st.next[0].pick)


async def test_the_player_to_move_sees_the_board_and_the_legal_moves(service: Service, client: TestClient,
                                                                      clock: Clock) -> None:
    gid = await two_player_game(service)
    me, other = await mover(service, gid)
    r = await client.get(f"/api/state?game={gid}", headers=tma(me, clock))
    assert r.status == 200
    s = await r.json()
    assert s["mine"] and not s["watching"] and s["moves"] and s["forced"] is None
    assert s["svg"].startswith("<svg") and s["svg"].count('class="checker"') == 30
    assert {t["point"] for t in s["targets"]} == set(range(26))
    record = await service.store.games.get(gid)
    assert record.deadline is not None and s["left"] == int(record.deadline - clock())
    clock.advance(2)
    s = await (await client.get(f"/api/state?game={gid}", headers=tma(me, clock))).json()
    assert s["left"] == int(record.deadline - clock())
    r = await client.get(f"/api/state?game={gid}", headers=tma(other, clock))
    s2 = await r.json()
    assert r.status == 200 and not s2["mine"] and s2["moves"] == [] and s2["lang"] == "bg" if other is BOB \
        else s2["lang"] == "en"


async def test_an_unchanged_poll_reads_the_version_alone(service: Service, client: TestClient, clock: Clock,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The page's poll (`since` the version it shows, static/app.js `refresh`) is answered `{"same": true}` from
    one read of the game, no view built; a new version, or credentials opened for another game, take the view."""
    gid = await two_player_game(service)
    me, _ = await mover(service, gid)
    version = (await service.store.games.get(gid)).version
    built: list[str] = []
    real = service.page_view

    async def spy(caller: Visitor, game_id: str) -> PageView | None:
        built.append(game_id)
        return await real(caller, game_id)

    monkeypatch.setattr(service, "page_view", spy)
    with count(service.store) as sent:
        r = await client.get(f"/api/state?game={gid}&since={version}", headers=tma(me, clock))
        assert (r.status, await r.json()) == (200, {"same": True})
    assert sent.sent == ["GET"] and sent.reads_of(sent.keys[0][0]) == 1 and built == []
    r = await client.get(f"/api/state?game={gid}&since={version - 1}", headers=tma(me, clock))
    assert r.status == 200 and (await r.json())["version"] == version and built == [gid]
    r = await client.get(f"/api/state?game={gid}&since={version}", headers=tma(me, clock, start_param="zzzzzz"))
    assert r.status == 403 and built == [gid, gid]


async def test_a_picked_move_shows_the_position_part_way(service: Service, client: TestClient,
                                                         clock: Clock) -> None:
    gid = await two_player_game(service)
    me, _ = await mover(service, gid)
    s = await (await client.get(f"/api/state?game={gid}", headers=tma(me, clock))).json()
    m = s["moves"][0]
    packed = POINT[m["from"]] + POINT[m["to"]] + str(m["die"])
    s2 = await (await client.get(f"/api/state?game={gid}&picked={packed}", headers=tma(me, clock))).json()
    assert s2["picked"] == packed and s2["notation"] == m["notation"].split("(")[0]
    assert s2["svg"] != s["svg"]
    assert len(s2["moves"]) > 0 or s2["play"] is not None
    # a page that sends moves which are no longer legal gets the fresh state, flagged stale
    bad = "zz1"
    r = await client.get(f"/api/state?game={gid}&picked={bad}", headers=tma(me, clock))
    assert r.status == 400
    illegal = POINT[m["from"]] + POINT[0] + "1"
    s3 = await (await client.get(f"/api/state?game={gid}&picked={illegal}", headers=tma(me, clock))).json()
    assert s3.get("stale") is True and s3["picked"] == ""


async def test_since_answers_same_until_the_game_moves(service: Service, client: TestClient, clock: Clock) -> None:
    gid = await two_player_game(service)
    me, _ = await mover(service, gid)
    record = await service.store.games.get(gid)
    r = await client.get(f"/api/state?game={gid}&since={record.version}", headers=tma(me, clock))
    assert await r.json() == {"same": True}
    r = await client.get(f"/api/state?game={gid}&since={record.version - 1}", headers=tma(me, clock))
    assert "svg" in await r.json()


async def test_confirm_moves_through_the_service_and_posts_in_the_chat(service: Service, client: TestClient,
                                                                      clock: Clock, posted: Posted) -> None:
    gid = await two_player_game(service)
    me, _ = await mover(service, gid)
    before = await service.store.games.get(gid)
    packed = await full_play(service, gid)
    r = await client.post("/api/confirm", json={"game": gid, "version": before.version, "picked": packed},
                          headers=tma(me, clock))
    body = await r.json()
    assert r.status == 200, body
    after = await service.store.games.get(gid)
    assert after.version > before.version and after.position != before.position
    assert [n.chat for n in posted.notices] == [GROUP]
    assert posted.notices[0].reply.game_id == gid and moments.plain(posted.notices[0].reply.text) == body["text"]
    assert not body["state"]["mine"]
    # the same confirm again (a double tap, a page left open): out of date, nothing changes
    r = await client.post("/api/confirm", json={"game": gid, "version": before.version, "picked": packed},
                          headers=tma(me, clock))
    assert r.status == 409 and (await r.json())["error"]
    assert (await service.store.games.get(gid)).version == after.version and len(posted.notices) == 1


async def test_racing_confirms_and_a_typed_move_apply_once(service: Service, client: TestClient, clock: Clock,
                                                           posted: Posted) -> None:
    gid = await two_player_game(service)
    me, _ = await mover(service, gid)
    before = await service.store.games.get(gid)
    packed = await full_play(service, gid)
    play = build(game_of(before).position, game_of(before).dice or (1, 1),
                 [tuple(int(POINT.index(c)) if i < 2 else int(c) for i, c in enumerate(packed[k:k + 3]))
                  for k in range(0, len(packed), 3)]).play
    assert play is not None
    body = {"game": gid, "version": before.version, "picked": packed}
    results = await asyncio.gather(
        client.post("/api/confirm", json=body, headers=tma(me, clock)),
        client.post("/api/confirm", json=body, headers=tma(me, clock)),
        service.handle(Caller(me, GROUP), f"/move {play.notation} {gid}"))
    statuses = [results[0].status, results[1].status]
    typed_ok = results[2].ok
    # the same confirm twice is one command (its id comes from the action): the repeat is answered as the first
    # time (N3), so both may say 200; the typed move is another command and either wins alone or loses
    assert (200 in statuses) != typed_ok, (statuses, results[2].text)
    after, log = await service.store.games.snapshot(gid)
    assert after.version > before.version and game_of(after).turn is not game_of(before).turn
    assert [e.play for e in log].count(play.notation) == 1, [e.play for e in log]


async def test_refusals(service: Service, client: TestClient, clock: Clock) -> None:
    gid = await two_player_game(service)
    other_gid = await two_player_game(service, "plakoto")
    me, other = await mover(service, gid)
    record = await service.store.games.get(gid)
    ana = await service.store.players.find("telegram", me.user_id)
    bob = await service.store.players.find("telegram", other.user_id)
    eve = await service.store.players.find("telegram", EVE.user_id)
    assert ana and bob and eve
    url = f"/api/state?game={gid}"
    good = tma(me, clock)
    cases: list[tuple[dict[str, str], int, str]] = [
        ({}, 401, "sign-in required"),
        ({"Authorization": "Bearer x"}, 401, "sign-in required"),
        ({"Authorization": "tma " + init_data(me, clock()).replace("hash=", "hash=0")}, 401, "unsigned"),
        ({"Authorization": "tma " + init_data(me, clock()).replace(me.name, "Eve")}, 401, "signature"),
        ({"Authorization": "tma " + init_data(me, clock() - 2 * 86400)}, 401,  # in the language it signs
         refusal(me.language or "en", "initData expired")),
        (tma(me, clock, start_param=other_gid), 403, page_words(me.language or "en")["refused_other_game"]),
        (tma(EVE, clock), 403, "not a player"),
        ({"Authorization": "link " + link_for(ana.id, other_gid, clock() + 60)}, 403, "another game"),
        ({"Authorization": "link " + link_for(eve.id, gid, clock() + 60)}, 403, "not a player"),
        ({"Authorization": "link " + link_for(ana.id, gid, clock() - 1)}, 401, "expired"),
        ({"Authorization": "link " + link_for(ana.id, gid, clock() + 60)[:-2] + "AA"}, 401, "signature"),
    ]
    for headers, status, reason in cases:
        r = await client.get(url, headers=headers)
        body = await r.json()
        assert (r.status, reason in body["error"]) == (status, True), (headers, r.status, body)
    r = await client.get(url, headers=tma(EVE, clock, start_param=gid))
    assert r.status == 200 and (await r.json())["watching"]
    alone = Caller(ANA, Chat("telegram", ANA.user_id, private=True))
    private = (await service.handle(alone, "/play ai portes")).game_id
    r = await client.get(f"/api/state?game={private}", headers=tma(EVE, clock, start_param=private))
    assert r.status == 403 and "not a player" in (await r.json())["error"], "a private game is its player's"
    packed = await full_play(service, gid)
    confirm = {"game": gid, "version": record.version, "picked": packed}
    for headers, status, reason in [
        (tma(EVE, clock, start_param=gid), 403, "only the players"),
        (tma(other, clock), 409, ""),
        ({"Authorization": "link " + link_for(bob.id, gid, clock() + 60)}, 409, ""),
        ({}, 401, "sign-in"),
    ]:
        r = await client.post("/api/confirm", json=confirm, headers=headers)
        body = await r.json()
        assert r.status == status and reason in body["error"].lower(), (status, body)
    for data, status in [
        ("not json", 400), ("[]", 400), ('{"game": "' + gid + '"}', 400),
        ('{"game": "' + gid + '", "version": "1", "picked": "' + packed + '"}', 400),
        ('{"game": "' + gid + '", "version": true, "picked": "' + packed + '"}', 400),
        ('{"game": "' + gid + '", "version": 1, "picked": "<script>"}', 400),
        ('{"game": "../../etc", "version": 1, "picked": ""}', 400),
        ('{"game": "zzzzzz", "version": 1, "picked": "' + packed + '"}', 404),
        ('{"game": "' + gid + '", "version": 1, "picked": "' + "x" * 4000 + '"}', 413),
    ]:
        r = await client.post("/api/confirm", data=data, headers={**good, "Content-Type": "application/json"})
        body = await r.json()
        assert r.status == status and "error" in body, (data[:60], r.status, body)
    assert (await service.store.games.get(gid)).version == record.version


async def test_no_stack_trace_reaches_the_page(service: Service, client: TestClient, clock: Clock,
                                               monkeypatch: Any) -> None:
    gid = await two_player_game(service)
    me, _ = await mover(service, gid)

    async def broken(*args: object) -> None:
        raise RuntimeError("secret internals")

    monkeypatch.setattr(service, "names", broken)
    r = await client.get(f"/api/state?game={gid}", headers=tma(me, clock))
    text = await r.text()
    assert r.status == 500 and "secret" not in text and "Traceback" not in text
    assert (await r.json()) == {"error": refusal(me.language or "en", "server error")}  # in the words it signs
    r = await client.get("/nowhere")
    assert r.status == 404 and "error" in await r.json()


async def test_the_page_and_its_files_are_served_with_safe_headers(client: TestClient) -> None:
    r = await client.get("/")
    html = await r.text()
    assert r.status == 200 and "telegram-web-app.js" in html and "/static/app.js" in html
    assert "default-src 'self'" in r.headers["Content-Security-Policy"]
    for name in ("app.js", "style.css"):
        assert (await client.get(f"/static/{name}")).status == 200
    assert (await client.get("/static/../server.py")).status == 404
