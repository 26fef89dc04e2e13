"""Reviews are written once and read back; a player's error rates keep their newest games, oldest first."""

from __future__ import annotations

from storage import Store
from storage.reviews import KEEP


async def test_a_review_is_written_once(single_store: Store) -> None:
    reviews = single_store.reviews
    assert await reviews.get("gameaaaa") is None
    assert await reviews.put("gameaaaa", '{"a": 1}') == '{"a": 1}'
    assert await reviews.put("gameaaaa", '{"a": 2}') == '{"a": 1}'
    assert await reviews.get("gameaaaa") == '{"a": 1}'


async def test_error_rates_keep_the_newest_games(single_store: Store) -> None:
    reviews = single_store.reviews
    for n in range(KEEP + 5):
        await reviews.record_error("p1", f"g{n:03d}", 1000.0 + n, float(n))
    await reviews.record_error("p1", "g054", 5000.0, 999.0)  # a game recorded again changes nothing
    rates = await reviews.errors("p1", count=3)
    assert rates == [52.0, 53.0, 54.0]
    assert len(await reviews.errors("p1", count=1000)) == KEEP
    assert await reviews.errors("nobody") == []
