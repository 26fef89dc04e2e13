"""A local Bot API server for tests: what Telegram would answer, recorded for the test to read.

It serves `<root>/bot<token>/<method>` like the official server (form, url-encoded or multipart requests;
JSON answers), assigns increasing message ids per chat, keeps every message it was asked to send or edit,
and checks the limits the real server checks (callback data ≤ 64 bytes, caption ≤ 1024 and text ≤ 4096
characters after entity parsing, toast text ≤ 200, "message is not modified", a bot may not write first to a
user who has not started it). A test pushes updates (`push`, `message`, `tap`, `inline_query`) and waits for
what the bot sends (`wait_for`). `fail(method, times, retry_after)` makes the next calls of a method answer 429;
with `edit_limit` set (a test of edits' pace), edits in a group flood it as Telegram's do: more than `edit_limit`
edits in a group within `edit_window` seconds (Telegram: about 20 a minute) answer 429 with the seconds to wait.
A group's `admins` are (chat, user) pairs (`getChatMember`); the bot may pin in private chats and in the groups of
`may_pin` (`pinChatMessage`, else "not enough rights").

With `webhook_delivery=True` it delivers as Telegram does once a webhook is set: each update is POSTed to the
webhook's URL with its `secret_token` in `X-Telegram-Bot-Api-Secret-Token`, and posted again (after a short
pause) until an answer is 200, as Telegram retries a failed delivery; `served` is the time of the first post.

It is also the benchmark's Bot API: `served` and `calls` carry monotonic times.
"""

from __future__ import annotations

import asyncio
import html.parser
import itertools
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import aiohttp
from aiohttp import web

TOKEN = "123456:TEST-token"
FILENAMES = "_filenames"  # not a Bot API parameter: the uploaded files' names, by field
DOCUMENT_LIMIT = 50 * 1024 * 1024  # a bot may send files up to 50 MB
BOT = {"id": 123456, "is_bot": True, "first_name": "Tabla", "username": "tabla_test_bot",
       "can_join_groups": True, "can_read_all_group_messages": False, "supports_inline_queries": True}
_JSON_FIELDS = {"reply_markup", "results", "commands", "media", "caption_entities", "entities", "allowed_updates",
                "scope", "button", "link_preview_options", "reply_parameters"}
_INT_FIELDS = {"chat_id", "message_id", "offset", "limit", "timeout", "user_id", "cache_time", "max_connections",
               "reply_to_message_id"}


@dataclass
class Call:
    """One request the bot made: the method, its parameters, the uploaded files, and when it arrived."""

    method: str
    params: dict[str, Any]
    files: dict[str, bytes]
    at: float
    status: int = 200
    result: Any = None

    @property
    def chat_id(self) -> int | None:
        value = self.params.get("chat_id")
        return value if isinstance(value, int) else None


@dataclass
class Sent:
    """A message as it stands in a chat after the bot's sends and edits."""

    chat_id: int
    message_id: int
    kind: str                       # "text", "photo", "animation", "document"
    text: str = ""                  # the text or the caption (entities parsed: what a person sees)
    markup: dict[str, Any] | None = None
    data: bytes = b""               # the photo, animation or document
    html: str = ""                  # the text as sent
    edits: int = 0
    filename: str = ""              # a document's file name

    def buttons(self) -> list[list[dict[str, Any]]]:
        return [list(row) for row in (self.markup or {}).get("inline_keyboard", [])]

    def callback_data(self) -> list[str]:
        return [b["callback_data"] for row in self.buttons() for b in row if "callback_data" in b]


class _Plain(html.parser.HTMLParser):
    """The visible text of a message sent with parse_mode HTML."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def visible(text: str, parse_mode: str | None) -> str:
    if parse_mode != "HTML":
        return text
    parser = _Plain()
    parser.feed(text)
    parser.close()
    return "".join(parser.parts)


class ApiError(Exception):
    def __init__(self, code: int, description: str, **parameters: Any) -> None:
        super().__init__(description)
        self.code = code
        self.description = description
        self.parameters = parameters


def user(uid: int, first_name: str, username: str | None = None, language: str | None = "en") -> dict[str, Any]:
    data: dict[str, Any] = {"id": uid, "is_bot": False, "first_name": first_name}
    if username:
        data["username"] = username
    if language:
        data["language_code"] = language
    return data


def group(chat_id: int, title: str = "Tavli club") -> dict[str, Any]:
    return {"id": chat_id, "type": "supergroup", "title": title}


def private(u: dict[str, Any]) -> dict[str, Any]:
    return {"id": u["id"], "type": "private", "first_name": u["first_name"]}


class FakeBotAPI:
    """The fake server; `root` is what the bot's TELEGRAM_API_URL should be."""

    def __init__(self, token: str = TOKEN, *, webhook_delivery: bool = False) -> None:
        self.token = token
        self.webhook_delivery = webhook_delivery
        self.redelivered = 0  # webhook posts that had to be made again
        self._session: aiohttp.ClientSession | None = None
        self._posting: set[asyncio.Task[None]] = set()
        self.root = ""
        self.calls: list[Call] = []
        self.messages: dict[tuple[int, int], Sent] = {}
        self.inline_messages: dict[str, Sent] = {}
        self.served: dict[int, float] = {}
        self.started: set[int] = set()
        self.migrated: dict[int, int] = {}  # a group upgraded to a supergroup: old chat id → new one
        self.webhook: dict[str, Any] = {}
        self._updates: list[dict[str, Any]] = []
        self._update_ids = itertools.count(1)
        self._query_ids = itertools.count(1)
        self._message_ids: dict[int, itertools.count[int]] = {}
        self._failures: dict[str, list[int]] = {}
        self._changed = asyncio.Condition()
        self._runner: web.AppRunner | None = None
        self._listeners: list[Callable[[Call], None]] = []
        self._closing = False
        self.admins: set[tuple[int, int]] = set()
        self.may_pin: set[int] = set()
        self.pinned: dict[int, list[int]] = {}  # a chat's pinned messages, the latest last
        self.edit_limit: int | None = None
        self.edit_window = 60.0
        self._edits: dict[int, list[float]] = {}

    # --- the server ---------------------------------------------------------------------------------------

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> str:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/bot{token}/{method}", self._serve)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        sockets = site._server.sockets if site._server is not None else []  # type: ignore[union-attr]
        self.root = f"http://{host}:{sockets[0].getsockname()[1]}"
        return self.root

    async def stop(self) -> None:
        self._closing = True
        await self._notify()
        for task in list(self._posting):
            task.cancel()
        await asyncio.gather(*self._posting, return_exceptions=True)
        if self._session is not None:
            await self._session.close()
            self._session = None
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _serve(self, request: web.Request) -> web.Response:
        method = request.match_info["method"]
        if request.match_info["token"] != self.token:
            return web.json_response({"ok": False, "error_code": 401, "description": "Unauthorized"}, status=401)
        params, files = await _read(request)
        call = Call(method, params, files, time.monotonic())
        try:
            failures = self._failures.get(method)
            if failures:
                retry_after = failures.pop(0)
                raise ApiError(429, f"Too Many Requests: retry after {retry_after}", retry_after=retry_after)
            self._flood(method, params)
            handler = getattr(self, "_" + _snake(method), None)
            if handler is None:
                raise ApiError(404, "Not Found: method not found")
            result = handler(params, files)
            if asyncio.iscoroutine(result):
                result = await result
            call.result = result
            body: dict[str, Any] = {"ok": True, "result": result}
        except ApiError as exc:
            call.status = exc.code
            body = {"ok": False, "error_code": exc.code, "description": exc.description}
            if exc.parameters:
                body["parameters"] = exc.parameters
        if method != "getUpdates":
            self.calls.append(call)
            for listener in self._listeners:
                listener(call)
            async with self._changed:
                self._changed.notify_all()
        return web.json_response(body, status=call.status)

    def _flood(self, method: str, params: dict[str, Any]) -> None:
        """Telegram's group limit (about 20 messages a minute), as it answers edits that go over it."""
        chat_id = params.get("chat_id")
        if self.edit_limit is None or not method.startswith("edit") or not isinstance(chat_id, int) or chat_id >= 0:
            return
        now = time.monotonic()
        recent = [t for t in self._edits.get(chat_id, []) if now - t < self.edit_window]
        if len(recent) >= self.edit_limit:
            self._edits[chat_id] = recent
            retry_after = max(1, int(self.edit_window - (now - recent[0]) + 0.999))
            raise ApiError(429, f"Too Many Requests: retry after {retry_after}", retry_after=retry_after)
        self._edits[chat_id] = [*recent, now]

    # --- what tests do ------------------------------------------------------------------------------------

    def push(self, update: dict[str, Any]) -> int:
        """Queue an update for getUpdates; returns its update_id."""
        update = {"update_id": next(self._update_ids), **update}
        if self.webhook_delivery:
            task = asyncio.get_running_loop().create_task(self._deliver(update))
            self._posting.add(task)
            task.add_done_callback(self._posting.discard)
        else:
            self._updates.append(update)
        msg = update.get("message")
        if isinstance(msg, dict) and isinstance(msg.get("chat"), dict) and msg["chat"].get("type") == "private" \
                and "from" in msg:
            self.started.add(msg["from"]["id"])
        asyncio.get_running_loop().create_task(self._notify())
        return int(update["update_id"])

    async def _deliver(self, update: dict[str, Any]) -> None:
        """Deliver `update` to the webhook, again and again until it is taken (a 200)."""
        if self._session is None:
            self._session = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=30))
        tries = 0
        while not self._closing:
            url, secret = self.webhook.get("url"), self.webhook.get("secret_token")
            if not url:
                await asyncio.sleep(0.05)
                continue
            self.served.setdefault(int(update["update_id"]), time.monotonic())
            headers = {"X-Telegram-Bot-Api-Secret-Token": str(secret)} if secret else {}
            try:
                async with self._session.post(str(url), json=update, headers=headers) as answer:
                    if answer.status == 200:
                        return
            except (aiohttp.ClientError, TimeoutError):
                pass
            tries += 1
            self.redelivered += 1
            await asyncio.sleep(min(0.1 * tries, 1.0))

    @property
    def posting(self) -> int:
        """How many updates are still being delivered to the webhook (not yet taken with a 200)."""
        return len(self._posting)

    async def _notify(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    def message(self, chat: dict[str, Any], sender: dict[str, Any], text: str, **extra: Any) -> int:
        """Push a text message (commands get their bot_command entity); returns the update id."""
        msg_id = self.next_message_id(chat["id"])
        msg: dict[str, Any] = {"message_id": msg_id, "date": int(time.time()), "chat": chat, "from": sender,
                               "text": text}
        if text.startswith("/"):
            word = text.split(maxsplit=1)[0]
            msg["entities"] = [{"type": "bot_command", "offset": 0, "length": len(word)}]
        msg.update(extra)
        return self.push({"message": msg})

    def tap(self, sender: dict[str, Any], sent: Sent, data: str) -> str:
        """Push a callback query: `sender` pressed the button with `data` under the message `sent`; returns the
        query's id."""
        query_id = f"cq{next(self._query_ids)}"
        self.push({"callback_query": {"id": query_id, "from": sender, "chat_instance": f"ci{sent.chat_id}",
                                      "data": data, "message": self.as_message(sent)}})
        return query_id

    def as_message(self, sent: Sent) -> dict[str, Any]:
        chat = {"id": sent.chat_id, "type": "private" if sent.chat_id > 0 else "supergroup", "title": "Tavli club"}
        if sent.chat_id > 0:
            chat = {"id": sent.chat_id, "type": "private", "first_name": "someone"}
        msg: dict[str, Any] = {"message_id": sent.message_id, "date": int(time.time()), "chat": chat, "from": BOT}
        if sent.kind == "text":
            msg["text"] = sent.text
        else:
            msg["caption"] = sent.text
            if sent.kind == "photo":
                msg["photo"] = [_photo_size(sent.message_id)]
            elif sent.kind == "document":
                msg["document"] = {"file_id": f"doc{sent.message_id}", "file_unique_id": f"ud{sent.message_id}",
                                   "file_name": sent.filename, "mime_type": "text/plain", "file_size": len(sent.data)}
            else:
                msg["animation"] = _animation(sent.message_id)
        if sent.markup:
            msg["reply_markup"] = sent.markup
        return msg

    def fail(self, method: str, times: int = 1, retry_after: int = 1) -> None:
        """The next `times` calls of `method` answer 429 with `retry_after`."""
        self._failures.setdefault(method, []).extend([retry_after] * times)

    def next_message_id(self, chat_id: int) -> int:
        for old, new in self.migrated.items():
            if new == chat_id:
                chat_id = old  # a supergroup numbers its messages on from the group's
        return next(self._message_ids.setdefault(chat_id, itertools.count(1)))

    def listen(self, listener: Callable[[Call], None]) -> None:
        """Call `listener` with every call the bot makes (but getUpdates), as it arrives."""
        self._listeners.append(listener)

    def unlisten(self, listener: Callable[[Call], None]) -> None:
        self._listeners.remove(listener)

    async def wait_for(self, check: Callable[[Call], bool], *, after: int = 0, timeout: float = 15.0) -> Call:
        """The first call from index `after` on for which `check` is true (waiting up to `timeout` s)."""
        async def find() -> Call:
            async with self._changed:
                while True:
                    for call in self.calls[after:]:
                        if check(call):
                            return call
                    await self._changed.wait()
        return await asyncio.wait_for(find(), timeout)

    async def wait_sent(self, method: str, *, chat_id: int | None = None, after: int = 0,
                        timeout: float = 15.0) -> Call:
        return await self.wait_for(lambda c: c.method == method and c.status == 200
                                   and (chat_id is None or c.chat_id == chat_id), after=after, timeout=timeout)

    async def drained(self, timeout: float = 15.0) -> None:
        """Wait until every pushed update has been fetched."""
        deadline = time.monotonic() + timeout
        while self._updates and time.monotonic() < deadline:
            await asyncio.sleep(0.01)

    def last(self, chat_id: int, kind: str | None = None) -> Sent:
        found = [s for (c, _), s in self.messages.items() if c == chat_id and (kind is None or s.kind == kind)]
        if not found:
            raise LookupError(f"nothing of kind {kind} in chat {chat_id}")
        return max(found, key=lambda s: s.message_id)

    def count(self, method: str) -> int:
        return sum(1 for c in self.calls if c.method == method and c.status == 200)

    # --- Bot API methods ----------------------------------------------------------------------------------

    def _get_me(self, params: dict[str, Any], files: dict[str, bytes]) -> dict[str, Any]:
        return BOT

    async def _get_updates(self, params: dict[str, Any], files: dict[str, bytes]) -> list[dict[str, Any]]:
        offset = int(params.get("offset") or 0)
        timeout = float(params.get("timeout") or 0)
        limit = int(params.get("limit") or 100)
        if offset:
            self._updates = [u for u in self._updates if u["update_id"] >= offset]
        deadline = time.monotonic() + timeout
        async with self._changed:
            while not self._updates and time.monotonic() < deadline and not self._closing:
                try:
                    await asyncio.wait_for(self._changed.wait(), deadline - time.monotonic())
                except TimeoutError:
                    break
        batch = self._updates[:limit]
        now = time.monotonic()
        for u in batch:
            self.served.setdefault(u["update_id"], now)
        return batch

    def _delete_webhook(self, params: dict[str, Any], files: dict[str, bytes]) -> bool:
        self.webhook = {}
        return True

    def _set_webhook(self, params: dict[str, Any], files: dict[str, bytes]) -> bool:
        self.webhook = dict(params)
        return True

    def _get_webhook_info(self, params: dict[str, Any], files: dict[str, bytes]) -> dict[str, Any]:
        return {"url": self.webhook.get("url", ""), "has_custom_certificate": False, "pending_update_count": 0}

    def _set_my_commands(self, params: dict[str, Any], files: dict[str, bytes]) -> bool:
        for command in params.get("commands", []):
            if not 1 <= len(command["command"]) <= 32 or not 1 <= len(command["description"]) <= 256:
                raise ApiError(400, "Bad Request: command or description of a wrong length")
        return True

    def _get_chat(self, params: dict[str, Any], files: dict[str, bytes]) -> dict[str, Any]:
        chat_id = params["chat_id"]
        if chat_id > 0:
            return {"id": chat_id, "type": "private", "first_name": "someone"}
        return {"id": chat_id, "type": "supergroup", "title": "Tavli club"}

    def _get_chat_member(self, params: dict[str, Any], files: dict[str, bytes]) -> dict[str, Any]:
        chat_id, user_id = params["chat_id"], params["user_id"]
        member = user(user_id, f"user{user_id}")
        if chat_id > 0:
            return {"status": "member" if chat_id != user_id else "creator", "user": member, "is_anonymous": False}
        if (chat_id, user_id) not in self.admins:
            return {"status": "member", "user": member}
        rights = ("can_be_edited", "is_anonymous", "can_manage_chat", "can_delete_messages", "can_manage_video_chats",
                  "can_restrict_members", "can_promote_members", "can_change_info", "can_invite_users",
                  "can_post_stories", "can_edit_stories", "can_delete_stories", "can_pin_messages")
        return {"status": "administrator", "user": member, **dict.fromkeys(rights, False), "can_manage_chat": True}

    def _pin_chat_message(self, params: dict[str, Any], files: dict[str, bytes]) -> bool:
        chat_id = params["chat_id"]
        if chat_id < 0 and chat_id not in self.may_pin:
            raise ApiError(400, "Bad Request: not enough rights to manage pinned messages in the chat")
        if (chat_id, params.get("message_id")) not in self.messages:
            raise ApiError(400, "Bad Request: message to pin not found")
        self.pinned.setdefault(chat_id, []).append(params["message_id"])
        return True

    def _unpin_chat_message(self, params: dict[str, Any], files: dict[str, bytes]) -> bool:
        chat_id = params["chat_id"]
        if chat_id < 0 and chat_id not in self.may_pin:
            raise ApiError(400, "Bad Request: not enough rights to manage pinned messages in the chat")
        pinned = self.pinned.get(chat_id, [])
        if "message_id" not in params:  # the latest
            del pinned[-1:]
        elif params["message_id"] in pinned:
            pinned.remove(params["message_id"])
        return True

    def _send_chat_action(self, params: dict[str, Any], files: dict[str, bytes]) -> bool:
        return True

    def _send_message(self, params: dict[str, Any], files: dict[str, bytes]) -> dict[str, Any]:
        text = visible(params.get("text", ""), params.get("parse_mode"))
        if not text.strip():
            raise ApiError(400, "Bad Request: message text is empty")
        if len(text) > 4096:
            raise ApiError(400, "Bad Request: message is too long")
        return self._post("text", params, text, b"")

    def _send_photo(self, params: dict[str, Any], files: dict[str, bytes]) -> dict[str, Any]:
        return self._post("photo", params, self._caption(params), self._file(params, files, "photo"))

    def _send_animation(self, params: dict[str, Any], files: dict[str, bytes]) -> dict[str, Any]:
        return self._post("animation", params, self._caption(params), self._file(params, files, "animation"))

    def _send_document(self, params: dict[str, Any], files: dict[str, bytes]) -> dict[str, Any]:
        data = self._file(params, files, "document")
        if len(data) > DOCUMENT_LIMIT:
            raise ApiError(413, "Request Entity Too Large")
        ref = str(params.get("document", "document")).removeprefix("attach://")
        name = (params.get(FILENAMES) or {}).get("document") or (params.get(FILENAMES) or {}).get(ref) or ""
        if not name or len(name.encode()) > 255 or "/" in name:
            raise ApiError(400, "Bad Request: wrong file name")
        result = self._post("document", params, self._caption(params), data)
        self.messages[(result["chat"]["id"], result["message_id"])].filename = name
        result["document"]["file_name"] = name
        return result

    def _edit_message_reply_markup(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        sent = self._find(params)
        markup = _markup(params)
        if markup == sent.markup:
            raise ApiError(400, "Bad Request: message is not modified: specified new message content and reply "
                                "markup are exactly the same as a current content and reply markup of the message")
        sent.markup = markup
        return self._edited(sent)

    def _edit_message_caption(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        sent = self._find(params)
        if sent.kind == "text":
            raise ApiError(400, "Bad Request: there is no caption in the message to edit")
        return self._edit(sent, self._caption(params), params)

    def _edit_message_text(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        sent = self._find(params)
        if sent.kind != "text":
            raise ApiError(400, "Bad Request: there is no text in the message to edit")
        text = visible(params.get("text", ""), params.get("parse_mode"))
        if not text.strip() or len(text) > 4096:
            raise ApiError(400, "Bad Request: message text is empty or too long")
        return self._edit(sent, text, params)

    def _edit_message_media(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        sent = self._find(params)
        media = params.get("media") or {}
        ref = str(media.get("media", ""))
        data = files.get(ref.removeprefix("attach://"), b"")
        if not data:
            raise ApiError(400, "Bad Request: there is no media to upload")
        caption = visible(media.get("caption", ""), media.get("parse_mode"))
        if len(caption) > 1024:
            raise ApiError(400, "Bad Request: message caption is too long")
        sent.kind = "photo" if media.get("type") == "photo" else "animation"
        sent.data = data
        sent.text = caption
        sent.markup = _markup(params)
        return self._edited(sent)

    def _answer_callback_query(self, params: dict[str, Any], files: dict[str, bytes]) -> bool:
        if len(params.get("text", "")) > 200:
            raise ApiError(400, "Bad Request: MESSAGE_TOO_LONG")
        return True

    def _answer_inline_query(self, params: dict[str, Any], files: dict[str, bytes]) -> bool:
        results = params.get("results", [])
        if len(results) > 50:
            raise ApiError(400, "Bad Request: RESULTS_TOO_MUCH")
        for result in results:
            for row in (result.get("reply_markup") or {}).get("inline_keyboard", []):
                for button in row:
                    if len(button.get("callback_data", "").encode()) > 64:
                        raise ApiError(400, "Bad Request: BUTTON_DATA_INVALID")
        return True

    # --- helpers ------------------------------------------------------------------------------------------

    def _caption(self, params: dict[str, Any]) -> str:
        caption = visible(params.get("caption", ""), params.get("parse_mode"))
        if len(caption) > 1024:
            raise ApiError(400, "Bad Request: message caption is too long")
        return caption

    def _file(self, params: dict[str, Any], files: dict[str, bytes], name: str) -> bytes:
        data = files.get(name)
        if data is None:
            ref = str(params.get(name, ""))
            data = files.get(ref.removeprefix("attach://"))
        if not data:
            raise ApiError(400, f"Bad Request: there is no {name} in the request")
        return data

    def _post(self, kind: str, params: dict[str, Any], text: str, data: bytes) -> dict[str, Any]:
        chat_id = params.get("chat_id")
        if not isinstance(chat_id, int):
            raise ApiError(400, "Bad Request: chat not found")
        if chat_id > 0 and chat_id not in self.started:
            raise ApiError(403, "Forbidden: bot can't initiate conversation with a user")
        if chat_id in self.migrated:
            raise ApiError(400, "Bad Request: group chat was upgraded to a supergroup chat",
                           migrate_to_chat_id=self.migrated[chat_id])
        markup = _markup(params)
        sent = Sent(chat_id, self.next_message_id(chat_id), kind, text, markup, data,
                    params.get("text", params.get("caption", "")))
        self.messages[(chat_id, sent.message_id)] = sent
        return self.as_message(sent)

    def _find(self, params: dict[str, Any]) -> Sent:
        chat_id = params.get("chat_id")
        if chat_id in self.migrated:  # as Telegram: the group's messages are the supergroup's now (N6)
            raise ApiError(400, "Bad Request: group chat was upgraded to a supergroup chat",
                           migrate_to_chat_id=self.migrated[chat_id])
        if "inline_message_id" in params:
            sent = self.inline_messages.get(str(params["inline_message_id"]))
        else:
            sent = self.messages.get((chat_id, params.get("message_id")))  # type: ignore[arg-type]
            for old, new in self.migrated.items():
                if sent is None and new == chat_id:  # a message of the group, kept in the supergroup
                    sent = self.messages.get((old, params.get("message_id")))  # type: ignore[arg-type]
        if sent is None:
            raise ApiError(400, "Bad Request: message to edit not found")
        return sent

    def _edit(self, sent: Sent, text: str, params: dict[str, Any]) -> Any:
        markup = _markup(params)
        if text == sent.text and markup == sent.markup:
            raise ApiError(400, "Bad Request: message is not modified: specified new message content and reply "
                                "markup are exactly the same as a current content and reply markup of the message")
        sent.text = text
        sent.html = params.get("text", params.get("caption", ""))
        sent.markup = markup
        return self._edited(sent)

    def _edited(self, sent: Sent) -> Any:
        sent.edits += 1
        if sent.message_id < 0:   # an inline message: the answer is True
            return True
        return self.as_message(sent)

    def add_inline_message(self, inline_message_id: str, text: str, markup: dict[str, Any] | None) -> Sent:
        """A message a user sent through the bot's inline mode (the bot edits it by `inline_message_id`)."""
        sent = Sent(0, -len(self.inline_messages) - 1, "text", text, markup)
        self.inline_messages[inline_message_id] = sent
        return sent


def _markup(params: dict[str, Any]) -> dict[str, Any] | None:
    markup = params.get("reply_markup")
    if not markup:
        return None
    rows = markup.get("inline_keyboard")
    if rows is None:
        return dict(markup)
    for row in rows:
        for button in row:
            data = button.get("callback_data")
            if data is not None and not 1 <= len(data.encode()) <= 64:
                raise ApiError(400, "Bad Request: BUTTON_DATA_INVALID")
    if not rows:
        return None
    return dict(markup)


def _photo_size(n: int) -> dict[str, Any]:
    return {"file_id": f"photo{n}", "file_unique_id": f"u{n}", "width": 800, "height": 600}


def _animation(n: int) -> dict[str, Any]:
    return {"file_id": f"anim{n}", "file_unique_id": f"ua{n}", "width": 800, "height": 600, "duration": 1}


def _snake(name: str) -> str:
    return "".join("_" + ch.lower() if ch.isupper() else ch for ch in name)


async def _read(request: web.Request) -> tuple[dict[str, Any], dict[str, bytes]]:
    params: dict[str, Any] = {}
    files: dict[str, bytes] = {}
    if request.content_type == "application/json":
        raw = await request.json() if request.can_read_body else {}
        items = [(k, v if isinstance(v, str) else json.dumps(v)) for k, v in raw.items()]
    else:
        form = await request.post()
        items = []
        for key, value in form.items():
            if isinstance(value, web.FileField):
                files[key] = value.file.read()
                params.setdefault(FILENAMES, {})[key] = value.filename
            else:
                items.append((key, str(value)))
    for key, value in items:
        if key in _JSON_FIELDS:
            params[key] = json.loads(value)
        elif key in _INT_FIELDS and value.lstrip("-").isdigit():
            params[key] = int(value)
        else:
            params[key] = value
    return params, files


def keyboard_data(call: Call) -> list[str]:
    markup = call.params.get("reply_markup") or {}
    return [b["callback_data"] for row in markup.get("inline_keyboard", []) for b in row if "callback_data" in b]


def sent_of(fake: FakeBotAPI, call: Call) -> Sent:
    """The message a successful send call made."""
    result = call.result
    return fake.messages[(result["chat"]["id"], result["message_id"])]


@dataclass
class Player:
    """A test user: their Telegram user object."""

    uid: int
    name: str
    username: str | None = None
    language: str | None = "en"
    data: dict[str, Any] = field(init=False)

    def __post_init__(self) -> None:
        self.data = user(self.uid, self.name, self.username, self.language)
