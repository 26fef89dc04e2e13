"""Load and failover bench: many games at once through HAProxy to bot processes over a replicated Redis Cluster,
then an audit of the store.

Everything is real but Telegram: `redis-server` processes (a Cluster of 3 masters and 3 replicas with a 1 s
`cluster-node-timeout`, or one server), HAProxy in front of 1–4 `python -m bot run` processes in webhook mode,
and the fake Bot API (`tests/telegram/fake_bot_api.py`) posting each update through the balancer with the
webhook's secret. Each game has a group of its own: pairs of players (half build their plays with the buttons,
half type them) and some players against the computer (`/play ai tapa`), each offering moves at a steady rate
(`--rate`, all games together) for `--seconds`. During the run `--kill-master` seconds in, a Cluster master is
killed (SIGKILL; it is restarted once its replica took over, and rejoins as a replica) and `--kill-bot` seconds
in, a bot process (restarted 3 s later). The store is written with `replicas=1`: a step is answered only once a
replica holds it (WAIT).

The audit reads every game back: each play a player was told was made ("… played 24/18 13/9." on the new
board) is in its game's log exactly once and in order; no log has a play nobody was told of (except where an
answer never came: a killed bot process); every game replays with the engine from its log (`bot.verify`); every
game's reminder and deadline have their wake-up in the schedule (none lost to a failover).

    .venv/bin/python -m bench.load [--games 1000] [--seconds 60] [--processes 2] [--store cluster|single]
                                   [--kill-master 20] [--kill-bot 40] [--rate 200]

Prints moves/s, p50/p99 from update to answer, errors and the audit's counts; the last line is a JSON object.
The 1,000-game figures in README come from `python -m bench.load --kill-master 20 --kill-bot 40` on the
machine named there.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import json
import os
import random
import re
import statistics
import tempfile
import time
import uuid
from collections import Counter
from pathlib import Path
from typing import Any

import redis

from bench.adapter_telegram import Watcher, buttons, mover
from bench.percentile import pct
from bot.actions import Verb
from bot.replies import Caller, Chat, Identity
from bot.service import Service
from bot.verify import verify
from game import CubeAction
from storage import MoveLogEntry, StoreSettings, make_client, wakeups
from storage.store import Store
from tests.scale.balancer import Balancer
from tests.scale.bots import BotProcess
from tests.scale.cluster import ReplicatedCluster
from tests.storage.servers import RedisProcess, free_port
from tests.telegram.fake_bot_api import Call, FakeBotAPI, Sent, group, user

_PLAYED = re.compile(r"played ([^\n]+?)\.(?=\s|$)|the only play, ([^\n]+?), was made\.|plays [^:\n]+: ([^\n]+?)\."
                     r"(?=\s|$)|Your play ([^\n]+?) was stored;")
_NOT_PLAYS = ("opening", "pass", "resign", "timeout", *(answer.value for answer in CubeAction))
ANSWER_TIMEOUT = 15.0


@dataclasses.dataclass
class Table:
    """One game in a group of its own: its players, its latest board, and what its players were told."""

    chat: dict[str, Any]
    players: dict[int, dict[str, Any]]
    kind: str  # "taps", "text" or "computer"
    game_id: str = ""  # the game being played
    first_game: str = ""  # the match's first game
    board: Sent | None = None
    told: list[str] = dataclasses.field(default_factory=list)
    latencies: list[float] = dataclasses.field(default_factory=list)
    done_at: list[float] = dataclasses.field(default_factory=list)
    refused: int = 0
    interrupted: int = 0  # answered "stored; what follows comes later"
    unanswered: int = 0
    refusals: list[str] = dataclasses.field(default_factory=list)  # what the refusals said (the last five)
    stored_last: str | None = None  # the play of a "was stored" message, until the next board
    trace: list[str] = dataclasses.field(default_factory=list)  # with LOAD_TRACE set: every call to the chat


class Press:
    """A button press or a typed line, and the first answer it gets: a new board or a refusal."""

    def __init__(self, fake: FakeBotAPI, watch: Watcher) -> None:
        self.fake = fake
        self.watch = watch

    def tap(self, who: dict[str, Any], message: Sent, data: str) -> tuple[int, str]:
        query_id = uuid.uuid4().hex[:16]
        update = self.fake.push({"callback_query": {"id": query_id, "from": who, "chat_instance": "b", "data": data,
                                                    "message": self.fake.as_message(message)}})
        return update, query_id


def told_of(call: Call) -> list[str]:
    """The plays a board or a message says were made ("… played 24/18 13/9.", "… the only play, …, was made.",
    "Your play … was stored;")."""
    text = call.params.get("caption", "") if call.method == "sendPhoto" else call.params.get("text", "")
    return ["".join(groups) for groups in _PLAYED.findall(text)]


def stored(call: Call) -> bool:
    """Whether a message that is not a board says the play was made all the same (the store stopped answering
    after it: the board follows)."""
    return "was stored" in call.params.get("text", "")


class Teller:
    """Everything the bot tells a table's chat, as it is sent: the plays it says were made."""

    def __init__(self, tables: list[Table]) -> None:
        self.by_chat = {t.chat["id"]: t for t in tables}

    def __call__(self, call: Call) -> None:
        if call.chat_id in self.by_chat and os.environ.get("LOAD_TRACE"):
            self.by_chat[call.chat_id].trace.append(
                f"{call.at:.2f} {call.method} {call.status} {call.params.get('caption') or call.params.get('text')}")
        if call.status == 200 and call.method in ("sendPhoto", "sendMessage") and call.chat_id in self.by_chat:
            table = self.by_chat[call.chat_id]
            plays = told_of(call)
            if plays and call.method == "sendPhoto" and table.stored_last == plays[0]:
                plays = plays[1:]  # the board that follows "Your play … was stored" names that play again
            table.stored_last = plays[-1] if plays and stored(call) else None
            table.told.extend(plays)


async def first_of(*futures: asyncio.Future[Call]) -> tuple[int, Call] | None:
    """The index and call of the first future to resolve (None: none within ANSWER_TIMEOUT)."""
    done, _ = await asyncio.wait(futures, timeout=ANSWER_TIMEOUT, return_when=asyncio.FIRST_COMPLETED)
    for i, future in enumerate(futures):
        if future in done:
            return i, future.result()
    return None


async def open_table(fake: FakeBotAPI, watch: Watcher, table: Table) -> None:
    """A computer game by `/play ai tapa`; a pair's game by a challenge replying to the other player, accepted."""
    chat_id = table.chat["id"]
    alice, *rest = table.players.values()
    photo: asyncio.Future[Call] = asyncio.get_running_loop().create_future()

    def on_photo(call: Call) -> None:
        if call.method == "sendPhoto" and call.status == 200 and call.chat_id == chat_id and not photo.done():
            photo.set_result(call)
    fake.listen(on_photo)
    try:
        if table.kind == "computer":
            fake.message(table.chat, alice, "/play ai tapa")
        else:
            (bob,) = rest
            said = watch.expect(watch.texts, chat_id)
            fake.message(table.chat, bob, "/help")
            await asyncio.wait_for(said, 60)
            said = watch.expect(watch.texts, chat_id)
            bob_said = {"message_id": 1, "date": 0, "chat": table.chat, "from": bob, "text": "/help"}
            fake.message(table.chat, alice, "/challenge tapa", reply_to_message=bob_said)
            call = await asyncio.wait_for(said, 60)
            sent = fake.messages[(call.result["chat"]["id"], call.result["message_id"])]
            accept = [x for _, x in buttons(sent) if x.verb is Verb.ACCEPT]
            fake.tap(bob, sent, accept[0].pack())
        call = await asyncio.wait_for(photo, 60)
    finally:
        fake.unlisten(on_photo)
    table.board = fake.messages[(call.result["chat"]["id"], call.result["message_id"])]
    table.game_id = next(x.ref for _, x in buttons(table.board) if x.verb in (Verb.BUILD, Verb.CONFIRM))
    table.first_game = table.game_id


async def make_play(press: Press, table: Table, who: dict[str, Any], suggest: Service,
                    rng: random.Random) -> tuple[int, asyncio.Future[Call], asyncio.Future[Call]] | None:
    """Submit one play (typed, or built with the buttons and confirmed): the update that carries it, and the
    futures of its two possible answers (a board, a refusal). None: the play could not even be built."""
    fake, watch = press.fake, press.watch
    assert table.board is not None
    photo = watch.expect(watch.photos, table.game_id)
    if table.kind != "taps":
        me = Identity("telegram", str(who["id"]), who["first_name"])
        plays = await suggest.suggest(Caller(me, Chat("telegram", str(table.chat["id"]))), "", table.game_id)
        if not plays:
            return None
        refusal = watch.expect(watch.texts, table.chat["id"])
        text = f"/move {plays[0].value}" if len(table.told) % 2 else plays[0].value
        return fake.message(table.chat, who, text), photo, refusal
    message = table.board
    for _ in range(20):
        options = buttons(message)
        confirm = [a for _, a in options if a.verb is Verb.CONFIRM]
        steps = [a for label, a in options if a.verb is Verb.BUILD and "/" in label]
        if confirm and (not steps or rng.random() < 0.8):
            update, query = press.tap(who, message, confirm[0].pack())
            return update, photo, watch.expect(watch.toasts, query)
        if not steps:
            return None
        edited = watch.expect(watch.edits, (message.chat_id, message.message_id))
        _, query = press.tap(who, message, rng.choice(steps).pack())
        answer = await first_of(edited, watch.expect(watch.toasts, query))
        if answer is None or answer[0] == 1:
            return None  # the builder's step was refused (or never answered): start again from the board
        message = fake.messages[(message.chat_id, message.message_id)]
    return None


async def play(press: Press, table: Table, until: float, suggest: Service, rng: random.Random,
               think: float) -> None:
    """Play until `until`: a play every `think` seconds on average; each answer is a new board (the plays it
    names are told) or a refusal (nothing made; the same board again after a pause)."""
    next_at = time.monotonic()
    while table.board is not None:
        next_at += rng.expovariate(1 / think) if think else 0.0
        await asyncio.sleep(max(0.0, min(next_at, until) - time.monotonic()))  # a slow player's turn may fall after
        if time.monotonic() >= until:  # the end
            return
        board = table.board
        uid = mover(board)
        playing = [a.ref for _, a in buttons(board) if a.verb in (Verb.BUILD, Verb.CONFIRM)]
        if uid not in table.players or not playing:
            return  # the match is over
        table.game_id = playing[0]  # the match's next game, once one ended
        submitted = await make_play(press, table, table.players[uid], suggest, rng)
        if submitted is None:
            table.refused += 1
            await asyncio.sleep(0.5)
            continue
        update, photo, refusal = submitted
        answer = await first_of(photo, refusal)
        if answer is None:
            table.unanswered += 1  # the process that took it died: the play may or may not be made
            return
        which, call = answer
        if which == 1 and stored(call):  # made, and its board follows once the store answers
            table.interrupted += 1
            follows = await first_of(press.watch.expect(press.watch.photos, table.game_id))
            if follows is None:
                table.unanswered += 1
                return
            call = follows[1]
        elif which == 1:
            table.refused += 1
            table.refusals = [*table.refusals[-4:], call.params.get("text", "")]
            await asyncio.sleep(0.5)
            continue
        table.latencies.append(call.at - press.fake.served[update])
        table.done_at.append(call.at)
        table.board = press.fake.messages[(call.result["chat"]["id"], call.result["message_id"])]


def logged_plays(log: list[MoveLogEntry]) -> list[str]:
    return [entry.play for entry in log if entry.play not in _NOT_PLAYS]


def compare(told: list[str], logged: list[str], unanswered: bool) -> Counter[str]:
    """What one game's log says of what its players were told: `lost` (told, not logged), `unannounced`
    (logged, never told), `out_of_order`, and `unanswered_made` (the log's tail after a play that got no answer:
    a player whose process was killed stops there, so what that play made can only come last)."""
    tail = len(logged) - len(told) if unanswered and logged[:len(told)] == told else 0
    kept = logged[:len(logged) - tail]
    lost = sum((Counter(told) - Counter(kept)).values())
    extra = sum((Counter(kept) - Counter(told)).values())
    return Counter(told=len(told), logged=len(logged), lost=lost, unannounced=extra, unanswered_made=tail,
                   out_of_order=int(not lost and not extra and kept != told))


async def audit(store: Store, tables: list[Table]) -> tuple[dict[str, int], list[dict[str, Any]]]:
    """Each told play in its game's log once and in order, nothing else logged, every game replaying; with up
    to five games that fail, told against logged."""
    counts = Counter[str]()
    examples: list[dict[str, Any]] = []
    armed = {(kind, game_id): when for kind, game_id, when in await store.schedule.wakeups()}
    for table in tables:
        if not table.first_game:
            continue
        first = await store.games.get(table.first_game)
        games = (await store.matches.get(first.match_id)).games if first.match_id else (first.id,)
        logged, inconsistent = [], 0
        for game_id in games:  # a match's games in order: its players are told of them one after another
            record, log = await store.games.snapshot(game_id)
            logged += logged_plays(log)
            inconsistent += int(not verify(record, log).ok)
            for kind, when in wakeups.times(record).items():  # its reminder and deadline will come up
                counts["wakeups"] += 1
                counts["wakeups_missing"] += int(armed.get((kind, game_id), float("inf")) > when)
        found = compare(table.told, logged, bool(table.unanswered))
        found.update(tables=1, games=len(games), inconsistent=inconsistent)
        counts.update(found)
        if (found["lost"] or found["unannounced"] or found["out_of_order"] or found["inconsistent"]) \
                and len(examples) < 5:
            examples.append({"game": table.game_id, "kind": table.kind, "told": table.told, "logged": logged,
                             "refused": table.refused, "unanswered": table.unanswered,
                             "refusals": table.refusals, "trace": table.trace})
    return {key: counts[key] for key in ("tables", "games", "told", "logged", "lost", "unannounced", "out_of_order",
                                         "inconsistent", "wakeups", "wakeups_missing", "unanswered_made")}, examples


async def wait_cost(url: str, steps: int = 200) -> dict[str, float]:
    """Mean ms per game step on `url` without and with `replicas=1` (WAIT), one step after another."""
    from tests.storage.positions import START, next_position

    result = {}
    for replicas in (0, 1):
        settings = StoreSettings.from_url(f"{url}?prefix=waitcost{replicas}&replicas={replicas}")
        store = Store(make_client(settings), settings)
        await store.ping()
        game = await store.games.create(variant="plakoto", players=("a", "b"), position=START)
        started = time.perf_counter()
        for n in range(steps):
            after = next_position(game.position, str(n))
            new = dataclasses.replace(game, position=after)
            await store.games.apply(game, new, command_id=f"c{n}",
                                    move=MoveLogEntry(0, "31", str(n), after, game.created_at))
            game = await store.games.get(game.id)
        result[f"step_ms_replicas_{replicas}"] = round(1000 * (time.perf_counter() - started) / steps, 3)
        await store.aclose()
    return result


def used_memory(ports: list[int]) -> int:
    """Bytes of data the given Redis servers hold together (INFO memory: used_memory less the start-up
    overhead)."""
    total = 0
    for port in ports:
        client = redis.Redis(port=port, socket_timeout=5)
        try:
            info = client.info("memory")
            if client.info("replication")["role"] == "master":
                total += int(info["used_memory_dataset"])
        except redis.RedisError:
            continue
        finally:
            client.close()
    return total


async def run(games: int = 1000, seconds: float = 60.0, processes: int = 2, store_kind: str = "cluster",
              rate: float = 200.0, computer_share: float = 0.1, kill_master: float | None = None,
              kill_bot: float | None = None, seed: int = 1, directory: Path | None = None) -> dict[str, Any]:
    """One run; returns the figures and the audit's counts."""
    workdir = directory or Path(tempfile.mkdtemp(prefix="tabla-load-"))
    cluster: ReplicatedCluster | None = None
    single: RedisProcess | None = None
    if store_kind == "cluster":
        cluster = await asyncio.to_thread(ReplicatedCluster(workdir / "cluster").start)
        base = cluster.url
    else:
        single = await asyncio.to_thread(RedisProcess(workdir / "redis").start)
        base = single.url
    replicas = 1 if cluster else 0
    url = f"{base}?prefix=load&replicas={replicas}&replica_wait=0.5&timeout=8"
    fake = FakeBotAPI(webhook_delivery=True)
    root = await fake.start()
    watch = Watcher(fake)
    press = Press(fake, watch)
    lb_port = free_port()
    bots = [BotProcess(workdir / f"bot{i}", root, url, f"http://127.0.0.1:{lb_port}/tg") for i in range(processes)]
    balancer = Balancer(workdir / "haproxy", lb_port, [b.port for b in bots])
    settings = StoreSettings.from_url(url)
    store = Store(make_client(settings), settings)
    events: dict[str, float] = {}
    rng = random.Random(seed)
    tables: list[Table] = []
    try:
        await asyncio.to_thread(balancer.start)
        for bot in bots:
            bot.start()
        for bot in bots:
            await asyncio.to_thread(bot.wait_listening)
        await store.ping()
        suggest = Service(store, render=None)
        for i in range(games):
            chat = group(-1_000_000_000_000 - i, f"table {i}")
            a, b = 10_000 + 2 * i, 10_001 + 2 * i
            kind = "computer" if rng.random() < computer_share else ("taps" if i % 2 else "text")
            players = {a: user(a, f"P{a}")} if kind == "computer" else {a: user(a, f"P{a}"), b: user(b, f"P{b}")}
            tables.append(Table(chat, players, kind))
        fake.listen(Teller(tables))
        gate = asyncio.Semaphore(64)

        async def opened(t: Table) -> None:
            async with gate:
                with contextlib.suppress(TimeoutError, IndexError, StopIteration):
                    await open_table(fake, watch, t)
        ports = [n.port for n in cluster.nodes] if cluster else [single.port] if single else []
        memory_before = await asyncio.to_thread(used_memory, ports)
        opening = time.monotonic()
        await asyncio.gather(*(opened(t) for t in tables))
        events["open_s"] = round(time.monotonic() - opening, 1)
        started = time.monotonic()
        until = started + seconds
        think = games / rate if rate > 0 else 0.0
        players = [asyncio.create_task(play(press, t, until, suggest, random.Random(rng.random()), think))
                   for t in tables if t.board is not None]
        if kill_master is not None and cluster is not None:
            await asyncio.sleep(max(0.0, started + kill_master - time.monotonic()))
            victim = await asyncio.to_thread(cluster.kill_master)
            events["master_killed_at_s"] = round(time.monotonic() - started, 1)
            events["failover_s"] = round(await asyncio.to_thread(cluster.wait_failover), 2)
            await asyncio.to_thread(cluster.revive, victim)
        if kill_bot is not None and len(bots) > 1:
            await asyncio.sleep(max(0.0, started + kill_bot - time.monotonic()))
            bots[-1].kill()
            events["bot_killed_at_s"] = round(time.monotonic() - started, 1)
            await asyncio.sleep(3)
            bots[-1].start()
        await asyncio.gather(*players)
        opened = sum(1 for t in tables if t.first_game)
        grown = await asyncio.to_thread(used_memory, ports) - memory_before
        events["redis_bytes_per_game"] = round(grown / opened) if opened else 0
        suggest.close()
        for bot in bots:
            await asyncio.to_thread(bot.stop)
        counts, examples = await audit(store, tables)
        if cluster is not None:
            events.update(await wait_cost(base))
    finally:
        for bot in bots:
            await asyncio.to_thread(bot.stop)
        await asyncio.to_thread(balancer.stop)
        await store.aclose()
        await fake.stop()
        if cluster is not None:
            await asyncio.to_thread(cluster.stop)
        if single is not None:
            await asyncio.to_thread(single.kill)
    latencies = sorted(x for t in tables for x in t.latencies)
    moves = sum(1 for t in tables for at in t.done_at if at <= until)
    return {
        "games": games, "opened": sum(1 for t in tables if t.first_game), "processes": processes, "store": store_kind,
        "seconds": seconds, "offered_moves_per_s": rate, "moves_per_s": round(moves / seconds, 1), "moves": moves,
        "p50_ms": round(1000 * statistics.median(latencies), 1) if latencies else None,
        "p99_ms": round(1000 * pct(latencies, 0.99), 1) if latencies else None,
        "refused": sum(t.refused for t in tables),
        "interrupted": sum(t.interrupted for t in tables), "unanswered": sum(t.unanswered for t in tables),
        "redelivered": fake.redelivered, "cores": os.cpu_count(), **events, "audit": counts,
        "audit_ok": counts.get("lost", 0) == 0 and counts.get("unannounced", 0) == 0
        and counts.get("out_of_order", 0) == 0 and counts.get("inconsistent", 0) == 0
        and counts.get("wakeups_missing", 0) == 0,
        "audit_failures": examples,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--store", choices=("cluster", "single"), default="cluster")
    parser.add_argument("--rate", type=float, default=200.0, help="moves per second all players offer together")
    parser.add_argument("--computer-share", type=float, default=0.1)
    parser.add_argument("--kill-master", type=float, default=None, help="seconds into the run")
    parser.add_argument("--kill-bot", type=float, default=None, help="seconds into the run")
    args = parser.parse_args(argv)
    result = asyncio.run(run(args.games, args.seconds, args.processes, args.store, args.rate, args.computer_share,
                             args.kill_master, args.kill_bot))
    print(f"{result['moves_per_s']} moves/s, p50 {result['p50_ms']} ms, p99 {result['p99_ms']} ms, "
          f"{result['refused']} refused, {result['unanswered']} unanswered; audit {result['audit']}")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
