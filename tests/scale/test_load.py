"""The load bench's audit at CI size: games through HAProxy to two bot processes in webhook mode over a
replicated Redis Cluster, a master killed (SIGKILL) and a bot process killed during the run; then every play a
player was told of is in its game's log exactly once, nothing else is, every game replays, and every game's
deadline still has its wake-up.

HAProxy comes from the system's packages. The run takes a minute or two: it runs with `TABLA_SCALE_TESTS=1` (which
CI sets, installing HAProxy where missing) or `TABLA_LOAD_TESTS=1`, and is skipped elsewhere.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from bench.load import compare, run

from .balancer import available

scale_run = pytest.mark.skipif("1" not in (os.environ.get("TABLA_SCALE_TESTS"), os.environ.get("TABLA_LOAD_TESTS")),
                               reason="the load run with a failover runs with TABLA_SCALE_TESTS=1 (CI sets it)")


def test_the_audit_finds_a_lost_a_doubled_and_an_unannounced_play() -> None:
    assert compare(["a", "b"], ["a", "b"], unanswered=False)["lost"] == 0
    assert compare(["a", "b"], ["a"], unanswered=False)["lost"] == 1
    assert compare(["a", "b"], ["a", "b", "b"], unanswered=False)["unannounced"] == 1  # made twice, told once
    assert compare(["a"], ["a", "x"], unanswered=False)["unannounced"] == 1
    assert compare(["a", "b"], ["b", "a"], unanswered=False)["out_of_order"] == 1
    after_a_killed_process = compare(["a"], ["a", "x", "y"], unanswered=True)  # its play and the computer's reply
    assert (after_a_killed_process["unanswered_made"], after_a_killed_process["unannounced"]) == (2, 0)
    assert compare(["a"], ["x", "a"], unanswered=True)["unannounced"] == 1  # only a tail may go untold


@scale_run
async def test_nothing_told_is_lost_or_doubled_through_a_master_failover_and_a_killed_bot(tmp_path: Path) -> None:
    assert available(), "HAProxy is needed (apt-get install haproxy)"
    result = await run(games=50, seconds=30, processes=2, store_kind="cluster", rate=25, computer_share=0.2,
                       kill_master=6, kill_bot=18, directory=tmp_path)
    audit = result["audit"]
    assert result["opened"] == 50, result
    assert result["failover_s"] < 10 and result["master_killed_at_s"] < 10, result
    assert result["audit_ok"], json.dumps(result["audit_failures"], indent=1)  # with LOAD_TRACE=1: each call
    assert audit["tables"] == 50 and audit["told"] >= 100 and audit["inconsistent"] == 0, result
    assert audit["unanswered_made"] <= 2 * result["unanswered"], result
    assert audit["wakeups"] >= 50 and audit["wakeups_missing"] == 0, result  # every game's deadline armed
