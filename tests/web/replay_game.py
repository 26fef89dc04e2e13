"""A finished game to replay: Ana and Bob play a few turns of portes in the group, each the judge's worst play
at one ply (so the review finds errors), then the player to move resigns."""

from __future__ import annotations

from bot.gamestate import game_of
from bot.replies import Caller
from bot.service import Service
from game.nets import judge_plays

from .conftest import GROUP, mover, two_player_game


async def finished_game(service: Service, turns: int = 6) -> str:
    """The id of a portes game between Ana and Bob that ended by resignation after `turns` plays."""
    gid = await two_player_game(service, "portes")
    for _ in range(turns):
        game = game_of(await service.store.games.get(gid))
        if game.phase != "move" or game.dice is None:
            break
        ranked = judge_plays(game.position, game.dice, plies=1)
        me, _ = await mover(service, gid)
        reply = await service.handle(Caller(me, GROUP), f"/move {ranked[-1][0].notation} {gid}")
        assert reply.ok, reply.text
    me, _ = await mover(service, gid)
    assert (await service.handle(Caller(me, GROUP), f"/resign yes {gid}")).ok
    assert (await service.store.games.get(gid)).result is not None
    return gid
