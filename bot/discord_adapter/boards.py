"""A match's previous board loses its buttons when a new board of that match is posted (of the same game, or the
first of its next game): its buttons would only be refused as out of date, so they are not offered.

The last board of each match is kept in the store (`storage.boards`, tag `dcb`), so that every process and a restarted
one retire the right message; of two answers that race, the newer board (the larger snowflake) stays. A board
that cannot be edited any more (deleted, or the bot lost access) is left as it is.
"""

from __future__ import annotations

import logging

import discord

from storage import BoardMessage, BoardRepository, StorageError

from .messages import Outgoing

log = logging.getLogger(__name__)

TAG = "dcb"  # the platform's tag in the store's last-board keys


class LastBoards:
    """Remembers each match's last public board on Discord and retires the one it replaces."""

    def __init__(self, boards: BoardRepository) -> None:
        self.boards = boards

    async def posted(self, client: discord.Client, out: Outgoing, channel_id: int | None,
                     message: int | None) -> None:
        """`out` was posted as `message` in `channel_id`: if it is a board, take the buttons off the board of
        that match posted before it."""
        if out.board_of is None or channel_id is None or message is None:
            return
        try:
            board = BoardMessage(channel_id, message, out.view is not None)
            old = await self.boards.swap_newer(TAG, out.board_of, board)
        except StorageError as exc:
            log.warning("could not record the last board of %s: %s", out.board_of, exc)
            return
        if old is None or not old.keyboard:
            return
        try:
            await client.get_partial_messageable(old.chat_id).get_partial_message(old.message_id).edit(view=None)
        except discord.HTTPException as exc:
            log.debug("could not remove the buttons of message %s in %s: %s", old.message_id, old.chat_id, exc)
