"""Finished games to replay: Ana and Bob play a few turns of portes in the group, each the judge's worst play
at one ply (so the review finds errors), then the player to move resigns; a gul bara game with a cascade of
several stages; a portes game with a double taken or dropped."""

from __future__ import annotations

from bot.gamestate import game_of, variant_of
from bot.replies import Caller
from bot.service import Service
from game import CubeAction, Position, Variant
from game.nets import judge_plays
from storage import MoveLogEntry

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


async def cascade_game(service: Service, resign: bool = True) -> str:
    """A gul bara game between Ana and Bob, each making the first legal play, until a player's cascade has
    played two stages or more (R-GULBARA-3) and its last stage is the log's last entry; the player to move
    then resigns unless `resign` is False."""
    gid = await two_player_game(service, "gulbara")
    for _ in range(400):
        record = await service.store.games.get(gid)
        if cascaded(await service.store.games.log(gid), variant_of(record)):
            break
        game = game_of(record)
        assert game.phase == "move", "the game ended before a cascade"
        me, _ = await mover(service, gid)
        reply = await service.handle(Caller(me, GROUP), f"/move {game.plays()[0].notation} {gid}")
        assert reply.ok, reply.text
    else:
        raise AssertionError("no cascade of two stages in 400 plays")
    if resign:
        me, _ = await mover(service, gid)
        assert (await service.handle(Caller(me, GROUP), f"/resign yes {gid}")).ok
    return gid


def cascaded(log: list[MoveLogEntry], v: Variant) -> int:
    """How many stages of one cascade end `log`, played with no roll between (R-GULBARA-3); 0 for fewer than
    two."""
    count = 1
    for earlier, later in zip(reversed(log[:-1]), reversed(log[1:]), strict=True):
        cascade = Position.from_tpn(earlier.position, v).cascade
        if earlier.side != later.side or earlier.play in ("opening", "pass") or later.play == "pass":
            break
        if cascade is None or not cascade.pending:
            break
        count += 1
    return count if count > 1 else 0


async def cube_game(service: Service, answer: CubeAction = CubeAction.TAKE, after: int = 2) -> str:
    """A portes game with the cube (R-CUBE-2, R-CUBE-3) between Ana and Bob: the first player asked to roll or
    double doubles and the other answers `answer`; after a take, `after` more plays (rolling where asked), then
    the player to move resigns."""
    gid = await two_player_game(service, "portes cube=on")
    plays = 0
    doubled = False
    while plays < after or not doubled:
        game = game_of(await service.store.games.get(gid))
        if game.phase == "over":
            return gid
        me, other = await mover(service, gid)
        if game.phase == "decide":
            action = CubeAction.ROLL if doubled else CubeAction.DOUBLE
            reply = await service.handle(Caller(me, GROUP), f"/{action.value} {gid}")
            assert reply.ok, reply.text
            if not doubled:
                reply = await service.handle(Caller(other, GROUP), f"/{answer.value} {gid}")
                assert reply.ok, reply.text
                doubled = True
            continue
        assert game.phase == "move", game.phase
        reply = await service.handle(Caller(me, GROUP), f"/move {game.plays()[0].notation} {gid}")
        assert reply.ok, reply.text
        plays += doubled
    me, _ = await mover(service, gid)
    assert (await service.handle(Caller(me, GROUP), f"/resign yes {gid}")).ok
    return gid
