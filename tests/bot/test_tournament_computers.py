"""12 players, sections then a knockout, every match played by the computer on both sides (tawula to 1: the
heuristic, the fastest computer there is): 30 section matches and the final run through with no match stuck,
and the tournament's table agrees with the results recomputed from the stored matches. `bench/tournament.py`
runs the same with 64 players (224 section matches and a knockout of 8)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator

import pytest

from bot import formats, review, turns
from bot.replies import Caller, Identity
from bot.service import Service
from game import Game, Play, Side, legal_plays
from game.search import choose_play
from storage import GameRecord, MatchRecord, Pairing, Store, StoreUnavailable

from .conftest import CHAT

N = 12
PLAYERS = [Identity("console", f"u{i:02d}", f"Player {i:02d}", username=f"u{i:02d}") for i in range(N)]


def quick(game: Game, dice: tuple[int, int] | None = None, seed: int | None = None) -> Play | None:
    """The heuristic's play (`game.search.choose_play`), quicker than a net's two-ply look."""
    plays = legal_plays(game.position, dice or game.dice)  # type: ignore[arg-type]
    return choose_play(plays, seed) if plays else None


class Computers(Service):
    """A service on which the computer plays both sides of every game."""

    async def computer_sides(self, record: GameRecord | MatchRecord) -> set[Side]:
        return {Side.WHITE, Side.BLACK}


@pytest.fixture
async def computers(store: Store) -> AsyncIterator[Service]:
    svc = Computers(store, render=None)  # threads: the quick chooser below is patched into this process
    yield svc
    svc.close()


async def test_twelve_players_sections_then_knockout(computers: Service, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review, "follow", lambda *args, **kwargs: None)  # no reviews: this is about the tournament
    monkeypatch.setattr(turns, "choose", quick)  # the heuristic: the fastest computer there is
    svc = computers
    began = time.perf_counter()
    opened = await svc.handle(Caller(PLAYERS[0], CHAT), "/tournament new tawula to 1 format sections")
    tid = opened.text.split("#")[1].split(" ")[0].rstrip(":")
    for who in PLAYERS[1:]:
        assert (await svc.handle(Caller(who, CHAT), f"/tournament join {tid}")).ok
    started = await svc.handle(Caller(PLAYERS[0], CHAT), f"/tournament start {tid}")
    assert "30 matches start now" in started.text, started.text
    for _ in range(300):
        record = await svc.store.tournaments.get(tid)
        if record.state == "finished":
            break
        await asyncio.sleep(1.0)
        with contextlib.suppress(StoreUnavailable):  # as `tabla run`'s loop: games a slow store left half-stored
            await svc.tick()
    await svc.settle(30)
    seconds = time.perf_counter() - began
    record = await svc.store.tournaments.get(tid)
    assert record.state == "finished", [p for p in record.pairings if not p.done][:5]
    assert formats.section_count(record) == 2
    assert len(record.pairings) == 30 + 1 and all(p.done and p.match for p in record.pairings), "no match stuck"
    # the table agrees with the results recomputed from the stored matches
    recomputed = []
    for p in record.pairings:
        match = await svc.store.matches.get(p.match or "")
        assert match.winner is not None, f"match {match.id} never ended"
        assert (await svc.store.games.get(match.games[-1])).finished
        a_first = match.players[0] == p.a
        score = match.score if a_first else (match.score[1], match.score[0])
        winner = 0 if match.players[match.winner] == p.a else 1
        assert (winner, score) == (p.winner, p.score), (p, match)
        recomputed.append(Pairing(p.key, p.stage, p.a, p.b, p.next, p.slot, p.match, winner, score))
    again = type(record)(**{**{f: getattr(record, f) for f in record.__dataclass_fields__},
                            "pairings": tuple(recomputed)})
    for k in range(2):
        assert formats.table(again, {}, k) == formats.table(record, {}, k)
    final = next(p for p in record.pairings if p.stage.startswith("ko") and p.next is None)
    assert record.winner == (final.a if final.winner == 0 else final.b)
    matches = len(record.pairings)
    print(f"{N} players: {matches} matches in {seconds:.1f} s ({matches / seconds:.1f} matches a second)")
