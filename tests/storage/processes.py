"""Running several worker processes (see `workers.py`) at once and collecting what they print."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


class Workers:
    """Start `count` workers of `mode`, release them together, and gather their output lines."""

    def __init__(self, mode: str, argument_sets: list[dict[str, Any]], go_file: Path) -> None:
        self.go_file = go_file
        self.lines: list[list[str]] = [[] for _ in argument_sets]
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.processes = [
            subprocess.Popen([sys.executable, "-m", "tests.storage.workers", mode,
                              json.dumps({**args, "go": str(go_file)})],
                             cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
            for args in argument_sets
        ]
        for process in self.processes:
            assert process.stdout is not None
            first = process.stdout.readline().strip()
            assert first == "ready", f"a worker failed to start: {first!r}"
        self._readers = [threading.Thread(target=self._read, args=(index,), daemon=True)
                         for index in range(len(self.processes))]
        for reader in self._readers:
            reader.start()

    def _read(self, index: int) -> None:
        stream = self.processes[index].stdout
        assert stream is not None
        for line in stream:
            self.lines[index].append(line.strip())

    def go(self) -> None:
        self.go_file.touch()

    def count(self) -> int:
        return sum(len(lines) for lines in self.lines)

    def wait(self, timeout: float = 120) -> list[list[str]]:
        for process in self.processes:
            assert process.wait(timeout=timeout) == 0, "a worker failed"
        for reader in self._readers:
            reader.join(timeout=10)
        return self.lines

    def kill(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                process.kill()
                process.wait()
