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

import base64
import hashlib
import hmac
import re

from .auth import AuthError

REPLAY_DAYS = 30.0
START = "replay_"  # the Mini App's start parameter for a replay: `replay_<game id>`
_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_MAC_LEN = 32


def _mac(secret: str, payload: str) -> str:
    digest = hmac.new(secret.encode(), f"tabla-replay-link:{payload}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")[:_MAC_LEN]


def sign_replay(secret: str, game_id: str, expires: float) -> str:
    """A token that lets whoever holds it watch the replay of `game_id` until `expires` (Unix seconds).

    :raises ValueError: an id with characters a token may not hold, or an empty secret (programming errors).
    """
    if not secret or not _ID.match(game_id):
        raise ValueError("a replay link needs a secret and an id of A-Za-z0-9_-")
    payload = f"{game_id}.{int(expires)}"
    return f"{payload}.{_mac(secret, payload)}"


def validate_replay(token: str, secret: str, now: float) -> str:
    """The game a genuine, unexpired replay token names.

    :raises AuthError: malformed, forged or expired.
    """
    parts = token.split(".") if len(token) <= 200 else []
    if len(parts) != 3 or not all(_ID.match(p) for p in parts) or not parts[1].isdigit():
        raise AuthError("link malformed")
    game, expires, mac = parts
    if not secret or not hmac.compare_digest(_mac(secret, f"{game}.{expires}"), mac):
        raise AuthError("link signature invalid")
    if int(expires) < now:
        raise AuthError("link expired")
    return game
