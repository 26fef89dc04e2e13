"""Typed errors of the rules engine.

Errors a player can cause (notation, illegal plays, options) carry a message written for that player; errors
only a programmer can cause (bad TPN from a tool) say what the programmer did wrong. All subclass `ValueError`,
like python-chess's `InvalidMoveError` family.

Every `GameError` keeps its English message as a `template` (a msgid with `{name}` fields) and the `values` that
fill it, so a caller can translate the template and fill it in the player's language; `str(exc)` is the
English text filled in. A message given without values is its own template.
"""

from __future__ import annotations


class GameError(ValueError):
    """Base of every error the engine raises on bad input.

    `GameError("point {point} is closed", point=13)`: `template` is the msgid, `values` its fields.
    """

    def __init__(self, template: str, /, **values: object) -> None:
        self.template = template
        self.values: dict[str, object] = dict(values)
        super().__init__(template.format(**values) if values else template)


class TPNError(GameError):
    """A TPN string (RULES.md §11) is malformed or impossible for the variant."""


class OptionError(GameError):
    """An unknown variant, option name or option value (RULES.md §9, §12), or a bad cycle pairing (R-CYCLE-1)."""


class NotationError(GameError):
    """A play typed by a player cannot be read (R-NOTE-1) — a syntax problem."""


class IllegalPlayError(GameError):
    """A readable play that the rules forbid (R-NOTE-3); the message says why in a player's words."""


class AmbiguousPlayError(IllegalPlayError):
    """A combined move whose paths lead to different positions (R-NOTE-2); lists the alternatives."""

    def __init__(self, template: str, alternatives: list[str], /, **values: object) -> None:
        super().__init__(template, **values)
        self.alternatives = alternatives


class GameFlowError(GameError):
    """An action that does not fit the game's state (rolling twice, playing out of turn, ...)."""
