"""Worker process round trips: `bot.processes.ProcessPool` (one pipe per worker, read by the event loop) against
`concurrent.futures.ProcessPoolExecutor`, one worker each.

Run: `python bench/hop.py [--calls 2000] [--runs 2]`. For an empty call and for a call answering 120 KB (a
board's PNG is about 50–70 KB), each run times `--calls` calls one after another: the round trip's p50 and p99 in
µs, and the event loop process's CPU a call (µs). The figures are the medians over runs. The last line is a JSON
object.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.percentile import pct
from bot.processes import ProcessPool


def empty() -> None:
    return None


def board_sized() -> bytes:
    return bytes(120_000)


async def measure(run: Callable[[Callable[[], Any]], Awaitable[Any]], fn: Callable[[], Any],
                  calls: int) -> tuple[float, float, float]:
    """p50 and p99 of the round trip, and this process's CPU a call, all in µs."""
    times = []
    cpu = time.process_time()
    for _ in range(calls):
        start = time.perf_counter()
        await run(fn)
        times.append(time.perf_counter() - start)
    per_call = (time.process_time() - cpu) / calls
    return pct(times, 0.5) * 1e6, pct(times, 0.99) * 1e6, per_call * 1e6


async def main(calls: int, runs: int) -> dict[str, Any]:
    loop = asyncio.get_running_loop()
    executor = ProcessPoolExecutor(1, mp_context=get_context("spawn"), initializer=empty)
    pool = ProcessPool(1, empty, "bench")
    await loop.run_in_executor(executor, empty)
    await pool.run(empty)
    ways: dict[str, Callable[[Callable[[], Any]], Awaitable[Any]]] = {
        "executor": lambda fn: loop.run_in_executor(executor, fn), "pipe": pool.run}
    found: dict[str, list[tuple[float, float, float]]] = {}
    try:
        for _ in range(runs):
            for fn in (empty, board_sized):
                for way, run in ways.items():  # alternately, so both see the same machine
                    found.setdefault(f"{way}_{fn.__name__}", []).append(await measure(run, fn, calls))
    finally:
        executor.shutdown()
        pool.close()
    out: dict[str, Any] = {"calls": calls, "runs": runs}
    for key, rows in found.items():
        for i, name in enumerate(("p50_us", "p99_us", "loop_cpu_us")):
            out[f"{key}_{name}"] = round(statistics.median(r[i] for r in rows), 1)
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    print(json.dumps(asyncio.run(main(args.calls, args.runs))))
