"""A finished game judged turn by turn: each side's error rate, its biggest errors and the luck of its rolls.

The error of a decision is the equity of the best play minus that of the play chosen, both by the judge at
its reference look-ahead (`judge_plies`: two plies where the computer's gated net judges): the best few plays
of the roll at one ply (`computer.JUDGE_LOOK`: three within a quarter point of the best; the computer's own play
looks wider, `PLAY_LOOK`, at about four times the thinking a turn) ranked two plies deep by `judge_plays`
(two instead of three would save a third of a review's time, but moves a side's error rate by up to 10
milli-points on a recorded tabla game, `tests/game/test_review_rates.py`); the chosen play, when it is not the
best, re-valued the same way (`judge_values`); a decision whose plays all lie within `FORCED` points of each
other (a single play among them) is not one (FACTS: "Judging play without a rollout
database"). The cube's decisions, where the game has a cube, are judged by the computer's cube
(`cube_review`) and count as decisions beside the plays. The error rate of a side is its mean error over its
decisions, in milli-points (thousandths of a point). The luck of a roll is `roll_luck`. The game is given as
its start position and its turns (who rolled what, and the position after), as a move log keeps them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..flow import Game
from ..notation import format_play
from ..plays import Play
from ..position import Position
from ..sides import Side
from .cube_review import CubeDecision
from .judge import FORCED, judge_name, judge_plays, judge_plies, judge_values, roll_luck, spread


@dataclass(frozen=True, slots=True)
class Turn:
    """One logged turn: `side` rolled `dice` and the game went on from `after` (a pass: `played` False)."""

    side: Side
    dice: tuple[int, int]
    after: Position
    played: bool = True


def played(game: Game, pick: Callable[[Game, random.Random], Play | None],
           rng: random.Random) -> tuple[Position, list[Turn]]:
    """`game` played to its end as `review_game` takes it: the position after the opening roll and every turn.
    Dice come from `rng` (R-OPEN-1 first), and `pick(game, rng)` chooses each play (None: the turn passes,
    R-TURN-3)."""
    while game.phase == "opening":
        game = game.opening(rng.randint(1, 6), rng.randint(1, 6))
    start = game.position
    turns: list[Turn] = []
    while game.phase != "over":
        if game.phase == "roll":
            game = game.roll(rng.randint(1, 6), rng.randint(1, 6))
        side, dice = game.turn, game.dice
        assert dice is not None
        play = pick(game, rng)
        game = game.pass_turn() if play is None else game.play(play)
        turns.append(Turn(side, dice, game.position, play is not None))
    return start, turns


@dataclass(frozen=True, slots=True)
class Decision:
    """One judged turn (`turn` counts from 1 in the log): the play chosen, the best one and what it cost."""

    turn: int
    side: Side
    dice: tuple[int, int]
    before: str          # TPN, the side to move on roll with `dice`
    chosen: str          # the play made (notation, R-NOTE-1)
    best: str            # the judge's best play
    loss: float          # points lost against the best play (0 for the best)
    decision: bool       # False when forced (every play within FORCED points)
    luck: float | None   # what the roll gained over an average one (None: not judged, gulbara)


@dataclass(frozen=True, slots=True)
class Review:
    """Every judged turn of a game, the judge that valued them ("net" or "heuristic") and its look-ahead, and
    the judged cube decisions (`cube`, none in a game without the cube)."""

    judge: str
    plies: int
    decisions: tuple[Decision, ...]
    cube: tuple[CubeDecision, ...] = ()

    def _mine(self, side: Side) -> list[Decision | CubeDecision]:
        judged: list[Decision | CubeDecision] = [*self.decisions, *self.cube]
        return [d for d in judged if d.side is side and d.decision]

    def error_rate(self, side: Side) -> float | None:
        """`side`'s mean loss per decision (plays and cube decisions), in milli-points; None without any."""
        mine = [d.loss for d in self._mine(side)]
        return 1000.0 * sum(mine) / len(mine) if mine else None

    def count(self, side: Side) -> int:
        """`side`'s decisions (turns that were not forced, and cube decisions)."""
        return len(self._mine(side))

    def worst(self, side: Side, n: int = 3) -> list[Decision | CubeDecision]:
        """`side`'s `n` biggest errors, plays and cube decisions, biggest first (only real errors: a loss above
        zero)."""
        mine = [d for d in self._mine(side) if d.loss > 0]
        return sorted(mine, key=lambda d: (-d.loss, d.turn))[:n]

    def luck(self, side: Side) -> float:
        """The sum of `side`'s rolls' luck, in points."""
        return sum(d.luck for d in self.decisions if d.side is side and d.luck is not None)


def review_game(start: Position, turns: Sequence[Turn], cube: Sequence[CubeDecision] = ()) -> Review:
    """Judge every turn of a game (R-TURN-1…3): a turn whose play the judge cannot find among the legal ones
    (a log it does not read) is left out. A chosen play the judge values above its best (one it did not look
    at two plies deep) loses nothing and is the best. `cube` are the game's judged cube decisions
    (`cube_review.review_cube`)."""
    plies = judge_plies(start.variant)
    decisions: list[Decision] = []
    before = start
    for n, turn in enumerate(turns, 1):
        here = before if before.turn is turn.side else before.with_turn(turn.side)
        before = turn.after
        luck = roll_luck(here, turn.dice)
        if not turn.played:
            decisions.append(Decision(n, turn.side, turn.dice, here.to_tpn(), "", "", 0.0, False, luck))
            continue
        ranked = judge_plays(here, turn.dice, plies)
        target = turn.after.to_tpn()
        chosen = next((p for p, _ in ranked if p.position.to_tpn() == target), None)
        if chosen is None:
            continue
        best, top = ranked[0]
        value = top if chosen is best else judge_values([chosen], plies)[0]
        if value > top:
            best, top = chosen, value
        real = spread(ranked) > FORCED
        loss = top - value if real else 0.0
        decisions.append(Decision(n, turn.side, turn.dice, here.to_tpn(), format_play(chosen),
                                  format_play(best), loss, real, luck))
    return Review(judge_name(start.variant), plies, tuple(decisions), tuple(cube))
