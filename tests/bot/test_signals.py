"""`tabla run` stops cleanly on SIGTERM and SIGINT: exit status 0, no traceback, the store closed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_tabla_run_exits_0_on_a_signal(redis_url: str, prefix: str, tmp_path: Path, sig: signal.Signals) -> None:
    env = {**os.environ, "REDIS_URL": f"{redis_url}?prefix={prefix}", "TABLA_DATA_DIR": str(tmp_path),
           "DISCORD_TOKEN": "", "TELEGRAM_TOKEN": "", "TABLA_DEADLINE_CHECK_SECONDS": "0.1"}
    proc = subprocess.Popen([sys.executable, "-m", "bot", "run", "--console", "--name", "alice"],
                            stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("/play ai tapa to 1\n")
    proc.stdin.flush()
    deadline = time.monotonic() + 30
    seen = ""
    while "to move" not in seen and time.monotonic() < deadline:  # the game has started: a command went through
        seen += proc.stdout.readline()
    assert "to move" in seen
    proc.send_signal(sig)  # standard input stays open: only the signal can end it
    try:
        out, err = proc.communicate(timeout=15)
    finally:
        proc.kill()
    assert proc.returncode == 0, err
    assert "Traceback" not in out + err
