"""Playing whole games by commands, choosing plays from the stored state like a player reading the board."""

from __future__ import annotations

import random

from bot.gamestate import game_of
from bot.replies import Caller, Chat, Identity, Reply
from bot.service import Service
from game import Side


async def next_command(service: Service, game_id: str, players: dict[Side, Identity], rng: random.Random,
                       ) -> tuple[Identity, str] | None:
    """Who must act in game `game_id` and the move they send (a random legal play), or None if it is over."""
    record = await service.store.games.get(game_id)
    game = game_of(record)
    if game.phase == "over":
        return None
    assert game.phase == "move", f"a stored game waits for a human, not in phase {game.phase}"
    play = rng.choice(game.plays())
    return players[game.turn], f"/move {play.notation} {game_id}"


async def play_out(service: Service, chat: Chat, game_id: str, players: dict[Side, Identity], seed: int = 1,
                   send=None) -> list[Reply]:
    """Play game `game_id` to its end with random legal plays; returns every reply."""
    rng = random.Random(seed)
    replies = []
    for _ in range(1000):
        step = await next_command(service, game_id, players, rng)
        if step is None:
            return replies
        who, text = step
        reply = await (send(who, text) if send else service.handle(Caller(who, chat), text))
        assert reply.ok, reply.text
        replies.append(reply)
    raise AssertionError("the game did not end in 1000 moves")
