"""Game commands: move, board, position, resign, games, history and verify (R-TURN-*, R-END-6, R-DICE-1)."""

from __future__ import annotations

from game import AmbiguousPlayError, Game, GameError, IllegalPlayError, NotationError, Play, Side, parse_play
from storage import GameRecord

from . import dice, images, views, words
from .commands import Command
from .context import Ctx, Refusal
from .core import Core
from .gamestate import game_of, seed_of, side_of, variant_of, variant_options
from .progression import command_id, moved_on, progress
from .replies import Picture, Reply
from .turns import Event, Step, play_step
from .verify import describe, verify


async def _running_game(svc: Core, ctx: Ctx, cmd: Command) -> tuple[GameRecord, Side, Game]:
    """The game a command names (or the caller's only one here), the caller's side in it, and its state.

    :raises Refusal: no such game, the caller does not play in it, or it is over.
    """
    record = await svc.find_game(ctx, cmd.ref)
    side = svc.player_side(ctx, record)
    game = game_of(record)
    if game.phase == "over":
        raise Refusal("Game #{id} is over.", id=record.id)
    return record, side, game


async def move(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    """Make the caller's play, written in notation (R-NOTE-1); errors name what was wrong (R-NOTE-3)."""
    record, side, game = await _running_game(svc, ctx, cmd)
    assert cmd.notation is not None
    if game.phase == "roll":  # another command's play is stored and what follows it is being stored (F3)
        return await moved_on(svc, ctx, record, cmd.notation)
    if game.turn is not side or game.phase != "move" or game.dice is None:
        names = await svc.names(record)
        raise Refusal("It is {name}'s turn in game #{id}, not yours.", name=names[game.turn], id=record.id)
    try:
        play = parse_play(game.position, game.dice, cmd.notation)
    except (NotationError, AmbiguousPlayError, IllegalPlayError) as exc:
        return Reply(ctx.t("{error} (dice {dice}; /board shows the position.)", error=words.game_error(ctx.lang, exc),
                           dice=dice.format_dice(game.dice)), ok=False, private=True)
    return await make_play(svc, ctx, record, side, game, play, command_id(ctx, record, f"move {play.notation}"))


async def make_play(svc: Core, ctx: Ctx, record: GameRecord, side: Side, game: Game, play: Play,
                    command: str) -> Reply:
    """Make `play` for the caller (typed or built with buttons) and answer with the board."""
    step = play_step(game, play, record.turn, (Event("{side} played {play}.", {"side": side, "play": play.notation}),))
    return await progress(svc, ctx, record, (step,), [], command)


async def board(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    record = await svc.find_game(ctx, cmd.ref)
    return await views.view(svc, ctx, record, [ctx.t("Game #{id}: {variant}.", id=record.id,
                                                     variant=_title(ctx, record))])


async def position(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    """The TPN of the game (RULES.md §11), with the variant beside it."""
    record = await svc.find_game(ctx, cmd.ref)
    return Reply(f"{_describe(record)}\n{record.position}", private=True)


async def resign(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    """R-END-6: the caller concedes the game at its current value."""
    record, side, game = await _running_game(svc, ctx, cmd)
    after = game.resign(side, "resign")
    table = dice.format_dice(game.dice) if game.dice else ""
    step = Step(after, record.turn, side, table, "resign", (Event("{side} resigns.", {"side": side}),))
    return await progress(svc, ctx, record, (step,), [], command_id(ctx, record, "resign"))


async def games(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    """The caller's active games with their ids."""
    lines = []
    for gid in await svc.store.games.active_for(ctx.player.id):
        record = await svc.store.games.get(gid)
        names = await svc.names(record)
        side = svc.player_side(ctx, record)
        turn = game_of(record).turn
        whose = ctx.t("your turn") if turn is side else ctx.t("{name}'s turn", name=names[turn])
        lines.append(f"#{record.id} {_title(ctx, record)} — {names[Side.WHITE]} v {names[Side.BLACK]} — {whose}")
    if not lines:
        return Reply(ctx.t("You have no active games. Start one with /challenge or /play ai."), private=True)
    return Reply("\n".join([ctx.t("Your games:"), *lines]), private=True)


async def history(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    """The move list of a game as text, and its replay as an animation (a finished game's players may share it
    in any chat)."""
    record = await svc.find_game(ctx, cmd.ref, shared_when_over=True)
    record, log = await svc.store.games.snapshot(record.id)
    names = await svc.names(record)
    lines = [ctx.t("Game #{id}: {variant}, {white} (white) v {black} (black).", id=record.id,
                   variant=_title(ctx, record), white=names[Side.WHITE], black=names[Side.BLACK])]
    for n, entry in enumerate(log, 1):
        who = names[side_of(entry.side)] if entry.play != "opening" else ctx.t("opening roll")
        lines.append(f"{n}. {who}: {entry.dice} {entry.play}".rstrip())
    if not log:
        lines.append(ctx.t("No moves yet."))
    image = await svc.offload(images.replay_in, ctx.lang, record, log, names) if log else None
    return Reply("\n".join(lines), Picture(image, "gif") if image else None)


async def verify_game(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
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
    problem = describe(ctx.lang, check.problem) if check.problem else ""
    return Reply(ctx.t("Game #{id} does not verify: {problem}", id=record.id, problem=problem), ok=False)


def _title(ctx: Ctx, record: GameRecord) -> str:
    """The game's variant as a player reads it, in their language (`Tapa (mother tie)`)."""
    return words.title(ctx.lang, record.variant, variant_options(record.options))


def _describe(record: GameRecord) -> str:
    """The game's variant as the tools write it (`tapa mother=tie`), beside its TPN in /position."""
    try:
        return variant_of(record).describe()
    except GameError:
        return record.variant
