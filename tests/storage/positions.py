"""TPN-shaped positions for the tests: a start position and a deterministic 'next position' for any play.

They only look like TPN (24 comma-separated points, the side to move, the extras); storage never reads them.
"""

from __future__ import annotations

import hashlib

START = "B15,,,,,,,,,,,,,,,,,,,,,,,W15 w 0/0/0 0/0/0"


def _cells(text: str) -> list[int]:
    return [0 if not cell else (int(cell[1:]) if cell[0] == "W" else -int(cell[1:])) for cell in text.split(",")]


def _text(counts: list[int]) -> str:
    return ",".join("" if c == 0 else (f"W{c}" if c > 0 else f"B{-c}") for c in counts)


def next_position(previous: str, play: str) -> str:
    """The position after `play` in `previous`, by a fixed pseudo-random rule."""
    cells, mover, white, black = previous.split(" ")
    counts = _cells(cells)
    digest = hashlib.sha256(f"{previous}|{play}".encode()).digest()
    sign = 1 if mover == "w" else -1
    for k in range(2):
        sources = [i for i, count in enumerate(counts) if count * sign > 0]
        source = sources[digest[k] % len(sources)]
        target = source
        for step in range(digest[k + 2] % 6 + 1, 30):
            target = (source - sign * step) % 24
            if counts[target] * sign >= 0:
                break
        counts[source] -= sign
        counts[target] += sign
    return f"{_text(counts)} {'b' if mover == 'w' else 'w'} {white} {black}"
