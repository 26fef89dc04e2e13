"""A stored game record ↔ the engine's `Game`.

The record keeps the position (TPN), and in its `dice` field the phase: `?` an opening roll is due
(R-OPEN-1), empty the side to move rolls next, `6-5` the dice on the table. `turn` counts the rolls made so far
(the index of the next roll, see `dice.roll`). Sides are indexes into `players`: 0 white, 1 black; a result's
winner is a side's index or `TIE`. The game's secret dice seed is the record's own `seed` field (R-DICE-1, read
with `seed_of`), never shown until the game is over; `options` hold only the rules options.
"""

from __future__ import annotations

from collections.abc import Mapping

from game import Game, Outcome, Position, Side, Variant, variant
from storage import GameRecord, GameResult

from .dice import format_dice, parse_dice

OPENING = "?"
TIE = -1


def side_index(side: Side) -> int:
    return 0 if side is Side.WHITE else 1


def side_of(index: int) -> Side:
    return Side.WHITE if index == 0 else Side.BLACK


def variant_options(options: Mapping[str, str]) -> dict[str, str]:
    """The rules options as a plain dict."""
    return dict(options)


def variant_of(record: GameRecord) -> Variant:
    return variant(record.variant, variant_options(record.options))


def seed_of(record: GameRecord) -> str:
    """The game's secret dice seed (R-DICE-1).

    :raises ValueError: a game stored without one.
    """
    if not record.seed:
        raise ValueError(f"game {record.id} has no dice seed")
    return record.seed


def outcome_of(result: GameResult) -> Outcome:
    winner = None if result.winner == TIE else side_of(result.winner)
    return Outcome(winner, result.points, result.reason)


def result_of(outcome: Outcome) -> GameResult:
    winner = TIE if outcome.winner is None else side_index(outcome.winner)
    return GameResult(winner, outcome.points, outcome.reason)


def game_of(record: GameRecord) -> Game:
    """The engine's game at the record's state."""
    v = variant_of(record)
    position = Position.from_tpn(record.position, v)
    if record.result is not None:
        return Game(v, position, "over", None, outcome_of(record.result))
    if record.dice == OPENING:
        return Game(v, position, "opening")
    if not record.dice:
        return Game(v, position, "roll")
    return Game(v, position, "move", parse_dice(record.dice))


def dice_field(game: Game) -> str:
    """What the record's `dice` field holds for `game`'s phase."""
    if game.phase == "opening":
        return OPENING
    if game.phase == "move" and game.dice is not None:
        return format_dice(game.dice)
    return ""
