"""The time-limited memo behind player names and chat settings."""

from __future__ import annotations

from bot.cache import TTLCache


async def test_values_are_reloaded_when_too_old_or_forgotten() -> None:
    now = [0.0]
    loads: list[str] = []

    async def load(key: str) -> str:
        loads.append(key)
        return f"{key}@{now[0]:g}"

    cache: TTLCache[str] = TTLCache(30, size=2, clock=lambda: now[0])
    assert await cache.get("a", load) == "a@0"
    now[0] = 29.0
    assert await cache.get("a", load) == "a@0"  # still fresh
    now[0] = 30.0
    assert await cache.get("a", load) == "a@30"  # too old: loaded again
    cache.forget("a")
    assert await cache.get("a", load) == "a@30"
    assert loads == ["a", "a", "a"]
    await cache.get("b", load)
    await cache.get("c", load)  # over `size`: starts over, so "a" is loaded again
    await cache.get("a", load)
    assert loads[-3:] == ["b", "c", "a"]
