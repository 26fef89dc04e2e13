"""tabla's rules engine: pure, standard library only, no I/O (RULES.md is the spec).

This module only hands names on; see the submodules for the rules they implement.
"""

from .errors import (
    AmbiguousPlayError,
    GameError,
    GameFlowError,
    IllegalPlayError,
    NotationError,
    OptionError,
    TPNError,
)
from .position import PointView, Position
from .sides import Side
from .variants import PRESETS, Variant, parse_options, variant

__all__ = [
    "PRESETS",
    "AmbiguousPlayError",
    "GameError",
    "GameFlowError",
    "IllegalPlayError",
    "NotationError",
    "OptionError",
    "PointView",
    "Position",
    "Side",
    "TPNError",
    "Variant",
    "parse_options",
    "variant",
]
