"""`bench/outside_turns.py`: nets compared on the same contact turns judged by GNU Backgammon (skipped without the
optional `gnubg-nn`)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from game.nets import load_weights
from game.nets.store import Checkpoint, save_checkpoint

from .scripts import script

pytest.importorskip("gnubg_nn", reason="the optional gnubg-nn is not installed ('.[outside]')")


def turns() -> ModuleType:
    return script("outside_turns")


def test_turns_are_kept_and_a_net_against_itself_differs_by_nothing(tmp_path: Path) -> None:
    bench = turns()
    found = bench.collect(2, 7)
    assert len(found) > 10 and all(bench.kind(p) == "contact" and len(v) > 1 for p, _, v in found)
    bench.save(found, tmp_path / "turns.json")
    again = bench.read(tmp_path / "turns.json")
    assert [(p, d) for p, d, _ in again] == [(p, d) for p, d, _ in found]
    assert [v for _, _, v in again] == [v for _, _, v in found]
    net, _ = load_weights("portes")
    save_checkpoint(Checkpoint("portes", net.copy(), 1, average=net.copy()), tmp_path)
    spoilt = net.copy()
    spoilt.w2 *= -1.0  # values turned upside down: the worst plays look best
    save_checkpoint(Checkpoint("portes", spoilt, 1), tmp_path / "spoilt")
    rows = bench.compare(["weights", str(tmp_path / "portes.ckpt.npz"), str(tmp_path / "spoilt")], again[:12])
    assert rows[0]["milli_per_turn"] >= 0
    assert rows[1]["milli_vs_first"] == 0 and rows[1]["milli_per_turn"] == rows[0]["milli_per_turn"]
    assert rows[2]["milli_vs_first"] > 3 * rows[2]["milli_vs_first_se"] > 0
