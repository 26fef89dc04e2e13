"""Positions: an immutable value that knows whose turn it is (R-BOARD-*), with TPN (RULES.md §11).

The variant travels with the position (it fixes the numbering of the second side), but never inside the TPN.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import board as B
from .cascade import Cascade
from .errors import TPNError
from .sides import Side
from .variants import Variant

START_TPN: dict[str, str] = {
    "plakoto": "B15,,,,,,,,,,,,,,,,,,,,,,,W15 w 0/0/0 0/0/0",
    "tapa": "B15,,,,,,,,,,,,,,,,,,,,,,,W15 w 0/0/0 0/0/0",
    "mahbusa": "B15,,,,,,,,,,,,,,,,,,,,,,,W15 w 0/0/0 0/0/0",
    "tawula": ",,,,,,,,,,,B2,,,,,,,,,,,,W2 w 13/0/0 13/0/0",
    "portes": "B2,,,,,W5,,W3,,,,B5,W5,,,,B3,,B5,,,,,W2 w 0/0/0 0/0/0",    # R-PORTES-1
    "tabla": "B2,,,,,W5,,W3,,,,B5,W5,,,,B3,,B5,,,,,W2 w 0/0/0 0/0/0",     # R-PORTES-5
    "fevga": ",,,,,,,,,,,B15,,,,,,,,,,,,W15 w 0/0/0 0/0/0",                # R-FEVGA-1
    "gulbara": ",,,,,,,,,,,B15,,,,,,,,,,,,W15 w 0/0/0 0/0/0 t0/0",         # R-GULBARA-1, R-GULBARA-6
}


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
    whether that side's bar is protected (R-ENTER-4); `cascade` is gulbara's turn counts and pending stage
    (R-GULBARA-6), None in every other variant. Build positions with `start`, `from_tpn` or from a play;
    read them through the side-aware accessors below.
    """

    variant: Variant
    turn: Side
    cells: tuple[int, ...]
    protected: tuple[bool, bool] = (False, False)
    cascade: Cascade | None = None

    # --- construction -------------------------------------------------------------------------------------

    @classmethod
    def start(cls, variant: Variant) -> Position:
        """The start position with white to move (R-ENTER-1, R-ENTER-2, R-PORTES-1, R-FEVGA-1, R-GULBARA-1)."""
        return cls.from_tpn(START_TPN[variant.name], variant)

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
                        (self.protected[1], self.protected[0]), self.cascade)

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
        text = f"{','.join(fields)} {self.turn.letter} {we} {be}"
        if self.cascade is not None:  # R-GULBARA-6: always written for gulbara
            text += " " + self.cascade.to_field()
        return text

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
    if len(fields) == 5 and all(fields) and not variant.cascading:
        raise TPNError("a fifth TPN field is gulbara's state (R-GULBARA-6); {variant} has none",
                       variant=variant.name)
    if len(fields) not in ((4, 5) if variant.cascading else (4,)) or not all(fields):
        raise TPNError("a TPN has 4 fields separated by single spaces (points, to-move, white's and black's "
                       "extras), found {count}", count=len(fields))
    pts, mover, wx, bx = fields[:4]
    cells = pts.split(",")
    if len(cells) != 24:
        raise TPNError("the points field must have 24 comma-separated entries, found {count}", count=len(cells))
    if mover not in ("w", "b"):
        raise TPNError("the side to move must be w or b, not {mover!r}", mover=mover)
    white = [0] * B.SIZE
    for i, f in enumerate(cells, start=1):
        if f == "":
            continue
        pinned = ""
        body = f
        if body[:1] in ("w", "b"):
            pinned, body = body[0], body[1:]
        if len(body) < 2 or body[0] not in ("W", "B") or not body[1:].isdigit():
            raise TPNError("point {point}: {entry!r} is not a point entry like W3, B2 or bW2", point=i, entry=f)
        n = int(body[1:])
        top = body[0]
        if n < 1:
            raise TPNError("point {point}: a point entry needs at least one checker, got {entry!r}", point=i,
                           entry=f)
        if pinned:
            if not variant.pinning:
                raise TPNError("point {point}: {variant} has no pinning, so {entry!r} is impossible", point=i,
                               variant=variant.name, entry=f)
            if pinned == top.lower():
                raise TPNError("point {point}: a checker cannot be pinned by its own side ({entry!r})", point=i,
                               entry=f)
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
        raise TPNError("each side must have 15 checkers (R-BOARD-4): white has {white}, black has {black}",
                       white=wt, black=bt)
    if not variant.has_bar and (wb or bb or ww or bw):
        raise TPNError("{variant} has no waiting or bar checkers (R-BOARD-4)", variant=variant.name)
    if not variant.has_waiting and (ww or bw):
        raise TPNError("{variant} has no waiting checkers (R-BOARD-4)", variant=variant.name)
    if (wprot and not wb) or (bprot and not bb):
        raise TPNError("only a bar that holds checkers can be protected (R-ENTER-4)")
    if (wprot or bprot) and variant.name != "tawula":
        raise TPNError("only tawula has a protected bar (R-ENTER-4)")
    black = B.flip(white, variant.contrary)
    if variant.name == "tawula":
        # R-MOVE-5: at most one checker on each of a side's points 13-24 except its 24-point.
        for side, cells_ in (("white", white), ("black", black)):
            for p in range(13, 24):
                if B.mine(cells_[p]) > 1:
                    raise TPNError("{side} has {count} checkers on its point {point}: at most one is allowed on "
                                   "points 13-23 in tawula (R-MOVE-5)", side=side, count=B.mine(cells_[p]), point=p)
    if variant.runner:
        for side, cells_ in (("white", white), ("black", black)):
            _check_fevga(side, cells_)
    turn = Side.WHITE if mover == "w" else Side.BLACK
    cascade = None
    if variant.cascading:
        cascade = Cascade.parse(fields[4], turn) if len(fields) == 5 else Cascade(3, 3)
    base = Position(variant, Side.WHITE, tuple(white), (wprot, bprot), cascade)
    return base.with_turn(turn)


def _check_fevga(side: str, cells: tuple[int, ...] | list[int]) -> None:
    """R-FEVGA-8: positions fevga can never reach (cells in `side`'s view)."""
    passed = cells[B.OFF] > 0 or any(cells[p] > 0 for p in range(1, 13))
    if not passed:
        away = sum(B.mine(cells[p]) for p in range(13, 24))
        if away > 1:
            raise TPNError("{side} has {count} checkers off its 24-point before any has passed: only the runner "
                           "may leave before then (R-FEVGA-3, R-FEVGA-8)", side=side, count=away)
    if all(cells[p] > 0 for p in range(19, 25)):
        raise TPNError("{side} holds all six of its points 19-24, which fevga never allows (R-FEVGA-4, R-FEVGA-8)",
                       side=side)
