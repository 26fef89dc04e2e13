"""The board page beside the console (`tabla run` without a chat token, with TABLA_WEB_URL): each board of the
local player's game is followed by a link signed for that player, and the page it opens answers with the game;
a finished game's history by a link to its replay."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_the_console_prints_a_signed_page_link_that_the_page_server_accepts(redis_url: str, prefix: str,
                                                                           tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "REDIS_URL": f"{redis_url}?prefix={prefix}", "TABLA_DATA_DIR": str(tmp_path),
           "DISCORD_TOKEN": "", "TELEGRAM_TOKEN": "", "TABLA_WEB_URL": f"http://127.0.0.1:{port}",
           "TABLA_WEB_LISTEN": "127.0.0.1", "TABLA_WEB_PORT": str(port)}
    env.pop("TABLA_WEB_SECRET", None)
    proc = subprocess.Popen([sys.executable, "-m", "bot", "run", "--console", "--name", "alice"], env=env,
                            cwd=tmp_path, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    assert proc.stdin is not None and proc.stdout is not None
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(iter(proc.stdout.readline, "")), daemon=True)
    reader.start()
    try:
        proc.stdin.write("/play ai portes to 1\n")
        proc.stdin.flush()
        deadline = time.monotonic() + 60
        link = None
        while link is None and time.monotonic() < deadline:
            found = [m for line in list(lines) if (m := re.search(r"Board page: (\S+)", line))]
            link = found[0].group(1) if found else None
            time.sleep(0.1)
        assert link is not None, "".join(lines)
        assert link.startswith(f"http://127.0.0.1:{port}/?t=")
        token = urllib.parse.parse_qs(urllib.parse.urlsplit(link).query)["t"][0]
        game = token.split(".")[1]  # the token names the player and the game it opens
        request = urllib.request.Request(f"http://127.0.0.1:{port}/api/state?game={game}",
                                         headers={"Authorization": f"link {token}"})
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.status == 200
            body = response.read().decode()
        assert f'"game": "{game}"' in body and '<svg' in body
        proc.stdin.write(f"/resign yes\n/history {game}\n")  # a finished game's history links its replay
        proc.stdin.flush()
        replay = None
        while replay is None and time.monotonic() < deadline + 60:
            found = [m for line in list(lines) if (m := re.search(r"Replay: (\S+)", line))]
            replay = found[0].group(1) if found else None
            time.sleep(0.1)
        assert replay is not None and replay.startswith(f"http://127.0.0.1:{port}/replay?r="), "".join(lines)
        token = urllib.parse.parse_qs(urllib.parse.urlsplit(replay).query)["r"][0]
        request = urllib.request.Request(f"http://127.0.0.1:{port}/api/replay?game={game}&turn=1",
                                         headers={"Authorization": f"replay {token}"})
        with urllib.request.urlopen(request, timeout=60) as response:
            assert response.status == 200 and '"turns"' in response.read().decode()
        proc.stdin.close()  # the end of input ends the console, and the page with it
        assert proc.wait(timeout=60) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
    out = "".join(lines)
    err = proc.stderr.read() if proc.stderr else ""
    assert "Traceback" not in out + err, err[-3000:]
