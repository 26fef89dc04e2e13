"""`/export` on the fake Discord through the real client: a portes game's `.mat` file and a tapa match's `.tbl`
record arrive as attachments beside the text, and replay to the stored positions."""

from __future__ import annotations

import random

from bot.actions import Verb
from bot.discord_adapter import DiscordAdapter
from bot.service import Service
from game import Side, read_mat, replay_read, replay_text

from .conftest import ALICE, BOB
from .fake import FakeDiscord, Person, press, slash
from .play import actions, find, mover, random_play


async def _started(fake: FakeDiscord, service: Service, variant: str, match: int) -> tuple[str, dict[Side, Person]]:
    ex = await slash(fake, ALICE, "challenge", player=BOB, variant=variant, match=match)
    challenge = await ex.message()
    accept = find(challenge, Verb.ACCEPT)
    assert accept is not None and challenge.message_id is not None
    board = await (await press(fake, BOB, challenge.message_id, accept)).board()
    game_id = next(a.ref for a in actions(board) if a.verb is Verb.OPEN)
    record = await service.store.games.get(game_id)
    white = (await service.store.players.get(record.players[0])).platform_user_id
    players = {Side.WHITE: ALICE if white == str(ALICE.id) else BOB}
    players[Side.BLACK] = BOB if players[Side.WHITE] is ALICE else ALICE
    return game_id, players


async def _play(fake: FakeDiscord, service: Service, game_id: str, players: dict[Side, Person], turns: int) -> None:
    rng = random.Random(5)
    for _ in range(turns):
        who = await mover(service, game_id, players)
        if who is None:
            return
        await (await slash(fake, who, "move", play=await random_play(service, game_id, rng), game=game_id)).board()


async def test_export_sends_the_mat_file_of_a_portes_game(fake: FakeDiscord, adapter: DiscordAdapter,
                                                          service: Service) -> None:
    game_id, players = await _started(fake, service, "portes", 3)
    await _play(fake, service, game_id, players, 6)
    answer = await (await slash(fake, BOB, "export", game=game_id)).message()
    assert list(answer.files) == [f"tabla-{game_id}.mat"] and not answer.ephemeral
    assert f"#{game_id}" in answer.data["content"]
    text = answer.files[f"tabla-{game_id}.mat"].decode()
    assert " 3 point match" in text and '; [Player 1 "' in text
    match, games = read_mat(text)
    stored = await service.store.games.get(game_id)
    assert replay_read(match, games)[-1].position.to_tpn() == stored.position


async def test_export_whole_sends_the_tbl_record_of_a_tapa_match(fake: FakeDiscord, adapter: DiscordAdapter,
                                                                  service: Service) -> None:
    game_id, players = await _started(fake, service, "tapa", 3)
    await _play(fake, service, game_id, players, 4)
    answer = await (await slash(fake, ALICE, "export", whole=True)).message()
    (name,) = answer.files
    stored = await service.store.games.get(game_id)
    assert name == f"tabla-match-{stored.match_id}.tbl"
    assert replay_text(answer.files[name].decode())[-1].position.to_tpn() == stored.position
