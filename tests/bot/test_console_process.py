"""`tabla run` as a process with scripted standard input: a game against the computer, two players, /as, and a
clean exit with status 0 at end of input."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path


def run_console(script: str, redis_url: str, prefix: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "REDIS_URL": f"{redis_url}?prefix={prefix}", "TABLA_DATA_DIR": str(tmp_path),
           "DISCORD_TOKEN": "", "TELEGRAM_TOKEN": ""}
    return subprocess.run([sys.executable, "-m", "bot", "run", "--console", "--name", "alice"], input=script,
                          text=True, capture_output=True, env=env, timeout=120, cwd=tmp_path)


def test_a_scripted_game_against_the_computer_ends_and_verifies(redis_url: str, prefix: str, tmp_path: Path) -> None:
    script = "/play ai plakoto to 1\n/board\n/position\n/resign yes\n/games\n/standings\n/frobnicate\n\x00\x01\n"
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
    script = "/challenge @bob tawula to 1\n/as bob\n/accept\n/games\n/as alice\n/resign\n/resign yes\n"
    done = run_console(script, redis_url, prefix, tmp_path)
    assert done.returncode == 0, done.stderr
    assert "You are now bob." in done.stdout and "alice resigns." in done.stdout
    assert "This concedes 1 point to bob." in done.stdout  # tawula: no mars (R-END-6), asked first
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


def test_the_console_runs_the_deadline_loop_on_its_timer_without_anyone_typing(redis_url: str, prefix: str,
                                                                                tmp_path: Path) -> None:
    env = {**os.environ, "REDIS_URL": f"{redis_url}?prefix={prefix}", "TABLA_DATA_DIR": str(tmp_path),
           "DISCORD_TOKEN": "", "TELEGRAM_TOKEN": "", "TABLA_DEADLINE_CHECK_SECONDS": "0.2",
           "TABLA_MOVE_DEADLINE_HOURS": "0.0005"}  # 1.8 s per move, a reminder after 0.9 s
    console = subprocess.Popen([sys.executable, "-m", "bot", "run", "--console", "--name", "alice",
                                "--no-pictures"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=env, cwd=tmp_path)
    assert console.stdin is not None and console.stdout is not None
    seen: list[str] = []
    done = threading.Event()

    def read() -> None:
        assert console.stdout is not None
        for line in console.stdout:
            seen.append(line)
            if "ran out of time" in line:
                done.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        console.stdin.write("/play ai plakoto to 1\n")
        console.stdin.flush()  # and nothing more is typed until the loss on time is printed
        assert done.wait(30), "".join(seen)
        out = "".join(seen)
        assert "it is your turn" in out and "left before the game is lost on time" in out
    finally:
        console.stdin.close()
        console.wait(30)
    assert console.returncode == 0
    assert "Traceback" not in "".join(seen) + (console.stderr.read() if console.stderr else "")
