"""Worker processes for the multi-process tests: `python -m tests.storage.workers <mode> <json arguments>`.

Each worker prints `ready`, waits for the go file named in its arguments (so all start together), works, and
prints JSON lines. Modes:
- `moves`: apply `moves` moves to random games of `games`, retrying on conflicts; every acknowledged move is
  printed as it is acknowledged. Now and then a command is sent again, which must return the first result.
  On `StoreUnavailable` the worker prints `down` and stops.
- `claim`: claim due schedule items until none are left; prints the claimed members.
- `seasons`: claim due items until none are left and close each season that ended (`seasons.roll`), as the bot
  does; prints the chats whose season this process closed.
- `rate`: apply each of `results` (pool, match, players, n, score) to the ratings, some twice; prints each
  applied result's match key and whether the repeat returned the same result.
- `tjoin`: join tournament `tid` with each of `players`; prints `{"joined": p}` or `{"refused": p}` per player.
- `tstart`: start tournament `tid` (a round robin of whoever is in at the write); prints the players it started.
- `tresult`: record the results of `matches` (match -> winner) in tournament `tid`; prints each one counted.
- `twithdraw`: withdraw `player` from tournament `tid`, after `pause` seconds; prints the record's pairings.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import os
import random
import sys
import time
from typing import Any

from storage import (
    MoveLogEntry,
    Pairing,
    Store,
    StoreSettings,
    StoreUnavailable,
    TournamentRecord,
    TournamentRefused,
    VersionConflict,
    make_client,
)

from .positions import next_position


def _say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


async def _wait_for_go(path: str) -> None:
    _say("ready")
    for _ in range(600):
        if os.path.exists(path):
            return
        await asyncio.sleep(0.01)
    raise SystemExit("no go file")


async def moves(store: Store, args: dict[str, Any]) -> None:
    chooser = random.Random(args["seed"])
    for n in range(args["moves"]):
        game_id = chooser.choice(args["games"])
        command = f"p{args['proc']}n{n}"
        for _ in range(10_000):
            current = await store.games.get(game_id)
            after = next_position(current.position, command)
            new = dataclasses.replace(current, position=after, turn=1 - current.turn, deadline=time.time() + 3600)
            move = MoveLogEntry(current.turn, "42", command, after, time.time())
            try:
                result = await store.games.apply(current, new, command_id=command, move=move)
            except VersionConflict:
                continue
            break
        else:
            raise SystemExit(f"{command} never got through")
        _say(json.dumps({"game": game_id, "version": result.version, "log": result.log_length, "cmd": command}))
        if chooser.random() < args.get("repeat", 0.0):
            again = await store.games.apply(current, new, command_id=command, move=move)
            if again != result or not again.duplicate:
                _say(json.dumps({"error": f"repeated {command} gave {again}, first {result}"}))


async def claim(store: Store, args: dict[str, Any]) -> None:
    claimed: list[str] = []
    empty = 0
    while empty < 2:
        items = await store.schedule.claim_due(args["now"], limit=args["limit"], lease=args["lease"])
        empty = empty + 1 if not items else 0
        claimed.extend(item.command_id for item in items)
    _say(json.dumps(claimed))


async def seasons(store: Store, args: dict[str, Any]) -> None:
    closed: list[str] = []
    empty = 0
    while empty < 2:
        items = await store.schedule.claim_due(args["now"], limit=args["limit"], lease=args["lease"])
        empty = empty + 1 if not items else 0
        for item in items:
            state = await store.seasons.state(item.game_id)
            if state.current is not None and await store.seasons.roll(item.game_id, state.current, args["now"]):
                closed.append(item.game_id)
            await store.schedule.done(item)
    _say(json.dumps(closed))


async def rate(store: Store, args: dict[str, Any]) -> None:
    chooser = random.Random(args["seed"])
    for pool, match, players, n, score in args["results"]:
        result = await store.ratings.apply(pool, match, tuple(players), n, score, ended=time.time(), chat="c:1")
        same = True
        if chooser.random() < 0.2:
            same = await store.ratings.apply(pool, match, tuple(players), n, score, ended=time.time()) == result
        _say(json.dumps({"match": match, "same": same}))


async def tjoin(store: Store, args: dict[str, Any]) -> None:
    for player in args["players"]:
        await asyncio.sleep(args.get("gap", 0.0))
        try:
            await store.tournaments.join(args["tid"], player)
        except TournamentRefused:
            _say(json.dumps({"refused": player}))
        else:
            _say(json.dumps({"joined": player}))


def round_robin(record: TournamentRecord) -> tuple[tuple[Pairing, ...], tuple[str, ...]]:
    players = record.players
    pairs = [(a, b) for i, a in enumerate(players) for b in players[i + 1:]]
    return tuple(Pairing(f"rr{n}", "rr", a, b) for n, (a, b) in enumerate(pairs)), players


async def tstart(store: Store, args: dict[str, Any]) -> None:
    await asyncio.sleep(args["pause"])
    record = await store.tournaments.start(args["tid"], round_robin)
    _say(json.dumps({"started": list(record.players)}))


async def tresult(store: Store, args: dict[str, Any]) -> None:
    for match, (winner, score) in args["matches"].items():
        try:
            await store.tournaments.result(args["tid"], match, winner, tuple(score))
        except TournamentRefused as refused:
            _say(json.dumps({"refused": match, "why": refused.reason}))
        else:
            _say(json.dumps({"counted": match}))


async def twithdraw(store: Store, args: dict[str, Any]) -> None:
    await asyncio.sleep(args["pause"])
    await store.tournaments.leave(args["tid"], args["player"])
    _say(json.dumps({"withdrawn": args["player"]}))


async def main(mode: str, args: dict[str, Any]) -> None:
    settings = StoreSettings.from_url(args["url"], prefix=args["prefix"])
    store = Store(make_client(settings), settings)
    await store.ping()
    await _wait_for_go(args["go"])
    try:
        await {"moves": moves, "claim": claim, "seasons": seasons, "rate": rate, "tjoin": tjoin, "tstart": tstart,
                "tresult": tresult, "twithdraw": twithdraw}[mode](store, args)
    except StoreUnavailable:
        _say("down")
    finally:
        await store.aclose()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], json.loads(sys.argv[2])))
