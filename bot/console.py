"""The console adapter: the same commands in a terminal, one per line from standard input.

Two local players take turns (`/as NAME` switches who is typing) or one plays the computer. Boards are printed
as ASCII and saved as picture files named by game and time (never overwritten), with their real format's
extension; an exported file (`/export`) is written there too and its path printed. End of input (or /quit) ends
the adapter; `tabla run` then exits with status 0. Notices (reminders, losses on time) are printed as they fall
due: the deadline loop runs beside the console like any adapter.
"""

from __future__ import annotations

import asyncio
import dataclasses
import getpass
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from game import Game, Position, Side, render_ascii, variant

from . import i18n, moments, words
from .commands import Command, CommandError, parse
from .replies import Board, Caller, Chat, Document, Identity, Notice, Reply
from .service import Service

if TYPE_CHECKING:
    from .boardpage.links import PageLinks

CHAT = Chat("console", "local")
PROMPT_HELP = "tabla console: type /help, /play ai, /challenge @name; /as NAME switches player; /quit leaves."
AS_USAGE = "Usage: /as NAME (letters, digits, _ . -; not the computer's name)"
NOT_TEXT = "That line is not valid text (UTF-8); please type it again."
COMPUTER_NAMES = words.computer_names()  # no local player takes the computer's name, in any language
FEW_PLAYS = 8  # the legal plays are listed under the board when there are at most this many


def ascii_board(board: Board, lang: str = i18n.DEFAULT) -> str:
    """The board as text, in `lang`'s words and titled with the game's name in `lang`."""
    v = variant(board.variant, dict(board.options))
    viewer = Side.WHITE if board.viewer == 0 else Side.BLACK
    you = None if board.you is None else Side.WHITE if board.you == 0 else Side.BLACK
    answering = None if board.answering is None else Side.WHITE if board.answering == 0 else Side.BLACK
    return render_ascii(Position.from_tpn(board.position, v), viewer, board.dice, words=words.ascii_words(lang),
                        variant=words.title(lang, board.variant, dict(board.options)), you=you,
                        answering=answering, ending=board.ending)


class Console:
    """Reads commands, prints replies; `boards` is where board pictures are saved (None: not saved)."""

    platform = "console"

    def __init__(self, service: Service, out: TextIO, boards: Path | None, name: str | None = None,
                 source: TextIO | None = None, prompt: bool | None = None, page: PageLinks | None = None) -> None:
        self.service = service
        self.page = page  # with TABLA_WEB_URL: each board of the local player's game comes with a signed link
        self.prompt = prompt  # None: when the input is a terminal
        self.out = out
        self.boards = boards
        self.source = source
        me = name or _default_name()
        self.me = Identity("console", me.lower(), me)
        self.lang = service.language if service is not None else i18n.DEFAULT  # the local player's language
        self._reader: asyncio.Task[None] | None = None

    def t(self, message: str, /, **values: object) -> str:
        """A console message in the local player's language."""
        return i18n.tr(self.lang, message, **values)

    def show(self, reply: Reply) -> None:
        print(moments.console(reply.text), file=self.out)
        if reply.board is not None:
            try:
                print(ascii_board(reply.board, self.lang), file=self.out)
                plays = legal_plays(reply.board) if reply.builder is not None else []
                if 1 < len(plays) <= FEW_PLAYS:
                    print(self.t("Legal plays: {plays}", plays=", ".join(plays)), file=self.out)
            except Exception as exc:  # a board that cannot be drawn is not worth stopping for
                print(self.t("(no board: {error})", error=exc), file=self.out)
        if reply.picture is not None and self.boards is not None:
            self.boards.mkdir(parents=True, exist_ok=True)
            stem = f"{reply.game_id or 'picture'}-{time.time_ns() // 1_000_000}"
            path = self.boards / reply.picture.filename(stem)
            while path.exists():
                stem += "x"
                path = self.boards / reply.picture.filename(stem)
            path.write_bytes(reply.picture.data)
            print(self.t("[board picture: {path}]", path=path), file=self.out)
        if reply.document is not None:
            print(self.t("[file: {path}]", path=self.save(reply.document)), file=self.out)
        self.out.flush()

    def save(self, document: Document) -> Path:
        """Write an exported file beside the board pictures (the working folder when pictures are not
        saved), never over an existing file; returns its path."""
        folder = self.boards if self.boards is not None else Path.cwd()
        folder.mkdir(parents=True, exist_ok=True)
        stem, dot, ext = document.filename.rpartition(".")
        path = folder / document.filename
        n = 1
        while path.exists():
            path = folder / f"{stem}-{n}{dot}{ext}"
            n += 1
        path.write_bytes(document.data)
        return path

    async def line(self, text: str) -> bool:
        """Handle one input line; False means quit."""
        text = text.strip()
        if not text:
            return True
        if text.lower() in ("/quit", "/exit"):
            return False
        if text.lower() == "/as" or text.lower().startswith("/as "):
            name = text[3:].strip().lstrip("@")
            if not name or len(name) > 40 or not all(ch.isalnum() or ch in "_.-" for ch in name) \
                    or name.lower() in COMPUTER_NAMES:
                print(self.t(AS_USAGE), file=self.out)
            else:
                self.me = Identity("console", name.lower(), name)
                await self._speak()
                print(self.t("You are now {name}.", name=name), file=self.out)
            return True
        try:
            cmd = parse(text)
        except CommandError:
            reply = await self.service.handle(Caller(self.me, CHAT), text)
        else:
            reply = await self.service.execute(Caller(self.me, CHAT), _resolve(cmd))
        await self._speak()  # after /lang, the board and the console's own words follow at once
        self.show(reply)
        if reply.card:  # the console's standings card: shown again after each result (`deliver`)
            await self.service.card_posted(CHAT, "card")
        await self._page_link(reply)
        return True

    async def _page_link(self, reply: Reply) -> None:
        """With the board page configured, a board of a game the local player plays is followed by a link to it
        on the page, signed for that player, so a host can try the page without a chat token."""
        if self.page is not None and reply.replay is not None:
            link = self.page.replay(reply.replay, self.lang)
            if link is not None:
                print(self.t("Replay: {url}", url=link.url), file=self.out)
                self.out.flush()
            return
        if self.page is None or reply.board is None or reply.game_id is None:
            return
        button = await self.page.signed(self.me.platform, self.me.user_id, reply.game_id, self.lang)
        if button is not None:
            print(self.t("Board page: {url}", url=button.url), file=self.out)
            self.out.flush()

    async def _speak(self) -> None:
        """Follow the local player's language (their /lang, else the chat's, else the default)."""
        self.lang = await self.service.reply_language(self.me, CHAT)

    async def deliver(self, notice: Notice) -> None:
        """Print a notice; a standings card's edit is printed as the card anew."""
        self.show(notice.reply)
        await self._page_link(notice.reply)

    async def start(self) -> None:
        await self._speak()
        print(self.t(PROMPT_HELP), file=self.out)
        self.out.flush()
        if self.source is not None:
            self._reader = asyncio.create_task(self._read(self.source), name="tabla-console")

    async def stop(self) -> None:
        if self._reader is not None and not self._reader.done():
            self._reader.cancel()

    async def finished(self) -> None:
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)

    async def _read(self, source: TextIO) -> None:
        """Handle lines as a daemon thread reads them (a blocked read never holds up the process's exit)."""
        loop = asyncio.get_running_loop()
        lines: asyncio.Queue[str | None] = asyncio.Queue()

        def reader() -> None:
            while True:
                try:
                    text: str | None = _read_line(source) or None
                except UnicodeDecodeError:
                    text = "\x00invalid"
                except (OSError, ValueError):
                    text = None
                try:
                    loop.call_soon_threadsafe(lines.put_nowait, text)
                except RuntimeError:  # the loop is closed: the process is leaving
                    return
                if text is None:
                    return

        threading.Thread(target=reader, name="tabla-console-input", daemon=True).start()
        while True:
            self._show_prompt()
            text = await lines.get()
            if text == "\x00invalid":
                print(self.t(NOT_TEXT), file=self.out)
                continue
            if text is None or not await self.line(text):
                return

    def _show_prompt(self) -> None:
        """`name> ` before each line typed at a terminal (scripts and pipes get none)."""
        if self.prompt is None:
            isatty = getattr(self.source, "isatty", None)
            self.prompt = bool(isatty is not None and isatty())
        if self.prompt:
            print(f"{self.me.name}> ", end="", file=self.out)
            self.out.flush()

    async def run(self, source: TextIO) -> int:
        """Read `source` to its end (tests and scripts)."""
        self.source = source
        await self.start()
        await self.finished()
        return 0


def _read_line(source: TextIO) -> str:
    """One line of input, decoded on its own when the bytes are at hand: an invalid line spoils only itself.

    :raises UnicodeDecodeError: the line is not UTF-8.
    """
    buffer = getattr(source, "buffer", None)
    if buffer is None:
        return source.readline()
    line: bytes = buffer.readline()
    return line.decode("utf-8")


def legal_plays(board: Board) -> list[str]:
    """The legal plays on `board` when the dice are on the table (the engine's notation)."""
    if board.dice is None:
        return []
    v = variant(board.variant, dict(board.options))
    return [p.notation for p in Game(v, Position.from_tpn(board.position, v), "move", board.dice).plays()]


def _resolve(cmd: Command) -> Command:
    """In the console a typed name is the local player of that name (names are matched case-insensitively)."""
    if cmd.target is None or cmd.name not in ("challenge", "stats") or cmd.target.lower() in COMPUTER_NAMES:
        return cmd
    name = cmd.target
    return dataclasses.replace(cmd, player=Identity("console", name.lower(), name), target=None)


def _default_name() -> str:
    try:
        name = getpass.getuser()
    except Exception:
        name = "player"
    return "".join(ch for ch in name if ch.isalnum() or ch in "_.-") or "player"
