"""The words drawn on a board picture, in the player's language: one value the caller fills from its catalogue.

Every word of the picture comes from a `Words`: the turn pill, the pip count, the last play, the tray
captions, the match length, the variant's title, the result banner and a Gul Bara stage still to play. The
defaults are English. Texts with values are `str.format` templates whose fields are named in `FIELDS`;
`Words(...)` checks every template, so a broken translation fails where the words are made, not while a
board is drawn. Mappings (reasons, variant names, options, cycles) fall back to English for a missing key.
"""

from __future__ import annotations

import string
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType

# The format fields each template may use (all of them optional: a language may leave a number out).
FIELDS: Mapping[str, frozenset[str]] = MappingProxyType({
    "pips": frozenset({"n"}),
    "played": frozenset({"play"}),
    "match_to": frozenset({"n"}),
    "wins": frozenset({"name"}),
    "wins_match": frozenset({"name", "won", "lost"}),
    "point_one": frozenset({"n"}),
    "point_other": frozenset({"n"}),
    "cascade": frozenset({"n", "d"}),
    "transferred": frozenset({"n", "d"}),
    "then": frozenset({"stage", "later"}),
    "later_stage": frozenset({"d"}),
    "cycle_match": frozenset({"cycle", "n", "game"}),
})

REASONS: Mapping[str, str] = MappingProxyType({
    "single": "", "tie": "", "mars": "mars", "backgammon": "backgammon", "mother": "mother piece",
    "capote": "capote", "stuck": "no moves left", "resign": "resigned", "resigned": "resigned",
    "timeout": "out of time", "drop": "double dropped"})

VARIANTS: Mapping[str, str] = MappingProxyType({
    "plakoto": "Plakoto", "tapa": "Tapa", "mahbusa": "Mahbusa", "tawula": "Tawula", "portes": "Portes",
    "tabla": "Tabla", "fevga": "Fevga", "gulbara": "Gul Bara"})

OPTIONS: Mapping[str, str] = MappingProxyType({
    "mother=win": "mother win", "mother=win+tie": "mother win+tie", "mother=tie": "mother tie",
    "mother=off": "mother off", "scoring=mars": "mars", "scoring=backgammon": "backgammon",
    "cube=on": "cube", "cube=off": "no cube"})

CYCLES: Mapping[str, str] = MappingProxyType({"tavli": "Tavli", "tabla": "Tabla"})


@dataclass(frozen=True, slots=True)
class Words:
    """The words of a board picture (English by default).

    - `to_move`: the pill beside the name of the side to move.
    - `pips` (`{n}`: the pip count, the pips still to travel; not the points of a match), `bar_protected`
      (R-ENTER-4), `played` (`{play}`: the play's notation) or `pass_turn` (instead, when the player could not
      move and the turn passed, R-TURN-3): a player's info line.
    - `crawford`: beside the match length in the Crawford game (R-CUBE-5).
    - `match_to` (`{n}`): the match length; `cycle_match` (`{cycle}`, `{n}`, `{game}`) instead in a cycle
      match (R-CYCLE-1), the cycle named by `cycles`; `off` and `wait`: the tray's captions (borne off;
      waiting, tawula).
    - `wins` (`{name}`), or `wins_match` (`{name}`, `{won}`–`{lost}`: the final match score, the winner's
      first) for the game that won a match (R-MATCH-1), `tie`, `point_one` / `point_other` (`{n}`: 1 / any
      other number), `no_points`,
      `reasons` (the outcome's reason → its words; "" shows none): the result banner.
    - `variants` (preset → its name) and `options` (`key=value` → its words): the title of the variant.
    - `cascade` / `transferred` (`{n}` moves of `{d}`): a Gul Bara stage still to play, of the mover's own
      cascade or passed on from the opponent's (R-GULBARA-3/4); `then` (`{stage}`, `{later}`) adds the
      higher stages, each written `later_stage` (`{d}`) and joined by `separator`.
    - `offered`: under the doubling cube while its offer waits for an answer (R-CUBE-3, R-CUBE-8).
    """

    to_move: str = "TO MOVE"
    pips: str = "{n} pips"
    bar_protected: str = "bar protected"
    played: str = "played {play}"
    pass_turn: str = "no move, turn passed"
    match_to: str = "match to {n}"
    cycle_match: str = "{cycle} to {n}  ·  game {game}"
    crawford: str = "Crawford"
    off: str = "OFF"
    wait: str = "WAIT"
    wins: str = "{name} wins"
    wins_match: str = "{name} wins the match {won}–{lost}"
    tie: str = "Tie"
    point_one: str = "{n} point"
    point_other: str = "{n} points"
    no_points: str = "no points"
    cascade: str = "cascade: {n} × {d}"
    transferred: str = "passed on: {n} × {d}"
    then: str = "{stage}, then {later}"
    later_stage: str = "{d}s"
    separator: str = ", "
    offered: str = "double offered"
    reasons: Mapping[str, str] = field(default_factory=lambda: REASONS)
    variants: Mapping[str, str] = field(default_factory=lambda: VARIANTS)
    options: Mapping[str, str] = field(default_factory=lambda: OPTIONS)
    cycles: Mapping[str, str] = field(default_factory=lambda: CYCLES)

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, str):
                if f.name in FIELDS:
                    _check(f.name, value)
                object.__setattr__(self, f.name, unicodedata.normalize("NFC", value))
            else:
                if not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
                    raise ValueError(f"Words.{f.name} maps strings to strings")
                normal = {k: unicodedata.normalize("NFC", v) for k, v in value.items()}
                object.__setattr__(self, f.name, MappingProxyType(normal))

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled as plain values (a read-only mapping is not picklable), so a scene can go to a worker."""
        return (_rebuild, ({f.name: _plain(getattr(self, f.name)) for f in fields(self)},))

    def points(self, n: int) -> str:
        """`1 point`, `2 points`."""
        return (self.point_one if n == 1 else self.point_other).format(n=n)

    def reason(self, key: str) -> str:
        """The words for an outcome's reason; an unknown reason is shown as it is."""
        return self.reasons.get(key, REASONS.get(key, key))

    def variant(self, name: str) -> str:
        return self.variants.get(name, VARIANTS.get(name, name.capitalize()))

    def cycle(self, name: str) -> str:
        return self.cycles.get(name, CYCLES.get(name, name.capitalize()))

    def option(self, key: str, value: str) -> str:
        k = f"{key}={value}"
        return self.options.get(k, OPTIONS.get(k, k))

    def stage(self, die: int, moves: int, transferred: bool) -> str:
        """`cascade: 4 × 5, then 6s`: `moves` moves of `die` still to play, then every higher die to 6."""
        now = (self.transferred if transferred else self.cascade).format(n=moves, d=die)
        if die >= 6:
            return now
        later = self.separator.join(self.later_stage.format(d=d) for d in range(die + 1, 7))
        return self.then.format(stage=now, later=later)


def _rebuild(values: dict[str, object]) -> Words:
    return Words(**values)  # type: ignore[arg-type]


def _plain(value: object) -> object:
    return dict(value) if isinstance(value, Mapping) else value


def _check(name: str, template: str) -> None:
    allowed = FIELDS[name]
    try:
        used = {f for _, f, _, _ in string.Formatter().parse(template) if f is not None}
    except ValueError as e:
        raise ValueError(f"Words.{name} is not a valid template ({e}): {template!r}") from None
    unknown = used - allowed
    if unknown:
        may = ", ".join(f"{{{f}}}" for f in sorted(allowed))
        raise ValueError(f"Words.{name} may use {may}, not {', '.join(sorted(unknown))}: {template!r}")
    try:
        template.format(**{f: 1 for f in allowed})
    except (ValueError, IndexError) as e:
        raise ValueError(f"Words.{name} is not a valid template ({e}): {template!r}") from None


ENGLISH = Words()
