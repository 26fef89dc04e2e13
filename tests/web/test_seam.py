"""The page through its seam (`bot.web.seam.PageSeam`) on real Redis: every refusal in the viewer's words, and a
press that reads its game once on the page's side (the service's own press is the chat buttons' path)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from aiohttp.test_utils import TestClient

from bot.boardpage.view import Visitor, cube_data
from bot.boardpage.words import page_words
from bot.replies import Caller, Chat, Identity
from bot.service import Service
from game import Cube
from storage import GameRecord
from tests.bot.conftest import Clock

from .conftest import ANA, BOB, EVE, GROUP, link_for, two_player_game
from .test_api import full_play
from .test_cube_api import cube_game, press, tma


async def choose(service: Service, who: Identity, lang: str = "el") -> None:
    """`who` chooses a language (/lang, privately)."""
    reply = await service.handle(Caller(who, Chat("telegram", who.user_id, private=True)), f"/lang {lang}")
    assert reply.ok, reply.text


async def test_every_refusal_of_a_known_viewer_speaks_their_language(service: Service, client: TestClient,
                                                                     clock: Clock) -> None:
    """A watcher's Confirm (403, English until now), a Mini App opened for another game, a viewer who plays in
    neither game, a link for someone not in the game, an empty play and a word that is no cube answer: each
    refusal in the words of the viewer's language, and nothing changes."""
    el, bg = page_words("el"), page_words("bg")
    gid = await two_player_game(service)
    other_gid = await two_player_game(service, "plakoto")
    await choose(service, EVE)
    await choose(service, BOB, "bg")
    record = await service.store.games.get(gid)
    eve = await service.store.players.find("telegram", EVE.user_id)
    bob = await service.store.players.find("telegram", BOB.user_id)
    assert eve is not None and bob is not None
    confirm = {"game": gid, "version": record.version, "picked": await full_play(service, gid)}
    r = await client.post("/api/confirm", json=confirm, headers=tma(EVE, clock, start_param=gid))
    assert (r.status, await r.json()) == (403, {"error": el["only_players"]})
    for headers, want in [
        (tma(EVE, clock), el["refused_not_player"]),
        (tma(EVE, clock, start_param=other_gid), el["refused_other_game"]),
        ({"Authorization": "link " + link_for(eve.id, gid, clock() + 60)}, el["refused_not_player"]),
        ({"Authorization": "link " + link_for(bob.id, other_gid, clock() + 60)}, bg["refused_other_game"]),
    ]:
        for url in (f"/api/state?game={gid}", f"/api/export?game={gid}"):
            r = await client.get(url, headers=headers)
            assert (r.status, await r.json()) == (403, {"error": want}), url
    link = {"Authorization": "link " + link_for(bob.id, gid, clock() + 60)}
    r = await client.post("/api/confirm", json={**confirm, "picked": ""}, headers=link)
    assert (r.status, await r.json()) == (400, {"error": bg["no_moves"]})
    r = await client.post("/api/cube", json={"game": gid, "version": record.version, "verb": "beaver"}, headers=link)
    assert (r.status, await r.json()) == (400, {"error": bg["bad_verb"]})
    r = await client.get(f"/api/export?game={gid}&match=1", headers=link)
    assert r.status in (200, 400)
    if r.status == 400:
        assert await r.json() == {"error": bg["not_in_match"]}
    assert (await service.store.games.get(gid)).version == record.version


def count_reads(service: Service, monkeypatch: Any) -> Counter[tuple[str, int]]:
    """Every read of a game from the store from now on, by (game, version read)."""
    reads: Counter[tuple[str, int]] = Counter()
    get = service.store.games.get

    async def counted(game_id: str) -> GameRecord:
        record = await get(game_id)
        reads[(game_id, record.version)] += 1
        return record

    monkeypatch.setattr(service.store.games, "get", counted)
    return reads


async def test_a_page_press_reads_its_game_once(service: Service, client: TestClient, clock: Clock,
                                               monkeypatch: Any) -> None:
    """A cube press (R-CUBE-2) and a Confirm from the page each read the pressed game once (who may press, in
    which chat, and the record pressed on are one read) and the new version once (the answer's state). Before
    the seam a cube press read the pressed version three times and the new one once."""
    gid = await cube_game(service, clock, Cube())
    record = await service.store.games.get(gid)
    reads = count_reads(service, monkeypatch)
    status, body = await press(client, gid, record.version, "roll", ANA, clock)
    assert status == 200, body
    version = body["state"]["version"]
    assert version > record.version and dict(reads) == {(gid, record.version): 1, (gid, version): 1}
    reads.clear()
    confirm = {"game": gid, "version": version, "picked": await full_play(service, gid)}
    reads.clear()  # the test's own read
    r = await client.post("/api/confirm", json=confirm, headers=tma(ANA, clock))
    assert r.status == 200, await r.text()
    after = (await r.json())["state"]["version"]
    assert dict(reads) == {(gid, version): 1, (gid, after): 1}


async def test_a_chat_cube_button_reads_its_game_once(service: Service, clock: Clock, monkeypatch: Any) -> None:
    """The path the page's press shares: a chat's Roll button (R-CUBE-2) reads the pressed game once (it read
    it twice: the button's check, then the cube's answer)."""
    gid = await cube_game(service, clock, Cube())
    record = await service.store.games.get(gid)
    reads = count_reads(service, monkeypatch)
    reply = await service.press(Caller(ANA, GROUP), cube_data(gid, "roll", record.version) or "")
    assert reply.ok, reply.text
    assert dict(reads) == {(gid, record.version): 1}


async def test_the_service_builds_the_view_from_one_read(service: Service, clock: Clock, monkeypatch: Any) -> None:
    """`page_view` reads the game once: side, names in the viewer's language and presses come from that read."""
    gid = await two_player_game(service)
    await choose(service, EVE)
    reads = count_reads(service, monkeypatch)
    view = await service.page_view(Visitor(identity=EVE, opened_for=gid), gid)
    assert view is not None and view.refused is None and view.side is None and not view.may_press
    assert view.lang == "el" and view.caller is None and len(view.names) == 2
    assert sum(reads.values()) == 1
    assert await service.page_view(Visitor(identity=ANA), "zzzzzz") is None
