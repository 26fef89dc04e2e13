"""Who is asking, where, in which language; and the refusal a command raises to say no."""

from __future__ import annotations

from dataclasses import dataclass

from storage import PlayerRecord

from .i18n import reason, tr, trn
from .replies import Chat, Identity


class Refusal(Exception):
    """A command that changes nothing: `message` (an English msgid) says why, with `values` filled in."""

    def __init__(self, message: str, **values: object) -> None:
        super().__init__(message)
        self.message = message
        self.values = values


@dataclass(frozen=True, slots=True)
class Ctx:
    """One call's caller, chat, player record and reply language; `repeat` when its command id was seen before
    (a redelivered update); `admin` as the adapter told (`Caller.admin`)."""

    who: Identity
    chat: Chat
    player: PlayerRecord
    lang: str
    command_id: str | None = None
    repeat: bool = False
    admin: bool | None = None

    def t(self, message: str, /, **values: object) -> str:
        return tr(self.lang, message, **values)

    def tn(self, singular: str, plural: str, n: int, /, **values: object) -> str:
        return trn(self.lang, singular, plural, n, **values)

    def reason(self, code: str) -> str:
        return reason(self.lang, code)
