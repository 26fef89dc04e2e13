"""Benchmark: the Telegram adapter under load, through a `tabla run` process and the fake Bot API.

`GAMES` concurrent games in `GROUPS` groups, played by `2 × GAMES` users: half the games by tapping the move
builder's buttons, half by typed moves (`/move …` and bare notation). Players think before each move (an
exponential pause whose mean makes all games together offer `--rate` moves per second), so the latency figures
are those of a bot serving that rate; one more run with no pauses at all measures the most the bot can serve
(`capacity_moves_per_s`, with its own latencies: there they are mostly time spent queueing). Every run lasts
`--seconds` once the games are open; a game that ends is not replaced. The bot is `tabla run` in a process of its
own (Telegram only, rate limiter off, the machine's Redis under a fresh key prefix); this process runs the fake
Bot API server and the players. For every move we time the update from the moment getUpdates hands it to the
bot to the moment the new board photo reaches the server.

    .venv/bin/python -m bench.adapter_telegram [--games 100] [--groups 20] [--seconds 20] [--runs 3] [--rate 65]

The last line printed is a JSON object: `p50_ms`, `p99_ms`, `moves_per_s` (medians over the paced runs),
`capacity_moves_per_s` and `capacity_p99_ms` (the run without pauses), and each run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import redis

from bench.percentile import pct
from bot.actions import Action, ActionError, Verb
from bot.replies import Caller, Chat, Identity
from bot.service import Service
from storage import connect
from tests.telegram.fake_bot_api import TOKEN, Call, FakeBotAPI, Sent, group, user

ROOT = Path(__file__).resolve().parent.parent
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/0")
_GAME = re.compile(r"#([a-z2-7]{4,12})\b")
_MENTION = re.compile(r"tg://user\?id=(\d+)")


@dataclass
class Table:
    """One game: its chat, its two players, its latest board."""

    chat: dict[str, Any]
    players: dict[int, dict[str, Any]]
    taps: bool
    game_id: str = ""
    board: Sent | None = None
    moves: int = 0
    latencies: list[float] = field(default_factory=list)
    done_at: list[float] = field(default_factory=list)  # when each move's photo arrived


class Watcher:
    """Futures resolved by what the bot sends: a board photo per game, an edit per message, a toast per tap."""

    def __init__(self, fake: FakeBotAPI) -> None:
        self.fake = fake
        self.photos: dict[str, asyncio.Future[Call]] = {}
        self.edits: dict[tuple[int, int], asyncio.Future[Call]] = {}
        self.toasts: dict[str, asyncio.Future[Call]] = {}
        self.texts: dict[int, asyncio.Future[Call]] = {}
        fake.listen(self.seen)

    def seen(self, call: Call) -> None:
        if call.status != 200:
            return
        if call.method == "sendPhoto":
            for ref in games_of(call):
                self._resolve(self.photos, ref, call)
        elif call.method in ("editMessageCaption", "editMessageMedia"):
            self._resolve(self.edits, (call.params["chat_id"], call.params["message_id"]), call)
        elif call.method == "answerCallbackQuery" and call.params.get("text"):
            self._resolve(self.toasts, call.params["callback_query_id"], call)
        elif call.method == "sendMessage" and isinstance(call.chat_id, int):
            self._resolve(self.texts, call.chat_id, call)

    @staticmethod
    def _resolve(table: dict[Any, asyncio.Future[Call]], key: Any, call: Call) -> None:
        future = table.pop(key, None)
        if future is not None and not future.done():
            future.set_result(call)

    def expect(self, table: dict[Any, asyncio.Future[Call]], key: Any) -> asyncio.Future[Call]:
        future: asyncio.Future[Call] = asyncio.get_running_loop().create_future()
        table[key] = future
        return future


def games_of(call: Call) -> list[str]:
    refs = []
    for row in (call.params.get("reply_markup") or {}).get("inline_keyboard", []):
        for button in row:
            try:
                refs.append(Action.unpack(button.get("callback_data")).ref)
            except ActionError:
                continue
    refs.extend(_GAME.findall(call.params.get("caption", "")))
    return list(dict.fromkeys(refs))


def buttons(sent: Sent) -> list[tuple[str, Action]]:
    found = []
    for label, data in ((b.get("text", ""), b.get("callback_data")) for row in sent.buttons() for b in row):
        try:
            found.append((label, Action.unpack(data)))
        except ActionError:
            continue
    return found


def mover(sent: Sent) -> int | None:
    ids = _MENTION.findall(sent.html)
    return int(ids[-1]) if ids else None


async def first_board(fake: FakeBotAPI, watch: Watcher, table: Table) -> None:
    """The first player challenges the second by replying to them; the second taps Accept."""
    (_, alice), (b, bob) = table.players.items()
    said = watch.expect(watch.texts, table.chat["id"])
    fake.message(table.chat, bob, "/help")
    await asyncio.wait_for(said, 30)
    bob_said = {"message_id": 1, "date": 0, "chat": table.chat, "from": bob, "text": "/help"}
    while True:  # another table of the group may answer first: wait for ours
        said = watch.expect(watch.texts, table.chat["id"])
        fake.message(table.chat, alice, "/challenge tapa", reply_to_message=bob_said)
        call = await asyncio.wait_for(said, 30)
        sent = fake.messages[(call.result["chat"]["id"], call.result["message_id"])]
        accept = [x for _, x in buttons(sent) if x.verb is Verb.ACCEPT]
        if accept and f"tg://user?id={b}" in sent.html and alice["first_name"] in sent.text:
            break
    loop = asyncio.get_running_loop()
    done: asyncio.Future[Call] = loop.create_future()

    def on_photo(call: Call) -> None:  # tables of a group open one after another: the group's next photo
        if call.method == "sendPhoto" and call.status == 200 and call.chat_id == table.chat["id"] \
                and not done.done():
            done.set_result(call)
    fake.listen(on_photo)
    fake.tap(bob, sent, accept[0].pack())
    try:
        call = await asyncio.wait_for(done, 30)
    finally:
        fake.unlisten(on_photo)
    table.board = fake.messages[(call.result["chat"]["id"], call.result["message_id"])]
    table.game_id = next(x.ref for _, x in buttons(table.board) if x.verb in (Verb.BUILD, Verb.CONFIRM))


async def play(fake: FakeBotAPI, watch: Watcher, table: Table, until: float, suggest: Service,
               rng: random.Random, think: float) -> None:
    """Play the table's game until the clock reads `until` (or the game ends), timing each move. With `think`
    (the mean time between two moves of this game; 0: none) moves start on their own schedule, whatever the
    previous one took, so the games together offer a steady rate."""
    next_at = time.monotonic()
    while table.board is not None:
        if think:
            next_at += rng.expovariate(1 / think)
            await asyncio.sleep(max(0.0, next_at - time.monotonic()))
        if time.monotonic() >= until:
            return
        board = table.board
        uid = mover(board)
        if uid not in table.players or not any(a.ref == table.game_id for _, a in buttons(board)):
            return
        who = table.players[uid]
        photo = watch.expect(watch.photos, table.game_id)
        if table.taps:
            update_id = await build(fake, watch, board, who, rng)
        else:
            me = Identity("telegram", str(uid), who["first_name"])
            plays = await suggest.suggest(Caller(me, Chat("telegram", str(table.chat["id"]))), "", table.game_id)
            if not plays:
                return
            text = f"/move {plays[0].value}" if table.moves % 2 else plays[0].value
            update_id = fake.message(table.chat, who, text)
        call = await asyncio.wait_for(photo, 60)
        table.latencies.append(call.at - fake.served[update_id])
        table.done_at.append(call.at)
        table.moves += 1
        table.board = fake.messages[(call.result["chat"]["id"], call.result["message_id"])]


async def build(fake: FakeBotAPI, watch: Watcher, board: Sent, who: dict[str, Any], rng: random.Random) -> int:
    """Tap the builder to a complete play and confirm it; the confirming update's id."""
    message = board
    for _ in range(20):
        options = buttons(message)
        confirm = [a for _, a in options if a.verb is Verb.CONFIRM]
        steps = [a for label, a in options if a.verb is Verb.BUILD and "/" in label]
        if confirm and (not steps or rng.random() < 0.8):
            update_id = fake.push({"callback_query": {
                "id": uuid.uuid4().hex[:12], "from": who, "chat_instance": "b", "data": confirm[0].pack(),
                "message": fake.as_message(message)}})
            return update_id
        edited = watch.expect(watch.edits, (message.chat_id, message.message_id))
        fake.tap(who, message, rng.choice(steps).pack())
        await asyncio.wait_for(edited, 60)
        message = fake.messages[(board.chat_id, board.message_id)]
    raise RuntimeError("the builder never completed a play")


def start_bot(root: str, prefix: str, workdir: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "TELEGRAM_TOKEN": TOKEN, "TELEGRAM_API_URL": root, "TELEGRAM_RATE_LIMIT": "off",
           "REDIS_URL": f"{REDIS_URL}?prefix={prefix}", "TABLA_LOG_LEVEL": "ERROR",
           "PYTHONPATH": str(ROOT)}
    env.pop("DISCORD_TOKEN", None)
    profile = os.environ.get("BENCH_PROFILE")  # a file: the bot runs under cProfile and writes its statistics there
    cmd = [sys.executable, *(("-m", "cProfile", "-o", profile) if profile else ()), "-m", "bot", "run"]
    return subprocess.Popen(cmd, cwd=workdir, env=env, stdin=subprocess.DEVNULL)


async def run_once(games: int, groups: int, seconds: float, seed: int, rate: float) -> dict[str, float]:
    fake = FakeBotAPI()
    root = await fake.start()
    watch = Watcher(fake)
    prefix = f"bench-tg-{uuid.uuid4().hex[:8]}"
    workdir = tempfile.mkdtemp(prefix="tabla-bench-")
    bot = start_bot(root, prefix, workdir)
    store = await connect(REDIS_URL, prefix=prefix)
    suggest = Service(store, render=None)
    rng = random.Random(seed)
    try:
        deadline = time.monotonic() + 60
        while not any(c.method == "deleteWebhook" for c in fake.calls):
            if time.monotonic() > deadline or bot.poll() is not None:
                raise RuntimeError("the bot did not start")
            await asyncio.sleep(0.05)
        tables = []
        for i in range(games):
            chat = group(-1_000_000_000_000 - i % groups, f"group {i % groups}")
            a, b = 10_000 + 2 * i, 10_001 + 2 * i
            players = {a: user(a, f"P{a}"), b: user(b, f"P{b}")}
            tables.append(Table(chat, players, taps=i % 2 == 0))
        by_group: dict[int, list[Table]] = {}
        for t in tables:
            by_group.setdefault(t.chat["id"], []).append(t)

        async def open_group(ts: list[Table]) -> None:
            for t in ts:
                await first_board(fake, watch, t)
        await asyncio.gather(*(open_group(ts) for ts in by_group.values()))
        started = time.monotonic()
        think = games / rate if rate > 0 else 0.0
        await asyncio.gather(*(play(fake, watch, t, started + seconds, suggest, random.Random(rng.random()), think)
                               for t in tables))
        end = started + seconds
    finally:
        bot.terminate()
        try:
            bot.wait(20)
        except subprocess.TimeoutExpired:
            bot.kill()
        suggest.close()
        await store.aclose()
        await fake.stop()
        client = redis.Redis.from_url(REDIS_URL)
        keys = list(client.scan_iter(match=f"{prefix}:*", count=1000))
        for i in range(0, len(keys), 500):
            client.delete(*keys[i:i + 500])
        client.close()
    latencies = sorted(x for t in tables for x in t.latencies)
    total = sum(1 for t in tables for at in t.done_at if at <= end)  # moves served within the run
    elapsed = seconds
    return {"p50_ms": round(1000 * statistics.median(latencies), 1),
            "p99_ms": round(1000 * pct(latencies, 0.99), 1),
            "moves_per_s": round(total / elapsed, 1), "moves": total, "seconds": round(elapsed, 2)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--groups", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=20.0, help="how long the games are played in each run")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rate", type=float, default=65.0, help="moves per second all players offer together")
    args = parser.parse_args(argv)
    runs = []
    for i in range(args.runs):
        result = asyncio.run(run_once(args.games, args.groups, args.seconds, seed=i, rate=args.rate))
        print(json.dumps(result), flush=True)
        runs.append(result)
    flat_out = asyncio.run(run_once(args.games, args.groups, args.seconds, seed=args.runs, rate=0.0))
    print(json.dumps(flat_out), flush=True)
    summary: dict[str, Any] = {key: statistics.median(r[key] for r in runs) for key in ("p50_ms", "p99_ms",
                                                                                         "moves_per_s")}
    summary.update(capacity_moves_per_s=flat_out["moves_per_s"], capacity_p99_ms=flat_out["p99_ms"],
                   offered_moves_per_s=args.rate, games=args.games, groups=args.groups, rate_limiter="off",
                   runs=runs)
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
