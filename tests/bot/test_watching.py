"""One rule for watching a game (issue 27, P5), the same for `/board <id>` and the board page: a group's game
may be watched by anyone who has its id or link, read-only; a private chat's game only by its players."""

from __future__ import annotations

from bot.replies import Caller, Chat, Identity
from bot.service import Service

ANA = Identity("telegram", "42", "Ana", username="ana")
BOB = Identity("telegram", "43", "Bob", username="bob")
EVE = Identity("telegram", "44", "Eve", username="eve")
GROUP = Chat("telegram", "-1001")
OTHER = Chat("telegram", "-1002")


async def test_a_groups_game_is_watched_anywhere_and_a_private_game_only_by_its_players(service: Service) -> None:
    for who in (ANA, BOB, EVE):
        await service.remember(who)
    assert (await service.handle(Caller(ANA, GROUP), "/challenge @bob portes 1")).ok
    started = await service.handle(Caller(BOB, GROUP), "/accept")
    gid = started.game_id
    assert gid is not None
    for who, chat in ((EVE, OTHER), (EVE, Chat("telegram", EVE.user_id, private=True)), (ANA, OTHER)):
        seen = await service.handle(Caller(who, chat), f"/board {gid}")
        assert seen.ok and seen.board is not None and f"#{gid}" in seen.text, seen.text
        assert seen.builder is None and seen.buttons == () and seen.mentions == (), "read-only, nobody pinged"
        assert not (await service.handle(Caller(who, chat), f"/resign yes {gid}")).ok  # watching only
    alone = Chat("telegram", ANA.user_id, private=True)
    solo = (await service.handle(Caller(ANA, alone), "/play ai portes 1")).game_id
    assert solo is not None
    for who, chat in ((EVE, GROUP), (EVE, Chat("telegram", EVE.user_id, private=True)), (ANA, GROUP)):
        refused = await service.handle(Caller(who, chat), f"/board {solo}")
        assert not refused.ok and refused.board is None, (who.name, chat, refused.text)
    assert (await service.handle(Caller(ANA, alone), f"/board {solo}")).ok
