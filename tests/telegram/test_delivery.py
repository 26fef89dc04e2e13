"""Start-up, notices, replays, deep links and webhook mode."""

from __future__ import annotations

import json
import socket
import urllib.error
import urllib.request
from collections.abc import AsyncIterator

import pytest

from bot.replies import Chat, Identity, Notice, Reply
from bot.service import Service
from bot.telegram_adapter import TelegramAdapter, render

from .conftest import settings_for
from .fake_bot_api import FakeBotAPI, Player, private, sent_of
from .play import say
from .test_games import ALICE, BOB, GROUP


async def test_start_registers_the_menu_in_every_language_and_the_invite_link(
        fake: FakeBotAPI, adapter: TelegramAdapter, service: Service) -> None:
    menus = {c.params.get("language_code"): c.params["commands"] for c in fake.calls if c.method == "setMyCommands"}
    assert {None, "en", "bg", "el"} <= set(menus)
    assert all(len(m) == len(menus[None]) for m in menus.values())
    assert service.invite_links["telegram"] == "https://t.me/tabla_test_bot?startgroup=1"


async def test_notices_go_by_direct_message_to_players_who_started_the_bot(fake: FakeBotAPI, adapter: TelegramAdapter,
                                                                           service: Service) -> None:
    await say(fake, private(ALICE.data), ALICE.data, "/help")
    chat = Chat("telegram", str(GROUP["id"]))
    alice = Identity("telegram", str(ALICE.uid), ALICE.name)
    bob = Identity("telegram", str(BOB.uid), BOB.name)
    await adapter.deliver(Notice(chat, Reply("Your move in game #abcd, Alice."), to=alice, kind="reminder"))
    await adapter.deliver(Notice(chat, Reply("Your move in game #abcd, Bob <&>.", mentions=(bob,)), to=bob,
                                 kind="reminder"))
    assert "Alice" in fake.last(ALICE.uid).text
    in_group = fake.last(GROUP["id"])
    assert "Bob <&>" in in_group.text and "tg://user?id=1002" in in_group.html


async def test_history_is_an_animation_and_a_deep_link_reaches_the_service(fake: FakeBotAPI, adapter: TelegramAdapter,
                                                                           service: Service) -> None:
    me = private(ALICE.data)
    await say(fake, me, ALICE.data, "/play ai plakoto")
    n = len(fake.calls)
    fake.message(me, ALICE.data, "/history")
    call = await fake.wait_sent("sendAnimation", chat_id=ALICE.uid, after=n, timeout=30)
    assert sent_of(fake, call).data[:6] in (b"GIF89a", b"GIF87a")
    answer = await say(fake, me, ALICE.data, "/start g-zzzzzz")
    assert "Unknown command" not in sent_of(fake, answer).text


def test_captions_are_escaped_and_mentions_link_the_name() -> None:
    bob = Identity("telegram", "1002", "Bob <&>")
    assert render.text_html("Bob <&> to move", (bob,)) == '<a href="tg://user?id=1002">Bob &lt;&amp;&gt;</a> to move'
    assert render.text_html("a <b>", (bob,)).endswith('\n<a href="tg://user?id=1002">Bob &lt;&amp;&gt;</a>')
    computer = Identity("ai", "engine", "Computer")
    assert render.notified(Reply("x", mentions=(computer, bob))) == (bob,)
    pieces = render.chunks(("line " * 30 + "\n") * 200)
    assert all(len(p) <= render.TEXT_LIMIT for p in pieces) and len(pieces) > 1
    assert len(render.toast("x" * 500)) == render.TOAST_LIMIT


async def test_a_long_caption_goes_as_text_before_the_photo(fake: FakeBotAPI, adapter: TelegramAdapter) -> None:
    from bot.replies import Picture

    await say(fake, private(ALICE.data), ALICE.data, "/help")
    png = b"\x89PNG\r\n\x1a\n" + b"\0" * 100
    message = await adapter.poster.post(ALICE.uid, Reply("word " * 400, picture=Picture(png)))
    assert message is not None and message.photo
    texts = [c for c in fake.calls if c.method == "sendMessage" and c.chat_id == ALICE.uid]
    assert len(texts[-1].params["text"]) > 1024


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
async def webhook_adapter(fake: FakeBotAPI, service: Service) -> AsyncIterator[tuple[TelegramAdapter, str]]:
    port = free_port()
    settings = settings_for(fake.root, TELEGRAM_WEBHOOK_URL=f"http://127.0.0.1:{port}/tabla/hook",
                            TELEGRAM_WEBHOOK_LISTEN="127.0.0.1", TELEGRAM_WEBHOOK_PORT=port,
                            TELEGRAM_WEBHOOK_SECRET="s3cret-token")
    bot = TelegramAdapter(service, settings)
    await bot.start()
    yield bot, f"http://127.0.0.1:{port}/tabla/hook"
    await bot.stop()


def post_update(url: str, update: dict[str, object], secret: str | None) -> int:
    headers = {"Content-Type": "application/json"}
    if secret is not None:
        headers["X-Telegram-Bot-Api-Secret-Token"] = secret
    request = urllib.request.Request(url, json.dumps(update).encode(), headers)
    try:
        with urllib.request.urlopen(request, timeout=5) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as exc:
        return exc.code


async def test_webhook_mode_takes_updates_with_the_secret_and_refuses_others(
        fake: FakeBotAPI, webhook_adapter: tuple[TelegramAdapter, str]) -> None:
    import asyncio

    _, url = webhook_adapter
    assert fake.webhook["url"] == url and fake.webhook["secret_token"] == "s3cret-token"
    carol = Player(1003, "Carol")
    fake.started.add(carol.uid)
    update = {"update_id": 1, "message": {"message_id": 1, "date": 0, "chat": private(carol.data),
                                          "from": carol.data, "text": "/help",
                                          "entities": [{"type": "bot_command", "offset": 0, "length": 5}]}}
    n = len(fake.calls)
    assert await asyncio.to_thread(post_update, url, {**update, "update_id": 2}, None) == 403
    assert await asyncio.to_thread(post_update, url, {**update, "update_id": 3}, "wrong") == 403
    await asyncio.sleep(0.3)
    assert not [c for c in fake.calls[n:] if c.method == "sendMessage"]
    assert await asyncio.to_thread(post_update, url, update, "s3cret-token") == 200
    await fake.wait_sent("sendMessage", chat_id=carol.uid, after=n)


def test_webhook_mode_needs_a_secret() -> None:
    from bot.telegram_adapter.webhook import WebhookSettingsError, secret

    with pytest.raises(WebhookSettingsError):
        secret(settings_for("http://127.0.0.1:1", TELEGRAM_WEBHOOK_URL="https://example.org/hook"))
