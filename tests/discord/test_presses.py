"""Presses that must change nothing (a stranger's, a stale one, the same one twice), a press handled by a fresh
client after a restart, and interactions that arrive broken: each answered ephemerally, never left unanswered."""

from __future__ import annotations

import random
import re

from bot.actions import Action, Verb
from bot.discord_adapter import DiscordAdapter
from bot.service import Service

from .conftest import ALICE, BOB, CAROL, settings_for
from .fake import FakeDiscord, Person, press, slash
from .play import actions, find, random_play

GREEK = re.compile(r"[\u0370-\u03ff]")


async def a_game(fake: FakeDiscord) -> tuple[str, int, str]:
    """Alice against the computer: the game id, the board message and its Make your move button."""
    board = await (await slash(fake, ALICE, "play", variant="plakoto", match=1)).board()
    opener = find(board, Verb.OPEN)
    assert opener is not None and board.message_id is not None
    return next(a.ref for a in actions(board) if a.verb is Verb.OPEN), board.message_id, opener


async def test_a_stranger_cannot_accept_a_challenge_to_someone_else(fake: FakeDiscord, adapter: DiscordAdapter,
                                                                    service: Service) -> None:
    challenge = await (await slash(fake, ALICE, "challenge", player=BOB, variant="tapa")).message()
    accept = find(challenge, Verb.ACCEPT)
    assert accept is not None and challenge.message_id is not None
    before = await service.store.challenges.get(accept.split(":")[2])

    answer = await (await press(fake, CAROL, challenge.message_id, accept)).message()
    assert answer.ephemeral and answer.png is None
    assert await service.store.challenges.get(accept.split(":")[2]) == before
    assert fake.messages[challenge.message_id]["components"], "the challenge is still open for Bob"


async def test_a_stranger_cannot_open_the_builder_of_someone_elses_game(fake: FakeDiscord, adapter: DiscordAdapter,
                                                                         service: Service) -> None:
    game_id, board_id, opener = await a_game(fake)
    before = await service.store.games.get(game_id)
    answer = await (await press(fake, BOB, board_id, opener)).message()
    assert answer.ephemeral and not answer.custom_ids
    assert await service.store.games.get(game_id) == before


async def test_a_stale_press_and_a_repeated_press_change_nothing(fake: FakeDiscord, adapter: DiscordAdapter,
                                                                 service: Service) -> None:
    game_id, board_id, opener = await a_game(fake)
    builder = await (await press(fake, ALICE, board_id, opener)).message()
    assert builder.message_id is not None
    steps = [cid for cid in builder.custom_ids]
    assert steps
    # make the play by /move instead: the open builder and the old board are now out of date
    await (await slash(fake, ALICE, "move", play=await random_play(service, game_id, random.Random(1)),
                       game=game_id)).board()
    after_move = await service.store.games.get(game_id)

    stale = await (await press(fake, ALICE, builder.message_id, steps[0])).message()
    assert stale.ephemeral and stale.png is None
    stale = await (await press(fake, ALICE, board_id, opener)).message()
    assert stale.ephemeral and stale.png is None
    assert await service.store.games.get(game_id) == after_move


async def test_the_same_confirm_pressed_twice_applies_once(fake: FakeDiscord, adapter: DiscordAdapter,
                                                           service: Service) -> None:
    game_id, board_id, opener = await a_game(fake)
    shown = await (await press(fake, ALICE, board_id, opener)).message()
    assert shown.message_id is not None
    builder_id = shown.message_id
    current = ""
    while (confirm := find(shown, Verb.CONFIRM)) is None:
        step = next(cid for cid, a in zip(shown.custom_ids, actions(shown), strict=False)
                    if a.verb is Verb.BUILD and len(a.arg) > len(current))
        current = step.split(":")[4]
        shown = await (await press(fake, ALICE, builder_id, step)).message()
    first = await (await press(fake, ALICE, builder_id, confirm)).board()
    assert not first.ephemeral
    after = await service.store.games.get(game_id)
    again = await (await press(fake, ALICE, builder_id, confirm)).message()
    assert again.ephemeral and again.png is None
    assert await service.store.games.get(game_id) == after


async def test_a_button_from_before_a_restart_works_in_a_fresh_client(fake: FakeDiscord, service: Service) -> None:
    first = DiscordAdapter(service, settings_for(fake.api))
    await first.start()
    await fake.connected()
    challenge = await (await slash(fake, ALICE, "challenge", player=BOB, variant="tapa", match=1)).message()
    accept = find(challenge, Verb.ACCEPT)
    assert accept is not None and challenge.message_id is not None
    await first.stop()

    fresh = DiscordAdapter(service, settings_for(fake.api))
    await fresh.start()
    try:
        await fake.connected()
        board = await (await press(fake, BOB, challenge.message_id, accept)).board()
        assert not board.ephemeral and find(board, Verb.OPEN) is not None
    finally:
        await fresh.stop()


async def test_a_button_that_is_not_ours_is_answered(fake: FakeDiscord, adapter: DiscordAdapter) -> None:
    help_message = await (await slash(fake, ALICE, "help")).message()
    assert help_message.message_id is not None
    fake.messages[help_message.message_id]["components"] = [
        {"type": 1, "components": [{"type": 2, "style": 2, "label": "old", "custom_id": "mv:k3vq7d:3:24-18"}]}]
    answer = await (await press(fake, ALICE, help_message.message_id, "mv:k3vq7d:3:24-18")).message()
    assert answer.ephemeral
    assert "do not recognise that button" in answer.content and "out of date" not in answer.content, answer.content


async def test_a_rate_limited_answer_is_retried(fake: FakeDiscord, adapter: DiscordAdapter) -> None:
    fake.rate_limit("POST", r"/callback$", retry_after=0.05)
    answer = await (await slash(fake, ALICE, "help")).message()
    assert answer.content and len(fake.limited) == 1
    assert fake.limited[0].path == answer.path and fake.limited[0].payload == answer.payload


async def test_a_command_whose_option_is_missing_or_wrong_is_refused(fake: FakeDiscord, adapter: DiscordAdapter,
                                                                      service: Service) -> None:
    missing = await (await slash(fake, ALICE, "move")).message()  # `play` is required
    assert missing.ephemeral and missing.content
    wrong = await (await slash(fake, ALICE, "challenge", variant="chess")).message()  # not one of the choices
    assert wrong.ephemeral and wrong.content
    garbled = await (await slash(fake, ALICE, "play", options="mother")).message()  # not key=value
    assert garbled.ephemeral and "mother" in garbled.content
    unknown = await (await slash(fake, ALICE, "teleport")).message()
    assert unknown.ephemeral


async def test_bad_notation_is_answered_privately_in_greek(fake: FakeDiscord, adapter: DiscordAdapter,
                                                           service: Service) -> None:
    greek = Person(ALICE.id, ALICE.name, locale="el")
    chosen = await (await slash(fake, ALICE, "lang", language="el")).message()
    assert GREEK.search(chosen.content)
    game_id, _, _ = await a_game(fake)
    before = await service.store.games.get(game_id)
    answer = await (await slash(fake, ALICE, "move", play="99/x7", game=game_id)).message()
    assert answer.ephemeral and answer.png is None
    assert GREEK.search(answer.content), answer.content
    assert await service.store.games.get(game_id) == before
    # a Greek Discord client, no /lang: a broken interaction is refused in Greek too (if the catalogue has it)
    refused = await (await slash(fake, greek, "move")).message()
    assert refused.ephemeral


async def test_a_games_button_forged_onto_another_channels_message_is_refused(fake: FakeDiscord,
                                                                              adapter: DiscordAdapter,
                                                                              service: Service) -> None:
    """N1: a player's game button sent on a bot message in another channel (a modified client can send any
    custom id) is refused there; that channel's message (an open challenge) keeps its buttons."""
    game_id, _, opener = await a_game(fake)
    before = await service.store.games.get(game_id)
    challenge = await (await slash(fake, CAROL, "challenge", variant="tapa", channel=501)).message()
    assert challenge.message_id is not None
    components = fake.messages[challenge.message_id]["components"]
    answer = await (await press(fake, ALICE, challenge.message_id, opener)).message()
    assert answer.ephemeral and not answer.custom_ids and "another chat" in answer.content
    assert fake.messages[challenge.message_id]["components"] == components
    assert await service.store.games.get(game_id) == before


async def test_open_the_game_pressed_by_someone_else_shows_the_board_without_the_builder(
        fake: FakeDiscord, adapter: DiscordAdapter, service: Service) -> None:
    """N2: the reminders' "Open the game" pressed by anyone but the player to move answers ephemerally with the
    board and no move builder; the player to move gets the builder."""
    game_id, board_id, _ = await a_game(fake)
    record = await service.store.games.get(game_id)
    open_the_game = Action(Verb.BOARD, game_id, record.version).pack()
    for who in (BOB, CAROL):
        answer = await (await press(fake, who, board_id, open_the_game)).message()
        assert answer.ephemeral and answer.png is not None
        assert not answer.custom_ids, answer.custom_ids
    mine = await (await press(fake, ALICE, board_id, open_the_game)).message()
    assert mine.ephemeral and mine.custom_ids
