"""Service benchmark: command latency (text in → stored state and board image bytes out) against the local
Redis, p50 and p99; moves per second with 4 worker processes over 200 concurrent games; a move-builder step
(a button press answered with the next keyboard) and an autocomplete query, p99; and the event loop's lag:
the p99 time of a trivial command (/help) while 4 tasks × 50 games against the computer are being played with
their boards in the same process.

Every move counted includes its board picture. The dice derive from BENCH_SEED (default 1), so a failure
replays with the same seed. Each service draws and thinks in BENCH_PROCESSES worker processes (default 1, as
`tabla run` does; 0: in its threads), where a finished game's review also goes to a process of its own at a
lower priority. Prints a JSON object as the last line.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import random
import statistics
import sys
import time
import uuid

# bench/ holds other benchmarks named like our packages (bench/storage.py): never import from there.
_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _HERE]
sys.path.insert(0, os.path.dirname(_HERE))

from bench.percentile import pct  # noqa: E402

REDIS = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/0")
WORKERS = 4
GAMES = 200
SECONDS = float(os.environ.get("BENCH_SECONDS", "15"))
PROCESSES = int(os.environ.get("BENCH_PROCESSES", "1"))  # worker processes of each service, as `tabla run` has
SEED = int(os.environ.get("BENCH_SEED", "1"))  # every game's dice derive from it: a failure replays with the same seed


def _seeds(tag: str):
    """A seed source for `Service(seeds=...)`: game n of this run gets sha256(SEED, tag, n) as its dice seed."""
    import hashlib
    import itertools

    counter = itertools.count()
    return lambda: hashlib.sha256(f"{SEED}:{tag}:{next(counter)}".encode()).hexdigest()


async def _setup(prefix: str, tag: str = "main"):
    from bot.service import Service
    from bot.workers import Workers
    from storage import connect

    store = await connect(REDIS, prefix=prefix)
    workers = Workers(processes=PROCESSES)
    workers.start()  # as `tabla run` starts them: ready before the first move
    await workers.ready()
    return store, Service(store, seeds=_seeds(tag), workers=workers)


async def _start(service, n: int, tag: str):
    from bot.replies import Caller, Chat, Identity

    chat = Chat("bench", f"{tag}-{n}")
    a = Identity("bench", f"a{tag}{n}", f"a{n}", username=f"a{tag}{n}")
    b = Identity("bench", f"b{tag}{n}", f"b{n}", username=f"b{tag}{n}")
    await service.handle(Caller(b, chat), "/help")
    await service.handle(Caller(a, chat), f"/challenge @b{tag}{n} plakoto to 25")
    await service.handle(Caller(b, chat), "/accept")
    games = await service.store.games.active_for((await service.store.players.find("bench", a.user_id)).id)
    return chat, {0: a, 1: b}, games[0]


async def _move(service, chat, players, gid, rng) -> float | None:
    """One move in game `gid`: the time from text in to reply out (None if the game is over)."""
    from bot.gamestate import game_of
    from bot.replies import Caller

    record = await service.store.games.get(gid)
    if record.result is not None:
        return None
    game = game_of(record)
    play = rng.choice(game.plays())
    who = players[0 if game.turn.value == "white" else 1]
    start = time.perf_counter()
    reply = await service.handle(Caller(who, chat), f"/move {play.notation} {gid}")
    elapsed = time.perf_counter() - start
    assert reply.ok and reply.image, reply.text
    return elapsed


async def _cleanup(store, prefix: str, service=None) -> None:
    if service is not None:
        service.close()
    keys = [k async for k in store.client.scan_iter(match=f"{prefix}:*", count=1000)]
    for i in range(0, len(keys), 500):
        await store.client.delete(*keys[i:i + 500])
    await store.aclose()


async def latency(moves: int = 300) -> list[float]:
    prefix = f"bench-{uuid.uuid4().hex[:8]}"
    store, service = await _setup(prefix)
    rng = random.Random(1)
    times: list[float] = []
    try:
        n = 0
        while len(times) < moves:
            chat, players, gid = await _start(service, n, "lat")
            n += 1
            while len(times) < moves and (t := await _move(service, chat, players, gid, rng)) is not None:
                times.append(t)
    finally:
        await _cleanup(store, prefix, service)
    return times


async def _worker(index: int, games: int, prefix: str, seconds: float) -> int:
    store, service = await _setup(prefix, f"worker{index}")
    rng = random.Random(index)
    started = [await _start(service, n, f"w{index}") for n in range(games)]
    done = 0
    stop = time.perf_counter() + seconds
    in_flight = asyncio.Semaphore(4)  # the games are all open at once; a process works on a few moves at a time

    async def loop(chat, players, gid) -> None:
        nonlocal done
        while time.perf_counter() < stop:
            async with in_flight:
                moved = await _move(service, chat, players, gid, rng)
            if moved is None:
                chat2, players2, gid2 = await _start(service, rng.randrange(10**9), f"w{index}")
                chat, players, gid = chat2, players2, gid2
                continue
            done += 1

    await asyncio.gather(*(loop(*g) for g in started))
    service.close()
    await store.aclose()
    return done


def _run_worker(args: tuple[int, int, str, float, multiprocessing.Queue]) -> None:
    index, games, prefix, seconds, queue = args
    queue.put(asyncio.run(_worker(index, games, prefix, seconds)))


def throughput() -> float:
    prefix = f"bench-{uuid.uuid4().hex[:8]}"
    # spawned, not forked: this process has run services whose worker pools' threads may still be winding down,
    # and a fork copies the locks they hold (a forked bench hung once in a few runs so)
    ctx = multiprocessing.get_context("spawn")
    queue: multiprocessing.Queue = ctx.Queue()
    procs = [ctx.Process(target=_run_worker, args=((i, GAMES // WORKERS, prefix, SECONDS, queue),))
             for i in range(WORKERS)]
    for p in procs:
        p.start()
    counts = [queue.get() for _ in procs]
    for p in procs:
        p.join()

    async def clean() -> None:
        store, service = await _setup(prefix)
        await _cleanup(store, prefix, service)

    asyncio.run(clean())
    return sum(counts) / SECONDS


async def builder_and_autocomplete(samples: int = 400) -> tuple[float, float]:
    """p99 of a builder step (`press` with one more move picked) and of `suggest` with a partial play typed."""
    from bot.actions import Action, Verb
    from bot.gamestate import game_of
    from bot.replies import Caller

    prefix = f"bench-{uuid.uuid4().hex[:8]}"
    store, service = await _setup(prefix, "builder")
    rng = random.Random(2)
    steps: list[float] = []
    completions: list[float] = []
    try:
        n = 0
        while len(steps) < samples:
            chat, players, gid = await _start(service, n, "bld")
            n += 1
            for _ in range(40):
                record = await service.store.games.get(gid)
                if record.result is not None or len(steps) >= samples:
                    break
                game = game_of(record)
                who = players[0 if game.turn.value == "white" else 1]
                opened = await service.press(Caller(who, chat), Action(Verb.OPEN, gid, record.version).pack())
                assert opened.builder is not None, opened.text
                moves = [b for row in opened.builder.rows for b in row if Action.unpack(b.data).verb is Verb.BUILD]
                if moves:
                    start = time.perf_counter()
                    step = await service.press(Caller(who, chat), rng.choice(moves).data)
                    steps.append(time.perf_counter() - start)
                    assert step.ok and step.builder is not None, step.text
                play = rng.choice(game.plays())
                typed = " ".join(reversed(play.notation.split()))[:-1]
                start = time.perf_counter()
                found = await service.suggest(Caller(who, chat), typed, gid)
                completions.append(time.perf_counter() - start)
                assert found, f"{typed} (BENCH_SEED={SEED} replays it)"
                await service.handle(Caller(who, chat), f"/move {play.notation} {gid}")
    finally:
        await _cleanup(store, prefix, service)
    return pct(steps, 0.99) * 1000, pct(completions, 0.99) * 1000


async def loop_lag(tasks: int = 4, games: int = 50, probes: int = 300) -> float:
    """p99 of /help's answer time while `tasks` × `games` games against the computer are played here."""
    from bot.gamestate import game_of
    from bot.replies import Caller, Chat, Identity

    prefix = f"bench-{uuid.uuid4().hex[:8]}"
    store, service = await _setup(prefix, "lag")
    rng = random.Random(3)
    stop = asyncio.Event()

    async def player(k: int) -> None:
        for g in range(games):
            if stop.is_set():
                return
            who = Identity("bench", f"lag{k}-{g}", f"lag{k}")
            chat = Chat("bench", f"lag{k}-{g}")
            reply = await service.handle(Caller(who, chat), "/play ai tawula to 1")
            assert reply.ok, reply.text
            pid = (await service.store.players.find("bench", who.user_id)).id
            while not stop.is_set():
                active = await service.store.games.active_for(pid)
                if not active:
                    break
                record = await service.store.games.get(active[0])
                play = rng.choice(game_of(record).plays()).notation
                await service.handle(Caller(who, chat), f"/move {play} {record.id}")

    async def probe() -> list[float]:
        who, chat = Identity("bench", "prober", "prober"), Chat("bench", "probe")
        out = []
        await asyncio.sleep(0.5)
        for _ in range(probes):
            start = time.perf_counter()
            await service.handle(Caller(who, chat), "/help")
            out.append(time.perf_counter() - start)
            await asyncio.sleep(0.02)
        stop.set()
        return out

    try:
        workers = [asyncio.create_task(player(k)) for k in range(tasks)]
        times = await probe()
        await asyncio.gather(*workers)
    finally:
        await _cleanup(store, prefix, service)
    return pct(times, 0.99) * 1000


def main() -> None:
    times = asyncio.run(latency())
    times.sort()
    p50 = statistics.median(times) * 1000
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))] * 1000
    print(f"latency over {len(times)} moves: p50 {p50:.1f} ms, p99 {p99:.1f} ms", file=sys.stderr)
    builder, autocomplete = asyncio.run(builder_and_autocomplete())
    lag = asyncio.run(loop_lag())
    rate = throughput()
    print(json.dumps({"p50_ms": round(p50, 2), "p99_ms": round(p99, 2), "moves_per_s_4workers": round(rate, 1),
                      "builder_p99_ms": round(builder, 2), "autocomplete_p99_ms": round(autocomplete, 2),
                      "loop_lag_p99_ms": round(lag, 2)}))


if __name__ == "__main__":
    main()
