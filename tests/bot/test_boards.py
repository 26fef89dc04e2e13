"""The last board of each match (storage/boards.py): a new board replaces the old one, whose buttons are retired;
boards of one chat recorded out of order keep the newer (message ids grow within a chat)."""

from __future__ import annotations

import asyncio

from storage import BoardMessage, Store


async def test_a_new_board_replaces_the_last_and_names_it(store: Store) -> None:
    boards, tag = store.boards, "tgb"
    first, second = BoardMessage(-100, 7, True), BoardMessage(-100, 9, True)
    assert await boards.swap(tag, "g1", first) is None
    assert await boards.swap(tag, "g1", first) is None, "the same message again retires nothing"
    assert await boards.swap(tag, "g1", second) == first
    assert await boards.swap(tag, "g2", first) is None, "each match has its own last board"


async def test_boards_recorded_out_of_order_keep_the_newer(store: Store) -> None:
    boards, tag = store.boards, "dcb"
    older = BoardMessage(500, 1_200_000_000_000_000_001, True)
    newer = BoardMessage(500, 1_200_000_000_000_000_009, True)
    newest = BoardMessage(500, 10_200_000_000_000_000_000, False)  # one digit longer
    assert await boards.swap_newer(tag, "g", newer) is None
    assert await boards.swap_newer(tag, "g", older) == older, "the older board arrived late: it is the one to retire"
    assert await boards.swap_newer(tag, "g", newer) is None, "the same message again retires nothing"
    assert await boards.swap_newer(tag, "g", newest) == newer
    assert await boards.swap_newer(tag, "g", newer) == newer


async def test_a_board_in_another_chat_replaces_the_last_whatever_its_id(store: Store) -> None:
    """Telegram numbers messages per chat: a group upgraded to a supergroup starts again from small ids."""
    boards, tag = store.boards, "tgb"
    group, supergroup = BoardMessage(-123, 900, True), BoardMessage(-100123, 4, True)
    assert await boards.swap_newer(tag, "m", group) is None
    assert await boards.swap_newer(tag, "m", supergroup) == group
    assert await boards.swap_newer(tag, "m", BoardMessage(-100123, 3, True)) == BoardMessage(-100123, 3, True)


async def test_concurrent_boards_leave_exactly_the_newest_recorded(store: Store) -> None:
    boards, tag = store.boards, "dcb"
    ids = [1_300_000_000_000_000_000 + k for k in range(20)]
    retired = await asyncio.gather(*(boards.swap_newer(tag, "g", BoardMessage(1, i, True)) for i in reversed(ids)))
    assert await boards.swap_newer(tag, "g", BoardMessage(1, ids[-1], True)) is None  # the newest is the one recorded
    assert sorted(b.message_id for b in retired if b is not None) == ids[:-1]
