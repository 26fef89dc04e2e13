"""A small Discord on localhost: REST (the routes the adapter uses) and a gateway, so that a real discord.py
client, pointed at it with `DISCORD_API_URL`, logs in, syncs its commands, connects its shards and receives
interactions as it would from Discord.

The tests play as users: they send `INTERACTION_CREATE` events over the gateway (slash commands, autocomplete,
button presses on messages the bot posted earlier) and read what the bot sent back over REST, recorded as
`Call`s. Answers have Discord's shapes; a route can be told to answer its next request with a 429 (with
`retry_after`, the `X-RateLimit-*` headers and `Via`, as Discord's edge sends them).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

APP_ID = 900_000_000_000_000_001
BOT_ID = APP_ID
GUILD_ID = 900_000_000_000_000_100
EPHEMERAL = 1 << 6
LOADING = 1 << 7
OPTION_TYPES = {3: "string", 4: "integer", 5: "boolean", 6: "user", 10: "number"}


def user(uid: int, name: str, *, bot: bool = False) -> dict[str, Any]:
    return {"id": str(uid), "username": name, "discriminator": "0", "global_name": name.title(), "avatar": None,
            "bot": bot}


BOT_USER = user(BOT_ID, "tabla", bot=True)
ADMIN = str(2248473465835073 | 1 << 5)  # a member's permissions with Manage Server
EDIT_LIMIT = (5, 5.0)  # edits of one channel's messages per seconds before Discord answers 429 (`edit_limit`)


def _json(body: Any, *, status: int, headers: dict[str, str]) -> web.Response:
    """A JSON answer whose content type is exactly `application/json` (what discord.py looks for)."""
    return web.Response(body=json.dumps(body).encode(), status=status,
                        headers={**headers, "Content-Type": "application/json"})


@dataclass
class Call:
    """One REST request the bot made: route, JSON payload, attached files (name → bytes), when it arrived."""

    method: str
    path: str
    query: dict[str, str]
    payload: Any
    files: dict[str, bytes] = field(default_factory=dict)
    at: float = 0.0
    message_id: int | None = None  # the message this request created or edited

    @property
    def token(self) -> str | None:
        m = re.match(r"/(?:interactions/\d+|webhooks/\d+)/([^/]+)", self.path)
        return m.group(1) if m else None

    @property
    def kind(self) -> str:
        """`callback`, `followup`, `edit`, `delete`, `channel`, or the method and path."""
        if self.path.endswith("/callback"):
            return "callback"
        if self.path.startswith("/webhooks/"):
            return {"POST": "followup", "PATCH": "edit", "DELETE": "delete"}.get(self.method, self.method)
        if re.fullmatch(r"/channels/\d+/messages", self.path) and self.method == "POST":
            return "channel"
        return f"{self.method} {self.path}"

    @property
    def data(self) -> dict[str, Any]:
        """The message part of the payload (an interaction callback's `data`, else the payload)."""
        if not isinstance(self.payload, dict):
            return {}
        if self.kind == "callback":
            return dict(self.payload.get("data") or {})
        return self.payload

    @property
    def callback_type(self) -> int | None:
        return self.payload.get("type") if self.kind == "callback" and isinstance(self.payload, dict) else None

    @property
    def content(self) -> str:
        return str(self.data.get("content") or "")

    @property
    def ephemeral(self) -> bool:
        return bool(int(self.data.get("flags") or 0) & EPHEMERAL)

    @property
    def png(self) -> bytes | None:
        return next((b for n, b in self.files.items() if n.endswith(".png")), None)

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for row in self.data.get("components") or [] for c in row.get("components", [])
                if "custom_id" in c]

    @property
    def labels(self) -> dict[str, str]:
        """Button label → custom_id."""
        return {c.get("label", ""): c["custom_id"] for row in self.data.get("components") or []
                for c in row.get("components", []) if "custom_id" in c}


class FakeDiscord:
    """Start with `await FakeDiscord().start()`; `api` is the base URL for `DISCORD_API_URL`."""

    def __init__(self, *, shards: int = 1, keep: bool = True) -> None:
        self.shards = shards
        self.keep = keep                          # False: remember no calls or messages (benchmarks)
        self.listeners: list[Callable[[Call], None]] = []
        self.calls: list[Call] = []
        self.by_token: dict[str, list[Call]] = {}
        self.commands: dict[str, dict[str, Any]] = {}
        self.messages: dict[int, dict[str, Any]] = {}
        self.edits: dict[int, list[float]] = {}
        self.edit_limit: tuple[int, float] | None = None  # EDIT_LIMIT in a test of edits' pace
        self.originals: dict[str, int] = {}       # interaction token → its original response message
        self.pressed: dict[str, int] = {}         # interaction token → the message whose button was pressed
        self.sent_at: dict[str, float] = {}       # interaction token → when its event was sent
        self.channels: dict[str, str] = {}        # interaction token → its channel
        self.sockets: dict[int, web.WebSocketResponse] = {}
        self.identified: list[list[int]] = []
        self.rate_limits: list[tuple[str, re.Pattern[str], float]] = []
        self.limited: list[Call] = []
        self.failures: list[tuple[str, re.Pattern[str], int]] = []
        self._ids = itertools.count(1_000_000_000_000_000_000)
        self._seq = itertools.count(1)
        self._changed = asyncio.Condition()
        self._runner: web.AppRunner | None = None
        self._touched: int | None = None
        self.port = 0

    # --- running -------------------------------------------------------------------------------------

    async def start(self) -> FakeDiscord:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self

    async def stop(self) -> None:
        for ws in list(self.sockets.values()):
            await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def api(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    def snowflake(self) -> int:
        return next(self._ids)

    def rate_limit(self, method: str, path: str, retry_after: float = 0.05) -> None:
        """Answer the next `method` request whose path matches the regex `path` with a 429."""
        self.rate_limits.append((method, re.compile(path), retry_after))

    def fail(self, method: str, path: str, status: int = 403) -> None:
        """Answer every `method` request whose path matches the regex `path` with `status` (50007: cannot DM)."""
        self.failures.append((method, re.compile(path), status))

    # --- the gateway ---------------------------------------------------------------------------------

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        await ws.send_json({"op": 10, "d": {"heartbeat_interval": 41250}, "s": None, "t": None})
        shard = 0
        async for msg in ws:
            data = json.loads(msg.data)
            if data["op"] == 1:
                await ws.send_json({"op": 11, "d": None})
            elif data["op"] == 2:
                shard, count = data["d"].get("shard") or [0, 1]
                self.identified.append([shard, count])
                self.sockets[shard] = ws
                await ws.send_json({"op": 0, "t": "READY", "s": next(self._seq), "d": {
                    "v": 10, "user": BOT_USER, "guilds": [], "private_channels": [], "relationships": [],
                    "session_id": f"session-{shard}", "shard": [shard, count],
                    "resume_gateway_url": f"ws://127.0.0.1:{self.port}/gateway",
                    "application": {"id": str(APP_ID), "flags": 0}}})
                async with self._changed:
                    self._changed.notify_all()
        if self.sockets.get(shard) is ws:
            del self.sockets[shard]
        return ws

    async def connected(self, shards: int = 1, timeout: float = 10) -> None:
        await self.until(lambda: len(self.sockets) >= shards, timeout)

    async def dispatch(self, event: str, payload: dict[str, Any], shard: int | None = None) -> None:
        if shard is None:
            guild = int(payload.get("guild_id") or 0)
            shard = (guild >> 22) % self.shards if guild else 0
        ws = self.sockets[shard]
        await ws.send_json({"op": 0, "t": event, "s": next(self._seq), "d": payload})

    # --- REST ----------------------------------------------------------------------------------------

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        payload: Any = None
        files: dict[str, bytes] = {}
        if request.content_type.startswith("multipart/"):
            reader = await request.multipart()
            async for part in reader:
                if part.name == "payload_json":
                    payload = json.loads(await part.text())  # type: ignore[union-attr]
                else:
                    files[part.filename or part.name or "file"] = bytes(await part.read())  # type: ignore[union-attr]
        elif request.can_read_body:
            text = await request.text()
            payload = json.loads(text) if text else None
        call = Call(request.method, path, dict(request.query), payload, files, time.perf_counter())
        for i, (method, pattern, retry_after) in enumerate(self.rate_limits):
            if method == request.method and pattern.search(path):
                del self.rate_limits[i]
                self.limited.append(call)
                return _json(
                    {"message": "You are being rate limited.", "retry_after": retry_after, "global": False},
                    status=429, headers={"Via": "1.1 google", "Retry-After": str(max(1, round(retry_after))),
                                         "X-RateLimit-Limit": "5", "X-RateLimit-Remaining": "0",
                                         "X-RateLimit-Reset-After": str(retry_after),
                                         "X-RateLimit-Bucket": "fake-bucket", "X-RateLimit-Scope": "user"})
        for method, pattern, status in self.failures:
            if method == request.method and pattern.search(path):
                self.calls.append(call)
                return _json({"message": "Cannot send messages to this user", "code": 50007}, status=status,
                             headers={})
        self._touched = None
        try:
            status, body = self._route(call)
            call.message_id = self._touched
        except KeyError as exc:
            status, body = 404, {"message": f"Unknown {exc}", "code": 10008}
        if self.keep:
            self.calls.append(call)
            if call.token is not None:
                self.by_token.setdefault(call.token, []).append(call)
            async with self._changed:
                self._changed.notify_all()
        for listener in self.listeners:
            listener(call)
        headers = {"X-RateLimit-Limit": "50", "X-RateLimit-Remaining": "49", "X-RateLimit-Reset-After": "1.0",
                   "X-RateLimit-Bucket": f"b-{call.method}-{path.split('/')[1]}"}
        if status == 204:
            return web.Response(status=204, headers=headers)
        if status == 429:  # as Discord's edge answers a flood
            self.limited.append(call)
            headers = {"Via": "1.1 google", "Retry-After": str(max(1, round(body["retry_after"]))),
                       "X-RateLimit-Limit": str(EDIT_LIMIT[0]), "X-RateLimit-Remaining": "0",
                       "X-RateLimit-Reset-After": str(body["retry_after"]), "X-RateLimit-Bucket": "fake-edits",
                       "X-RateLimit-Scope": "user"}
        return _json(body, status=status, headers=headers)

    def _route(self, call: Call) -> tuple[int, Any]:
        m, p, d = call.method, call.path, call.payload
        if m == "GET" and p == "/users/@me":
            return 200, BOT_USER
        if m == "GET" and p == "/oauth2/applications/@me":
            return 200, {"id": str(APP_ID), "name": "tabla", "description": "", "icon": None, "bot_public": True,
                         "bot_require_code_grant": False, "owner": user(1, "owner"), "verify_key": "0" * 64,
                         "flags": 0, "summary": "", "team": None}
        if m == "GET" and p == "/gateway/bot":
            return 200, {"url": f"ws://127.0.0.1:{self.port}/gateway", "shards": self.shards,
                         "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0,
                                                 "max_concurrency": 1}}
        if m == "PUT" and re.fullmatch(r"/applications/\d+(/guilds/\d+)?/commands", p):
            out = []
            for command in d:
                stored = {**command, "id": str(self.commands.get(command["name"], {}).get("id", self.snowflake())),
                          "application_id": str(APP_ID), "version": "1", "type": command.get("type", 1)}
                self.commands[command["name"]] = stored
                out.append(stored)
            return 200, out
        if m == "POST" and (t := re.fullmatch(r"/interactions/(\d+)/([^/]+)/callback", p)):
            return self._callback(t.group(2), d, call.files)
        if t := re.fullmatch(r"/webhooks/\d+/([^/]+)(?:/messages/(@original|\d+))?", p):
            return self._webhook(m, t.group(1), t.group(2), d, call)
        if m == "POST" and (t := re.fullmatch(r"/channels/(\d+)/messages", p)):
            return 200, self._message(int(t.group(1)), d, call.files)
        if m == "PATCH" and (t := re.fullmatch(r"/channels/(\d+)/messages/(\d+)", p)):
            if (wait := self._flooded(int(t.group(1)))) is not None:
                return 429, {"message": "You are being rate limited.", "retry_after": wait, "global": False}
            return 200, self._edit(int(t.group(2)), d, call.files)
        if m == "POST" and p == "/users/@me/channels":
            return 200, {"id": str(self.snowflake()), "type": 1, "last_message_id": None,
                         "recipients": [user(int(d["recipient_id"]), f"user{d['recipient_id']}")]}
        raise KeyError(f"{m} {p}")

    def _flooded(self, channel_id: int) -> float | None:
        """Seconds to wait when one channel's messages are edited more than `EDIT_LIMIT` allows, else None."""
        if self.edit_limit is None:
            return None
        count, window = self.edit_limit
        now = time.monotonic()
        recent = [t for t in self.edits.get(channel_id, []) if now - t < window]
        if len(recent) >= count:
            self.edits[channel_id] = recent
            return round(window - (now - recent[0]), 3)
        self.edits[channel_id] = [*recent, now]
        return None

    def _message(self, channel_id: int, data: dict[str, Any] | None, files: dict[str, bytes],
                 flags: int = 0) -> dict[str, Any]:
        data = data or {}
        mid = self.snowflake()
        message = {"id": str(mid), "channel_id": str(channel_id), "author": BOT_USER,
                   "content": data.get("content") or "", "timestamp": "2024-01-01T00:00:00+00:00",
                   "edited_timestamp": None, "tts": False, "mention_everyone": False, "mentions": [],
                   "mention_roles": [], "embeds": [], "pinned": False, "type": 0,
                   "flags": int(data.get("flags") or 0) | flags,
                   "components": data.get("components") or [],
                   "attachments": [self._attachment(name, body) for name, body in files.items()]}
        if self.keep:
            self.messages[mid] = message
        self._touched = mid
        return message

    def _attachment(self, name: str, body: bytes) -> dict[str, Any]:
        aid = self.snowflake()
        return {"id": str(aid), "filename": name, "size": len(body), "url": f"https://cdn.invalid/{aid}/{name}",
                "proxy_url": f"https://cdn.invalid/{aid}/{name}"}

    def _edit(self, mid: int, data: dict[str, Any] | None, files: dict[str, bytes]) -> dict[str, Any]:
        if mid not in self.messages:  # not kept (a benchmark's fake): answer as if it were new
            return self._message(1, data, files)
        message = self.messages[mid]
        data = data or {}
        for key in ("content", "components"):
            if key in data:
                message[key] = data[key] if data[key] is not None else ([] if key == "components" else "")
        if files or "attachments" in data:
            message["attachments"] = [self._attachment(name, body) for name, body in files.items()]
        message["flags"] = int(message.get("flags") or 0) & ~LOADING
        message["edited_timestamp"] = "2024-01-01T00:00:01+00:00"
        self._touched = mid
        return message

    def _callback(self, token: str, payload: dict[str, Any], files: dict[str, bytes]) -> tuple[int, Any]:
        kind = payload["type"]
        data = payload.get("data") or {}
        channel = int(self._channel_of(token))
        if kind == 4:
            self.originals[token] = int(self._message(channel, data, files)["id"])
        elif kind == 5:
            self.originals[token] = int(self._message(channel, data, {}, flags=LOADING)["id"])
        elif kind in (6, 7):
            self.originals[token] = self.pressed[token]
            self._touched = self.pressed[token]
            if kind == 7:
                self._edit(self.pressed[token], data, files)
        answer: dict[str, Any] = {"interaction": {"id": token.removeprefix("token-"), "type": kind}}
        if kind in (4, 5, 7):  # with_response: the message the response made or changed, as Discord answers
            message = self.messages.get(self.originals[token])
            answer["interaction"].update(response_message_id=str(self.originals[token]),
                                         response_message_loading=kind == 5,
                                         response_message_ephemeral=bool(int(data.get("flags") or 0) & EPHEMERAL))
            if message is not None:
                answer["resource"] = {"type": kind, "message": message}
        return 200, answer

    def _webhook(self, method: str, token: str, which: str | None, data: Any, call: Call) -> tuple[int, Any]:
        if which is None and method == "POST":
            original = self.originals.get(token)
            if original is not None and int(self.messages.get(original, {}).get("flags") or 0) & LOADING:
                message = self._edit(original, data, call.files)   # the first follow-up fills "thinking…"
            else:
                message = self._message(int(self._channel_of(token)), data, call.files)
            return (200, message) if call.query.get("wait") in ("1", "true", "True") else (204, None)
        mid = self.originals[token] if which == "@original" else int(str(which))
        if method == "PATCH":
            return 200, self._edit(mid, data, call.files)
        if method == "DELETE":
            self.messages.pop(mid, None)
            return 204, None
        return 200, self.messages[mid]

    def _channel_of(self, token: str) -> str:
        return self.channels.get(token, "1")

    # --- waiting for the bot -------------------------------------------------------------------------

    async def until(self, predicate: Callable[[], Any], timeout: float = 10) -> Any:
        """Wait until `predicate()` is truthy (re-checked after every request); returns its value."""
        async def wait() -> Any:
            async with self._changed:
                while not (value := predicate()):
                    await self._changed.wait()
                return value

        return await asyncio.wait_for(wait(), timeout)

    def calls_for(self, token: str) -> list[Call]:
        return list(self.by_token.get(token, ()))


# --- players: interactions as Discord sends them ---------------------------------------------------------------


@dataclass(frozen=True)
class Person:
    """A Discord user who sends interactions; `locale` is their client's language."""

    id: int
    name: str
    locale: str = "en-US"
    permissions: str = "2248473465835073"  # without Manage Server; `ADMIN` has it

    @property
    def payload(self) -> dict[str, Any]:
        return user(self.id, self.name)

    @property
    def member(self) -> dict[str, Any]:
        return {"user": self.payload, "roles": [], "joined_at": "2024-01-01T00:00:00+00:00", "deaf": False,
                "mute": False, "flags": 0, "permissions": self.permissions, "nick": None}


@dataclass
class Exchange:
    """One interaction sent and what the bot answered to it."""

    fake: FakeDiscord
    token: str
    id: int

    @property
    def calls(self) -> list[Call]:
        return self.fake.calls_for(self.token)

    async def answered(self, n: int = 1, timeout: float = 10) -> list[Call]:
        """The first `n` requests the bot made for this interaction, once they are there."""
        return list(await self.fake.until(lambda: (c := self.calls)[n - 1:] and c, timeout))[:n]

    async def message(self, timeout: float = 10) -> Call:
        """The request that carries the answer's message (not a bare defer or a retiring edit)."""
        def found() -> Call | None:
            for c in self.calls:
                if c.kind == "callback" and c.callback_type in (4, 8):
                    return c
                if c.kind == "callback" and c.callback_type == 7 and c.data.get("content"):
                    return c
                if c.kind in ("followup", "edit") and "content" in c.data:
                    return c
            return None

        return await self.fake.until(found, timeout)

    async def board(self, timeout: float = 10) -> Call:
        """The request that carries a board picture."""
        return await self.fake.until(lambda: next((c for c in self.calls if c.png), None), timeout)


def _guild_base(kind: int, who: Person, channel: int, guild: int | None, token: str, iid: int) -> dict[str, Any]:
    base: dict[str, Any] = {
        "id": str(iid), "application_id": str(APP_ID), "type": kind, "token": token, "version": 1,
        "channel_id": str(channel), "locale": who.locale, "app_permissions": "2248473465835073",
        "entitlements": [], "authorizing_integration_owners": {"0": str(guild or 0)}, "context": 0 if guild else 1,
        "attachment_size_limit": 10 * 1024 * 1024}
    if guild:
        base.update(guild_id=str(guild), guild_locale="en-US", member=who.member,
                    channel={"id": str(channel), "type": 0, "guild_id": str(guild), "name": "tables",
                             "position": 0, "permission_overwrites": [], "nsfw": False, "parent_id": None})
    else:
        base.update(user=who.payload, channel={"id": str(channel), "type": 1, "recipients": [who.payload]})
    return base


def _options(fake: FakeDiscord, name: str, values: dict[str, Any], focused: str | None,
             ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    declared = {o["name"]: o["type"] for o in fake.commands.get(name, {}).get("options", [])}
    options: list[dict[str, Any]] = []
    resolved: dict[str, Any] = {}
    for key, value in values.items():
        kind = declared.get(key, 3)
        if isinstance(value, Person):
            resolved.setdefault("users", {})[str(value.id)] = value.payload
            resolved.setdefault("members", {})[str(value.id)] = {k: v for k, v in value.member.items()
                                                                 if k != "user"}
            value = str(value.id)
        option = {"name": key, "type": kind, "value": value}
        if key == focused:
            option["focused"] = True
        options.append(option)
    return options, resolved


async def send(fake: FakeDiscord, payload: dict[str, Any]) -> Exchange:
    fake.sent_at[payload["token"]] = time.perf_counter()
    fake.channels[payload["token"]] = payload["channel_id"]
    await fake.dispatch("INTERACTION_CREATE", payload)
    return Exchange(fake, payload["token"], int(payload["id"]))


async def slash(fake: FakeDiscord, who: Person, name: str, *, channel: int = 500, guild: int | None = GUILD_ID,
                **options: Any) -> Exchange:
    """`who` runs `/name` with `options` (a `Person` value is a user option)."""
    iid = fake.snowflake()
    payload = _guild_base(2, who, channel, guild, f"token-{iid}", iid)
    opts, resolved = _options(fake, name, options, None)
    payload["data"] = {"id": fake.commands.get(name, {}).get("id", str(iid)), "name": name, "type": 1,
                       "options": opts, **({"resolved": resolved} if resolved else {})}
    return await send(fake, payload)


async def autocomplete(fake: FakeDiscord, who: Person, name: str, focused: str, *, channel: int = 500,
                       guild: int | None = GUILD_ID, **options: Any) -> Exchange:
    """`who` is typing option `focused` of `/name`."""
    iid = fake.snowflake()
    payload = _guild_base(4, who, channel, guild, f"token-{iid}", iid)
    opts, _ = _options(fake, name, options, focused)
    payload["data"] = {"id": fake.commands.get(name, {}).get("id", str(iid)), "name": name, "type": 1,
                       "options": opts}
    return await send(fake, payload)


async def press(fake: FakeDiscord, who: Person, message_id: int, custom_id: str, *, guild: int | None = GUILD_ID,
                ) -> Exchange:
    """`who` presses the button `custom_id` on the bot's message `message_id`."""
    iid = fake.snowflake()
    message = fake.messages[message_id]
    payload = _guild_base(3, who, int(message["channel_id"]), guild, f"token-{iid}", iid)
    payload["message"] = message
    payload["data"] = {"custom_id": custom_id, "component_type": 2}
    fake.pressed[payload["token"]] = message_id
    return await send(fake, payload)
