"""Matches to N points (R-MATCH-1, R-OPEN-2, R-END-4)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from .errors import GameFlowError
from .flow import Game
from .outcome import Outcome
from .sides import Side
from .variants import Variant


@dataclass(frozen=True, slots=True)
class Match:
    """A match of one variant to `target` points. Players keep their colours for the whole match.

    `next_starter` is the previous game's winner (R-OPEN-2), or None for an opening roll (the first game, and
    the game after a tie, R-END-4). `games` counts finished games, ties included.
    """

    variant: Variant
    target: int = 5
    white: int = 0
    black: int = 0
    games: int = 0
    next_starter: Side | None = None

    def __post_init__(self) -> None:
        if self.target < 1:
            raise GameFlowError(f"a match is played to at least 1 point, not {self.target}")

    def score(self, side: Side) -> int:
        return self.white if side is Side.WHITE else self.black

    @property
    def winner(self) -> Side | None:
        """R-MATCH-1: the first side to reach the target wins."""
        if self.white >= self.target:
            return Side.WHITE
        if self.black >= self.target:
            return Side.BLACK
        return None

    @property
    def over(self) -> bool:
        return self.winner is not None

    def new_game(self) -> Game:
        """The next game, started by the previous winner or by an opening roll."""
        if self.over:
            raise GameFlowError("the match is over")
        return Game.new(self.variant, self.next_starter)

    def record(self, outcome: Outcome) -> Match:
        """Add a finished game's result: a tie scores nothing and is replayed with an opening roll (R-END-4)."""
        if self.over:
            raise GameFlowError("the match is over")
        if outcome.winner is None:
            return replace(self, games=self.games + 1, next_starter=None)
        if outcome.winner is Side.WHITE:
            return replace(self, white=self.white + outcome.points, games=self.games + 1,
                           next_starter=Side.WHITE)
        return replace(self, black=self.black + outcome.points, games=self.games + 1, next_starter=Side.BLACK)
