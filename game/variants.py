"""Variants and their options (RULES.md §9, §12).

A `Variant` is a small immutable value: a preset name plus options. The movement (contrary or same direction)
and the contact rule (pin, hit or block) follow from the preset. Options are written `key=value`
(`mother=win+tie`); the match length and the cycle (R-CYCLE-1) are not variant options, they belong to the
match (R-MATCH-1, `game.match`).

Each preset takes only some options (`OPTIONS`): an option a preset does not take is an `OptionError` that
names the preset.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from .errors import OptionError

Mother = Literal["win", "win+tie", "tie", "off"]
Scoring = Literal["mars", "backgammon"]
Contact = Literal["pin", "hit", "block"]

PRESETS: tuple[str, ...] = ("plakoto", "tapa", "mahbusa", "tawula", "portes", "tabla", "fevga", "gulbara")
ALIASES: dict[str, str] = {"prava": "tabla"}  # R-PORTES-5
CYCLE_NAMES: dict[str, tuple[str, ...]] = {"tavli": ("portes", "plakoto", "fevga")}  # R-CYCLE-1: not a game
MOTHER_VALUES: tuple[str, ...] = ("win", "win+tie", "tie", "off")
SCORING_VALUES: tuple[str, ...] = ("mars", "backgammon")
CUBE_VALUES: tuple[str, ...] = ("off", "on")
OPTION_NAMES: tuple[str, ...] = ("mother", "scoring", "cube")  # RULES.md §9

_DEFAULT_MOTHER: dict[str, Mother] = {"plakoto": "win+tie", "tapa": "win", "mahbusa": "win"}
_CONTACT: dict[str, Contact] = {
    "plakoto": "pin", "tapa": "pin", "mahbusa": "pin",
    "tawula": "hit", "portes": "hit", "tabla": "hit",
    "fevga": "block", "gulbara": "block",
}
SAME_DIRECTION: frozenset[str] = frozenset({"tawula", "fevga", "gulbara"})  # R-BOARD-3 as amended in §12.1

OPTIONS: dict[str, tuple[str, ...]] = {
    "plakoto": ("mother", "scoring", "cube"),
    "tapa": ("mother", "scoring", "cube"),
    "mahbusa": ("mother", "scoring", "cube"),
    "tawula": (),
    "portes": ("scoring", "cube"),   # R-PORTES-4, R-END-7 as amended
    "tabla": ("scoring", "cube"),
    "fevga": (),                     # R-FEVGA-7
    "gulbara": (),                   # R-GULBARA-5
}


@dataclass(frozen=True, slots=True)
class Variant:
    """A preset with its options. Properties a caller (the renderer, the bot) may rely on:

    - `contrary`: the sides move in opposite directions (R-BOARD-2) — plakoto, tapa, mahbusa, portes, tabla;
      tawula, fevga and gulbara move both sides the same way (R-BOARD-3).
    - `contact`: `pin` (R-MOVE-2: plakoto, tapa, mahbusa), `hit` (R-MOVE-4: tawula, portes, tabla) or `block`
      (R-MOVE-6: fevga, gulbara — one checker holds a point, nothing is ever hit or pinned);
      `pinning`, `hitting`, `blocking` say the same as booleans.
    - `has_bar`: hit checkers go to a bar (tawula, portes, tabla; R-BOARD-4 as amended).
    - `has_waiting`: checkers wait beside the board to enter (tawula only, R-ENTER-2).
    - `starts_home`: all 15 checkers start on the 24-point (every variant but portes/tabla, whose start is the
      backgammon one, R-PORTES-1; tawula starts 2 there and 13 waiting).
    - `cascading`: doubles cascade after the opening phase and the TPN carries a fifth field (gulbara,
      R-GULBARA-2…6).
    - `runner`: Fevga's runner, own-quarter and unblocking rules (R-FEVGA-3…5).
    - `mother`: R-END-2 / R-END-3 (pinning games only).
    - `scoring`: R-END-1's mars or backgammon scoring (pinning games, portes, tabla).
    - `cube`: R-END-7 doubling cube (§13): the game carries a `game.cube.Cube` (`game.flow.Game`), the match
      its Crawford status (`game.match.Match`).
    """

    name: str
    mother: Mother = "win"
    scoring: Scoring = "mars"
    cube: bool = False

    @property
    def contact(self) -> Contact:
        return _CONTACT[self.name]

    @property
    def contrary(self) -> bool:
        return self.name not in SAME_DIRECTION

    @property
    def pinning(self) -> bool:
        return _CONTACT[self.name] == "pin"

    @property
    def hitting(self) -> bool:
        return _CONTACT[self.name] == "hit"

    @property
    def blocking(self) -> bool:
        return _CONTACT[self.name] == "block"

    @property
    def has_bar(self) -> bool:
        return _CONTACT[self.name] == "hit"

    @property
    def has_waiting(self) -> bool:
        return self.name == "tawula"

    @property
    def cascading(self) -> bool:
        return self.name == "gulbara"

    @property
    def runner(self) -> bool:
        return self.name == "fevga"

    @property
    def mother_wins(self) -> bool:
        """R-END-2 is in force."""
        return self.pinning and self.mother in ("win", "win+tie")

    @property
    def mother_ties(self) -> bool:
        """R-END-3 is in force."""
        return self.pinning and self.mother in ("win+tie", "tie")

    def takes(self, option: str) -> bool:
        """Whether this preset has the option `option` (R-CYCLE-2 applies an option only where it is taken)."""
        return option in OPTIONS[self.name]

    def options(self) -> dict[str, str]:
        """The options that differ from the preset's defaults, as strings (for storage and display)."""
        base = variant(self.name)
        out: dict[str, str] = {}
        if self.mother != base.mother:
            out["mother"] = self.mother
        if self.scoring != base.scoring:
            out["scoring"] = self.scoring
        if self.cube != base.cube:
            out["cube"] = "on" if self.cube else "off"
        return out

    def describe(self) -> str:
        """`tapa mother=tie scoring=backgammon` — the name and its non-default options."""
        opts = " ".join(f"{k}={v}" for k, v in self.options().items())
        return f"{self.name} {opts}".strip()


def preset_name(name: str) -> str:
    """The preset a name stands for (`prava` is `tabla`, R-PORTES-5).

    :raises OptionError: an unknown name, or a cycle's name (`tavli` is a match of three games, R-CYCLE-1).
    """
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    if key in CYCLE_NAMES:
        games = CYCLE_NAMES[key]
        raise OptionError("{name} is a match of three games, not one game: choose {games}",
                          name=key, games=", ".join(games))
    if key not in PRESETS:
        raise OptionError("unknown variant {name!r}: choose one of {choices}", name=name,
                          choices=", ".join(PRESETS))
    return key


def variant(name: str, options: dict[str, str] | None = None, /, **kw: str) -> Variant:
    """The preset `name` with `options` applied (RULES.md §9, §12).

    :raises OptionError: unknown preset, option or value; or an option the preset does not take (tawula, fevga
        and gulbara take none; portes and tabla take scoring and cube), naming the preset.
    """
    key = preset_name(name)
    v = Variant(name=key, mother=_DEFAULT_MOTHER.get(key, "off"))
    merged = {**(options or {}), **kw}
    for opt, raw in merged.items():
        o, val = opt.strip().lower(), str(raw).strip().lower()
        if o not in OPTION_NAMES:
            raise OptionError("unknown option {option!r}: the options are {options}", option=o,
                              options=", ".join(OPTION_NAMES))
        if not v.takes(o):
            if not OPTIONS[key]:
                raise OptionError("{variant} has no option {option!r}: its rules are fixed", variant=key,
                                  option=o)
            raise OptionError("{variant} has no option {option!r}: its options are {options}", variant=key,
                              option=o, options=", ".join(OPTIONS[key]))
        if o == "mother":
            if val not in MOTHER_VALUES:
                raise OptionError("mother must be one of {choices}, not {value!r}",
                                  choices=", ".join(MOTHER_VALUES), value=val)
            v = replace(v, mother=val)  # type: ignore[arg-type]
        elif o == "scoring":
            if val not in SCORING_VALUES:
                raise OptionError("scoring must be one of {choices}, not {value!r}",
                                  choices=", ".join(SCORING_VALUES), value=val)
            v = replace(v, scoring=val)  # type: ignore[arg-type]
        else:
            if val not in CUBE_VALUES:
                raise OptionError("cube must be on or off, not {value!r}", value=val)
            v = replace(v, cube=val == "on")
    return v


def parse_options(pairs: list[str]) -> dict[str, str]:
    """Turn `["mother=tie", "scoring=backgammon"]` into a dict.

    :raises OptionError: an item without `=`.
    """
    out: dict[str, str] = {}
    for item in pairs:
        if "=" not in item:
            raise OptionError("options are written key=value, not {item!r}", item=item)
        k, _, val = item.partition("=")
        out[k.strip().lower()] = val.strip()
    return out
