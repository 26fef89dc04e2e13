"""A finished game's review and `/history` carry a button to its replay on the board page (`TABLA_WEB_URL`): the
Mini App in a private chat, the bot's direct-link Mini App in a group (`startapp=replay_<id>`)."""

from __future__ import annotations

from bot.telegram_adapter import TelegramAdapter

from .fake_bot_api import BOT, FakeBotAPI, sent_of
from .play import say
from .test_games import ALICE, GROUP, start_game
from .test_page_buttons import WEB, page_adapter  # noqa: F401  (fixture)


def links(message) -> list[dict[str, str]]:  # type: ignore[no-untyped-def]
    return [b for row in message.buttons() for b in row if "url" in b or "web_app" in b]


async def test_a_group_games_history_and_review_link_the_replay(fake: FakeBotAPI,
                                                                page_adapter: TelegramAdapter) -> None:  # noqa: F811
    game_id, _ = await start_game(fake, "portes")
    history = sent_of(fake, await say(fake, GROUP, ALICE.data, f"/history {game_id}"))
    assert not links(history), "a game still played has no replay"
    await say(fake, GROUP, ALICE.data, f"/resign yes {game_id}")
    want = [{"text": "▶ Replay the game", "url": f"https://t.me/{BOT['username']}/board?startapp=replay_{game_id}"}]
    for command in (f"/history {game_id}", f"/review {game_id}"):
        shown = sent_of(fake, await say(fake, GROUP, ALICE.data, command, timeout=60.0))
        assert links(shown) == want, command


async def test_a_private_games_review_opens_the_replay_as_a_mini_app(fake: FakeBotAPI,
                                                                    page_adapter: TelegramAdapter) -> None:  # noqa: F811
    me = {"id": ALICE.uid, "type": "private", "first_name": "Alice"}
    alice = {**ALICE.data, "language_code": "bg"}  # the button speaks her language
    board = sent_of(fake, await say(fake, me, alice, "/play ai portes"))
    game_id = board.buttons()[0][0]["web_app"]["url"].split("game=")[1]
    await say(fake, me, alice, f"/resign yes {game_id}")
    shown = sent_of(fake, await say(fake, me, alice, f"/review {game_id}", timeout=60.0))
    assert links(shown) == [{"text": "▶ Преглед на играта", "web_app": {"url": f"{WEB}/replay?game={game_id}"}}]
