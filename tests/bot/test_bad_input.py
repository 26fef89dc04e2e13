"""Property: random text sent to every command never raises, always gets a reply, and changes nothing."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.commands import COMMANDS
from bot.service import Service

from .conftest import BOB, CHAT
from .test_games import only_game

TEXT = st.one_of(
    st.text(max_size=40),
    st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x2FF), max_size=400),
    st.binary(max_size=60).map(lambda b: b.decode("latin-1")),
    st.sampled_from(["24/18 13/8", "bar/22", "6/off", "@nobody", "to 0", "#zzzzzz", "mother=x", "13/7(2)"]),
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(command=st.sampled_from((*COMMANDS, "")), words=TEXT)
async def test_random_text_to_every_command_gets_a_reply_and_changes_nothing(service: Service, command: str,
                                                                          words: str) -> None:
    if await service.store.players.find("console", "bob") is None:
        await service.handle(BOB, CHAT, "/challenge @alice tapa")
        await service.handle(BOB, CHAT, "/play ai plakoto")
    gid = await only_game(service, BOB)
    before = await service.store.games.snapshot(gid)
    lobby = (await service.handle(BOB, CHAT, "/lobby")).text
    text = f"/{command} {words}" if command else words
    if command in ("challenge", "play", "accept", "decline", "cancel", "resign", "lang", "deadline"):
        text = f"/{command} {words} ?!"  # an unusable trailing word: these must refuse, not act
    reply = await service.handle(BOB, CHAT, text)
    assert isinstance(reply.text, str) and reply.text
    assert await service.store.games.snapshot(gid) == before
    assert (await service.handle(BOB, CHAT, "/lobby")).text == lobby
