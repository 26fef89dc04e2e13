"""A player's places for games (`storage.slots`): taken in one step up to the limit by any number at once,
held by games and challenges, freed when they end, and a taking whose process died lapses."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from storage import GameResult, Store

from .positions import START


async def test_places_are_taken_up_to_the_limit_at_once_and_freed_by_ends(store: Store) -> None:
    now = 1_000.0
    tokens = await asyncio.gather(*(store.slots.take("p1", 3, now=now) for _ in range(12)))
    assert sum(t is not None for t in tokens) == 3
    game = await store.games.create(variant="portes", players=("p1", "p2"), position=START, now=now)
    challenge = await store.challenges.create(challenger="p1", chat="c", variant="tapa", now=now)
    for token in tokens:
        if token is not None:
            await store.slots.release("p1", token)
    assert await store.slots.take("p1", 3, now=now) is not None  # game + challenge + this taking
    assert await store.slots.take("p1", 3, now=now) is None
    assert await store.slots.take("p1", 3, besides=1, now=now) is not None  # accepting: the challenge goes
    assert await store.challenges.cancel(challenge.id)
    assert await store.slots.take("p1", 3, now=now) is None, "the takings above are still held"
    assert await store.slots.take("p1", 3, now=now + 61) is not None, "…until it lapses"
    finished = await store.games.get(game.id)
    await store.games.apply(finished, replace(finished, result=GameResult(0, 1, "resign")), command_id="end",
                            now=now)
    assert await store.slots.take("p1", 1, now=now + 200) is not None, "the game's end freed its place"
