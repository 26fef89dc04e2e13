"""`/export` through python-telegram-bot and the fake Bot API: the file arrives by `sendDocument` with its name
and a caption, and replays to the stored position; the fake refuses what Telegram refuses (no file name, over
50 MB)."""

from __future__ import annotations

import io
import random

import aiohttp

from bot.gamestate import game_of
from bot.service import Service
from bot.telegram_adapter import TelegramAdapter
from game import read_mat, replay_read, replay_text

from .fake_bot_api import FakeBotAPI, sent_of
from .play import say
from .test_games import ALICE, GROUP, PLAYERS, start_game


async def _play(fake: FakeBotAPI, service: Service, game_id: str, turns: int) -> None:
    rng = random.Random(4)
    for _ in range(turns):
        record = await service.store.games.get(game_id)
        game = game_of(record)
        if game.phase != "move":
            return
        pid = record.players[0 if game.turn.value == "white" else 1]
        uid = int((await service.store.players.get(pid)).platform_user_id)
        await say(fake, GROUP, PLAYERS[uid].data, f"/move {rng.choice(game.plays()).notation} {game_id}")


async def test_export_sends_a_document(fake: FakeBotAPI, adapter: TelegramAdapter, service: Service) -> None:
    game_id, _ = await start_game(fake, "portes")
    await _play(fake, service, game_id, 5)
    call = await say(fake, GROUP, ALICE.data, f"/export {game_id}")
    assert call.method == "sendDocument" and call.status == 200
    sent = sent_of(fake, call)
    assert sent.kind == "document" and sent.filename == f"tabla-{game_id}.mat"
    assert f"#{game_id}" in sent.text and call.result["document"]["file_name"] == sent.filename
    match, games = read_mat(sent.data.decode())
    stored = await service.store.games.get(game_id)
    assert replay_read(match, games)[-1].position.to_tpn() == stored.position
    call = await say(fake, GROUP, ALICE.data, f"/export match {game_id}")
    sent = sent_of(fake, call)
    assert sent.filename == f"tabla-match-{stored.match_id}.mat"


async def test_export_of_tapa_is_a_tbl_record(fake: FakeBotAPI, adapter: TelegramAdapter, service: Service) -> None:
    game_id, _ = await start_game(fake, "tapa")
    await _play(fake, service, game_id, 3)
    sent = sent_of(fake, await say(fake, GROUP, ALICE.data, "/export"))
    assert sent.filename == f"tabla-{game_id}.tbl"
    assert replay_text(sent.data.decode())[-1].position.to_tpn() == (await service.store.games.get(game_id)).position


async def test_the_fake_refuses_documents_telegram_refuses(fake: FakeBotAPI) -> None:
    url = f"{fake.root}/bot{fake.token}/sendDocument"
    async with aiohttp.ClientSession() as session:
        for name, size in ((None, 10), ("x.mat", 50 * 1024 * 1024 + 1), ("x.mat", 10)):
            form = aiohttp.FormData()
            form.add_field("chat_id", str(GROUP["id"]))
            if name is None:  # a text field, not an uploaded file
                form.add_field("document", "x" * size)
            else:
                form.add_field("document", io.BytesIO(b"x" * size), filename=name)
            async with session.post(url, data=form) as answer:
                body = await answer.json()
            assert body["ok"] == (size == 10 and name is not None), (name, size, body)
