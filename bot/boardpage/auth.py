"""Who is asking: a Telegram Mini App's signed `initData`, or a signed link to one game for one player.

Telegram (its Mini App documentation, "Validating data received via the Mini App"): the page sends the raw
`initData` query string. Its check string is every received field except `hash`, sorted by key, `key=value`
joined by newlines (no field is dropped: `user`, `signature`, `start_param`… all count); the secret is
`HMAC_SHA256(key="WebAppData", msg=bot_token)`; the data is genuine when the hex `HMAC_SHA256(key=secret,
msg=check_string)` equals `hash`. Data older than a day (`MAX_AGE`) is refused, and so is one dated more than a
minute in the future.

Signed links (Discord and any browser): `<player>.<game>.<expires>.<mac>`, the MAC an HMAC-SHA256 with the
server's `TABLA_WEB_SECRET` over the rest; the link is good until the move's deadline it was made for. A tournament
page's link (`bot.boardpage.tournament_link`) is `<player>.<tournament>.<expires>.<mac>`, its MAC keyed apart.

Both raise `AuthError` with a short reason for the page; nothing else is raised for bad input.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
from dataclasses import dataclass
from urllib.parse import parse_qsl

MAX_AGE = 24 * 3600.0
FUTURE_SLACK = 60.0
MAX_INIT_DATA = 4096
_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_MAC_LEN = 32  # base64url characters of the link's MAC (192 bits)


class AuthError(ValueError):
    """Credentials that do not let the caller in: `reason` says why, in a few words (for a 401)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class TelegramUser:
    """The user a valid `initData` names, and the game it was opened for (`start_param`), if any."""

    user_id: str
    name: str
    username: str | None
    language: str | None
    start_param: str | None
    auth_date: float


@dataclass(frozen=True, slots=True)
class LinkClaim:
    """A valid signed link: the player (a store player id), the game, and when the link expires."""

    player_id: str
    game_id: str
    expires: int


def telegram_secret(bot_token: str) -> bytes:
    """The key `initData` is signed with: HMAC-SHA256 of the bot token under the key "WebAppData"."""
    return hmac.new(b"WebAppData", bot_token.encode(), hashlib.sha256).digest()


def check_string(fields: list[tuple[str, str]]) -> str:
    """Every field but `hash`, sorted by key, `key=value` joined by newlines."""
    return "\n".join(f"{k}={v}" for k, v in sorted(fields) if k != "hash")


def sign_init_data(fields: dict[str, str], bot_token: str) -> str:
    """`fields` as an `initData` query string signed with `bot_token` (what Telegram hands a Mini App; used by
    the tests' stand-in for Telegram's script)."""
    from urllib.parse import urlencode

    items = sorted(fields.items())
    mac = hmac.new(telegram_secret(bot_token), check_string(items).encode(), hashlib.sha256).hexdigest()
    return urlencode([*items, ("hash", mac)])


def validate_init_data(raw: str, bot_token: str, now: float, *, max_age: float = MAX_AGE) -> TelegramUser:
    """The user of a genuine, fresh `initData` (`max_age` ≤ 0: no age check, for old published examples).

    :raises AuthError: missing, malformed, forged, too old, or without a user.
    """
    if not raw:
        raise AuthError("not opened from Telegram")
    if len(raw) > MAX_INIT_DATA:
        raise AuthError("initData too long")
    try:
        fields = parse_qsl(raw, keep_blank_values=True, strict_parsing=True)
    except ValueError:
        raise AuthError("initData malformed") from None
    keys = [k for k, _ in fields]
    if len(keys) != len(set(keys)):
        raise AuthError("initData malformed")
    data = dict(fields)
    got = data.get("hash", "")
    if not re.fullmatch(r"[0-9a-f]{64}", got):
        raise AuthError("initData unsigned")
    want = hmac.new(telegram_secret(bot_token), check_string(fields).encode(), hashlib.sha256).hexdigest()
    if not hmac.compare_digest(want, got):
        raise AuthError("initData signature invalid")
    try:
        auth_date = float(int(data.get("auth_date", "")))
    except ValueError:
        raise AuthError("initData without a date") from None
    if max_age > 0 and not (now - max_age <= auth_date <= now + FUTURE_SLACK):
        raise AuthError("initData expired")
    try:
        user = json.loads(data.get("user", ""))
        uid = user["id"]
        if not isinstance(uid, int) or isinstance(uid, bool):
            raise TypeError
    except (ValueError, KeyError, TypeError):
        raise AuthError("initData without a user") from None
    name = " ".join(str(user.get(k) or "") for k in ("first_name", "last_name")).strip() or "player"
    username = user.get("username") if isinstance(user.get("username"), str) else None
    lang = user.get("language_code") if isinstance(user.get("language_code"), str) else None
    start = data.get("start_param") or None
    return TelegramUser(str(uid), name[:64], username, lang, start, auth_date)


def _mac(secret: str, kind: str, payload: str) -> str:
    digest = hmac.new(secret.encode(), f"tabla-{kind}:{payload}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")[:_MAC_LEN]


def signed(secret: str, kind: str, fields: tuple[str, ...], expires: float) -> str:
    """`fields`, then `expires` (Unix seconds), then their MAC under `kind` (a play link, a replay link: a token of
    one kind never checks out as another), joined by dots. The caller checks the fields' characters (`_ID`)."""
    payload = ".".join((*fields, str(int(expires))))
    return f"{payload}.{_mac(secret, kind, payload)}"


def opened(token: str, secret: str, kind: str, count: int, now: float) -> tuple[tuple[str, ...], int]:
    """The `count` fields and the expiry of a genuine, unexpired token of `kind` (`signed`).

    :raises AuthError: malformed, forged or expired.
    """
    parts = token.split(".") if len(token) <= 200 else []
    if len(parts) != count + 2 or not all(_ID.match(p) for p in parts) or not parts[count].isdigit():
        raise AuthError("link malformed")
    if not secret or not hmac.compare_digest(_mac(secret, kind, ".".join(parts[:-1])), parts[-1]):
        raise AuthError("link signature invalid")
    if int(parts[count]) < now:
        raise AuthError("link expired")
    return tuple(parts[:count]), int(parts[count])


def sign_link(secret: str, player_id: str, game_id: str, expires: float) -> str:
    """A token that lets `player_id` play (or watch) `game_id` until `expires` (Unix seconds).

    :raises ValueError: an id with characters a token may not hold, or an empty secret (programming errors).
    """
    if not secret or not _ID.match(player_id) or not _ID.match(game_id):
        raise ValueError("a link needs a secret and ids of A-Za-z0-9_-")
    return signed(secret, "board-link", (player_id, game_id), expires)


def validate_link(token: str, secret: str, now: float) -> LinkClaim:
    """The claim of a genuine, unexpired link token.

    :raises AuthError: malformed, forged or expired.
    """
    (player, game), expires = opened(token, secret, "board-link", 2, now)
    return LinkClaim(player, game, expires)


TOURNAMENT_LINK = "tournament-link"


def sign_tournament(secret: str, player_id: str, tid: str, expires: float) -> str:
    """A token that shows tournament `tid` to `player_id` (their matches marked and opened) until `expires`.

    :raises ValueError: an id with characters a token may not hold, or an empty secret (programming errors).
    """
    if not secret or not _ID.match(player_id) or not _ID.match(tid):
        raise ValueError("a link needs a secret and ids of A-Za-z0-9_-")
    return signed(secret, TOURNAMENT_LINK, (player_id, tid), expires)


def open_tournament(token: str, secret: str, now: float) -> tuple[str, str, int]:
    """The player, the tournament and the expiry of a genuine, unexpired tournament link's token.

    :raises AuthError: malformed, forged or expired.
    """
    (player, tid), expires = opened(token, secret, TOURNAMENT_LINK, 2, now)
    return player, tid, expires
