"""Playing on the fake Discord as users do: reading the bot's messages and pressing its buttons."""

from __future__ import annotations

import contextlib
import random

from bot.actions import Action, ActionError, Verb
from bot.gamestate import game_of
from bot.service import Service
from game import Side

from .fake import Call, FakeDiscord, Person, press


def actions(call: Call) -> list[Action]:
    found = []
    for custom_id in call.custom_ids:
        with contextlib.suppress(ActionError):
            found.append(Action.unpack(custom_id))
    return found


def find(call: Call, verb: Verb) -> str | None:
    """The custom_id of the first button of `verb` on the message `call` sent."""
    return next((cid for cid, a in zip(call.custom_ids, actions(call), strict=False) if a.verb is verb), None)


async def mover(service: Service, game_id: str, players: dict[Side, Person]) -> Person | None:
    """Who is to move in `game_id` (None when it is over or the computer is to move)."""
    game = game_of(await service.store.games.get(game_id))
    if game.phase == "over":
        return None
    return players.get(game.turn)


async def random_play(service: Service, game_id: str, rng: random.Random) -> str:
    game = game_of(await service.store.games.get(game_id))
    return rng.choice(game.plays()).notation


async def build_and_confirm(fake: FakeDiscord, who: Person, board: Call, rng: random.Random) -> Call:
    """Open the ephemeral builder from a board message and build a random legal play button by button;
    returns the public board posted after the confirm."""
    open_id = find(board, Verb.OPEN)
    assert open_id is not None and board.message_id is not None, "a turn's board has a Make your move button"
    ex = await press(fake, who, board.message_id, open_id)
    shown = await ex.message()
    assert shown.ephemeral, "the builder is only for the mover"
    builder_id = shown.message_id
    assert builder_id is not None
    current = ""
    for _ in range(20):
        confirm = find(shown, Verb.CONFIRM)
        steps = [cid for cid, a in zip(shown.custom_ids, actions(shown), strict=False)
                 if a.verb is Verb.BUILD and len(a.arg) > len(current)]
        if confirm is not None and (not steps or rng.random() < 0.7):
            ex = await press(fake, who, builder_id, confirm)
            return await ex.board()
        assert steps, f"a builder without a way on: {shown.content!r}"
        chosen = rng.choice(steps)
        current = Action.unpack(chosen).arg
        ex = await press(fake, who, builder_id, chosen)
        shown = await ex.message()
        assert shown.kind == "callback" and shown.callback_type == 7, "a builder step edits the builder in place"
    raise AssertionError("the builder did not reach a play in 20 steps")
