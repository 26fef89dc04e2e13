"""Playing through the fake Bot API as Telegram users would: tap builder buttons, type moves, read boards."""

from __future__ import annotations

import random
import re
import struct
from dataclasses import dataclass, field

from bot.actions import Action, ActionError, Verb

from .fake_bot_api import Call, FakeBotAPI, Sent, sent_of

_MENTION = re.compile(r"tg://user\?id=(\d+)")
ANSWERS = ("sendPhoto", "sendMessage", "sendAnimation", "sendDocument", "editMessageCaption", "editMessageText",
           "editMessageMedia")


def png_size(data: bytes) -> tuple[int, int]:
    """The width and height of a PNG; raises AssertionError for anything else."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def actions(sent: Sent) -> list[tuple[str, Action]]:
    """The message's buttons as (label, action), skipping data that is not an action."""
    found = []
    for row in sent.buttons():
        for b in row:
            try:
                found.append((b["text"], Action.unpack(b["callback_data"])))
            except (ActionError, KeyError):
                continue
    return found


def mover(sent: Sent) -> int | None:
    """The Telegram id mentioned last in a board's caption: the player to move."""
    ids = _MENTION.findall(sent.html)
    return int(ids[-1]) if ids else None


@dataclass
class Outcome:
    """What the bot did with one update: the toast (None: no text) and the message it sent or edited."""

    toast: str | None
    call: Call | None
    calls: list[Call] = field(default_factory=list)


async def tap(fake: FakeBotAPI, who: dict[str, object], sent: Sent, data: str, timeout: float = 20.0) -> Outcome:
    """Tap `data` under `sent` as `who`; wait for the answer and, unless it is a toast, the message."""
    n = len(fake.calls)
    qid = fake.tap(who, sent, data)
    answer = await fake.wait_for(lambda c: c.method == "answerCallbackQuery"
                                 and c.params.get("callback_query_id") == qid, after=n, timeout=timeout)
    if answer.params.get("text"):
        return Outcome(answer.params["text"], None, fake.calls[n:])
    call = await fake.wait_for(lambda c: c.method in ANSWERS and c.chat_id in (sent.chat_id, None), after=n,
                               timeout=timeout)
    return Outcome(None, call, fake.calls[n:])


async def say(fake: FakeBotAPI, chat: dict[str, object], who: dict[str, object], text: str,
              timeout: float = 20.0, **extra: object) -> Call:
    """Send `text` in `chat` as `who`; the first message the bot sends back in that chat."""
    n = len(fake.calls)
    fake.message(chat, who, text, **extra)
    return await fake.wait_for(lambda c: c.method in ANSWERS and c.chat_id == chat["id"] and c.status == 200,
                               after=n, timeout=timeout)


async def build_and_play(fake: FakeBotAPI, who: dict[str, object], board: Sent, rng: random.Random) -> Outcome:
    """Follow the board's builder to a complete play and confirm it; the outcome of the confirming tap."""
    message = board
    for _ in range(40):
        buttons = actions(message)
        confirm = [a for _, a in buttons if a.verb is Verb.CONFIRM]
        moves = [a for label, a in buttons if a.verb is Verb.BUILD and "/" in label]
        choice = confirm[0] if confirm and (not moves or rng.random() < 0.7) else rng.choice(moves)
        outcome = await tap(fake, who, message, choice.pack())
        assert outcome.toast is None, outcome.toast
        assert outcome.call is not None
        if choice.verb is Verb.CONFIRM:
            return outcome
        assert outcome.call.method in ("editMessageCaption", "editMessageMedia"), outcome.call.method
        message = fake.messages[(board.chat_id, board.message_id)]
    raise AssertionError("the builder never offered a complete play")


def board_of(fake: FakeBotAPI, outcome_or_call: Outcome | Call) -> Sent | None:
    """The last board photo an answer produced (the confirming tap's answer may be followed by more)."""
    call = outcome_or_call.call if isinstance(outcome_or_call, Outcome) else outcome_or_call
    if call is None or call.method != "sendPhoto":
        return None
    return sent_of(fake, call)
