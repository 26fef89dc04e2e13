"""The cube's one table (R-CUBE-2, R-CUBE-3): each `CubeAction` with its button (action letter, label, style),
the event announced when a player or the computer takes it, its word in a game's history, and its command's
help. The buttons, the slash commands, the command parser (`bot.commands.TABLE`), the page and the move log
read it; nothing else spells a cube action. Also here: what a game waiting on the cube says (`prompt`), its
buttons (`buttons`) and the cube in words (`cube_line`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from game import Cube, CubeAction, Game, Side
from storage import GameRecord

from ..actions import Action, Verb
from ..context import Ctx
from ..gamestate import awaited
from ..i18n import tr
from ..replies import Button, ButtonStyle


@dataclass(frozen=True, slots=True)
class Row:
    """One cube answer across the bot: `verb` its button's action letter, `label` its button's word (on the
    board page too), `style` its button's colour, `message` the event announced when it is taken ("" for a
    roll, which is announced as a roll), `logged` its word in a game's history ("" when it is not logged),
    `help` its command's line in /help, `stored` what its player reads when a store outage cut off the answer
    after it was stored ("" when it is not logged)."""

    verb: Verb
    label: str
    style: ButtonStyle
    message: str
    logged: str
    help: str
    stored: str = ""


ROWS: dict[CubeAction, Row] = {
    CubeAction.ROLL: Row(Verb.ROLL, "Roll", "primary", "", "",
                         "Roll instead of doubling (a game with the doubling cube)"),
    CubeAction.DOUBLE: Row(Verb.DOUBLE, "Double", "secondary", "{side} doubles to {value} in game #{id}.", "double",
                           "Offer a double before your roll (cube=on)", "Your double in game #{id} was stored"),
    CubeAction.TAKE: Row(Verb.TAKE, "Take", "success", "{side} takes: the cube is at {value}.", "take",
                         "Take the double offered to you: the cube is yours", "Your take in game #{id} was stored"),
    CubeAction.DROP: Row(Verb.DROP, "Drop", "danger", "{side} drops.", "drop",
                         "Drop the double offered to you: the game ends", "Your drop in game #{id} was stored"),
}
BY_VERB: dict[Verb, CubeAction] = {row.verb: action for action, row in ROWS.items()}
LOGGED: frozenset[str] = frozenset(action.value for action, row in ROWS.items() if row.logged)
"""The move-log entries of the cube: no dice, no change of position (R-CUBE-3)."""


def parse(text: object) -> CubeAction | None:
    """The cube action a word names (`roll`, `double`, `take`, `drop`), or None."""
    try:
        return CubeAction(text) if isinstance(text, str) else None
    except ValueError:
        return None


def prompt(ctx: Ctx, record: GameRecord, game: Game, names: Mapping[Side, str]) -> str:
    """What a game in `decide` or `answer` waits for (R-CUBE-2, R-CUBE-3)."""
    to_move = awaited(game)
    if game.phase == "answer":
        assert game.cube is not None
        return ctx.t("{name} ({side}) to take or drop {value} in game #{id}.", name=names[to_move],
                     side=ctx.t(to_move.value), value=game.cube.offered_value, id=record.id)
    return ctx.t("{name} ({side}) to roll or double in game #{id}.", name=names[to_move], side=ctx.t(to_move.value),
                 id=record.id)


def buttons(ctx: Ctx, record: GameRecord, game: Game) -> tuple[tuple[Button, ...], ...]:
    """A button for each of `game.cube_choices()` (Roll and Double, or Take and Drop) as versioned actions
    (`bot.actions`)."""
    row = tuple(Button(ctx.t(ROWS[a].label), Action(ROWS[a].verb, record.id, record.version).pack(), ROWS[a].style)
                for a in game.cube_choices())
    return (row,) if row else ()


def cube_line(ctx: Ctx, cube: Cube, names: Mapping[Side, str]) -> str:
    """The cube in words (R-CUBE-8): its value and owner, a pending offer, the Crawford game."""
    return cube_words(ctx.lang, cube, names)


def cube_words(lang: str, cube: Cube, names: Mapping[Side, str]) -> str:
    """`cube_line` for a reader of `lang` (the board page's replay, which has no chat context)."""
    if cube.owner is None:
        text = tr(lang, "Cube: {value}, in the middle.", value=cube.value)
    else:
        text = tr(lang, "Cube: {value}, {name}'s.", value=cube.value, name=names[cube.owner])
    if cube.offered:
        text += " " + tr(lang, "Offered at {value}.", value=cube.offered_value)
    if cube.crawford:
        text += " " + tr(lang, "Crawford game: nobody may double.")
    return text
