"""A stored game record ↔ the engine's `Game`.

The record keeps the position (TPN), and in its `dice` field the phase: `?` an opening roll is due
(R-OPEN-1), empty the side to move rolls next, `6-5` the dice on the table. With `cube=on` the record's `cube`
holds the cube (R-CUBE-8): empty dice then mean "roll, or double when §13 asks" (`decide`), or "take or drop"
when a double is pending (`answer`); `r` marks the one turn whose roll is due at once though the side could
otherwise double (the starter's first turn after an opening roll, R-CUBE-2). `turn` counts the rolls made so far
(the index of the next roll, see `dice.roll`). Sides are indexes into `players`: 0 white, 1 black; a result's
winner is a side's index or `TIE`. The game's secret dice seed is the record's own `seed` field (R-DICE-1, read
with `seed_of`), never shown until the game is over; `options` hold only the rules options.
"""

from __future__ import annotations

from collections.abc import Mapping

from game import Cube, Game, Outcome, Position, Side, Variant, variant
from storage import GameRecord, GameResult

from .dice import format_dice, parse_dice

OPENING = "?"
ROLL_NOW = "r"  # R-CUBE-2: the roll is already due (the first turn after an opening roll)
TIE = -1


def side_index(side: Side) -> int:
    return 0 if side is Side.WHITE else 1


def side_of(index: int) -> Side:
    return Side.WHITE if index == 0 else Side.BLACK


def player_side(record: GameRecord, player_id: str | None, game: Game | None = None) -> Side | None:
    """The side `player_id` plays in `record` (the side to move when they play both: `game`, else read from the
    record), or None when they do not play in it."""
    if player_id is None or player_id not in record.players:
        return None
    if record.players[0] == record.players[1]:
        return (game or game_of(record)).position.turn
    return side_of(record.players.index(player_id))


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
    cube = cube_of(record)
    if record.result is not None:
        return Game(v, position, "over", None, outcome_of(record.result), cube=cube)
    if record.dice == OPENING:
        return Game(v, position, "opening", cube=cube)
    if not record.dice or record.dice == ROLL_NOW:
        return Game.resume(v, position, cube, asked=record.dice != ROLL_NOW)
    return Game(v, position, "move", parse_dice(record.dice), cube=cube)


def cube_of(record: GameRecord) -> Cube | None:
    """The game's doubling cube (R-CUBE-8), None without `cube=on`."""
    return None if record.cube is None else Cube.from_data(dict(record.cube))


def cube_data(game: Game) -> dict[str, object] | None:
    """What the record's `cube` field holds for `game`."""
    return None if game.cube is None else game.cube.to_data()


def awaited(game: Game) -> Side:
    """The side the game waits on: the one asked to take or drop (R-CUBE-3), else the side to move."""
    return game.answering or game.turn


def dice_field(game: Game) -> str:
    """What the record's `dice` field holds for `game`'s phase."""
    if game.phase == "opening":
        return OPENING
    if game.phase == "move" and game.dice is not None:
        return format_dice(game.dice)
    if game.phase == "roll" and game.cube is not None and game.cube.asks(game.turn):
        return ROLL_NOW
    return ""


def in_private_chat(record: GameRecord, *, group: bool = False) -> bool:
    """Whether the game is played in a private chat with the bot (only its players may watch it; a group's game
    anyone with its id or link, read-only: issue 27, P5). A Telegram private chat is told by its key (a positive
    id); a Discord direct message's key cannot be told from a server channel's, so a Discord game counts as
    private unless its chat is known to be a `group` (`ChatRepository.is_group`, marked when a server channel
    is seen: `Core.context`)."""
    platform, _, chat_id = (record.chat or "").partition(":")
    return (platform == "discord" and not group) or (platform == "telegram" and chat_id.isdigit())
