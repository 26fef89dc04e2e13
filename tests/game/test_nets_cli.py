"""`python -m game train`: bad arguments and a second training process are refused with a message."""

from __future__ import annotations

import contextlib
import fcntl
import subprocess
import sys

from game.nets.store import TRAIN_DIR


def run_train(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", "train", *args], capture_output=True, text=True,
                          timeout=120)


def test_unknown_variant_is_refused() -> None:
    result = run_train("backgammon", "--games", "1")
    assert result.returncode == 2
    assert "unknown variant 'backgammon'" in result.stderr and "Traceback" not in result.stderr


def test_a_step_size_out_of_range_is_refused() -> None:
    result = run_train("tapa", "--games", "1", "--alpha", "2")
    assert result.returncode == 2
    assert "--alpha is a step size between 0 and 1" in result.stderr and "Traceback" not in result.stderr


def test_a_second_training_process_is_refused() -> None:
    TRAIN_DIR.mkdir(parents=True, exist_ok=True)
    with open(TRAIN_DIR / ".lock", "w") as held:
        with contextlib.suppress(OSError):  # a real training process may hold it: the refusal is the same
            fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        result = run_train("tapa", "--games", "1")
    assert result.returncode == 2
    assert "another training process is running" in result.stderr
