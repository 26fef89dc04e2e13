"""Versioned button actions: what a button carries, packed into at most 64 bytes.

A Telegram `callback_data` and a Discord `custom_id` both hold one packed action:

    t1:<verb>:<ref>:<version>:<arg>

- `verb`: one letter (`Verb`).
- `ref`: the game, challenge or (a rematch) match id.
- `version`: the game's version when the button was drawn (0 for challenges). A press on any other version is
  refused as out of date, so a keyboard from two turns ago can never apply today's play.
- `arg`: the verb's argument; for the builder, the single moves picked so far (`bot.builder.pack_moves`).

Unpacking never raises anything but `ActionError`; garbage, over-long or foreign data is refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

PREFIX = "t1"
MAX_BYTES = 64
_REF = re.compile(r"^[a-z2-7]{4,12}$")
_ARG = re.compile(r"^[0-9a-z.\-]{0,40}$")


class Verb(StrEnum):
    """What a press asks for."""

    ACCEPT = "a"      # accept a challenge
    DECLINE = "d"     # decline a challenge
    CANCEL = "x"      # withdraw a challenge
    OPEN = "o"        # open the move builder (from a board message)
    BUILD = "b"       # show the move builder at the moves picked in `arg`
    CONFIRM = "c"     # make the play built in `arg`
    BOARD = "v"       # show the game's board (from a notice)
    RESIGN = "q"      # confirm a resignation (`arg`: the resigning side, `w` or `b`), R-END-6
    ROLL = "r"        # roll instead of doubling (R-CUBE-2)
    DOUBLE = "u"      # double before the roll (R-CUBE-2)
    TAKE = "t"        # take the double offered (R-CUBE-3)
    DROP = "p"        # drop it (R-CUBE-3)
    JOIN = "j"        # join a tournament (`ref`: the tournament's id)
    REMATCH = "n"     # challenge the other player of a finished match (`ref`) to the same again
    PAGE = "g"        # a link to tournament `ref`'s board page signed for the presser (the adapter answers it)


class ActionError(ValueError):
    """Button data that is not a valid action."""


@dataclass(frozen=True, slots=True)
class Action:
    """One button's meaning."""

    verb: Verb
    ref: str
    version: int = 0
    arg: str = ""

    def pack(self) -> str:
        """The action as button data (≤ 64 bytes).

        :raises ActionError: the packed action would be too long or has characters it may not have (a
            programming error).
        """
        data = f"{PREFIX}:{self.verb.value}:{self.ref}:{self.version}:{self.arg}"
        if len(data.encode()) > MAX_BYTES or not _REF.match(self.ref) or not _ARG.match(self.arg):
            raise ActionError(f"cannot pack {self!r} into {MAX_BYTES} bytes of safe characters")
        return data

    @classmethod
    def unpack(cls, data: object) -> Action:
        """The action in button data.

        :raises ActionError: anything that `pack` could not have written.
        """
        if not isinstance(data, str) or len(data.encode("utf-8", "replace")) > MAX_BYTES:
            raise ActionError("not button data of ours")
        parts = data.split(":")
        if len(parts) != 5 or parts[0] != PREFIX:
            raise ActionError("not button data of ours")
        _, verb, ref, version, arg = parts
        try:
            v = Verb(verb)
        except ValueError:
            raise ActionError("unknown button verb") from None
        if not _REF.match(ref) or not version.isascii() or not version.isdigit() or len(version) > 9 \
                or not _ARG.match(arg):
            raise ActionError("malformed button data")
        return cls(v, ref, int(version), arg)
