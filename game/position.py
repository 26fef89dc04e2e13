"""Positions: an immutable value that knows whose turn it is (R-BOARD-*), with TPN (RULES.md §11).

The variant travels with the position (it fixes the numbering of the second side), but never inside the TPN.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import board as B
from .errors import TPNError
from .sides import Side
from .variants import Variant


@dataclass(frozen=True, slots=True)
class PointView:
    """What stands on one point: the side on top and its count, and the side of a pinned checker beneath."""

    owner: Side | None
    count: int
    pinned: Side | None


@dataclass(frozen=True, slots=True)
class Position:
    """A position of a variant with the side to move.

    `cells` is the mover-relative layout of `board.py`; `protected` tells, for the mover and the opponent,
    whether that side's bar is protected (R-ENTER-4). Build positions with `start`, `from_tpn` or from a play;
    read them through the side-aware accessors below.
    """

    variant: Variant
    turn: Side
    cells: tuple[int, ...]
    protected: tuple[bool, bool] = (False, False)

    # --- construction -------------------------------------------------------------------------------------

    @classmethod
    def start(cls, variant: Variant) -> Position:
        """The start position with white to move (R-ENTER-1, R-ENTER-2)."""
        if variant.name == "tawula":
            return cls.from_tpn(",,,,,,,,,,,B2,,,,,,,,,,,,W2 w 13/0/0 13/0/0", variant)
        return cls.from_tpn("B15,,,,,,,,,,,,,,,,,,,,,,,W15 w 0/0/0 0/0/0", variant)

    @classmethod
    def from_tpn(cls, text: str, variant: Variant) -> Position:
        """Read a TPN line (§11) for `variant`.

        :raises TPNError: malformed, wrong checker counts, or impossible for the variant.
        """
        return _parse_tpn(text, variant)

    def with_turn(self, side: Side) -> Position:
        """The same checkers with `side` to move."""
        if side is self.turn:
            return self
        return Position(self.variant, side, B.flip(self.cells, self.variant.contrary),
                        (self.protected[1], self.protected[0]))

    # --- reading ------------------------------------------------------------------------------------------

    def _cells_for(self, side: Side) -> tuple[int, ...]:
        return self.cells if side is self.turn else B.flip(self.cells, self.variant.contrary)

    def to_point(self, p: int, frm: Side, to: Side) -> int:
        """Point `p` in `frm`'s numbering, renumbered for `to` (R-BOARD-2/3)."""
        if frm is to:
            return p
        return B.contrary_map(p) if self.variant.contrary else B.same_map(p)

    def point(self, side: Side, p: int) -> PointView:
        """Point `p` (1..24) in `side`'s numbering."""
        code = self._cells_for(side)[p]
        return _view(code, side)

    def points(self, side: Side) -> list[PointView]:
        """Points 1..24 in `side`'s numbering, as a list indexed 0..23."""
        cells = self._cells_for(side)
        return [_view(cells[p], side) for p in range(1, 25)]

    def checkers_on(self, side: Side, p: int) -> int:
        """How many of `side`'s checkers (pinned included) stand on `side`'s point p."""
        return B.mine(self._cells_for(side)[p])

    def waiting(self, side: Side) -> int:
        return self.cells[B.WAIT if side is self.turn else B.OWAIT]

    def bar(self, side: Side) -> int:
        return self.cells[B.BAR if side is self.turn else B.OBAR]

    def borne_off(self, side: Side) -> int:
        return self.cells[B.OFF if side is self.turn else B.OOFF]

    def bar_protected(self, side: Side) -> bool:
        return self.protected[0 if side is self.turn else 1]

    def pips(self, side: Side) -> int:
        """Pip count: the points still to travel; waiting and bar checkers count 25 (R-ENTER-2)."""
        cells = self._cells_for(side)
        total = sum(p * B.mine(cells[p]) for p in range(1, 25))
        return total + 25 * (cells[B.BAR] + cells[B.WAIT])

    def pinned_on(self, side: Side) -> list[int]:
        """`side`'s points (its numbering) where one of its checkers is pinned."""
        cells = self._cells_for(side)
        return [p for p in range(1, 25) if cells[p] < -B.PIN]

    # --- writing ------------------------------------------------------------------------------------------

    def to_tpn(self) -> str:
        """The TPN line (§11): points in white's numbering, the side to move, then white's and black's extras."""
        white = self._cells_for(Side.WHITE)
        fields = []
        for p in range(1, 25):
            code = white[p]
            if code == 0:
                fields.append("")
            elif code > B.PIN:
                fields.append(f"bW{code - B.PIN}")
            elif code > 0:
                fields.append(f"W{code}")
            elif code < -B.PIN:
                fields.append(f"wB{-code - B.PIN}")
            else:
                fields.append(f"B{-code}")
        wp = self.bar_protected(Side.WHITE)
        bp = self.bar_protected(Side.BLACK)
        we = f"{white[B.WAIT]}/{white[B.BAR]}{'!' if wp else ''}/{white[B.OFF]}"
        be = f"{white[B.OWAIT]}/{white[B.OBAR]}{'!' if bp else ''}/{white[B.OOFF]}"
        return f"{','.join(fields)} {self.turn.letter} {we} {be}"

    def __str__(self) -> str:
        return self.to_tpn()


def _view(code: int, side: Side) -> PointView:
    if code == 0:
        return PointView(None, 0, None)
    if code > B.PIN:
        return PointView(side, code - B.PIN, side.other)
    if code > 0:
        return PointView(side, code, None)
    if code < -B.PIN:
        return PointView(side.other, -code - B.PIN, side)
    return PointView(side.other, -code, None)


def _parse_extra(text: str, who: str) -> tuple[int, int, int, bool]:
    parts = text.split("/")
    if len(parts) != 3:
        raise TPNError(f"{who}'s extras must be waiting/bar/off like 0/0/0, not {text!r}")
    protected = parts[1].endswith("!")
    if protected:
        parts[1] = parts[1][:-1]
    try:
        values = [int(x) for x in parts]
    except ValueError:
        raise TPNError(f"{who}'s extras must be three whole numbers waiting/bar/off, not {text!r}") from None
    if any(v < 0 or not parts[i].isdigit() for i, v in enumerate(values)):
        raise TPNError(f"{who}'s extras must be non-negative numbers, not {text!r}")
    return values[0], values[1], values[2], protected


def _parse_tpn(text: str, variant: Variant) -> Position:
    if not isinstance(text, str):
        raise TPNError("a TPN must be a string")
    fields = text.split(" ")
    if len(fields) != 4:
        raise TPNError(f"a TPN has 4 fields separated by single spaces (points, to-move, white's and black's "
                       f"extras), found {len(fields)}")
    pts, mover, wx, bx = fields
    cells = pts.split(",")
    if len(cells) != 24:
        raise TPNError(f"the points field must have 24 comma-separated entries, found {len(cells)}")
    if mover not in ("w", "b"):
        raise TPNError(f"the side to move must be w or b, not {mover!r}")
    white = [0] * B.SIZE
    for i, f in enumerate(cells, start=1):
        if f == "":
            continue
        pinned = ""
        body = f
        if body[:1] in ("w", "b"):
            pinned, body = body[0], body[1:]
        if len(body) < 2 or body[0] not in ("W", "B") or not body[1:].isdigit():
            raise TPNError(f"point {i}: {f!r} is not a point entry like W3, B2 or bW2")
        n = int(body[1:])
        top = body[0]
        if n < 1:
            raise TPNError(f"point {i}: a point entry needs at least one checker, got {f!r}")
        if pinned:
            if not variant.pinning:
                raise TPNError(f"point {i}: {variant.name} has no pinning, so {f!r} is impossible")
            if pinned == top.lower():
                raise TPNError(f"point {i}: a checker cannot be pinned by its own side ({f!r})")
            white[i] = (B.PIN + n) if top == "W" else -(B.PIN + n)
        else:
            white[i] = n if top == "W" else -n
    ww, wb, wo, wprot = _parse_extra(wx, "white")
    bw, bb, bo, bprot = _parse_extra(bx, "black")
    white[B.WAIT], white[B.BAR], white[B.OFF] = ww, wb, wo
    white[B.OWAIT], white[B.OBAR], white[B.OOFF] = bw, bb, bo
    wt = sum(B.mine(white[p]) for p in range(1, 25)) + ww + wb + wo
    bt = sum(B.theirs(white[p]) for p in range(1, 25)) + bw + bb + bo
    if wt != 15 or bt != 15:
        raise TPNError(f"each side must have 15 checkers (R-BOARD-4): white has {wt}, black has {bt}")
    if variant.pinning and (ww or wb or bw or bb):
        raise TPNError(f"{variant.name} has no waiting or bar checkers (R-MOVE-2, R-ENTER-1)")
    if (wprot and not wb) or (bprot and not bb):
        raise TPNError("only a bar that holds checkers can be protected (R-ENTER-4)")
    if not variant.pinning:
        # R-MOVE-5: at most one checker on each of a side's points 13-24 except its 24-point.
        for p in range(13, 24):
            if B.mine(white[p]) > 1:
                raise TPNError(f"white has {B.mine(white[p])} checkers on its point {p}: at most one is "
                               f"allowed on points 13-23 in tawula (R-MOVE-5)")
        black = B.flip(white, False)
        for p in range(13, 24):
            if B.mine(black[p]) > 1:
                raise TPNError(f"black has {B.mine(black[p])} checkers on its point {p}: at most one is "
                               f"allowed on points 13-23 in tawula (R-MOVE-5)")
    turn = Side.WHITE if mover == "w" else Side.BLACK
    base = Position(variant, Side.WHITE, tuple(white), (wprot, bprot))
    return base.with_turn(turn)
