"""Typed errors of the rules engine.

Errors a player can cause (notation, illegal plays) carry a message written for that player; errors only a
programmer can cause (bad TPN from a tool, bad option names) say what the programmer did wrong. All subclass
`ValueError`, like python-chess's `InvalidMoveError` family.
"""

from __future__ import annotations


class GameError(ValueError):
    """Base of every error the engine raises on bad input."""


class TPNError(GameError):
    """A TPN string (RULES.md §11) is malformed or impossible for the variant."""


class OptionError(GameError):
    """An unknown variant, option name or option value (RULES.md §9)."""


class NotationError(GameError):
    """A play typed by a player cannot be read (R-NOTE-1) — a syntax problem."""


class IllegalPlayError(GameError):
    """A readable play that the rules forbid (R-NOTE-3); the message says why in a player's words."""


class AmbiguousPlayError(IllegalPlayError):
    """A combined move whose paths lead to different positions (R-NOTE-2); lists the alternatives."""

    def __init__(self, message: str, alternatives: list[str]) -> None:
        super().__init__(message)
        self.alternatives = alternatives


class GameFlowError(GameError):
    """An action that does not fit the game's state (rolling twice, playing out of turn, ...)."""
