"""The games a player may choose wherever the bot offers one: the eight variants (R-PRESET-*) and the two cycle
matches (R-CYCLE-1), in one list read by /help, `tabla --help`, Telegram's inline cards and Discord's choices.

Each `Offer` has a `key` that fits in button data and a slash-command choice (`tabla-cycle` for the Tabla match,
whose typed form is `tabla cycle=tabla`), the `Command` fields that ask for it, and its display name in a
player's language from the words module (`Tavli (Portes → Plakoto → Fevga)`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from game import CYCLES, PRESETS

from . import words


@dataclass(frozen=True, slots=True)
class Offer:
    """One game a player may pick: a variant, or a cycle match (`cycle` set; `variant` is its first game)."""

    key: str
    variant: str
    cycle: str | None = None

    @property
    def options(self) -> Mapping[str, str]:
        """The options that ask for this game (`cycle=…` for a cycle match)."""
        return MappingProxyType({"cycle": self.cycle} if self.cycle else {})

    @property
    def typed(self) -> str:
        """How a player names it in a command: `plakoto`, `tavli`, `tabla cycle=tabla`."""
        if self.cycle is None:
            return self.variant
        return self.cycle if self.cycle == self.key else f"{self.cycle} cycle={self.cycle}"

    def name(self, lang: str) -> str:
        """The display name in `lang`: `Gul Bara`, `Tavli (Portes → Plakoto → Fevga)`."""
        return words.title(lang, self.variant, self.options)


OFFERS: tuple[Offer, ...] = (
    *(Offer(name, name) for name in PRESETS),
    *(Offer(cycle if cycle not in PRESETS else f"{cycle}-cycle", games[0], cycle) for cycle, games in CYCLES.items()),
)
BY_KEY: Mapping[str, Offer] = MappingProxyType({offer.key: offer for offer in OFFERS})


def find(variant: str | None, options: Mapping[str, str] | None = None) -> Offer | None:
    """The offer a command's `variant` and `options` ask for (`tavli`, `tabla` with `cycle=tabla`, `prava`), or
    None for another or no game."""
    if variant is None:
        return None
    cycle = (options or {}).get("cycle")
    name = "tabla" if variant == "prava" else variant
    if name in CYCLES and cycle is None and name not in PRESETS:
        cycle = name
    for offer in OFFERS:
        if offer.cycle == cycle and (offer.variant == name or offer.cycle == name):
            return offer
    return None
