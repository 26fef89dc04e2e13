"""A tournament of N players (default 64: eight sections of 8, then a knockout of their 8 winners), every match
played by the computer on both sides (tawula to 1, the heuristic choosing: the fastest computer; `--nets` plays
the computer as it plays, with its nets, in worker processes), through the service and the local Redis. Checks
that no match is stuck and that the table agrees with the results recomputed from the stored matches; prints
the time taken and a JSON line. Reviews of finished games are left out (`--reviews` keeps them).

    python -m bench.tournament [--players 64] [--reviews] [--nets]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import time
import uuid
from dataclasses import replace

from bot import formats, review, turns
from bot.replies import Caller, Chat, Identity
from bot.service import Service
from bot.workers import Workers
from game import Game, Play, Side, choose_play, legal_plays
from storage import GameRecord, MatchRecord, StoreUnavailable, connect

REDIS = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/0")
CHAT = Chat("console", "bench-tournament")


class Computers(Service):
    """A service on which the computer plays both sides of every game."""

    async def computer_sides(self, record: GameRecord | MatchRecord) -> set[Side]:
        return {Side.WHITE, Side.BLACK}


def quick(game: Game, dice: tuple[int, int] | None = None, seed: int | None = None) -> Play | None:
    """The heuristic's play (`game.search.choose_play`), quicker than a net's two-ply look."""
    plays = legal_plays(game.position, dice or game.dice)  # type: ignore[arg-type]
    return choose_play(plays, seed) if plays else None


async def run(players: int, reviews: bool, fmt: str, limit: float, nets: bool) -> dict[str, object]:
    processes = 1 if nets else 0  # the quick chooser is patched into this process: its threads think
    if not nets:
        turns.choose = quick  # type: ignore[assignment]
    if not reviews:
        review.follow = lambda *args, **kwargs: None  # type: ignore[assignment]
    prefix = f"bench-tournament-{uuid.uuid4().hex[:8]}"
    store = await connect(REDIS, prefix=prefix)
    svc = Computers(store, render=None, workers=Workers(processes=processes))  # the computer thinks in worker processes
    people = [Identity("console", f"u{i:02d}", f"Player {i:02d}", username=f"u{i:02d}") for i in range(players)]
    try:
        began = time.perf_counter()
        opened = await svc.handle(Caller(people[0], CHAT), f"/tournament new tawula to 1 format {fmt}")
        tid = opened.text.split("#")[1].split(" ")[0]
        for who in people[1:]:
            assert (await svc.handle(Caller(who, CHAT), f"/tournament join {tid}")).ok
        started = await svc.handle(Caller(people[0], CHAT), f"/tournament start {tid}")
        assert started.ok, started.text
        resumed = 0
        while time.perf_counter() - began < limit:
            record = await svc.store.tournaments.get(tid)
            if record.state == "finished":
                break
            await asyncio.sleep(1.0)
            try:  # as `tabla run`'s loop: games a slow store left half-stored go on
                resumed += len(await svc.tick())
            except StoreUnavailable:
                continue
        await svc.settle(30)
        seconds = time.perf_counter() - began
        record = await svc.store.tournaments.get(tid)
        stuck = [p.key for p in record.pairings if not p.done]
        rebuilt = []  # every result again, read from its stored match
        for p in record.pairings:
            match = await svc.store.matches.get(p.match) if p.match else None
            if match is None or match.winner is None:
                stuck.append(p.key)
                rebuilt.append(replace(p, winner=None, score=(0, 0)))
                continue
            score = match.score if match.players[0] == p.a else (match.score[1], match.score[0])
            rebuilt.append(replace(p, winner=0 if match.players[match.winner] == p.a else 1, score=score))
        recomputed = replace(record, pairings=tuple(rebuilt))
        agree = recomputed.pairings == record.pairings
        groups: list[int | None] = list(range(formats.section_count(record))) or [None]
        for k in groups:
            agree &= formats.table(recomputed, {}, k) == formats.table(record, {}, k)
        agree &= formats.champion(recomputed, {}) == record.winner
        return {"players": players, "format": fmt, "matches": len(record.pairings), "finished":
                record.state == "finished", "stuck": len(stuck), "table_agrees": agree, "seconds": round(seconds, 1),
                "matches_per_second": round(len(record.pairings) / seconds, 2), "resumed": resumed,
                "computer": "nets" if nets else "heuristic", "load": round(os.getloadavg()[0], 1)}
    finally:
        keys = [k async for k in store.client.scan_iter(match=f"{prefix}:*", count=1000)]
        for i in range(0, len(keys), 500):
            await store.client.delete(*keys[i:i + 500])
        svc.close()
        await store.aclose()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--format", default="sections")
    parser.add_argument("--reviews", action="store_true")
    parser.add_argument("--limit", type=float, default=900.0, help="give up after this many seconds")
    parser.add_argument("--nets", action="store_true", help="the computer as it plays (its nets), not the heuristic")
    args = parser.parse_args()
    print(json.dumps(asyncio.run(run(args.players, args.reviews, args.format, args.limit, args.nets))))


if __name__ == "__main__":
    main()
