"""`/hint [game]`: the best three plays of the dice on the table, privately, in a game against the computer.

The plays are valued by the judge of plays, as reviews value them (`game.nets.judge_plays`: the net the computer
plays the game with, two plies deep, where it passed its gate; else the heuristic's chances at one ply): the
judge's best three, each valued at its look-ahead (`judge_values`) and shown best first, in points for the
player to move, each beside what it gives up against the best; the picture is the board after the best play,
drawn as the last play. While the game waits on the player's cube decision (roll or double before the roll,
R-CUBE-2; take or drop, R-CUBE-3) the hint is the computer's cube answer, with the equities that decide it
(`game.nets.cube_equities`). Only the player to move (or to answer) asks, only when dice are on the table or the
cube waits, and never in a game between two people (a hint there would be help from outside the game).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from game import Position, Side
from game.nets import cube_equities, judge_plays, judge_values
from renderer import LastPlay, Scene

from . import images
from . import table as tables
from .commands import Command
from .context import Ctx, Refusal
from .core import Core
from .cube.judged import hint_line
from .dice import format_dice
from .replies import Picture, Reply, Unreachable

SHOWN = 3


def best_plays(lang: str, render: Callable[[Scene], bytes | None] | None, position: Position,
               dice: tuple[int, int], viewer: Side,
               names: Mapping[Side, str]) -> tuple[list[tuple[str, float]], bytes | None]:
    """The best `SHOWN` plays (notation, equity in points) and the board after the first (run off the loop)."""
    plays = [p for p, _ in judge_plays(position, dice)[:SHOWN]]
    ranked = sorted(zip(plays, judge_values(plays), strict=True), key=lambda pv: -pv[1])
    png = None
    if ranked and render is not None:
        best = ranked[0][0]
        scene = Scene(best.position, viewer, last_play=LastPlay.from_play(best), names=names)
        png = images.board_in(lang, render, scene)
    return [(p.notation, v) for p, v in ranked], png


async def hint(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    """The best three plays for the caller's dice, with their equity and the difference to the best."""
    record = await svc.find_game(ctx, cmd.ref)
    if record.result is not None:
        raise Refusal("Game #{id} is over; /review {id} looks back at it.", id=record.id)
    table = await tables.read(svc, record, ctx.lang, match=False)
    side = table.side_of(ctx.player.id)
    if side is None:
        raise Refusal("You are not playing in game #{id}.", id=record.id)
    if table.computer not in record.players:
        raise Refusal("Hints are given only in a game against the computer: in a game between two people each "
                      "plays on their own.")
    game = table.game
    privately = Unreachable(ctx.t("I give hints only in a private chat with me, so that nobody else sees them. Open "
                                  "it with the button below and ask for the hint there."),
                            ctx.t("Open a private chat"), f"g-{record.id}")
    if game.phase in ("decide", "answer") and table.awaited is side:
        eq = await svc.offload(cube_equities, game)
        if eq is not None:
            line = hint_line(ctx, eq, record.id, game.phase == "answer")
            return Reply(line, private=True, unreachable=privately)
    if game.phase != "move" or game.dice is None:
        raise Refusal("There are no dice on the table in game #{id} yet: ask for a hint after the roll.",
                      id=record.id)
    if game.turn is not side:
        raise Refusal("It is not your turn in game #{id}: a hint is for the player to move.", id=record.id)
    ranked, png = await svc.offload(best_plays, ctx.lang, svc.render, game.position, game.dice, side, table.names)
    if not ranked:
        raise Refusal("No play is possible with {dice}: the turn passes.", dice=format_dice(game.dice))
    top = ranked[0][1]
    lines = [ctx.t("The best plays for {dice} in game #{id} (equity in points):", dice=format_dice(game.dice),
                   id=record.id)]
    for n, (notation, value) in enumerate(ranked, 1):
        diff = "" if n == 1 else f" ({value - top:+.3f})"
        lines.append(f"{n}. {notation}  {value:+.3f}{diff}")
    return Reply("\n".join(lines), Picture(png) if png else None, private=True, unreachable=privately)
