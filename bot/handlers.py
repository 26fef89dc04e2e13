"""Game commands: move, board, position, resign, games, history and verify (R-TURN-*, R-END-6, R-DICE-1)."""

from __future__ import annotations

from game import AmbiguousPlayError, GameError, IllegalPlayError, NotationError, Side
from game.flow import Game
from game.notation import parse_play
from storage import GameRecord

from . import dice, info, lobby
from .commands import Command
from .context import Ctx, Refusal
from .gamestate import game_of, seed_of, side_of, variant_of
from .images import replay_gif
from .replies import Reply
from .service import Handler, Service
from .turns import Event, Step, play_step
from .verify import verify


async def _running_game(svc: Service, ctx: Ctx, cmd: Command) -> tuple[GameRecord, Side, Game]:
    """The game a command names (or the caller's only one here), the caller's side in it, and its state.

    :raises Refusal: no such game, the caller does not play in it, or it is over.
    """
    record = await svc.find_game(ctx, cmd.ref)
    side = svc.player_side(ctx, record)
    game = game_of(record)
    if game.phase == "over":
        raise Refusal("Game #{id} is over.", id=record.id)
    return record, side, game


async def move(svc: Service, ctx: Ctx, cmd: Command) -> Reply:
    """Make the caller's play, written in notation (R-NOTE-1); errors name what was wrong (R-NOTE-3)."""
    record, side, game = await _running_game(svc, ctx, cmd)
    if game.turn is not side or game.phase != "move" or game.dice is None:
        names = await svc.names(record)
        raise Refusal("It is {name}'s turn in game #{id}, not yours.", name=names[game.turn], id=record.id)
    assert cmd.notation is not None
    try:
        play = parse_play(game.position, game.dice, cmd.notation)
    except (NotationError, AmbiguousPlayError, IllegalPlayError) as exc:
        return Reply(ctx.t("{error} (dice {dice}; /board shows the position.)", error=str(exc),
                           dice=dice.format_dice(game.dice)), ok=False)
    step = play_step(game, play, record.turn, (Event("{side} played {play}.", {"side": side, "play": play.notation}),))
    return await svc.progress(ctx, record, (step,), [], svc.command_id(ctx, record, f"move {play.notation}"))


async def board(svc: Service, ctx: Ctx, cmd: Command) -> Reply:
    record = await svc.find_game(ctx, cmd.ref)
    return await svc.view(ctx, record, [ctx.t("Game #{id}: {variant}.", id=record.id, variant=_describe(record))])


async def position(svc: Service, ctx: Ctx, cmd: Command) -> Reply:
    """The TPN of the game (RULES.md §11), with the variant beside it."""
    record = await svc.find_game(ctx, cmd.ref)
    return Reply(f"{_describe(record)}\n{record.position}")


async def resign(svc: Service, ctx: Ctx, cmd: Command) -> Reply:
    """R-END-6: the caller concedes the game at its current value."""
    record, side, game = await _running_game(svc, ctx, cmd)
    after = game.resign(side, "resign")
    table = dice.format_dice(game.dice) if game.dice else ""
    step = Step(after, record.turn, side, table, "resign", (Event("{side} resigns.", {"side": side}),))
    return await svc.progress(ctx, record, (step,), [], svc.command_id(ctx, record, "resign"))


async def games(svc: Service, ctx: Ctx, cmd: Command) -> Reply:
    """The caller's active games with their ids."""
    lines = []
    for gid in await svc.store.games.active_for(ctx.player.id):
        record = await svc.store.games.get(gid)
        names = await svc.names(record)
        side = svc.player_side(ctx, record)
        turn = game_of(record).turn
        whose = ctx.t("your turn") if turn is side else ctx.t("{name}'s turn", name=names[turn])
        lines.append(f"#{record.id} {_describe(record)} — {names[Side.WHITE]} v {names[Side.BLACK]} — {whose}")
    if not lines:
        return Reply(ctx.t("You have no active games. Start one with /challenge or /play ai."))
    return Reply("\n".join([ctx.t("Your games:"), *lines]))


async def history(svc: Service, ctx: Ctx, cmd: Command) -> Reply:
    """The move list of a game as text, and its replay as an animation."""
    record = await svc.find_game(ctx, cmd.ref)
    record, log = await svc.store.games.snapshot(record.id)
    names = await svc.names(record)
    lines = [ctx.t("Game #{id}: {variant}, {white} (white) v {black} (black).", id=record.id,
                   variant=_describe(record), white=names[Side.WHITE], black=names[Side.BLACK])]
    for n, entry in enumerate(log, 1):
        who = names[side_of(entry.side)] if entry.play != "opening" else ctx.t("opening roll")
        lines.append(f"{n}. {who}: {entry.dice} {entry.play}".rstrip())
    if not log:
        lines.append(ctx.t("No moves yet."))
    image = replay_gif(record, log, names) if log else None
    return Reply("\n".join(lines), image)


async def verify_game(svc: Service, ctx: Ctx, cmd: Command) -> Reply:
    """R-DICE-1: recompute every roll of a finished game from its revealed seed."""
    record = await svc.find_game(ctx, cmd.ref)
    seed = seed_of(record)
    if record.result is None:
        return Reply(ctx.t("The dice seed of game #{id} stays secret until the game ends; its commitment is {c}.",
                           id=record.id, c=dice.commitment(seed)))
    record, log = await svc.store.games.snapshot(record.id)
    check = verify(record, log)
    if check.ok:
        return Reply(ctx.t("All {n} rolls of game #{id} follow from seed {seed} (commitment {c}).", n=check.rolls,
                           id=record.id, seed=seed, c=dice.commitment(seed)))
    return Reply(ctx.t("Game #{id} does not verify: {problem}", id=record.id, problem=check.problem), ok=False)


def _describe(record: GameRecord) -> str:
    try:
        return variant_of(record).describe()
    except GameError:
        return record.variant

HANDLERS: dict[str, Handler] = {
    "move": move, "board": board, "position": position, "resign": resign, "games": games, "history": history,
    "verify": verify_game,
    "challenge": lobby.challenge, "play": lobby.play, "accept": lobby.accept, "decline": lobby.decline,
    "cancel": lobby.cancel, "lobby": lobby.lobby,
    "help": info.help_, "rules": info.rules, "lang": info.lang, "standings": info.standings, "stats": info.stats,
    "deadline": info.deadline,
}
