"""The console adapter: pictures never overwritten and saved with their real extension, the legal plays under
the board when there are few, a prompt at a terminal, `/AS` and `/QUIT` in any case, invalid UTF-8 refused."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot import console as console_module
from bot.console import Console
from bot.replies import Picture, Reply
from bot.service import Service

from .conftest import CHAT


def test_pictures_are_never_overwritten_across_sessions_and_keep_their_format(tmp_path: Path) -> None:
    board = Reply("a board", Picture(b"\x89PNG fake", "png"), game_id="k3vq7d")
    replay = Reply("a replay", Picture(b"GIF89a fake", "gif"), game_id="k3vq7d")
    for _ in range(2):  # two sessions, each showing the same game's board twice in the same millisecond
        session = Console(None, io.StringIO(), tmp_path, "alice")  # type: ignore[arg-type]
        session.show(board)
        session.show(board)
    Console(None, io.StringIO(), tmp_path, "alice").show(replay)  # type: ignore[arg-type]
    pngs = sorted(tmp_path.glob("k3vq7d-*.png"))
    assert len(pngs) == 4 and len(set(pngs)) == 4
    assert [p.read_bytes() for p in tmp_path.glob("k3vq7d-*.gif")] == [b"GIF89a fake"]


async def test_the_legal_plays_a_prompt_and_commands_in_capitals(service: Service,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(console_module, "FEW_PLAYS", 1000)
    out = io.StringIO()
    script = io.StringIO("/play ai plakoto to 1\n/AS Bob\n/QUIT\n/help\n")
    console = Console(service, out, None, "alice", prompt=True)
    await console.run(script)
    text = out.getvalue()
    assert "alice> " in text and "Bob> " in text
    assert "Legal plays: " in text
    assert "You are now Bob." in text and "Commands:" not in text  # /QUIT left before /help
    record = await service.store.games.get((await service.store.games.active_for(
        (await service.store.players.find("console", "alice")).id))[0])  # type: ignore[union-attr]
    assert record.chat == CHAT.key


def test_invalid_utf8_on_the_consoles_input_is_refused_politely(redis_url: str, prefix: str, tmp_path: Path) -> None:
    env = {**os.environ, "REDIS_URL": f"{redis_url}?prefix={prefix}", "TABLA_DATA_DIR": str(tmp_path),
           "DISCORD_TOKEN": "", "TELEGRAM_TOKEN": "", "PYTHONIOENCODING": "utf-8"}
    done = subprocess.run([sys.executable, "-m", "bot", "run", "--console", "--name", "alice",
                           "--no-pictures"],
                          input=b"/games\n\xff\xfe bad \xc3\n/help\n", capture_output=True, env=env, timeout=60,
                          cwd=tmp_path)
    out = done.stdout.decode()
    assert done.returncode == 0 and "Traceback" not in out + done.stderr.decode()
    assert "no active games" in out and "not valid text" in out and "Commands:" in out, out
