"""The cube's four commands (R-CUBE-2: roll or double; R-CUBE-3: take or drop), one per `game.CubeAction`: typed
(`/double`), pressed (the board's buttons, `bot.interact`) or sent from the board page. Each checks that the game
waits on the caller for that answer, else says what it waits for instead (`not_now`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from game import CubeAction, Game, GameFlowError, Side
from storage import GameRecord

from .. import dice, words
from ..commands import Command
from ..context import Ctx, Refusal
from ..core import Core
from ..gamestate import awaited, game_of, seed_of
from ..progression import command_id, progress
from ..replies import Reply
from ..turns import cube_step

Answer = Callable[[Core, Ctx, Command], Awaitable[Reply]]


async def running_game(svc: Core, ctx: Ctx, cmd: Command, read: GameRecord | None = None
                       ) -> tuple[GameRecord, Side, Game]:
    """The game a command names (or the caller's only one here; `read`: already read and found the caller's,
    a button's), the caller's side in it, and its state (the cube's answers and the play commands of
    `bot.handlers` alike).

    :raises Refusal: no such game, the caller does not play in it, or it is over.
    """
    record = read if read is not None else await svc.find_game(ctx, cmd.ref)
    side = svc.player_side(ctx, record)
    game = game_of(record)
    if game.phase == "over":
        raise Refusal("Game #{id} is over.", id=record.id)
    return record, side, game


async def answer(svc: Core, ctx: Ctx, cmd: Command, action: CubeAction, read: GameRecord | None = None) -> Reply:
    """The caller's cube `action` in the game `cmd` names (`read`: that game, already read by a button press): a
    roll rolls and plays on as after any roll; a double (the engine says why when it may not), a take or a drop
    is logged as a step of its own."""
    record, side, game = await running_game(svc, ctx, cmd, read)
    if action is CubeAction.DOUBLE and game.cube is not None and game.cube.crawford and game.turn is side \
            and game.phase == "move":
        # the Crawford game's dice are rolled at once (§13's decision): the reason is R-CUBE-5, not the dice
        return Reply(words.game_error(ctx.lang, GameFlowError("nobody may double in the Crawford game (R-CUBE-5)")),
                     ok=False, private=True)
    if action is CubeAction.DOUBLE and game.cube is not None and game.turn is side and game.phase == "roll":
        pass  # the engine gives the precise reason the double is refused (the roll is already due)
    elif action not in game.cube_choices() or awaited(game) is not side:
        raise await not_now(svc, ctx, record, game, side)
    if action is CubeAction.ROLL:
        rolled = game.act(action, dice.roll(seed_of(record), record.id, record.turn))
        return await progress(svc, ctx, record, (), [], command_id(ctx, record, action.value),
                              (rolled, record.turn + 1))
    try:
        step = cube_step(game, action, record.turn, record.id)
    except GameFlowError as exc:
        return Reply(words.game_error(ctx.lang, exc), ok=False, private=True)
    return await progress(svc, ctx, record, (step,), [], command_id(ctx, record, action.value))


def _handler(action: CubeAction) -> Answer:
    async def handle(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
        return await answer(svc, ctx, cmd, action)

    handle.__name__ = handle.__qualname__ = action.value
    handle.__doc__ = f"The cube's {action.value!r} (R-CUBE-2, R-CUBE-3)."
    return handle


HANDLERS: dict[CubeAction, Answer] = {action: _handler(action) for action in CubeAction}


async def not_now(svc: Core, ctx: Ctx, record: GameRecord, game: Game, side: Side) -> Refusal:
    """The refusal of a roll, double, take or drop out of its time: what the game waits for instead."""
    if game.cube is None:
        return Refusal("Game #{id} is played without the doubling cube.", id=record.id)
    names = await svc.names(record, ctx.lang)
    waiting = awaited(game)
    if waiting is not side:
        return Refusal("It is {name}'s turn in game #{id}, not yours.", name=names[waiting], id=record.id)
    if game.phase == "answer":
        return Refusal("Game #{id} waits for your answer to the double: /take or /drop.", id=record.id)
    if game.phase == "decide":
        return Refusal("Game #{id} waits for you to /roll or /double.", id=record.id)
    return Refusal("Your dice are on the table in game #{id}: make your move.", id=record.id)
