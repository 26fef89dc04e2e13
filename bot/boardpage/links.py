"""Where the chat adapters send a player to the board page.

- Telegram, private chat: a `web_app` button opening `<TABLA_WEB_URL>/?game=<id>` (Telegram signs initData).
- Telegram, group: `web_app` buttons work in private chats only, so a link button to the bot's direct-link
  Mini App `https://t.me/<bot>/<TABLA_WEB_APP_NAME>?startapp=<id>` (its initData carries `start_param`).
- Discord (and any browser): `<TABLA_WEB_URL>/?t=<token>`, the token signed for the player who asked and the
  game, good until the move's deadline (a day when the game has none).

Only a board whose player to move has a choice (a reply with a move builder) gets one. A finished game's
review and `/history` get a button to its replay instead (`replay`, `bot.boardpage.replay_link`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from storage import NotFound, Store

from .. import i18n
from ..replies import Reply
from .auth import sign_link
from .replay_link import REPLAY_DAYS, START, sign_replay
from .replay_words import replay_words
from .words import page_words

LINK_HOURS = 24.0


@dataclass(frozen=True, slots=True)
class PageButton:
    """A button to the page: `web_app` (Telegram opens it as a Mini App) or a plain `url`."""

    label: str
    kind: Literal["web_app", "url"]
    url: str


@dataclass
class PageLinks:
    """Builds the page's buttons from the settings (`web_url`, `secret`, `app_name`) and the store."""

    web_url: str
    store: Store
    secret: str | None = None
    app_name: str | None = None
    language: str = i18n.DEFAULT
    clock: Callable[[], float] = field(default=time.time)

    def _base(self) -> str:
        return self.web_url.rstrip("/")

    async def telegram(self, chat_id: int, reply: Reply, bot_username: str | None) -> PageButton | None:
        """The button for a Telegram board message in chat `chat_id`, or None."""
        if reply.builder is None or reply.game_id is None or reply.private:
            return None
        lang = (await self.store.chats.get(f"telegram:{chat_id}")).language or self.language
        if chat_id > 0 and reply.lang is not None:  # a private chat: its player's language (/lang, or Telegram's)
            lang = reply.lang
        label = "🎲 " + page_words(lang)["open"]
        if chat_id > 0:
            return PageButton(label, "web_app", f"{self._base()}/?game={reply.game_id}")
        if self.app_name and bot_username:
            return PageButton(label, "url", f"https://t.me/{bot_username}/{self.app_name}?startapp={reply.game_id}")
        return None

    async def signed(self, platform: str, user_id: str, game_id: str, lang: str | None) -> PageButton | None:
        """A signed link for the player `user_id` of `platform` to game `game_id`, or None (no secret set, not a
        player of it)."""
        if not self.secret:
            return None
        player = await self.store.players.find(platform, user_id)
        try:
            record = await self.store.games.get(game_id)
        except NotFound:
            return None
        if player is None or player.id not in record.players or record.result is not None:
            return None
        expires = record.deadline or self.clock() + LINK_HOURS * 3600
        token = sign_link(self.secret, player.id, game_id, expires)
        label = "🎲 " + page_words(i18n.choose(lang, default=self.language))["open"]
        return PageButton(label, "url", f"{self._base()}/?t={token}")

    def replay(self, game_id: str, lang: str | None, *, telegram_chat: int | None = None,
               bot_username: str | None = None) -> PageButton | None:
        """The button to the replay of finished game `game_id` (`bot.boardpage.replay_link`): in a Telegram private
        chat a Mini App, in a Telegram group the direct-link Mini App; elsewhere (or in a group without the
        Mini App's name) a replay link signed with the secret; None when none can be made."""
        label = "▶ " + replay_words(i18n.choose(lang, default=self.language))["replay_open"]
        if telegram_chat is not None and telegram_chat > 0:
            return PageButton(label, "web_app", f"{self._base()}/replay?game={game_id}")
        if telegram_chat is not None and self.app_name and bot_username:
            return PageButton(label, "url", f"https://t.me/{bot_username}/{self.app_name}?startapp={START}{game_id}")
        if not self.secret:
            return None
        token = sign_replay(self.secret, game_id, self.clock() + REPLAY_DAYS * 86400)
        return PageButton(label, "url", f"{self._base()}/replay?r={token}")
