"""The cube's decisions judged, in words (R-CUBE-2, R-CUBE-3): a cube decision's line in `/review`, and
`/hint`'s line while a game waits on the cube (what the computer would answer, and the equities that say
why, `game.nets.cube_equities`)."""

from __future__ import annotations

from game import CubeAction
from game.nets import CubeDecision, CubeEquities

from ..context import Ctx

DECIDED = {CubeAction.ROLL: "no double", CubeAction.DOUBLE: "double", CubeAction.TAKE: "take",
           CubeAction.DROP: "drop"}
"""A cube decision as a noun (a kept cube is "no double")."""


def decided(ctx: Ctx, action: str | CubeAction) -> str:
    """The decision `action` (a `CubeAction` or its value) as a noun in the reader's language."""
    return ctx.t(DECIDED[CubeAction(action)])


def error_line(ctx: Ctx, d: CubeDecision) -> str:
    """A cube decision among a review's biggest errors: what was decided, the computer's answer, the cost."""
    return ctx.t("turn {n}, the cube at {value}: {chosen}, better {best} ({loss} points)", n=d.turn,
                 value=d.value, chosen=decided(ctx, d.chosen), best=decided(ctx, d.best), loss=f"{-d.loss:+.3f}")


def hint_line(ctx: Ctx, eq: CubeEquities, game_id: str, answering: bool) -> str:
    """`/hint`'s advice on the cube: the computer's answer and the asking player's equities in points."""
    if answering:
        return ctx.t("Cube hint for game #{id}: {best}. Your equity in points: taking {take}, dropping {drop}.",
                     id=game_id, best=decided(ctx, eq.best), take=f"{-eq.take:+.3f}", drop=f"{-eq.drop:+.3f}")
    return ctx.t("Cube hint for game #{id}: {best}. Your equity in points: without a double {no_double}, doubled "
                 "and taken {take}, doubled and dropped {drop}.", id=game_id, best=decided(ctx, eq.best),
                 no_double=f"{eq.no_double:+.3f}", take=f"{eq.take:+.3f}", drop=f"{eq.drop:+.3f}")
