"""The rules tool stays light (issue 26, Build 4): `python -m game show|plays|selfplay` run with numpy made
unimportable, and only `choose`, `eval`, `train` and `cube` load the nets (so they fail without it)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

START = "B15,,,,,,,,,,,,,,,,,,,,,,,W15 w 0/0/0 0/0/0"

# A finder first on sys.meta_path that refuses numpy, then the tool as `python -m game` would run it.
SHIM = """
import runpy, sys

class NoNumpy:
    def find_spec(self, name, path=None, target=None):
        if name == "numpy" or name.startswith("numpy."):
            raise ImportError("numpy is not for the rules tool")
        return None

sys.meta_path.insert(0, NoNumpy())
sys.argv = ["game", *sys.argv[1:]]
runpy.run_module("game", run_name="__main__", alter_sys=True)
"""


def _tool(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", SHIM, *args], input=stdin, capture_output=True, text=True,
                          timeout=120, check=False)


@pytest.mark.parametrize("args", [
    ("show", "plakoto", START, "--dice", "65"),
    ("plays", "plakoto", START, "65"),
    ("selfplay", "portes", "--games", "1", "--white", "random", "--black", "random", "--quiet"),
    ("selfplay", "plakoto", "--games", "1", "--quiet", "cube=on", "--white", "random", "--black", "random"),
])
def test_show_plays_and_selfplay_run_without_numpy(args: tuple[str, ...]) -> None:
    done = _tool(*args)
    assert done.returncode == 0, done.stderr
    assert "numpy" not in done.stderr
    assert done.stdout.strip()


def test_plays_jsonl_runs_without_numpy() -> None:
    line = json.dumps({"variant": "plakoto", "position": START, "dice": [6, 5]}) + "\n"
    done = _tool("plays", "--jsonl", stdin=line)
    assert done.returncode == 0, done.stderr
    assert '"plays"' in done.stdout


@pytest.mark.parametrize("args", [
    ("choose", "--jsonl"),
    ("eval", "--jsonl"),
    ("cube", "plakoto", START),
    ("train", "--help"),
])
def test_the_net_commands_load_numpy(args: tuple[str, ...]) -> None:
    """The shim holds: the commands that need the nets reach numpy (and fail without it)."""
    line = json.dumps({"variant": "plakoto", "position": START, "dice": [6, 5]}) + "\n"
    done = _tool(*args, stdin=line)
    assert done.returncode != 0
    assert "numpy is not for the rules tool" in done.stderr
