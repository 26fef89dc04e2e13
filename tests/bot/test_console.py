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
from game import Cube

from .conftest import CHAT
from .cube_setup import START, put, tpn


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


def _last_board(text: str) -> list[str]:
    """The lines of the last ASCII board printed (from its title to its last line)."""
    lines = text.splitlines()
    start = max(i for i, line in enumerate(lines) if "(seen by" in line)
    end = next(i for i in range(start, len(lines)) if lines[i].startswith(" ") and "|" not in lines[i]
               and i > start + 14)
    return lines[start:end + 3]


async def test_the_board_of_a_finished_game_says_who_won_as_the_picture_does(service: Service) -> None:
    """Issue 27: the ASCII board of a finished game ends with the picture's ending words, not "… to move"."""
    out = io.StringIO()
    console = Console(service, out, None, "alice")
    await console.line("/challenge @bob tapa to 1")
    await console.line("/as bob")
    await console.line("/accept")
    await console.line("/resign yes")
    board = _last_board(out.getvalue())
    assert "to move" not in board[-1], board
    assert board[-1].startswith("White (alice) wins"), board  # the picture's words (`views.ended`)


async def test_you_marks_the_local_player_and_a_waiting_double_names_the_side_to_answer(
        service: Service, clock: object) -> None:
    """Issue 27: "(you)" marks the console's player, not the side to move; while a double waits, the board's
    last line names the side asked to take or drop."""
    out = io.StringIO()
    console = Console(service, out, None, "alice")
    await console.line("/challenge @bob tapa cube=on to 1")
    await console.line("/as bob")
    await console.line("/accept")
    [gid] = await service.store.games.active_for((await service.store.players.find("console", "bob")).id)  # type: ignore[union-attr]
    await put(service.store, gid, tpn(START), Cube())  # white (alice) to roll or double
    await console.line("/as alice")
    await console.line(f"/double {gid}")
    board = _last_board(out.getvalue())
    assert any("(you)" in line and line.startswith("X ") for line in board), board  # alice is white (X)
    assert not any("(you)" in line and line.startswith("O ") for line in board), board
    assert "black (O)" in board[-1] and "take or drop" in board[-1], board
    out.truncate(0)
    await console.line("/as bob")
    await console.line("/board")
    board = _last_board(out.getvalue())
    assert any("(you)" in line and line.startswith("O ") for line in board), board  # bob is black (O)
