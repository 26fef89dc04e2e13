"""The console adapter: the same commands in a terminal, one per line from standard input.

Two local players take turns (`/as NAME` switches who is typing) or one plays the computer. Boards are printed
as ASCII and saved as PNG files. End of input (or /quit) exits with status 0.
"""

from __future__ import annotations

import asyncio
import getpass
import sys
from pathlib import Path
from typing import TextIO

from game import Position, Side, variant
from game.ascii import render_ascii

from . import deadlines
from .replies import Board, Chat, Identity, Reply
from .service import Service

CHAT = Chat("console", "local")
PROMPT_HELP = "tabla console: type /help, /play ai, /challenge @name; /as NAME switches player; /quit leaves."


def ascii_board(board: Board) -> str:
    v = variant(board.variant, dict(board.options))
    viewer = Side.WHITE if board.viewer == 0 else Side.BLACK
    return render_ascii(Position.from_tpn(board.position, v), viewer, board.dice)


class Console:
    """Reads commands, prints replies; `boards` is where board pictures are saved (None: not saved)."""

    def __init__(self, service: Service, out: TextIO, boards: Path | None, name: str | None = None) -> None:
        self.service = service
        self.out = out
        self.boards = boards
        self.me = Identity("console", *(2 * [name or _default_name()]))
        self.pictures = 0

    def show(self, reply: Reply) -> None:
        print(reply.text, file=self.out)
        if reply.board is not None:
            try:
                print(ascii_board(reply.board), file=self.out)
            except Exception as exc:  # a board that cannot be drawn is not worth stopping for
                print(f"(no board: {exc})", file=self.out)
        if reply.image and self.boards is not None:
            self.pictures += 1
            self.boards.mkdir(parents=True, exist_ok=True)
            path = self.boards / f"board-{self.pictures:04d}.png"
            path.write_bytes(reply.image)
            print(f"[board picture: {path}]", file=self.out)
        self.out.flush()

    async def line(self, text: str) -> bool:
        """Handle one input line; False means quit."""
        text = text.strip()
        if not text:
            return True
        if text in ("/quit", "/exit"):
            return False
        if text == "/as" or text.startswith("/as "):
            name = text[3:].strip().lstrip("@")
            if not name or len(name) > 40 or not all(ch.isalnum() or ch in "_.-" for ch in name):
                print("Usage: /as NAME (letters, digits, _ . -)", file=self.out)
            else:
                self.me = Identity("console", name, name)
                print(f"You are now {name}.", file=self.out)
            return True
        self.show(await self.service.handle(self.me, CHAT, text))
        for notice in await deadlines.tick(self.service):
            self.show(notice.reply)
        return True

    async def run(self, source: TextIO) -> int:
        print(PROMPT_HELP, file=self.out)
        while True:
            text = await asyncio.to_thread(source.readline)
            if not text or not await self.line(text):
                return 0


def _default_name() -> str:
    try:
        name = getpass.getuser()
    except Exception:
        name = "player"
    return "".join(ch for ch in name if ch.isalnum() or ch in "_.-") or "player"


async def run_console(service: Service, boards: Path | None, name: str | None = None) -> int:
    return await Console(service, sys.stdout, boards, name).run(sys.stdin)
