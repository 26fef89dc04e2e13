"""`bench/hop.py`: both ways of reaching a worker process are timed, and every figure is there."""

from __future__ import annotations

from bench import hop


async def test_the_round_trips_are_measured_both_ways() -> None:
    found = await hop.main(calls=5, runs=1)
    for way in ("executor", "pipe"):
        for call in ("empty", "board_sized"):
            assert 0 < found[f"{way}_{call}_p50_us"] <= found[f"{way}_{call}_p99_us"]
            assert found[f"{way}_{call}_loop_cpu_us"] > 0
