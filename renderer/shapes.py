"""The pieces of a `Layout`: plain values with pixel coordinates, built by layout.py and painted by draw.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from game import Side

from .geometry import Box
from .theme import RGB

Where = Literal["point", "bar", "waiting", "off"]


@dataclass(frozen=True, slots=True)
class Checker:
    """One checker of the position (R-BOARD-4: each of the 30 appears exactly once).

    `point` is the viewer's point number (0 off the points). A `disc` stands on a point or the bar, a `slab`
    lies in the tray. `pinned` marks a checker held under its pinner (R-MOVE-2). A checker not `shown` is
    beyond its stack's height: it has the top checker's box and is counted by that stack's count label.
    """

    side: Side
    where: Where
    point: int
    box: Box
    shape: Literal["disc", "slab"]
    colour: RGB
    pinned: bool = False
    shown: bool = True

    @property
    def centre(self) -> tuple[int, int]:
        return ((self.box[0] + self.box[2]) // 2, (self.box[1] + self.box[3]) // 2)


@dataclass(frozen=True, slots=True)
class Label:
    """A piece of text anchored at (x, y) with a Pillow anchor such as `mm` or `lm`.

    `role`: point, count, tray (a tray compartment's count), caption (OFF / WAIT beside the tray), name, info,
    turn, score, variant, match, banner, stage, order (a move's number on its badge, a `Pill` under it).
    """

    role: str
    text: str
    x: int
    y: int
    anchor: str
    size: int
    bold: bool
    colour: RGB
    side: Side | None = None
    complex_script: bool = False


@dataclass(frozen=True, slots=True)
class Die:
    value: int
    box: Box
    side: Side


@dataclass(frozen=True, slots=True)
class Arrow:
    """A move of the last play, from the centre of where the checker left to where it landed; `hit` (a pin or
    a hit on landing) draws it red.

    `via`: the points the arrow passes between `start` and `end`, in order (a polyline close enough to a curve
    to be drawn as it is); empty for a straight arrow. Moves along a row bend toward the board's middle, clear
    of the stack they leave; a move from one row to the other goes around the end of the board, as the checker
    did. A painter draws the line from the edge of the place left (`geometry.ARROW_START_GAP` from `start`)
    to the edge of the landing place (`geometry.ARROW_END_GAP` before `end`). `number`: the move's place in
    the play (1, 2, …) when the play's moves are numbered, its stage's in a Gul Bara cascade, else 0.
    """

    side: Side
    start: tuple[int, int]
    end: tuple[int, int]
    hit: bool
    via: tuple[tuple[int, int], ...] = ()
    number: int = 0

    @property
    def path(self) -> tuple[tuple[int, int], ...]:
        """`start`, the `via` points and `end`."""
        return (self.start, *self.via, self.end)


@dataclass(frozen=True, slots=True)
class Ring:
    """A circle around a checker place: `from` (dashed: the place left) or `to` (solid: where it landed)."""

    box: Box
    kind: Literal["from", "to"]


@dataclass(frozen=True, slots=True)
class Mark:
    """A point number highlighted as the start (`from`) or end (`to`) of a move of the last play."""

    point: int
    kind: Literal["from", "to"]
    box: Box


@dataclass(frozen=True, slots=True)
class Panel:
    """A player's strip: the opponent's at the top, the viewer's at the bottom; `active` is to move."""

    side: Side
    box: Box
    active: bool
    chip: Box


@dataclass(frozen=True, slots=True)
class Pill:
    """A filled rounded box: a pill (`radius` None: half its height) or, with a `radius`, a rounded square
    (the doubling cube, with its `stroke`)."""

    box: Box
    colour: RGB
    radius: int | None = None
    stroke: RGB | None = None


@dataclass(frozen=True, slots=True)
class Banner:
    """The result across the board's middle when the game is over (winner None: a tie)."""

    box: Box
    winner: Side | None
    lines: tuple[Label, ...]


@dataclass(frozen=True, slots=True)
class Layout:
    """Everything a board picture shows, with its pixel geometry; `turn` is the side the game waits on (the side
    to move, or the side asked to take or drop a double), None when the game is over."""

    width: int
    height: int
    viewer: Side
    waiting_tray: bool
    checkers: tuple[Checker, ...]
    labels: tuple[Label, ...]
    dice: tuple[Die, ...]
    arrows: tuple[Arrow, ...]
    rings: tuple[Ring, ...]
    marks: tuple[Mark, ...]
    panels: tuple[Panel, ...]
    pills: tuple[Pill, ...]
    turn: Side | None
    banner: Banner | None

    def labels_with(self, role: str) -> list[Label]:
        return [lb for lb in self.labels if lb.role == role]

    def checkers_at(self, where: Where, point: int = 0, side: Side | None = None) -> list[Checker]:
        return [c for c in self.checkers
                if c.where == where and c.point == point and (side is None or c.side is side)]
