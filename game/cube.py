"""The doubling cube's state (RULES.md §13, R-CUBE-1…8): an immutable value the game flow carries.

`Cube` holds what R-CUBE-8 calls game state — the `value`, its `owner` (None: in the middle) and a pending
`offered` double (offered by the side to move, to be answered by its opponent) — and, fixed for the whole game
by the match it belongs to, whether this is the Crawford game (R-CUBE-5) and how many points each side still
needs (`away`, white's then black's; None in a single game, which is played for its points as a money game and
whose cube is never dead).

`CubeAction` names the cube's four answers.
`asks(side)` is §13's decision: the side to move is asked "roll or double" only when it may double (R-CUBE-2)
and the cube is not dead for it. `to_data` / `from_data` turn the state into plain JSON-able data and back.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from .errors import GameFlowError
from .sides import Side

MAX_VALUE = 64  # R-CUBE-1: a double that would pass 64 is not offered


class CubeAction(StrEnum):
    """An answer to the cube's question (R-CUBE-2: roll or double; R-CUBE-3: take or drop). Its value is how
    a player types it and how the move log records it. A new answer (a beaver, say) is one member here, one
    transition in `Game.act`, and one row of `bot/cube/table.py`'s `ROWS`."""

    ROLL = "roll"
    DOUBLE = "double"
    TAKE = "take"
    DROP = "drop"


@dataclass(frozen=True, slots=True)
class Cube:
    """The cube of one game (R-CUBE-1: it starts at 1 in the middle)."""

    value: int = 1
    owner: Side | None = None
    offered: bool = False
    crawford: bool = False
    away: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        # Only a programmer (or a damaged record) can build an impossible cube: plain ValueErrors, never shown to
        # a player (the player-facing refusals are the GameFlowErrors of `offer`).
        if self.value not in (1, 2, 4, 8, 16, 32, 64):
            raise ValueError(f"the cube shows 1, 2, 4, …, 64, not {self.value}")
        if self.value == 1 and self.owner is not None:
            raise ValueError("a cube at 1 is in the middle: nobody owns it yet")
        if self.value > 1 and self.owner is None:
            raise ValueError("a cube above 1 has an owner (R-CUBE-3)")
        if self.away is not None and min(self.away) < 1:
            raise ValueError(f"each side still needs at least one point, not {self.away}")

    @property
    def money(self) -> bool:
        """A single game, played for its points (§13's decision): no score, no Crawford game, no dead cube."""
        return self.away is None

    def needs(self, side: Side) -> int | None:
        """The points `side` still needs to win the match (None in a single game)."""
        if self.away is None:
            return None
        return self.away[0 if side is Side.WHITE else 1]

    @property
    def post_crawford(self) -> bool:
        """A game after the Crawford game (R-CUBE-5): a side needs one point and this is not the Crawford game."""
        return self.away is not None and not self.crawford and min(self.away) == 1

    def may_double(self, side: Side) -> bool:
        """R-CUBE-1, R-CUBE-2, R-CUBE-5: the cube is in the middle or `side`'s, no offer is pending, this is not
        the Crawford game, and doubling would not pass 64. (The caller checks that `side` is about to roll.)"""
        return (not self.offered and not self.crawford and self.value * 2 <= MAX_VALUE
                and self.owner in (None, side))

    def dead_for(self, side: Side) -> bool:
        """§13's decision: in a match, `side`'s score plus a win at the current value already reaches the target."""
        needs = self.needs(side)
        return needs is not None and needs <= self.value

    def asks(self, side: Side) -> bool:
        """Whether `side`, about to roll, is asked "roll or double" (§13's decision)."""
        return self.may_double(side) and not self.dead_for(side)

    def offer(self, side: Side) -> Cube:
        """`side` doubles (R-CUBE-2): the offer is pending until its opponent takes or drops.

        :raises GameFlowError: `side` may not double now, or the cube is dead for it.
        """
        if self.crawford:
            raise GameFlowError("nobody may double in the Crawford game (R-CUBE-5)")
        if self.offered:
            raise GameFlowError("a double is already waiting for its answer")
        if self.value * 2 > MAX_VALUE:
            raise GameFlowError("the cube is at {value}: it goes no higher (R-CUBE-1)", value=self.value)
        if self.owner not in (None, side):
            raise GameFlowError("the cube is the other side's: only its owner may double (R-CUBE-2)")
        if self.dead_for(side):
            raise GameFlowError("a win at {value} already wins the match: the cube is dead for you", value=self.value)
        return replace(self, offered=True)

    def take(self, taker: Side) -> Cube:
        """R-CUBE-3: the value doubles and the taker owns the cube.

        :raises ValueError: no double is pending (`Game.take` checks the phase first).
        """
        if not self.offered:
            raise ValueError("there is no double to take")
        return replace(self, value=self.value * 2, owner=taker, offered=False)

    @property
    def offered_value(self) -> int:
        """What the cube shows if a pending double is taken."""
        return self.value * 2

    def describe(self) -> str:
        """`cube 1`, `cube 4 black`, `cube 2 white, 4 offered`, with `, Crawford` — the form the CLI prints."""
        text = f"cube {self.value}" + (f" {self.owner.value}" if self.owner else "")
        if self.offered:
            text += f", {self.offered_value} offered"
        if self.crawford:
            text += ", Crawford"
        return text

    def to_data(self) -> dict[str, Any]:
        """Plain data for storage: `{"v": 4, "o": "b", "x": true, "cr": true, "aw": [2, 3]}`; keys whose value
        is the default (1, middle, no offer, not Crawford, a single game) are left out."""
        data: dict[str, Any] = {"v": self.value}
        if self.owner is not None:
            data["o"] = self.owner.letter
        if self.offered:
            data["x"] = True
        if self.crawford:
            data["cr"] = True
        if self.away is not None:
            data["aw"] = list(self.away)
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Cube:
        """The cube `to_data` wrote.

        :raises ValueError: data no cube can have.
        """
        try:
            away = data.get("aw")
            return cls(int(data.get("v", 1)), Side.parse(data["o"]) if data.get("o") else None,
                       bool(data.get("x", False)), bool(data.get("cr", False)),
                       (int(away[0]), int(away[1])) if away is not None else None)
        except (TypeError, ValueError, IndexError, KeyError) as exc:
            raise ValueError(f"not a cube: {data!r} ({exc})") from exc


def start_cube(target: int, white: int = 0, black: int = 0, crawford: bool = False) -> Cube:
    """The cube a game starts with (R-CUBE-1) in a match to `target` at `white`–`black`; a match to 1 is a
    single game (no Crawford game, never a dead cube, R-CUBE-5)."""
    if target <= 1:
        return Cube()
    return Cube(crawford=crawford, away=(target - white, target - black))
