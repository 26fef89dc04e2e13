"""Variants and their options (RULES.md §9).

A `Variant` is a small immutable value: a preset name plus options. The movement (contrary or same direction)
and contact (pin or hit) follow from the preset. Options are written `key=value` (`mother=win+tie`); the match
length is not a variant option, it belongs to the match (R-MATCH-1).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from .errors import OptionError

Mother = Literal["win", "win+tie", "tie", "off"]
Scoring = Literal["mars", "backgammon"]

PRESETS: tuple[str, ...] = ("plakoto", "tapa", "mahbusa", "tawula")
MOTHER_VALUES: tuple[str, ...] = ("win", "win+tie", "tie", "off")
SCORING_VALUES: tuple[str, ...] = ("mars", "backgammon")
CUBE_VALUES: tuple[str, ...] = ("off", "on")

_DEFAULT_MOTHER: dict[str, Mother] = {"plakoto": "win+tie", "tapa": "win", "mahbusa": "win", "tawula": "off"}


@dataclass(frozen=True, slots=True)
class Variant:
    """A preset with its options.

    - `contrary`: the sides move in opposite directions (R-BOARD-2) — plakoto, tapa, mahbusa;
      tawula moves both sides the same way (R-BOARD-3).
    - `pinning`: landing on a lone opposing checker pins it (R-MOVE-2); tawula hits instead (R-MOVE-4).
    - `mother`: R-END-2 / R-END-3 (pinning games only; tawula has none).
    - `scoring`: R-END-1's mars or backgammon scoring (pinning games; tawula scores 1 or capote 7, R-END-5).
    - `cube`: R-END-7 doubling cube, represented here; the cube itself is played by the match layer.
    """

    name: str
    mother: Mother = "win"
    scoring: Scoring = "mars"
    cube: bool = False

    @property
    def contrary(self) -> bool:
        return self.name != "tawula"

    @property
    def pinning(self) -> bool:
        return self.name != "tawula"

    @property
    def mother_wins(self) -> bool:
        """R-END-2 is in force."""
        return self.pinning and self.mother in ("win", "win+tie")

    @property
    def mother_ties(self) -> bool:
        """R-END-3 is in force."""
        return self.pinning and self.mother in ("win+tie", "tie")

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


def variant(name: str, options: dict[str, str] | None = None, /, **kw: str) -> Variant:
    """The preset `name` with `options` applied (RULES.md §9).

    :raises OptionError: unknown preset, option or value; or an option the preset does not have
        (tawula has no mother, scoring or cube options).
    """
    key = name.strip().lower()
    if key not in PRESETS:
        raise OptionError(f"unknown variant {name!r}: choose one of {', '.join(PRESETS)}")
    v = Variant(name=key, mother=_DEFAULT_MOTHER[key])
    merged = {**(options or {}), **kw}
    for opt, raw in merged.items():
        o, val = opt.strip().lower(), str(raw).strip().lower()
        if key == "tawula":
            raise OptionError(f"tawula has no option {o!r}: its rules are fixed")
        if o == "mother":
            if val not in MOTHER_VALUES:
                raise OptionError(f"mother must be one of {', '.join(MOTHER_VALUES)}, not {val!r}")
            v = replace(v, mother=val)  # type: ignore[arg-type]
        elif o == "scoring":
            if val not in SCORING_VALUES:
                raise OptionError(f"scoring must be one of {', '.join(SCORING_VALUES)}, not {val!r}")
            v = replace(v, scoring=val)  # type: ignore[arg-type]
        elif o == "cube":
            if val not in CUBE_VALUES:
                raise OptionError(f"cube must be on or off, not {val!r}")
            v = replace(v, cube=val == "on")
        else:
            raise OptionError(f"unknown option {o!r}: the options are mother, scoring and cube")
    return v


def parse_options(pairs: list[str]) -> dict[str, str]:
    """Turn `["mother=tie", "scoring=backgammon"]` into a dict.

    :raises OptionError: an item without `=`.
    """
    out: dict[str, str] = {}
    for item in pairs:
        if "=" not in item:
            raise OptionError(f"options are written key=value, not {item!r}")
        k, _, val = item.partition("=")
        out[k.strip().lower()] = val.strip()
    return out
