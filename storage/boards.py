"""The last board message of each match on a chat platform, so that posting a new board retires the buttons of
the one before (a stale button would only be refused, but it should not be offered). Kept per match, not per
game: the first board of a tie replay or of the match's next game retires the last board of the game before it.

One short string per match and platform (`keys.Keys.last_board`: `chat:message:k`, where `k` says whether that
board had buttons; the platform's tag is `tgb` for Telegram, `dcb` for Discord), in Redis rather than in memory:
every process behind a load balancer, and a restarted one, sees the same last board. It expires a month after
the match's last board.
"""

from __future__ import annotations

from dataclasses import dataclass

from .backend import Repository
from .errors import guarded

KEEP_SECONDS = 30 * 24 * 3600


@dataclass(frozen=True, slots=True)
class BoardMessage:
    """A posted board: its chat, its message id, and whether it has buttons."""

    chat_id: int
    message_id: int
    keyboard: bool

    def pack(self) -> str:
        return f"{self.chat_id}:{self.message_id}:{int(self.keyboard)}"

    @classmethod
    def unpack(cls, raw: bytes | str | None) -> BoardMessage | None:
        if raw is None:
            return None
        text = raw.decode() if isinstance(raw, bytes) else raw
        try:
            chat_id, message_id, keyboard = text.split(":")
            return cls(int(chat_id), int(message_id), keyboard == "1")
        except ValueError:
            return None


class BoardRepository(Repository):
    """Last board per match (a `Reply.board_key`) and platform `tag`."""

    @guarded
    async def swap(self, tag: str, board_key: str, board: BoardMessage) -> BoardMessage | None:
        """Record `board` as the last board under `board_key`; the one it replaces, if any and not the same
        message."""
        raw = await self._client.set(self._keys.last_board(tag, board_key), board.pack(), ex=KEEP_SECONDS, get=True)
        return _replaced(BoardMessage.unpack(raw if isinstance(raw, bytes | str) else None), board)

    @guarded
    async def swap_newer(self, tag: str, board_key: str, board: BoardMessage) -> BoardMessage | None:
        """As `swap`, keeping the newer of two boards recorded out of order (their answers raced): when the
        recorded board is in the same chat and newer than `board` (message ids grow with time within a chat, on
        Telegram and Discord alike), it stays and `board` is the one to retire. A board in another chat (a group
        upgraded to a supergroup) simply replaces it. Atomic (one script, `board_swap.lua`)."""
        answer = await self._scripts.board_swap(
            keys=[self._keys.last_board(tag, board_key)],
            args=[board.pack(), str(board.message_id), str(KEEP_SECONDS), str(board.chat_id)])
        if not answer:
            return None
        kind, raw = answer
        if kind in (b"newer", "newer"):
            return board
        return _replaced(BoardMessage.unpack(raw), board)


def _replaced(old: BoardMessage | None, board: BoardMessage) -> BoardMessage | None:
    """The board `board` replaced, unless there was none or it is the same message."""
    if old is None or (old.chat_id, old.message_id) == (board.chat_id, board.message_id):
        return None
    return old
