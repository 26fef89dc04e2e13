"""Storage benchmark: acknowledged moves per second (1 and 4 processes) and bytes per stored game.

Runs against `$REDIS_URL` or the local Redis (127.0.0.1:6379) under a fresh key prefix, which it deletes
afterwards. Every move is what the service does for a player's command: load the game, then one atomic
`apply` with a command id, a move log entry and a new deadline (which moves the game's schedule entry).
Each process drives many games at once (one coroutine per game). Bytes per game are `MEMORY USAGE` over all
keys of a game after 60 moves. Prints the figures, then a JSON object as the last line.

    .venv/bin/python bench/storage.py [--runs 3] [--seconds 3]
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import itertools
import json
import multiprocessing
import os
import statistics
import sys
import time
import uuid
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from storage import GameRecord, MoveLogEntry, Store, StoreSettings, make_client

START = "B15,,,,,,,,,,,,,,,,,,,,,,,W15 w 0/0/0 0/0/0"
GAMES_PER_PROCESS = 64


def next_position(previous: str, n: int) -> str:
    """A TPN-shaped position after move `n`: two checkers of the side to move step 1-6 points."""
    cells, mover, white, black = previous.split(" ")
    counts = [0 if not c else (int(c[1:]) if c[0] == "W" else -int(c[1:])) for c in cells.split(",")]
    sign = 1 if mover == "w" else -1
    for k in range(2):
        sources = [i for i, count in enumerate(counts) if count * sign > 0]
        source = sources[(n * 7 + k * 3) % len(sources)]
        target = (source - sign * ((n + k) % 6 + 1)) % 24
        if counts[target] * sign < 0:
            continue
        counts[source] -= sign
        counts[target] += sign
    text = ",".join("" if c == 0 else (f"W{c}" if c > 0 else f"B{-c}") for c in counts)
    return f"{text} {'b' if mover == 'w' else 'w'} {white} {black}"


def _chain(length: int = 240) -> dict[str, str]:
    """Each position of a long game to the one after it (made once, so the benchmark measures the store)."""
    positions = [START]
    for n in range(length):
        positions.append(next_position(positions[-1], n))
    following = {}
    for before, after in itertools.pairwise(positions):
        following.setdefault(before, after)
    following.setdefault(positions[-1], START)
    return following


FOLLOWING = _chain()


def open_store(url: str, prefix: str) -> Store:
    settings = StoreSettings.from_url(url, prefix=prefix)
    return Store(make_client(settings), settings)


async def move(store: Store, game_id: str, n: int) -> GameRecord:
    current = await store.games.get(game_id)
    play = f"{24 - n % 6}/{18 - n % 5} {13 - n % 4}/{9 - n % 3}"
    after = FOLLOWING[current.position]
    now = time.time()
    new = dataclasses.replace(current, position=after, turn=1 - current.turn, dice=f"{n % 6 + 1}{(n * 7) % 6 + 1}",
                              deadline=now + 86400)
    entry = MoveLogEntry(current.turn, current.dice or "31", play, after, now)
    await store.games.apply(current, new, command_id=f"{uuid.uuid4().hex}", move=entry, now=now)
    return new


async def drive(url: str, prefix: str, seconds: float, ready: Any) -> int:
    """Move in GAMES_PER_PROCESS games at once for `seconds` once every process is ready; returns the moves."""
    store = open_store(url, prefix)
    games = [await store.games.create(variant="plakoto", players=(f"a{i}", f"b{i}"), position=START,
                                      deadline=time.time() + 86400) for i in range(GAMES_PER_PROCESS)]
    ready.wait(timeout=120)
    stop_at = time.time() + seconds
    done = 0

    async def player(game: GameRecord) -> None:
        nonlocal done
        n = 0
        while time.time() < stop_at:
            await move(store, game.id, n)
            n += 1
            done += 1

    await asyncio.gather(*(player(game) for game in games))
    await store.aclose()
    return done


def _process(url: str, prefix: str, seconds: float, ready: Any, results: Any) -> None:
    results.put(asyncio.run(drive(url, prefix, seconds, ready)))


def moves_per_second(url: str, prefix: str, processes: int, seconds: float) -> float:
    context = multiprocessing.get_context("spawn")
    results = context.Queue()
    ready = context.Barrier(processes)  # every process has connected and made its games: all go together
    workers = [context.Process(target=_process, args=(url, prefix, seconds, ready, results))
               for _ in range(processes)]
    for worker in workers:
        worker.start()
    total = sum(results.get(timeout=120) for _ in workers)
    for worker in workers:
        worker.join()
    return total / seconds


async def bytes_per_game(url: str, prefix: str, games: int = 10, moves: int = 60) -> float:
    store = open_store(url, prefix)
    keys = store.games._keys
    sizes = []
    for _ in range(games):
        game = await store.games.create(variant="plakoto", players=("ann", "bob"), position=START,
                                        deadline=time.time() + 86400)
        for n in range(moves):
            await move(store, game.id, n)
        usage = [await store.client.memory_usage(key, samples=0) or 0
                 for key in (keys.game(game.id), keys.game_log(game.id), keys.game_commands(game.id))]
        sizes.append(sum(usage))
    await store.aclose()
    return statistics.median(sizes)


async def raw_gets_per_second(url: str, seconds: float = 2.0) -> float:
    """The machine's yardstick: plain redis-py GETs per second from one process, 64 at a time."""
    client = make_client(StoreSettings.from_url(url))
    key = f"tabla-bench-yardstick-{uuid.uuid4().hex[:8]}"
    await client.set(key, b"x" * 300)
    stop_at = time.perf_counter() + seconds
    count = 0

    async def reader() -> None:
        nonlocal count
        while time.perf_counter() < stop_at:
            await client.get(key)
            count += 1

    await asyncio.gather(*(reader() for _ in range(GAMES_PER_PROCESS)))
    await client.delete(key)
    await client.aclose()
    return count / seconds


async def clean(url: str, prefix: str) -> None:
    store = open_store(url, prefix)
    async for key in store.client.scan_iter(match=f"{prefix}:*", count=1000):
        await store.client.delete(key)
    await store.aclose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=3.0)
    options = parser.parse_args()
    url = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
    prefix = f"tabla-bench-{uuid.uuid4().hex[:8]}"
    one, four = [], []
    try:
        print(f"yardstick: {asyncio.run(raw_gets_per_second(url)):.0f} plain GETs/s from one process "
              f"(a move is a GET and an apply)")
        size = asyncio.run(bytes_per_game(url, prefix))
        print(f"bytes per game after 60 moves: {size:.0f}")
        for run in range(options.runs):
            one.append(moves_per_second(url, prefix, 1, options.seconds))
            four.append(moves_per_second(url, prefix, 4, options.seconds))
            print(f"run {run + 1}: {one[-1]:.0f} moves/s with 1 process, {four[-1]:.0f} with 4")
    finally:
        asyncio.run(clean(url, prefix))
    figures = {
        "moves_per_s_1proc": round(statistics.median(one)),
        "moves_per_s_4proc": round(statistics.median(four)),
        "bytes_per_game": round(size),
    }
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
