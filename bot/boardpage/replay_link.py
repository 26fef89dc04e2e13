"""Links to a finished game's replay on the board page (`bot.web.replay`), for the review's message and
`/history`.

- Telegram, private chat: a `web_app` button opening `<TABLA_WEB_URL>/replay?game=<id>` (Telegram signs initData).
- Telegram, group: the bot's direct-link Mini App `https://t.me/<bot>/<TABLA_WEB_APP_NAME>?startapp=replay_<id>`
  (the page at `/` hands a `replay_` start parameter on to `/replay`).
- Discord, the console and any browser: `<TABLA_WEB_URL>/replay?r=<token>`, a replay token signed with
  `TABLA_WEB_SECRET` for the game alone (anyone the link is shown to may watch the finished game), good for
  `REPLAY_DAYS`. It is no play link: the two tokens differ in shape and in what their MAC covers.
"""

from __future__ import annotations

import re

from .auth import opened, signed

REPLAY_DAYS = 30.0
START = "replay_"  # the Mini App's start parameter for a replay: `replay_<game id>`
_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


def sign_replay(secret: str, game_id: str, expires: float) -> str:
    """A token that lets whoever holds it watch the replay of `game_id` until `expires` (Unix seconds).

    :raises ValueError: an id with characters a token may not hold, or an empty secret (programming errors).
    """
    if not secret or not _ID.match(game_id):
        raise ValueError("a replay link needs a secret and an id of A-Za-z0-9_-")
    return signed(secret, "replay-link", (game_id,), expires)


def validate_replay(token: str, secret: str, now: float) -> str:
    """The game a genuine, unexpired replay token names.

    :raises AuthError: malformed, forged or expired.
    """
    (game,), _ = opened(token, secret, "replay-link", 1, now)
    return game
