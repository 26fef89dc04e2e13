"""Seasons and standings cards in the store: names and dates, one roll-over per season however many processes
claim it, season standings beside the all-time ones, and card edits at most one per `EDIT_GAP`."""

from __future__ import annotations

import asyncio
from datetime import UTC, date, datetime

import pytest

from storage import EDIT_GAP, DueItem, DueKind, Season, Store


def at(y: int, m: int, d: int, h: int = 0) -> float:
    return datetime(y, m, d, h, tzinfo=UTC).timestamp()


def test_season_names_dates_and_order() -> None:
    oct_ = Season.at("monthly", at(2026, 10, 31, 23))
    assert oct_.name == "2026-10" and oct_.first_day == date(2026, 10, 1) and oct_.last_day == date(2026, 10, 31)
    assert oct_.end == at(2026, 11, 1) and oct_.next().name == "2026-11"
    q4 = Season.at("quarterly", at(2026, 11, 15))
    assert q4.name == "2026-Q4" and q4.first_day == date(2026, 10, 1) and q4.last_day == date(2026, 12, 31)
    assert q4.next() == Season(2027, 1, "quarterly") and q4.end == at(2027, 1, 1)
    assert Season.parse("2026-q4") == q4 and Season.parse("2026-10") == oct_
    assert Season.parse("2024-02").last_day == date(2024, 2, 29)
    for bad in ("2026-13", "2026-Q5", "26-10", "2026-1", "october"):
        with pytest.raises(ValueError):
            Season.parse(bad)


async def test_a_season_ends_once_for_one_claimer_of_many(store: Store) -> None:
    chat = "telegram:-100"
    state = await store.seasons.set_mode(chat, "monthly", at(2026, 10, 5))
    assert state.current == Season(2026, 10)
    assert await store.seasons.set_mode(chat, "monthly", at(2026, 10, 20)) == state  # the same mode: kept
    assert await store.schedule.claim_due(at(2026, 10, 31, 23)) == []
    claims = await asyncio.gather(*(store.schedule.claim_due(at(2026, 11, 1, 1)) for _ in range(6)))
    items = [item for batch in claims for item in batch]
    assert items == [DueItem(DueKind.SEASON, chat, 0, at(2026, 11, 1))]
    rolled = await asyncio.gather(*(store.seasons.roll(chat, Season(2026, 10), at(2026, 11, 1, 1)) for _ in range(5)))
    assert [r for r in rolled if r is not None] == [Season(2026, 11)]
    await store.schedule.done(items[0])
    assert await store.schedule.wakeups() == [(DueKind.SEASON, chat, at(2026, 12, 1))]
    off = await store.seasons.set_mode(chat, None, at(2026, 11, 2))
    assert off.mode is None and off.current is None
    assert await store.schedule.claim_due(at(2026, 12, 2)) == []
    assert await store.schedule.wakeups() == []


async def test_a_season_counts_beside_all_time(store: Store) -> None:
    chat = "discord:5"
    await store.standings.record_game(chat, "g:1", "ann", "bob", 2, season="2026-10")
    await store.standings.record_game(chat, "g:1", "ann", "bob", 2, season="2026-10")  # retried: once
    await store.standings.record_match(chat, "m:1", "ann", "bob", season="2026-10")
    await store.standings.record_game(chat, "g:2", "bob", "ann", 1, season="2026-11")
    season = await store.standings.table(chat, season="2026-10")
    assert [(r.player_id, r.matches_won, r.points_won, r.points_lost) for r in season] == [
        ("ann", 1, 2, 0), ("bob", 0, 0, 2)]
    assert (await store.standings.line(chat, "bob", season="2026-11")).points_won == 1
    assert (await store.standings.line(chat, "ann")).points_won == 2
    assert (await store.standings.line(chat, "ann")).points_lost == 1


async def test_a_card_is_edited_at_most_once_a_gap_for_every_result_meanwhile(store: Store) -> None:
    chat = "telegram:-7"
    now = 1_800_000_000.0
    assert await store.standing_cards.touch(chat, now) is None  # no card: nothing to edit
    assert await store.standing_cards.pin(chat, "41", now) is None
    assert await store.standing_cards.touch(chat, now + 1) == now + EDIT_GAP
    assert await store.standing_cards.touch(chat, now + 2) == now + EDIT_GAP
    assert await store.schedule.claim_due(now + 2) == []
    [item] = await store.schedule.claim_due(now + EDIT_GAP)
    assert item.kind is DueKind.CARD and item.game_id == chat
    card = await store.standing_cards.get(chat)
    assert card is not None and (card.message_id, card.rev, card.shown) == ("41", 2, 0)
    assert await store.standing_cards.shown(card, now + EDIT_GAP)
    assert not await store.standing_cards.shown(card, now + EDIT_GAP)  # once
    await store.schedule.done(item)
    assert await store.schedule.wakeups() == []
    assert await store.standing_cards.touch(chat, now + 6) == now + 2 * EDIT_GAP  # gap after the last edit
    assert await store.standing_cards.pin(chat, "99", now + 7) == "41"  # a new card replaces the old
    replaced = await store.standing_cards.get(chat)
    assert replaced is not None and not replaced.behind and replaced.message_id == "99"
    assert await store.schedule.claim_due(now + 60) == []


async def test_fewer_matches_lost_ranks_above_more_when_the_wins_are_equal(store: Store) -> None:
    """4–1 stands above 4–5 although 4–5 won more points: the standings read matches won, then matches lost."""
    chat = "telegram:-7"
    for n in range(4):
        await store.standings.record_match(chat, f"a{n}", "ann", "cid")
        await store.standings.record_game(chat, f"ga{n}", "ann", "cid", 1)
        await store.standings.record_match(chat, f"b{n}", "bob", "cid")
        await store.standings.record_game(chat, f"gb{n}", "bob", "cid", 3)
    await store.standings.record_match(chat, "a-lost", "cid", "ann")
    for n in range(5):
        await store.standings.record_match(chat, f"b-lost{n}", "cid", "bob")
    table = [r for r in await store.standings.table(chat) if r.player_id != "cid"]
    assert [(r.player_id, r.matches_won, r.matches_lost) for r in table] == [("ann", 4, 1), ("bob", 4, 5)]
    assert table[1].points_won > table[0].points_won  # points alone would have put bob first
