"""The two sides of a tables game (R-BOARD-1)."""

from __future__ import annotations

import enum


class Side(enum.Enum):
    """A player's colour. White moves first in the start position's notation only."""

    WHITE = "white"
    BLACK = "black"

    @property
    def other(self) -> Side:
        """The opponent of this side."""
        return Side.BLACK if self is Side.WHITE else Side.WHITE

    @property
    def letter(self) -> str:
        """`w` or `b`, as in TPN's to-move field (§11)."""
        return self.value[0]

    @classmethod
    def parse(cls, text: str) -> Side:
        """Read `white`, `black`, `w` or `b` (any case).

        :raises ValueError: for anything else.
        """
        t = text.strip().lower()
        if t in ("w", "white"):
            return cls.WHITE
        if t in ("b", "black"):
            return cls.BLACK
        raise ValueError(f"not a side: {text!r} (use white or black)")
