"""What a board picture shows: the inputs of `layout()` and `render_png()`, engine-independent values.

The last play is a plain list of single-die moves in the mover's numbering (R-BOARD-1, R-NOTE-1), so the
service can describe any play without the picture depending on how plays are generated.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from game import Cube, Play, Position, Side, Variant

from .words import ENGLISH, Words


@dataclass(frozen=True, slots=True)
class LastMove:
    """One checker's move by one die, in the mover's numbering.

    `frm` 25 enters a waiting or hit checker (R-ENTER-2/3), `to` 0 bears off (R-OFF-2); `hit` marks a pin
    (R-MOVE-2) or a hit (R-MOVE-4) on landing; `from_bar` tells a re-entering hit checker from a waiting one.
    """

    frm: int
    to: int
    hit: bool = False
    from_bar: bool = False

    def __post_init__(self) -> None:
        if not (1 <= self.frm <= 25 and 0 <= self.to <= 24 and self.to < self.frm):
            raise ValueError(f"a move goes from 1..25 down to 0..24, got {self.frm}/{self.to}")

    def notation(self) -> str:
        """`24/18*`, `bar/22`, `6/off` (R-NOTE-1)."""
        frm = "bar" if self.frm == 25 else str(self.frm)
        to = "off" if self.to == 0 else str(self.to)
        return f"{frm}/{to}{'*' if self.hit else ''}"


@dataclass(frozen=True, slots=True)
class LastPlay:
    """The play just made by `side`: its moves in `side`'s numbering (may be empty: the turn passed);
    `written`, if given, the play as the log writes it (R-NOTE-1: `24/18(4)`, `24/12/6`), else the moves one
    by one. `stages`: a Gul Bara cascade's stages played one after another (R-GULBARA-3), as the number of
    moves of each, in order (empty: one play); its arrows carry their stage's number (`joined`)."""

    side: Side
    moves: tuple[LastMove, ...] = ()
    written: str = ""
    stages: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.stages and (sum(self.stages) != len(self.moves) or min(self.stages) < 1):
            raise ValueError(f"stages of {self.stages} moves do not make the play's {len(self.moves)}")

    @classmethod
    def joined(cls, plays: Sequence[LastPlay]) -> LastPlay:
        """The stages of one cascade, each a play of the same side (a stage that passed adds nothing), as one
        play whose arrows are numbered by stage; a single play stays as it is."""
        made = [p for p in plays if p.moves]
        if len(made) <= 1:
            return made[0] if made else plays[-1]
        if len({p.side for p in made}) != 1:
            raise ValueError("a cascade's stages are all played by one side")
        return cls(made[0].side, tuple(m for p in made for m in p.moves), ", ".join(p.notation() for p in made),
                   tuple(len(p.moves) for p in made))

    def stage_of(self, index: int) -> int:
        """The stage (1, 2, …) of the move at `index` (from 0); 0 for a play of one stage."""
        if len(self.stages) < 2:
            return 0
        seen = 0
        for n, count in enumerate(self.stages, 1):
            seen += count
            if index < seen:
                return n
        raise IndexError(index)

    @classmethod
    def from_steps(cls, side: Side, steps: Sequence[tuple[int, int, bool]], from_bar: int = 0,
                   written: str = "") -> LastPlay:
        """From `(from, to, hit)` triples such as the engine's steps; the first `from_bar` entries (from 25)
        come off the bar rather than from the waiting checkers (tawula, R-ENTER-3 enters the bar first)."""
        moves = []
        for f, t, h in steps:
            bar = f == 25 and from_bar > 0
            from_bar -= bar
            moves.append(LastMove(f, t, h, from_bar=bar))
        return cls(side, tuple(moves), written)

    @classmethod
    def from_play(cls, play: Play) -> LastPlay:
        """The engine's play as the renderer shows it, written as the engine writes it (shorter on a phone:
        `24/18(4)` rather than the four moves)."""
        return cls.from_steps(play.mover, play.steps, play.before.bar(play.mover), play.notation)

    def notation(self) -> str:
        """The play as written in the log, or `pass`."""
        return self.written or " ".join(m.notation() for m in self.moves) or "pass"


@dataclass(frozen=True, slots=True)
class MatchScore:
    """Points each side has won in the match, and the match length (R-MATCH-1); for a cycle match
    (R-CYCLE-1) the cycle (`tavli`, `tabla`) and the number of the game being played (1, 2, …); `decided`: the
    game shown won the match (its result banner says so, with the final score)."""

    white: int
    black: int
    target: int
    cycle: str = ""
    game: int = 0
    decided: bool = False

    def of(self, side: Side) -> int:
        return self.white if side is Side.WHITE else self.black


class ResultLike(Protocol):
    """A finished game: `winner` None is a tie (R-END-3/4); `reason` such as `mars`, `mother`, `capote`."""

    @property
    def winner(self) -> Side | None: ...
    @property
    def points(self) -> int: ...
    @property
    def reason(self) -> str: ...


@dataclass(frozen=True, slots=True)
class GameResult:
    """A plain `ResultLike` (the engine's outcome fits the same shape)."""

    winner: Side | None
    points: int
    reason: str = ""


@dataclass(frozen=True, slots=True)
class PendingStage:
    """A Gul Bara stage the side to move plays without rolling (R-GULBARA-3/4; the TPN's `:<d>x<n>[!]`):
    `moves` moves of `die`, then four of each higher die up to 6. `transferred`: the remainder of the
    opponent's cascade, passed on when the opponent stopped short (R-GULBARA-4)."""

    die: int
    moves: int
    transferred: bool = False

    def __post_init__(self) -> None:
        if not (1 <= self.die <= 6 and 1 <= self.moves <= 4):
            raise ValueError(f"a pending stage is 1..4 moves of a die 1..6, got {self.moves} × {self.die}")


def pending_stage(position: Position) -> PendingStage | None:
    """The Gul Bara stage the position's side to move still plays, as its TPN's fifth field says (R-GULBARA-6),
    or None (nothing pending, or another variant)."""
    state = position.cascade
    if state is None or not state.pending:
        return None
    return PendingStage(state.die, state.moves, state.transferred)


@dataclass(frozen=True, slots=True)
class Scene:
    """Everything one board picture shows, the one value every picture function takes (`layout`,
    `render_png`, the replay, the service's `board_png`).

    `dice` belong to the side to move (`position.turn`), or to `rolled` where given (a replay's board after a
    turn shows the dice its mover rolled, in the mover's half); `opening`, an opening roll (R-OPEN-1): white's
    die and black's, each drawn in its side's half and colour, instead of `dice`; `names` are the players' names
    (a side without one is drawn as its colour); `words` are the picture's words in the viewer's language;
    `pending` is a Gul Bara stage the side to move still plays, shown instead of the one the position carries
    (`pending_stage`), if any. `cube` is the doubling cube of a game with `cube=on` (R-CUBE-8), drawn in the
    bar: in the middle, at its owner's end, or offered in the doubler's half. A `result` is drawn as a banner
    across the middle, which hides the dice and the cube; with `banner` False it only ends the turn (no side to
    move) and the dice and the cube stay, for a picture that says the result beside it (the replay). Checked
    where it is made, so a bad scene fails in the caller, not while a board is drawn.

    :raises ValueError: the dice are not one or two numbers 1..6.
    """

    position: Position
    viewer: Side
    last_play: LastPlay | None = None
    dice: tuple[int, ...] | None = None
    names: Mapping[Side, str] = field(default_factory=dict)
    score: MatchScore | None = None
    result: ResultLike | None = None
    words: Words = ENGLISH
    pending: PendingStage | None = None
    cube: Cube | None = None
    rolled: Side | None = None
    opening: tuple[int, int] | None = None
    banner: bool = True

    @property
    def dice_side(self) -> Side:
        """The side whose half the dice stand in: `rolled`, else the side to move."""
        return self.rolled if self.rolled is not None else self.position.turn

    @property
    def variant(self) -> Variant:
        return self.position.variant

    def __post_init__(self) -> None:
        if self.dice is not None:
            object.__setattr__(self, "dice", tuple(self.dice))
            if not (1 <= len(self.dice) <= 2 and all(isinstance(d, int) and 1 <= d <= 6 for d in self.dice)):
                raise ValueError(f"dice must be one or two numbers 1..6, got {self.dice!r}")
        if self.opening is not None and not (len(self.opening) == 2 and all(1 <= d <= 6 for d in self.opening)):
            raise ValueError(f"an opening roll is two numbers 1..6, white's and black's, got {self.opening!r}")
        object.__setattr__(self, "names", dict(self.names))
