"""`tabla run` as a process with scripted standard input: a game against the computer, two players, /as, and a
clean exit with status 0 at end of input."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def run_console(script: str, redis_url: str, prefix: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "REDIS_URL": f"{redis_url}?prefix={prefix}", "TABLA_DATA_DIR": str(tmp_path),
           "DISCORD_TOKEN": "", "TELEGRAM_TOKEN": ""}
    return subprocess.run([sys.executable, "-m", "bot", "run", "--name", "alice"], input=script, text=True,
                          capture_output=True, env=env, timeout=120, cwd=tmp_path)


def test_a_scripted_game_against_the_computer_ends_and_verifies(redis_url: str, prefix: str, tmp_path: Path) -> None:
    script = "/play ai plakoto to 1\n/board\n/position\n/resign\n/games\n/standings\n/frobnicate\n\x00\x01\n"
    done = run_console(script, redis_url, prefix, tmp_path)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Game #" in out and "Dice seed revealed" in out and "Unknown command /frobnicate" in out
    assert "Traceback" not in out + done.stderr
    assert list((tmp_path / "boards").glob("*.png"))
    gid = out.split("Game #", 1)[1].split(" ", 1)[0].rstrip(":")
    check = run_console(f"/verify {gid}\n/history {gid}\n", redis_url, prefix, tmp_path)
    assert "follow from seed" in check.stdout, check.stdout
    assert "opening roll" in check.stdout


def test_two_local_players_take_turns_with_as(redis_url: str, prefix: str, tmp_path: Path) -> None:
    script = "/challenge @bob tawula to 1\n/as bob\n/accept\n/games\n/as alice\n/resign\n"
    done = run_console(script, redis_url, prefix, tmp_path)
    assert done.returncode == 0, done.stderr
    assert "You are now bob." in done.stdout and "alice resigns." in done.stdout
    assert "bob wins game" in done.stdout


def test_tabla_check_tells_whether_the_store_answers(redis_url: str, tmp_path: Path) -> None:
    def check(url: str) -> subprocess.CompletedProcess[str]:
        env = {**os.environ, "REDIS_URL": url, "TABLA_DATA_DIR": str(tmp_path)}
        return subprocess.run([sys.executable, "-m", "bot", "check"], text=True, capture_output=True, env=env,
                              timeout=60, cwd=tmp_path)

    up = check(redis_url)
    assert up.returncode == 0 and "answers" in up.stdout, up.stderr
    down = check("redis://127.0.0.1:1/0")  # nothing listens on port 1
    assert down.returncode == 1 and "does not answer" in down.stderr
    assert "Traceback" not in down.stderr
