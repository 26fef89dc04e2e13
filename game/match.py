"""Matches to N points (R-MATCH-1, R-OPEN-2, R-END-4) and cycle matches (R-CYCLE-1…7).

A plain match repeats one variant. A cycle match plays the games of its cycle in order, one game each, round
and round until a side reaches N (`CYCLES`: tavli is portes → plakoto → fevga, tabla is tabla → gulbara →
tapa). `match_spec` reads what a challenger asked for (`tavli`, `portes cycle=tavli`, `tabla cycle=tabla`,
or a plain variant) and `Match.start` begins it; `Match.variant` is always the variant of the next game to play.
The match state never goes into a TPN (R-CYCLE-7).

With `cube=on` (plain matches only, R-CUBE-5) the match also keeps its Crawford status: `before` (no side has
reached N−1 yet), `now` (the next game is the Crawford game: nobody may double in it) or `after` (post-Crawford:
the cube is used again). A match to 1 is a single game and has no Crawford game. Decision: a tie in the Crawford
game is replayed as the Crawford game (the game that scored nothing is played again, R-END-4).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from .cube import Cube, start_cube
from .errors import GameFlowError, OptionError
from .flow import Game
from .outcome import Outcome
from .sides import Side
from .variants import ALIASES, OPTIONS, Variant, variant

Crawford = Literal["before", "now", "after"]
CYCLES: dict[str, tuple[str, ...]] = {
    "tavli": ("portes", "plakoto", "fevga"),   # R-CYCLE-1, seed 002
    "tabla": ("tabla", "gulbara", "tapa"),     # R-CYCLE-1, seed 001
}
DEFAULT_TARGET = 5


@dataclass(frozen=True, slots=True)
class MatchSpec:
    """What a challenger asked for: `cycle` (None for a plain match), the first game's `variant`, and the
    options as given (`options`, applied to each game that takes them, R-CYCLE-2)."""

    cycle: str | None
    variant: Variant
    options: tuple[tuple[str, str], ...] = ()


def cycle_variant(cycle: str, index: int, options: dict[str, str] | tuple[tuple[str, str], ...] = ()) -> Variant:
    """The variant of game `index` (0-based, counted round the cycle) of `cycle`, with those of `options` that
    its preset takes (R-CYCLE-2: `mother=` only to plakoto/tapa, `scoring=` only where the variant has it).

    :raises OptionError: a bad option value.
    """
    name = CYCLES[cycle][index % len(CYCLES[cycle])]
    opts = dict(options)
    return variant(name, {k: v for k, v in opts.items() if k in OPTIONS[name]})


def match_spec(name: str, options: dict[str, str] | None = None) -> MatchSpec:
    """Read a match request: a preset name with options, where the option `cycle=tavli|tabla` (or the name
    `tavli` alone) asks for a cycle match (R-CYCLE-1, R-CYCLE-2).

    :raises OptionError: an unknown name or option; a cycle asked for by a game that does not start it
        (`plakoto cycle=tavli`); `cube` in a cycle match; an option that no game of the cycle takes; a bad value.
    """
    opts = {k.strip().lower(): str(v).strip().lower() for k, v in (options or {}).items()}
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    cycle = opts.pop("cycle", None)
    if key == "tavli":
        if cycle not in (None, "tavli"):
            raise OptionError("tavli is the tavli cycle; cycle={cycle} does not go with it", cycle=cycle)
        cycle = "tavli"
        key = CYCLES["tavli"][0]
    if cycle is None:
        return MatchSpec(None, variant(key, opts), tuple(sorted(opts.items())))
    if cycle not in CYCLES:
        raise OptionError("cycle must be one of {choices}, not {cycle!r}", choices=", ".join(CYCLES), cycle=cycle)
    first = CYCLES[cycle][0]
    if key != first:
        raise OptionError("a {cycle} match starts with {first} ({games}): ask for {ask} cycle={typed}, not "
                          "{name} cycle={typed}", cycle=cycle, first=first, games=" → ".join(CYCLES[cycle]),
                          ask=first, typed=cycle, name=key)
    if "cube" in opts and opts["cube"] != "off":
        raise OptionError("there is no doubling cube in a {cycle} match", cycle=cycle)  # R-CYCLE-2
    opts.pop("cube", None)
    for opt in opts:
        if not any(opt in OPTIONS[g] for g in CYCLES[cycle]):
            raise OptionError("no game of the {cycle} cycle ({games}) takes the option {option!r}", cycle=cycle,
                              games=", ".join(CYCLES[cycle]), option=opt)
    for i in range(len(CYCLES[cycle])):
        cycle_variant(cycle, i, opts)  # every value checked now, not when its game comes
    return MatchSpec(cycle, cycle_variant(cycle, 0, opts), tuple(sorted(opts.items())))


@dataclass(frozen=True, slots=True)
class Match:
    """A match to `target` points. Players keep their colours for the whole match.

    `variant` is the variant of the next game. `next_starter` is the previous game's winner (R-OPEN-2,
    R-CYCLE-3), or None for an opening roll (the first game, and the game after a tie, R-END-4, R-CYCLE-4).
    `games` counts finished games, ties included.

    A cycle match (R-CYCLE-1…7) also has `cycle` (`tavli` or `tabla`), `index` (the next game's place in the
    cycle, counted from 0 and going round: `index % 3`) and `options` (as asked for; each game takes those its
    variant has, R-CYCLE-2). Build one with `Match.start(match_spec(...), target)`.

    `crawford` is the Crawford status of the next game (R-CUBE-5, see the module's docstring); it stays
    `before` in a match without a cube.
    """

    variant: Variant
    target: int = DEFAULT_TARGET
    white: int = 0
    black: int = 0
    games: int = 0
    next_starter: Side | None = None
    cycle: str | None = None
    index: int = 0
    options: tuple[tuple[str, str], ...] = field(default=())
    crawford: Crawford = "before"

    def __post_init__(self) -> None:
        if self.target < 1:
            raise GameFlowError("a match is played to at least 1 point, not {target}", target=self.target)
        if self.cycle is not None and self.cycle not in CYCLES:
            raise GameFlowError("unknown cycle {cycle!r}", cycle=self.cycle)

    @classmethod
    def start(cls, spec: MatchSpec, target: int = DEFAULT_TARGET) -> Match:
        """A new match as `spec` asks: a plain match of its variant, or a cycle match from its first game."""
        return cls(spec.variant, target, cycle=spec.cycle, options=spec.options)

    def score(self, side: Side) -> int:
        return self.white if side is Side.WHITE else self.black

    @property
    def winner(self) -> Side | None:
        """R-MATCH-1, R-CYCLE-5: the first side to reach the target wins, at whatever point of the cycle."""
        if self.white >= self.target:
            return Side.WHITE
        if self.black >= self.target:
            return Side.BLACK
        return None

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def next_variant(self) -> Variant:
        """The variant of the next game (R-CYCLE-1); the same as `variant`."""
        return self.variant

    @property
    def variants(self) -> tuple[str, ...]:
        """The presets this match plays, in order: its cycle's, or its one variant's."""
        return CYCLES[self.cycle] if self.cycle is not None else (self.variant.name,)

    def new_game(self) -> Game:
        """The next game, started by the previous winner or by an opening roll (R-CYCLE-3, R-CYCLE-4)."""
        if self.over:
            raise GameFlowError("the match is over")
        return Game.new(self.variant, self.next_starter, self.cube())

    def cube(self) -> Cube | None:
        """The cube the next game starts with (R-CUBE-1, R-CUBE-5): at 1 in the middle, knowing the score and
        whether the game is the Crawford game; None without `cube=on`."""
        if not self.variant.cube:
            return None
        return start_cube(self.target, self.white, self.black, self.crawford == "now")

    def record(self, outcome: Outcome) -> Match:
        """Add a finished game's result. A tie scores nothing, and the same variant is replayed with an opening
        roll (R-END-4, R-CYCLE-4); a win adds its points (R-CYCLE-5), the winner starts the next game
        (R-OPEN-2, R-CYCLE-3) and a cycle match moves on to its next variant (R-CYCLE-1)."""
        if self.over:
            raise GameFlowError("the match is over")
        if outcome.winner is None:
            return replace(self, games=self.games + 1, next_starter=None)
        white = self.white + (outcome.points if outcome.winner is Side.WHITE else 0)
        black = self.black + (outcome.points if outcome.winner is Side.BLACK else 0)
        out = replace(self, white=white, black=black, games=self.games + 1, next_starter=outcome.winner,
                      crawford=self._crawford_after(white, black))
        if self.cycle is None:
            return out
        index = (self.index + 1) % len(CYCLES[self.cycle])
        return replace(out, index=index, variant=cycle_variant(self.cycle, index, self.options))

    def _crawford_after(self, white: int, black: int) -> Crawford:
        """R-CUBE-5: the Crawford status once a game (not a tie) brought the score to `white`–`black`."""
        if not self.variant.cube or self.target <= 1:
            return self.crawford
        if self.crawford == "now":
            return "after"
        if self.crawford == "before" and max(white, black) >= self.target - 1:
            return "now"  # the first time a side reaches N−1 (a side that reached N has won: no next game)
        return self.crawford
