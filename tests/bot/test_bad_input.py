"""Property: random text sent to every command never raises, always gets a reply, and changes nothing."""

from __future__ import annotations

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from bot.commands import COMMANDS
from bot.gamestate import game_of
from bot.replies import Caller
from bot.service import Service
from game import GameError
from game.notation import parse_play
from storage import GameRecord

from .conftest import BOB, CHAT
from .test_games import only_game

TEXT = st.one_of(
    st.text(max_size=40),
    st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x2FF), max_size=400),
    st.binary(max_size=60).map(lambda b: b.decode("latin-1")),
    st.sampled_from(["24/18 13/8", "bar/22", "6/off", "@nobody", "to 0", "#zzzzzz", "mother=x", "13/7(2)"]),
    st.lists(st.sampled_from(["²", "³", "١٢", "٣", "𝟓", "۵", "५", "๖", "⁷", "₈", "Ⅻ", "1e309", "nan", "-0", "4",
                              "to", "ai", "tapa", "24/18"]), max_size=5).map(" ".join),  # digits that are not ASCII
    st.lists(st.one_of(st.integers(0xD800, 0xDFFF).map(chr), st.sampled_from(["24/18", "/play", " "])),
             min_size=1, max_size=8).map("".join),  # lone surrogates, as undecodable input arrives
)
BUTTON_DATA = st.one_of(
    st.text(max_size=80),
    st.binary(max_size=64).map(lambda b: b.decode("latin-1")),
    st.tuples(st.sampled_from(["t1", "t1", "t2", "", "t1:t1"]), st.sampled_from(["a", "d", "x", "o", "b", "c", "v",
                                                                              "", "zz", "²"]),
              st.sampled_from(["{gid}", "{gid}", "zzzzzz", "", "#{gid}", "{gid}:1", "a{b}"]),
              st.sampled_from(["{version}", "{version}", "0", "-1", "99999999999", "١", "1.5", ""]),
              st.text(max_size=12)).map(":".join),  # our own format, wrong in one part or another
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(command=st.sampled_from((*COMMANDS, "")), words=TEXT)
async def test_random_text_to_every_command_gets_a_reply_and_changes_nothing(service: Service, command: str,
                                                                          words: str) -> None:
    bob = await service.store.players.find("console", "bob")
    if bob is None or not await service.store.games.active_for(bob.id):
        await service.handle(Caller(BOB, CHAT), "/challenge @alice tapa")
        await service.handle(Caller(BOB, CHAT), "/play ai plakoto")
    gid = await only_game(service, BOB)
    before = await service.store.games.snapshot(gid)
    lobby = (await service.handle(Caller(BOB, CHAT), "/lobby")).text
    text = f"/{command} {words}" if command else words
    if not command and text.strip().startswith("/"):
        text = "?" + text.strip()  # bare "/play" is a real command (a new game); the commands are the branch above
    if command in ("challenge", "play", "accept", "decline", "cancel", "resign", "lang", "deadline"):
        text = f"/{command} {words} ?!"  # an unusable trailing word: these must refuse, not act
    assume(not _legal_play(before[0], words))  # "24/18" may be the whole of a legal play: made, rightly
    reply = await service.handle(Caller(BOB, CHAT), text)
    assert isinstance(reply.text, str) and reply.text
    assert await service.store.games.snapshot(gid) == before
    assert (await service.handle(Caller(BOB, CHAT), "/lobby")).text == lobby


def _legal_play(record: GameRecord, words: str) -> bool:
    """Whether `words` is a legal play with the dice on the table of the game `record` (R-NOTE-1)."""
    game = game_of(record)
    if game.dice is None or game.phase != "move":
        return False
    try:
        parse_play(game.position, game.dice, words)
    except (GameError, ValueError):
        return False
    return True


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=BUTTON_DATA)
async def test_random_button_data_gets_a_reply_and_changes_nothing(service: Service, data: str) -> None:
    bob = await service.store.players.find("console", "bob")
    if bob is None or not await service.store.games.active_for(bob.id):
        await service.handle(Caller(BOB, CHAT), "/play ai plakoto")
    gid = await only_game(service, BOB)
    before = await service.store.games.snapshot(gid)
    version = before[0].version
    if ":c:" in data and "{version}" in data:
        version += 1000  # a confirm at the current version with a real play would rightly make it
    data = data.replace("{gid}", gid).replace("{version}", str(version))
    reply = await service.press(Caller(BOB, CHAT), data)
    assert isinstance(reply.text, str) and reply.text
    assert "Something went wrong" not in reply.text, (data, reply.text)
    assert await service.store.games.snapshot(gid) == before
