"""Which net serves which game, and each net's shape.

Portes and tabla share one net (R-PORTES-5: the same rules); tapa and mahbusa share one (RULES.md §9: mahbusa
is played by Tapa's rules, the same defaults); plakoto has its own (its mother rule differs: mother=win+tie,
R-END-2/3); fevga, gulbara and tawula each have their own. A net is trained with its first game's default
options, judged with every double and triple win counted (see `td`), so its outputs serve any option set.

`hidden` is the width the checkpoint trains at; a narrower checkpoint loads grown (`store.grow`), and shipped
weights play at their own width. Portes, tapa and gulbara train at 128 (portes' shipped net is 128 wide; tapa's
and gulbara's wider runs are not shipped: docs/TRAINING.md).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class NetSpec:
    """A net: its name, the games it serves, the input encoding `family` and its `version`, hidden units."""

    name: str
    games: tuple[str, ...]
    family: str
    version: int
    hidden: int


NETS: dict[str, NetSpec] = {
    "portes": NetSpec("portes", ("portes", "tabla"), "hit", 3, 128),
    "plakoto": NetSpec("plakoto", ("plakoto",), "pin", 2, 80),
    "tapa": NetSpec("tapa", ("tapa", "mahbusa"), "pin", 2, 128),
    "fevga": NetSpec("fevga", ("fevga",), "block", 1, 80),
    "gulbara": NetSpec("gulbara", ("gulbara",), "cascade", 2, 128),
    "tawula": NetSpec("tawula", ("tawula",), "tawula", 1, 80),
}

_BY_GAME: dict[str, str] = {game: spec.name for spec in NETS.values() for game in spec.games}


def net_name(game: str) -> str:
    """The net that serves `game` (a preset name, see `game.variants.PRESETS`).

    :raises KeyError: not a game's preset name.
    """
    return _BY_GAME[game]
