"""The flow of one game as a pure state machine (R-OPEN-1/2, R-TURN-3, R-END-6).

The caller rolls: every transition that needs dice takes them as arguments (R-DICE-1 — dice never come from a
player; the service derives them). A `Game` is immutable; every transition returns a new one.

Phases: `opening` (both sides roll one die, R-OPEN-1), `roll` (the side to move rolls), `move` (dice are
on the table; the side to move picks one of `plays()`), `over` (see `outcome`). With `cube=on` (§13) two more:
`decide` (the side to move may roll or double, R-CUBE-2: `roll()` or `double()`) and `answer` (a double is
pending; the opponent of the side to move takes or drops: `take()`, `drop()`, R-CUBE-3). A game waits in
`decide` only when §13's decision asks (`Cube.asks`); otherwise it is in plain `roll` as without a cube.

Gul Bara's cascades (R-GULBARA-3/4): after a stage the game may stay in `move` with dice `(d, d)` and no roll,
for the same side (the next stage) or for the opponent (a transferred remainder). `stage` tells what the dice
on the table are, and every transition leaves `events` saying what a caller should announce (`FlowEvent`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from .cascade import Cascade
from .cube import Cube, CubeAction
from .errors import GameFlowError
from .outcome import Outcome, resignation_value
from .plays import Play, legal_plays, pass_position
from .position import Position
from .sides import Side
from .variants import Variant

Phase = Literal["opening", "roll", "decide", "answer", "move", "over"]
EventKind = Literal["cascade", "stage", "transfer", "forfeit"]


@dataclass(frozen=True, slots=True)
class FlowEvent:
    """Something a transition did that the board alone does not say (R-GULBARA-3/4, R-TURN-3):

    - `cascade`: `side` rolled a double that cascades: `moves` × `die` now, then the stages up to 6.
    - `stage`: `side` stays on the move for its next stage, `moves` × `die`, without rolling.
    - `transfer`: `side` (the opponent of the one who stopped short) now plays the rest, `moves` × `die`
      and the higher stages, without rolling.
    - `forfeit`: `side` stopped short in a transferred remainder: `moves` × `die` (and any higher stages) are
      lost, and `side` rolls its own turn next.
    """

    kind: EventKind
    side: Side
    die: int
    moves: int


@dataclass(frozen=True, slots=True)
class Stage:
    """What the dice on the table are in gulbara: `moves` moves of `die` (R-GULBARA-3). `rolled` False means no
    roll preceded them (a later stage, or a transferred remainder when `transferred`)."""

    die: int
    moves: int
    rolled: bool
    transferred: bool


@dataclass(frozen=True, slots=True)
class Game:
    """One game: its position (which knows whose turn it is), phase, dice on the table and outcome; with
    `cube=on` also its `cube` (R-CUBE-8), None in every other game. An outcome's points already include the
    cube's value (R-CUBE-4)."""

    variant: Variant
    position: Position
    phase: Phase
    dice: tuple[int, int] | None = None
    outcome: Outcome | None = None
    turns: int = 0  # plays and passes made so far
    events: tuple[FlowEvent, ...] = ()  # what the last transition did (see FlowEvent)
    cube: Cube | None = None  # R-CUBE-8; None without cube=on

    @classmethod
    def new(cls, variant: Variant, starter: Side | None = None, cube: Cube | None = None) -> Game:
        """A new game; with `starter` (the previous game's winner, R-OPEN-2, R-CYCLE-3) it skips the opening
        roll. The starter then rolls both dice (in gulbara that roll is its turn 1, R-GULBARA-2).

        With `cube=on` the game carries `cube` (a single game's cube at 1 when not given, R-CUBE-1); a game
        started by `starter` begins with an ordinary turn, so its side may double first (R-CUBE-2).

        :raises ValueError: a cube for a variant without `cube=on` (a programmer's mistake).
        """
        if cube is not None and not variant.cube:
            raise ValueError(f"{variant.describe()} is played without a cube")
        if variant.cube and cube is None:
            cube = Cube()
        pos = Position.start(variant)
        if starter is None:
            return cls(variant, pos, "opening", cube=cube)
        game = cls(variant, pos.with_turn(starter), "roll", cube=cube)
        return replace(game, phase=game._waiting())

    @classmethod
    def resume(cls, variant: Variant, position: Position, cube: Cube | None, *, asked: bool = True) -> Game:
        """A game waiting for the roll of `position`'s side to move, rebuilt from storage: `answer` when
        `cube` has an offer pending, `decide` when the side may double (§13's decision) and `asked` (False for
        the first turn after an opening roll, R-CUBE-2), else `roll`."""
        game = cls(variant, position, "roll", cube=cube)
        if cube is not None and cube.offered:
            return replace(game, phase="answer")
        return replace(game, phase=game._waiting()) if asked else game

    def _waiting(self) -> Phase:
        """`decide` if the side to move is asked "roll or double" (R-CUBE-2, §13's decision), else `roll`."""
        return "decide" if self.cube is not None and self.cube.asks(self.turn) else "roll"

    @property
    def cube_value(self) -> int:
        """What the cube multiplies the game's points by (R-CUBE-4): 1 without a cube."""
        return 1 if self.cube is None else self.cube.value

    @property
    def turn(self) -> Side:
        return self.position.turn

    def opening(self, white_die: int, black_die: int) -> Game:
        """R-OPEN-1: equal dice roll again (the game is unchanged); the higher die starts. In tawula the
        starter plays the two opening dice; in every other variant it rolls both dice afresh.

        :raises GameFlowError: not in the opening phase, or a die outside 1..6.
        """
        self._expect("opening")
        _check_die(white_die)
        _check_die(black_die)
        if white_die == black_die:
            return self
        starter = Side.WHITE if white_die > black_die else Side.BLACK
        pos = self.position.with_turn(starter)
        if self.variant.name == "tawula":
            first, second = (white_die, black_die) if starter is Side.WHITE else (black_die, white_die)
            return replace(self, position=pos, phase="move", dice=(first, second))
        return replace(self, position=pos, phase="roll")

    def roll(self, d1: int, d2: int) -> Game:
        """The side to move rolls (R-DICE-2 doubles count four); in `decide` rolling is the choice not to double.

        :raises GameFlowError: not the time to roll, or a die outside 1..6.
        """
        if self.phase != "decide":
            self._expect("roll")
        _check_die(d1)
        _check_die(d2)
        state = self.position.cascade
        events: tuple[FlowEvent, ...] = ()
        if state is not None and d1 == d2 and state.cascades(self.turn):
            events = (FlowEvent("cascade", self.turn, d1, 4),)
        return replace(self, phase="move", dice=(d1, d2), events=events)

    @property
    def stage(self) -> Stage | None:
        """In gulbara with dice on the table: the stage they are (R-GULBARA-3, R-GULBARA-6); else None."""
        state = self.position.cascade
        if state is None or self.phase != "move" or self.dice is None:
            return None
        if state.pending:
            return Stage(state.die, state.moves, False, state.transferred)
        d1, d2 = self.dice
        return Stage(d1, 4 if d1 == d2 else 2, True, False)

    def plays(self) -> list[Play]:
        """The legal plays of the dice on the table; empty means the turn must pass (R-TURN-3)."""
        self._expect("move")
        assert self.dice is not None
        return legal_plays(self.position, self.dice)

    def forced_play(self) -> Play | None:
        """R-TURN-3: the only legal play when exactly one exists (the bot makes it by itself), else None."""
        plays = self.plays()
        return plays[0] if len(plays) == 1 else None

    def play(self, play: Play) -> Game:
        """Make `play` (one of `plays()`); ends the game if the play ends it (R-END-*).

        :raises GameFlowError: not the time to move, or the play belongs to another position or roll.
        """
        self._expect("move")
        if play.before != self.position or play.dice != self.dice:
            raise GameFlowError("that play was made for another position or roll")
        end = play.end
        if end is not None:
            if end.winner is not None and self.cube_value > 1:  # R-CUBE-4 (a tie stays 0)
                end = Outcome(end.winner, end.points * self.cube_value, end.reason)
            return replace(self, position=play.position, phase="over", dice=None, outcome=end,
                           turns=self.turns + 1, events=())
        return self._after(play.position, len(play.steps))

    def pass_turn(self) -> Game:
        """R-TURN-3: no die can be played; the opponent rolls next.

        :raises GameFlowError: a play exists, or it is not the time to move.
        """
        if self.plays():
            raise GameFlowError("a play is possible, so the turn cannot pass")
        assert self.dice is not None
        return self._after(pass_position(self.position, self.dice), 0)

    def _after(self, pos: Position, used: int) -> Game:
        """The game once the play or pass leading to `pos` is made: a pending gulbara stage is played next
        without a roll (R-GULBARA-3/4), anything else waits for the next roll."""
        before = self.position.cascade
        state = pos.cascade
        events = _cascade_events(self.turn, before, state, used) if before is not None else ()
        if state is not None and state.pending:
            return replace(self, position=pos, phase="move", dice=(state.die, state.die), turns=self.turns + 1,
                           events=events)
        nxt = replace(self, position=pos, phase="roll", dice=None, turns=self.turns + 1, events=events)
        return replace(nxt, phase=nxt._waiting()) if self.cube is not None else nxt

    # --- the cube (§13) -----------------------------------------------------------------------------------

    def double(self) -> Game:
        """R-CUBE-2: the side to move doubles before its roll; its opponent is asked to take or drop.

        :raises GameFlowError: no cube, not the time (after the roll, or an offer pending), the cube is the
            opponent's, the Crawford game (R-CUBE-5), the cube at 64 (R-CUBE-1) or dead for the side.
        """
        if self.cube is None:
            raise GameFlowError("{variant} is played without a cube", variant=self.variant.describe())
        if self.phase == "roll" and self.cube.asks(self.turn):
            # the first turn after an opening roll: that roll is already thrown (R-CUBE-2)
            raise GameFlowError("a double comes before the roll, and this turn's roll is already thrown")
        if self.phase == "decide" or self.phase == "roll":
            cube = self.cube.offer(self.turn)  # raises the precise reason
            return replace(self, phase="answer", cube=cube, events=())
        if self.phase == "answer":
            raise GameFlowError("a double is already waiting for its answer")
        raise GameFlowError("a double comes before the roll, not in the {phase!r} phase", phase=self.phase)

    def take(self) -> Game:
        """R-CUBE-3: the opponent of the side to move takes: the value doubles, the taker owns the cube, and the
        doubler rolls.

        :raises GameFlowError: no double is pending.
        """
        self._expect("answer")
        assert self.cube is not None
        return replace(self, phase="roll", cube=self.cube.take(self.turn.other), events=())

    def drop(self) -> Game:
        """R-CUBE-3: the opponent of the side to move drops: the doubler wins the value the cube had before the
        offer, with no mars, backgammon or capote multiplier.

        :raises GameFlowError: no double is pending.
        """
        self._expect("answer")
        assert self.cube is not None
        return replace(self, phase="over", dice=None, outcome=Outcome(self.turn, self.cube.value, "drop"),
                       events=())

    @property
    def answering(self) -> Side | None:
        """The side asked to take or drop (R-CUBE-3), or None."""
        return self.turn.other if self.phase == "answer" else None

    def cube_choices(self) -> tuple[CubeAction, ...]:
        """What the side the game waits on may answer: roll or double in `decide` (R-CUBE-2), take or drop in
        `answer` (R-CUBE-3); nothing in any other phase."""
        if self.phase == "decide":
            return (CubeAction.ROLL, CubeAction.DOUBLE)
        if self.phase == "answer":
            return (CubeAction.TAKE, CubeAction.DROP)
        return ()

    def act(self, action: CubeAction, dice: tuple[int, int] | None = None) -> Game:
        """The game after the cube's `action` (`CubeAction`): `roll` throws `dice` (R-CUBE-2), the others are
        `double`, `take` and `drop`.

        :raises GameFlowError: not the time for it (the engine's reason, as `roll`, `double`, `take` and
            `drop` give it).
        :raises ValueError: a roll without its dice (a programming error).
        """
        if action is CubeAction.ROLL:
            if dice is None:
                raise ValueError("a roll needs its dice")
            return self.roll(*dice)
        if action is CubeAction.DOUBLE:
            return self.double()
        if action is CubeAction.TAKE:
            return self.take()
        return self.drop()

    # --- resignation -------------------------------------------------------------------------------------

    def resign(self, side: Side, reason: str = "resign") -> Game:
        """R-END-6: `side` concedes; the opponent wins what the game is worth now (`reason` may be `timeout`),
        times the cube (R-CUBE-4, R-CUBE-7). A side asked to take that resigns (or runs out of time) drops
        (R-CUBE-4, R-CUBE-7): the outcome is the drop's.

        :raises GameFlowError: the game is already over.
        """
        if self.phase == "over":
            raise GameFlowError("the game is already over")
        if self.answering is side:
            return self.drop()
        return replace(self, phase="over", dice=None, outcome=Outcome(side.other, self.resign_value(side), reason))

    def resign_value(self, side: Side) -> int:
        """What resigning now would cost `side` (R-END-6), times the cube (R-CUBE-4); for a side asked to take,
        the drop's value (R-CUBE-3)."""
        if self.answering is side:
            return self.cube_value
        return resignation_value(self.variant, side, self.position.with_turn(side).cells) * self.cube_value

    def _expect(self, phase: Phase) -> None:
        if self.phase != phase:
            raise GameFlowError("the game is in its {phase!r} phase, not {expected!r}", phase=self.phase,
                                expected=phase)


def _cascade_events(mover: Side, before: Cascade, after: Cascade | None, used: int) -> tuple[FlowEvent, ...]:
    """What a gulbara stage or pass did to the cascade (see FlowEvent)."""
    assert after is not None
    if after.pending:
        if after.transferred and not (before.pending and before.transferred):
            return (FlowEvent("transfer", mover.other, after.die, after.moves),)
        return (FlowEvent("stage", mover, after.die, after.moves),)
    if before.pending and before.transferred and used < before.moves:
        return (FlowEvent("forfeit", mover, before.die, before.moves - used),)
    return ()


def _check_die(d: int) -> None:
    if not isinstance(d, int) or not 1 <= d <= 6:
        raise GameFlowError("a die shows 1..6, not {die!r}", die=d)
