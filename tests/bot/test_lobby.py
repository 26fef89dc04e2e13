"""`/lobby` (issue 27): the chat's open challenges, and a targeted challenge for the two players it concerns."""

from __future__ import annotations

from bot.replies import Caller
from bot.service import Service

from .conftest import ALICE, BOB, CAROL, CHAT


async def test_a_targeted_challenge_is_listed_for_its_two_players_only(service: Service) -> None:
    made = await service.handle(Caller(ALICE, CHAT), "/challenge @bob tapa to 3")
    assert made.ok
    cid = made.text.split("(#", 1)[1].split(")", 1)[0]
    for who in (ALICE, BOB):
        lobby = await service.handle(Caller(who, CHAT), "/lobby")
        assert f"#{cid}" in lobby.text and "No open challenges" not in lobby.text, (who.name, lobby.text)
    bob_lobby = await service.handle(Caller(BOB, CHAT), "/lobby")
    assert any(f"#{cid}" in b.label for row in bob_lobby.buttons for b in row), "bob may accept it from there"
    alice_lobby = await service.handle(Caller(ALICE, CHAT), "/lobby")
    assert not any(f"#{cid}" in b.label for row in alice_lobby.buttons for b in row), "not her own to accept"
    carol = await service.handle(Caller(CAROL, CHAT), "/lobby")
    assert f"#{cid}" not in carol.text and "No open challenges" in carol.text, carol.text
