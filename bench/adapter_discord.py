"""Discord adapter benchmark: interaction received → response sent, through the real discord.py client.

A fake Discord (REST and gateway, `tests/discord/fake.py`) runs in a process of its own and plays 100
concurrent games against the computer, each player thinking a while between moves: it types the play
(autocomplete), then sends `/move`. The bot runs in this process against the local Redis, as `tabla run` runs
it (`DISCORD_API_URL` pointing at the fake). Timed on the fake's clock, from the moment it sends the
`INTERACTION_CREATE` event to the moment the bot's response has arrived whole:

- `move_p50_ms`, `move_p99_ms`: a `/move` until its response with the board PNG attached;
- `autocomplete_p99_ms`: an autocomplete until its choices.

Each figure is the median over `RUNS` runs. Prints a JSON object as the last line.

`BENCH_COMPUTER=heuristic` has the computer play by the heuristic (`game.search`) instead of plakoto's trained
net: the round-2 computer, which answers in about 0.5 ms where the net at two plies takes about 7 ms (p99
~50 ms). The bot and the adapter are the same either way, so the two runs tell the house's own time apart from
the computer's thinking.
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
from multiprocessing.connection import Connection
from typing import Any

# bench/ holds other benchmarks named like our packages (bench/storage.py): never import from there.
_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _HERE]
sys.path.insert(0, os.path.dirname(_HERE))

from bench.percentile import pct  # noqa: E402

REDIS = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/0")
GAMES = int(os.environ.get("BENCH_GAMES", "100"))
SECONDS = float(os.environ.get("BENCH_SECONDS", "15"))
THINK = float(os.environ.get("BENCH_THINK_SECONDS", "5.0"))   # mean pause of a player between two moves
RUNS = int(os.environ.get("BENCH_RUNS", "3"))
COMPUTER = os.environ.get("BENCH_COMPUTER", "shipped")  # or "heuristic": the computer without its nets
PROCESSES = int(os.environ.get("BENCH_PROCESSES", "0"))  # worker processes (`tabla run`: 1); 0: the bot's threads
if COMPUTER == "heuristic" and PROCESSES:  # the loader is swapped in this process only: a worker would use the net
    raise SystemExit("BENCH_COMPUTER=heuristic needs BENCH_PROCESSES=0 (the computer thinks in this process then)")


# --- the players' side: a fake Discord in its own process ---------------------------------------------------


async def _drive(conn: Connection, games: int, seconds: float, think: float) -> None:
    from bot.actions import Action, ActionError, Verb
    from tests.discord.fake import Call, FakeDiscord, Person, autocomplete, slash

    fake = await FakeDiscord(keep=False).start()
    waiting: dict[str, asyncio.Future[Call]] = {}

    def arrived(call: Call) -> None:
        future = waiting.get(call.token or "")
        if future is not None and not future.done() and (call.png is not None or call.callback_type == 8):
            future.set_result(call)

    fake.listeners.append(arrived)
    conn.send(fake.api)
    await fake.connected()
    await fake.until(lambda: "move" in fake.commands, timeout=30)
    moves: list[float] = []
    suggestions: list[float] = []
    stop = time.perf_counter() + seconds

    async def exchange(sending: Any) -> Call:
        ex = await sending
        future = waiting.setdefault(ex.token, asyncio.get_running_loop().create_future())
        try:
            call = await asyncio.wait_for(future, 30)
        finally:
            waiting.pop(ex.token, None)
        return call

    def game_of(call: Call) -> str | None:
        for custom_id in call.custom_ids:
            try:
                action = Action.unpack(custom_id)
            except ActionError:
                continue
            if action.verb is Verb.OPEN:
                return action.ref
        return None

    async def player(index: int) -> None:
        rng = random.Random(index)
        who = Person(200_000_000_000_000_000 + index, f"p{index}")
        channel = 7_000 + index
        await asyncio.sleep(rng.uniform(0, think))
        game = game_of(await exchange(slash(fake, who, "play", channel=channel, variant="plakoto", match=1)))
        while time.perf_counter() < stop:
            await asyncio.sleep(rng.uniform(0, 2 * think))
            if game is None:
                game = game_of(await exchange(slash(fake, who, "play", channel=channel, variant="plakoto", match=1)))
                continue
            call = await exchange(autocomplete(fake, who, "move", "play", channel=channel, play="", game=game))
            suggestions.append(call.at - fake.sent_at[_token(call)])
            choices = call.data.get("choices") or []
            if not choices:
                game = None
                continue
            play = rng.choice(choices)["value"]
            call = await exchange(slash(fake, who, "move", channel=channel, play=play, game=game))
            moves.append(call.at - fake.sent_at[_token(call)])
            game = game_of(call)

    await asyncio.gather(*(player(i) for i in range(games)))
    conn.send({"moves": moves, "suggestions": suggestions})
    await fake.stop()


def _token(call: Any) -> str:
    return str(call.token)


def _players(conn: Connection, games: int, seconds: float, think: float) -> None:
    asyncio.run(_drive(conn, games, seconds, think))


# --- the bot's side: this process ---------------------------------------------------------------------------


async def run_once() -> dict[str, Any]:
    from bot.discord_adapter import DiscordAdapter
    from bot.service import Service
    from bot.settings import Settings
    from bot.workers import Workers
    from storage import connect

    if COMPUTER == "heuristic":  # the bot's threads think here (BENCH_PROCESSES=0, checked above)
        import game.nets.computer

        game.nets.computer.loaded = lambda name: None
    ours, theirs = multiprocessing.Pipe()
    players = multiprocessing.get_context("spawn").Process(target=_players, args=(theirs, GAMES, SECONDS, THINK))
    players.start()
    api = await asyncio.to_thread(ours.recv)
    prefix = f"bench-discord-{uuid.uuid4().hex[:8]}"
    store = await connect(REDIS, prefix=prefix)
    workers = Workers(processes=PROCESSES)
    workers.start()  # as `tabla run` starts them: ready before the first interaction
    await workers.ready()
    service = Service(store, workers=workers)
    settings = Settings(_env_file=None, DISCORD_TOKEN="bench", DISCORD_API_URL=api)  # type: ignore[call-arg]
    adapter = DiscordAdapter(service, settings)
    await adapter.start()
    try:
        result = await asyncio.to_thread(ours.recv)
    finally:
        await adapter.stop()
        service.close()
        keys = [k async for k in store.client.scan_iter(match=f"{prefix}:*", count=1000)]
        for i in range(0, len(keys), 500):
            await store.client.delete(*keys[i:i + 500])
        await store.aclose()
        players.join(10)
    moves, suggestions = result["moves"], result["suggestions"]
    return {"moves": len(moves), "moves_per_second": len(moves) / SECONDS, "move_p50_ms": pct(moves, 0.5) * 1000,
            "move_p99_ms": pct(moves, 0.99) * 1000, "autocomplete_p50_ms": pct(suggestions, 0.5) * 1000,
            "autocomplete_p99_ms": pct(suggestions, 0.99) * 1000}


def main() -> None:
    import logging

    logging.basicConfig(level=logging.ERROR)
    runs = []
    for n in range(RUNS):
        if os.environ.get("BENCH_PROFILE"):  # where the bot's time goes: a cProfile dump of this process
            import cProfile

            with cProfile.Profile() as profile:
                figures = asyncio.run(run_once())
            profile.dump_stats(os.environ["BENCH_PROFILE"])
        else:
            figures = asyncio.run(run_once())
        print(f"run {n + 1}: " + json.dumps({k: round(v, 1) for k, v in figures.items()}), flush=True)
        runs.append(figures)
    keys = ("move_p50_ms", "move_p99_ms", "autocomplete_p50_ms", "autocomplete_p99_ms", "moves_per_second")
    summary: dict[str, Any] = {k: round(statistics.median(r[k] for r in runs), 1) for k in keys}
    summary.update(games=GAMES, runs=RUNS, seconds_per_run=SECONDS, think_seconds=THINK, computer=COMPUTER,
                   targets={"move_p99_ms": 150, "autocomplete_p99_ms": 30})
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
