"""Ratings through the service (RATINGS.md): a finished match changes both ratings once, in its pool, and the
result says so; /stats lists each pool played with its picture; /top ranks a chat's players and everyone's."""

from __future__ import annotations

import asyncio
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from bot.replies import Caller, Chat
from bot.service import Service

from .conftest import ALICE, BOB, CAROL, CHAT, Clock

OTHER = Chat("console", "elsewhere")


async def resign_until_over(service: Service, who: Caller, match_id: str) -> list[str]:
    """`who` resigns every game of the match until it is over; the replies' texts."""
    texts = []
    for _ in range(30):
        match = await service.store.matches.get(match_id)
        if match.winner is not None:
            return texts
        reply = await service.handle(who, f"/resign yes {match.games[-1]}")
        assert reply.ok, reply.text
        texts.append(reply.text)
    raise AssertionError("the match did not end")


async def match_of(service: Service, caller: Caller) -> str:
    player = await service.store.players.find(caller.who.platform, caller.who.user_id)
    assert player is not None
    games = await service.store.games.active_for(player.id)
    record = await service.store.games.get(games[0])
    assert record.match_id is not None
    return record.match_id


async def challenge(service: Service, text: str, chat: Chat = CHAT) -> str:
    await service.handle(Caller(ALICE, chat), text)
    await service.handle(Caller(BOB, chat), "/accept")
    return await match_of(service, Caller(ALICE, chat))


async def test_a_match_is_rated_once_when_it_ends_and_the_result_says_so(service: Service) -> None:
    """RT-4: a match to 3 changes nothing until it ends, then both ratings once by n = 3; the line follows the
    match's result line (RT-6)."""
    match_id = await challenge(service, "/challenge @bob plakoto to 3")
    texts = await resign_until_over(service, Caller(BOB, CHAT), match_id)
    assert all("Ratings" not in t for t in texts[:-1])
    last = texts[-1].splitlines()
    won = next(i for i, t in enumerate(last) if "wins the match" in t)
    assert last[won + 1] == "Ratings (Plakoto): alice 1517.3 (+17.3) · bob 1482.7 (\u221217.3)"
    alice = await service.store.players.find("console", "alice")
    assert alice is not None
    row = await service.store.ratings.get("plakoto", alice.id)
    assert (round(row.rating, 2), row.experience, row.won, row.lost) == (1517.32, 3, 1, 0)
    # a repeated resignation changes nothing
    match = await service.store.matches.get(match_id)
    await service.handle(Caller(BOB, CHAT), f"/resign yes {match.games[-1]}")
    assert (await service.store.ratings.get("plakoto", alice.id)).rating == row.rating


async def test_a_single_game_and_a_cycle_match_rate_in_their_pools(service: Service, clock: Clock) -> None:
    """RT-1: a single game rates in its variant's pool with n = 1, a tavli match in the pool `tavli` as a whole;
    the computer is rated like anyone (RT-2)."""
    reply = await service.handle(Caller(ALICE, CHAT), "/play ai tapa to 1")
    gid = reply.game_id
    assert gid is not None
    clock.advance(1)
    done = await service.handle(Caller(ALICE, CHAT), f"/resign yes {gid}")
    lines = done.text.splitlines()
    at = next(i for i, t in enumerate(lines) if "wins game" in t)
    assert lines[at + 1] == "Ratings (Tapa): alice 1490.0 (\u221210.0) · Computer 1510.0 (+10.0)", done.text
    match_id = await challenge(service, "/challenge @bob tavli to 1")
    texts = await resign_until_over(service, Caller(ALICE, CHAT), match_id)
    assert "Ratings (Tavli): alice 1490.0 (\u221210.0) · bob 1510.0 (+10.0)" in texts[-1]
    bob = await service.store.players.find("console", "bob")
    assert bob is not None
    assert (await service.store.ratings.get("tavli", bob.id)).experience == 1
    assert (await service.store.ratings.get("portes", bob.id)).experience == 0


async def test_stats_lists_each_pool_played_with_a_picture(service: Service, clock: Clock) -> None:
    for _ in range(2):
        match_id = await challenge(service, "/challenge @bob plakoto to 1")
        clock.advance(30)
        await resign_until_over(service, Caller(BOB, CHAT), match_id)
    match_id = await challenge(service, "/challenge @bob tabla cycle=tabla to 1")
    await resign_until_over(service, Caller(ALICE, CHAT), match_id)
    reply = await service.handle(Caller(CAROL, CHAT), "/stats alice")
    lines = reply.text.splitlines()
    plakoto = next(t for t in lines if t.startswith("Plakoto:"))
    assert plakoto.startswith("Plakoto: rating 1519.") and plakoto.endswith(" · experience 2 · matches 2–0")
    assert "Tabla match: rating 1490.0 · experience 1 · matches 0–1" in lines
    assert not any(t.startswith("Tapa:") for t in lines), "only the pools played"
    assert reply.picture is not None
    image = Image.open(io.BytesIO(reply.picture.data))
    assert image.format == "PNG" and image.width >= 800
    nobody = await service.handle(Caller(CAROL, CHAT), "/stats")
    assert nobody.picture is not None and "rating" not in nobody.text


async def test_top_ranks_the_chats_players_and_everyones(service: Service) -> None:
    match_id = await challenge(service, "/challenge @bob plakoto to 1")
    await resign_until_over(service, Caller(BOB, CHAT), match_id)
    await service.handle(Caller(CAROL, OTHER), "/play ai plakoto to 1")
    carol = await match_of(service, Caller(CAROL, OTHER))
    await resign_until_over(service, Caller(CAROL, OTHER), carol)
    here = await service.handle(Caller(ALICE, CHAT), "/top")
    assert here.text.splitlines() == ["The best in Plakoto in this chat:", "1. alice 1510.0", "2. bob 1490.0"]
    everywhere = (await service.handle(Caller(ALICE, CHAT), "/top global plakoto")).text.splitlines()
    assert everywhere[0] == "The best in Plakoto, all chats:" and len(everywhere) == 5
    assert {t[3:] for t in everywhere[1:3]} == {"alice 1510.0", "Computer 1510.0"}  # equals in any order
    assert {t[3:] for t in everywhere[3:]} == {"bob 1490.0", "carol 1490.0"}
    assert "Nobody has finished a match of Tapa in this chat yet." in (
        await service.handle(Caller(ALICE, CHAT), "/top tapa")).text
    assert (await service.handle(Caller(ALICE, OTHER), "/top")).text.splitlines()[1:] == \
        ["1. Computer 1510.0", "2. carol 1490.0"]


@pytest.mark.parametrize("text", ["/top nosuch", "/top global tapa plakoto", "/top 3"])
async def test_top_explains_bad_input(service: Service, text: str) -> None:
    reply = await service.handle(Caller(ALICE, CHAT), text)
    assert not reply.ok and "/top takes global and one of" in reply.text


@pytest.mark.parametrize("lang", ["bg", "el"])
async def test_ratings_stats_and_top_speak_the_players_language(service: Service, lang: str) -> None:
    """The ratings line, /stats and /top in Bulgarian and Greek: no English word left (names, typed words and the
    pool lines of /stats, which tools read, aside), the pool named in the reader's language."""
    from .test_no_english import english_words

    for who in (ALICE, BOB):
        await service.handle(Caller(who, CHAT), f"/lang {lang}")
    match_id = await challenge(service, "/challenge @bob tabla cycle=tabla to 1")
    texts = await resign_until_over(service, Caller(BOB, CHAT), match_id)
    said = [t for t in texts[-1].splitlines() if "1510.0 (+10.0)" in t]
    assert len(said) == 1 and ("Мач „Табла“" if lang == "bg" else "Αγώνας Τάμπλα") in said[0], texts[-1]
    stats = await service.handle(Caller(ALICE, CHAT), "/stats")
    assert stats.picture is not None
    assert "\nTabla match: rating 1510.0 · experience 1 · matches 1–0" in stats.text, stats.text  # tools read it
    top = await service.handle(Caller(ALICE, CHAT), "/top global")
    bad = await service.handle(Caller(ALICE, CHAT), "/top nosuch")
    for text in (said[0], stats.text, top.text, bad.text):
        assert english_words(text, {"alice", "bob", "global", "plakoto", "tapa", "mahbusa", "tawula", "portes",
                                    "tabla", "fevga", "gulbara", "tavli", "cycle"}) == set(), text


async def test_tabla_ratings_rebuild_replays_the_stored_results(service: Service, redis_url: str, prefix: str,
                                                                tmp_path: Path) -> None:
    """`tabla ratings rebuild` (the CLI, as run on upgrading): the live numbers back from the log, a finished
    match never logged (one of before these ratings) rated in its place, the Elo ratings of old gone."""
    match_id = await challenge(service, "/challenge @bob plakoto to 3")
    await resign_until_over(service, Caller(BOB, CHAT), match_id)
    await service.handle(Caller(ALICE, CHAT), "/play ai tapa to 1")
    await resign_until_over(service, Caller(ALICE, CHAT), await match_of(service, Caller(ALICE, CHAT)))
    alice = await service.store.players.find("console", "alice")
    assert alice is not None
    live = await service.store.ratings.get("plakoto", alice.id)
    keys = service.store.ratings._keys
    await service.store.client.zadd(keys.elo_ratings("tapa"), {alice.id: 1488.0})
    tapa = await service.store.ratings.get("tapa", alice.id)
    await service.store.client.zadd(keys.pool_rating("plakoto"), {alice.id: 1.0})  # the live numbers lost
    for part in ("rating", "experience", "record", "applied", "log", "last"):  # tapa's as if never logged
        await service.store.client.delete(getattr(keys, f"pool_{part}")("tapa"))
    await service.store.client.srem(keys.pools(), "tapa")
    assert (await service.store.ratings.get("tapa", alice.id)).experience == 0
    env = {**os.environ, "REDIS_URL": f"{redis_url}?prefix={prefix}", "TABLA_DATA_DIR": str(tmp_path),
           "TABLA_LOG_LEVEL": "WARNING"}
    done = await asyncio.to_thread(subprocess.run, [sys.executable, "-m", "bot", "ratings", "rebuild"], env=env,
                                   capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "tabla: ratings rebuilt from 2 finished matches"
    assert await service.store.ratings.get("plakoto", alice.id) == live
    assert await service.store.ratings.get("tapa", alice.id) == tapa
    assert await service.store.client.exists(keys.elo_ratings("tapa")) == 0


async def test_the_console_shows_the_ratings_line(service: Service) -> None:
    from bot.console import Console

    out = io.StringIO()
    console = Console(service, out, None, "alice")
    assert await console.line("/play ai fevga to 1")
    gid = (await service.store.games.active_for(
        (await service.store.players.find("console", "alice")).id))[0]  # type: ignore[union-attr]
    assert await console.line(f"/resign yes {gid}")
    assert "Ratings (Fevga): alice 1490.0 (\u221210.0) · Computer 1510.0 (+10.0)" in out.getvalue()
