"""A finished game's `/history` and its review's line carry a link to its replay on the board page, signed for
the game alone (`bot.boardpage.replay_link`): anyone shown the link may watch the finished game."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from bot.actions import Verb
from bot.boardpage.replay_link import validate_replay
from bot.discord_adapter import DiscordAdapter
from bot.replies import Chat, Notice, Reply
from bot.service import Service

from .conftest import ALICE
from .fake import Call, FakeDiscord, press, slash
from .play import actions, find
from .test_page_link import SECRET, WEB, page_adapter  # noqa: F401  (fixture)


def replay_links(call: Call) -> list[str]:
    return [c["url"] for row in call.data.get("components") or [] for c in row.get("components", [])
            if "url" in c and c["url"].startswith(f"{WEB}/replay?r=")]


def game_of_link(url: str, now: float) -> str:
    return validate_replay(parse_qs(urlsplit(url).query)["r"][0], SECRET, now)


async def test_history_and_the_review_line_link_the_replay(fake: FakeDiscord, page_adapter: DiscordAdapter,  # noqa: F811
                                                           service: Service) -> None:
    board = await (await slash(fake, ALICE, "play", variant="portes", match=1)).board()
    game_id = next(a.ref for a in actions(board) if a.verb is Verb.OPEN)
    record = await service.store.games.get(game_id)
    asked = await (await slash(fake, ALICE, "resign")).message()
    await (await press(fake, ALICE, asked.message_id or "", find(asked, Verb.RESIGN) or "")).board()
    ex = await slash(fake, ALICE, "history", game=game_id)
    shown = await fake.until(lambda: next((c for c in ex.calls if replay_links(c)), None), timeout=30)
    [url] = replay_links(shown)
    assert game_of_link(url, record.updated_at) == game_id
    n = len(fake.calls)
    await page_adapter.deliver(Notice(Chat("discord", "500"), Reply("Error rate …", replay=game_id), kind="review"))
    posted = await fake.until(lambda: next((c for c in fake.calls[n:] if replay_links(c)), None))
    assert posted.kind == "channel" and game_of_link(replay_links(posted)[0], record.updated_at) == game_id
