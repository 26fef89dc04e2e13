"""Hostile requests to the board page (issue 27, P3, P4, P6): each gets a short refusal, never a traceback, and
an unknown game cannot be told from an existing one without credentials."""

from __future__ import annotations

from aiohttp.test_utils import TestClient

from bot.boardpage.words import refusal
from bot.service import Service
from tests.bot.conftest import Clock

from .conftest import init_data, mover, two_player_game


async def test_a_deeply_nested_body_is_not_json(service: Service, client: TestClient, clock: Clock) -> None:
    gid = await two_player_game(service)
    me, _ = await mover(service, gid)
    headers = {"Authorization": "tma " + init_data(me, clock()), "Content-Type": "application/json"}
    for path in ("/api/confirm", "/api/cube"):
        r = await client.post(path, data="[" * 2000, headers=headers)
        assert (r.status, await r.json()) == (400, {"error": refusal(me.language or "en", "not JSON")})


async def test_a_since_of_other_digits_is_refused(service: Service, client: TestClient, clock: Clock) -> None:
    gid = await two_player_game(service)
    me, _ = await mover(service, gid)
    headers = {"Authorization": "tma " + init_data(me, clock())}
    for since in ("²", "١", "٣4", "１"):
        r = await client.get(f"/api/events?game={gid}&since={since}", headers=headers)
        assert (r.status, await r.json()) == (400, {"error": refusal(me.language or "en", "bad version")}), since


async def test_without_credentials_an_unknown_game_answers_as_an_existing_one(service: Service,
                                                                              client: TestClient) -> None:
    gid = await two_player_game(service)
    answers = []
    for game in (gid, "zzzzzz"):
        for path in (f"/api/state?game={game}", f"/api/events?game={game}"):
            r = await client.get(path)
            answers.append((r.status, await r.json()))
        for path, body in (("/api/confirm", {"game": game, "version": 1, "picked": "ab1"}),
                           ("/api/cube", {"game": game, "version": 1, "verb": "roll"})):
            r = await client.post(path, json=body, headers={"Authorization": "link x.y.1.z"})
            answers.append((r.status, await r.json()))
    assert answers[:4] == answers[4:], answers
    assert {a[0] for a in answers} == {401}
