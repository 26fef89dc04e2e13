"""Long polling that survives a malformed update.

python-telegram-bot parses a whole `getUpdates` batch at once: one update it cannot read makes the batch fail,
and the poller asks for the same batch again, forever. `TolerantRequest` reads each update of a batch first and
replaces one it cannot read by its bare `update_id`, so the offset moves past it; the dispatcher then ignores
the empty update and the log says what was dropped.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from telegram import Update
from telegram.request import HTTPXRequest, RequestData

log = logging.getLogger(__name__)


def readable(update: Any) -> bool:
    """Whether python-telegram-bot can read `update`."""
    try:
        Update.de_json(update, None)
    except Exception:
        return False
    return True


def mend(body: bytes) -> bytes:
    """A `getUpdates` answer with every unreadable update replaced by its bare id (dropped if it has none)."""
    try:
        answer = json.loads(body)
        updates = answer["result"]
        if not isinstance(updates, list):
            return body
    except (ValueError, KeyError, TypeError):
        return body
    kept: list[Any] = []
    mended = False
    for update in updates:
        if readable(update):
            kept.append(update)
            continue
        mended = True
        update_id = update.get("update_id") if isinstance(update, dict) else None
        log.warning("ignoring a malformed update: %.300r", update)
        if isinstance(update_id, int):
            kept.append({"update_id": update_id})
    if not mended:
        return body
    answer["result"] = kept
    return json.dumps(answer).encode()


class TolerantRequest(HTTPXRequest):
    """The `getUpdates` connection: an `HTTPXRequest` whose answers are mended (`mend`)."""

    async def do_request(self, url: str, method: str, request_data: RequestData | None = None,
                         *args: Any, **kwargs: Any) -> tuple[int, bytes]:
        code, body = await super().do_request(url, method, request_data, *args, **kwargs)
        if code == 200:
            body = mend(body)
        return code, body
