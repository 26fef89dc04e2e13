"""Recompute every roll of a finished game from its revealed seed and replay its log (R-DICE-1).

Roll n is `dice.roll(seed, game id, n)`. Walking the log with the engine: an `opening` entry is one opening roll
(R-OPEN-1); a play or `pass` entry uses a fresh roll unless the dice were already on the table (tawula's
starter plays the opening dice); a `resign` or `timeout` entry shows the dice that were on the table. A game that
does not verify says why with a `Problem` (an English msgid and its values), told in the player's language by
`describe`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game import Game, Position, parse_play
from storage import GameRecord, MoveLogEntry

from . import i18n, words
from .cube.table import LOGGED
from .dice import format_dice, roll
from .gamestate import seed_of, side_of, variant_of


class Problem:
    """Why a game does not verify: `message`, an English msgid, with its `values` (`error`: the engine's error)."""

    def __init__(self, message: str, /, **values: object) -> None:
        self.message = message
        self.values = values

    def __repr__(self) -> str:
        return f"Problem({self.message!r}, {self.values!r})"


@dataclass(frozen=True, slots=True)
class Verification:
    ok: bool
    rolls: int
    problem: Problem | None = field(default=None)


def describe(lang: str, problem: Problem) -> str:
    """`problem` in `lang`; an engine error among its values in `lang` too."""
    values = {k: words.game_error(lang, v) if isinstance(v, Exception) else v for k, v in problem.values.items()}
    return i18n.tr(lang, problem.message, **values)


def verify(record: GameRecord, log: list[MoveLogEntry], seed: str | None = None) -> Verification:
    """Check every logged roll and play of `record` against `seed` (default: the game's own seed)."""
    seed = seed or seed_of(record)
    v = variant_of(record)
    start = Position.from_tpn(record.start_position, v)
    first_is_opening = bool(log) and log[0].play == "opening"
    game = Game(v, start, "opening" if first_is_opening or not log else "roll")
    n = 0
    for i, entry in enumerate(log, 1):
        try:
            if entry.play in LOGGED:
                continue  # a double, take or drop: no dice and no change of position (R-CUBE-3)
            if entry.play == "opening":
                expected = roll(seed, record.id, n)
                n += 1
                if format_dice(expected) != entry.dice:
                    return Verification(False, n, Problem("entry {i}: the opening roll was {dice}, the seed gives "
                                                          "{expected}", i=i, dice=entry.dice,
                                                          expected=format_dice(expected)))
                game = game.opening(*expected)
                continue
            if entry.play in ("resign", "timeout") and game.phase == "roll" and entry.dice:
                expected = roll(seed, record.id, n)
                n += 1
                if format_dice(expected) != entry.dice:
                    return Verification(False, n, Problem("entry {i}: the roll was {dice}, the seed gives {expected}",
                                                          i=i, dice=entry.dice, expected=format_dice(expected)))
                game = game.roll(*expected)
            if entry.play in ("resign", "timeout"):
                if game.phase == "move" and game.dice is not None and format_dice(game.dice) != entry.dice:
                    return Verification(False, n, Problem("entry {i}: the dice were {dice}, the table had {expected}",
                                                          i=i, dice=entry.dice, expected=format_dice(game.dice)))
                game = game.resign(side_of(entry.side), entry.play)
                continue
            if game.phase == "roll":
                expected = roll(seed, record.id, n)
                n += 1
                game = game.roll(*expected)
            if game.dice is None:  # a play logged while the game still waited for its opening roll
                return Verification(False, n, Problem("entry {i} ({play}): the game was not waiting for a move",
                                                      i=i, play=entry.play))
            if format_dice(game.dice) != entry.dice:
                return Verification(False, n, Problem("entry {i}: the roll was {dice}, the seed gives {expected}",
                                                      i=i, dice=entry.dice, expected=format_dice(game.dice)))
            game = game.pass_turn() if entry.play == "pass" else game.play(parse_play(game.position, game.dice,
                                                                                      entry.play))
        except ValueError as exc:
            return Verification(False, n, Problem("entry {i} ({play}): {error}", i=i, play=entry.play, error=exc))
        if game.position.to_tpn() != entry.position:
            return Verification(False, n, Problem("entry {i}: the position in the log differs from the replayed one",
                                                  i=i))
    return Verification(True, n)

