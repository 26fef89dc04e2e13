"""The compact encoding of move log entries.

An entry is `side|dice|seconds|play|` followed by the position after the move, where `seconds` counts from the
game's creation. The position is stored deflated with the previous position as the preset dictionary (`z`
marker), which brings a ~60-byte TPN down to ~15 bytes since a move changes only a few points; when that does
not pay, it is stored raw (`r` marker). Decoding therefore walks the log from the game's start position.
The log belongs to the game record and follows its schema version.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable

from .records import MoveLogEntry

_WBITS = -9  # raw deflate, 512-byte window: TPN strings are far shorter


def _check(text: str, what: str) -> None:
    if "|" in text or "\n" in text:
        raise ValueError(f"a log entry's {what} must not contain '|' or newlines: {text!r}")


def encode(entry: MoveLogEntry, previous_position: str, created_at: float) -> bytes:
    """Encode `entry`; `previous_position` is the position before the move (the dictionary)."""
    _check(entry.dice, "dice")
    _check(entry.play, "play")
    if entry.side not in (0, 1):
        raise ValueError(f"a log entry's side must be 0 or 1, not {entry.side!r}")
    seconds = round(entry.at - created_at)
    raw = entry.position.encode()
    packer = zlib.compressobj(9, zlib.DEFLATED, _WBITS, 1, zdict=previous_position.encode())
    packed = packer.compress(raw) + packer.flush()
    body = b"z" + packed if len(packed) < len(raw) else b"r" + raw
    return f"{entry.side}|{entry.dice}|{seconds}|{entry.play}|".encode() + body


def decode_all(raw_entries: Iterable[bytes], start_position: str, created_at: float) -> list[MoveLogEntry]:
    """Decode a whole log (or a prefix of it) from the game's start position."""
    entries = []
    previous = start_position
    for raw in raw_entries:
        side, dice, seconds, play, body = raw.split(b"|", 4)
        if body[:1] == b"z":
            unpacker = zlib.decompressobj(_WBITS, zdict=previous.encode())
            position = (unpacker.decompress(body[1:]) + unpacker.flush()).decode()
        else:
            position = body[1:].decode()
        entries.append(MoveLogEntry(int(side), dice.decode(), play.decode(), position, created_at + int(seconds)))
        previous = position
    return entries
