"""Game commands: move, board, position, resign, games, history and verify (R-TURN-*, R-END-6, R-DICE-1); the
cube's roll, double, take and drop are `bot.cube.answers`."""

from __future__ import annotations

from dataclasses import replace

from game import (
    AmbiguousPlayError,
    Game,
    GameError,
    IllegalPlayError,
    NotationError,
    Play,
    Side,
    parse_play,
)
from storage import GameRecord, StoreUnavailable

from . import dice, images, vacation, views, words
from .actions import Action, Verb
from .commands import Command
from .context import Ctx, Refusal
from .core import Core
from .cube.answers import not_now, running_game
from .gamestate import awaited, cube_of, game_of, seed_of, side_index, side_of, variant_of, variant_options
from .moments import moment
from .progression import command_id, moved_on, progress
from .replies import Button, Picture, Reply
from .turns import Event, Step, play_step
from .verify import describe, verify


async def move(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    """Make the caller's play, written in notation (R-NOTE-1); errors name what was wrong (R-NOTE-3)."""
    record, side, game = await running_game(svc, ctx, cmd)
    assert cmd.notation is not None
    if game.phase == "roll":  # another command's play is stored and what follows it is being stored (F3)
        return await moved_on(svc, ctx, record, cmd.notation)
    if game.turn is not side or game.phase != "move" or game.dice is None:
        if game.cube is not None and awaited(game) is side:
            raise await not_now(svc, ctx, record, game, side)
        names = await svc.names(record, ctx.lang)
        raise Refusal("It is {name}'s turn in game #{id}, not yours.", name=names[awaited(game)], id=record.id)
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
    reply = await progress(svc, ctx, record, (step,), [], command)
    try:
        # a move ends a vacation early
        back = reply.ok and await vacation.end(svc, ctx.player.id, svc.clock(), ctx.player)
    except StoreUnavailable:  # the move is made and must be told; the vacation ends at the next move
        svc.store_silent()
        back = False
    if back:
        reply = replace(reply, text=f"{reply.text}\n" + ctx.t("{name} is back: the deadlines of their games run "
                                                               "again.", name=ctx.player.name))
    return reply


async def board(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    """The board; a group's game may be watched from another chat, read-only and pinging nobody (P5)."""
    record = await svc.find_game(ctx, cmd.ref, watching=True)
    reply = await views.view(svc, ctx, record, [ctx.t("Game #{id}: {variant}.", id=record.id,
                                                      variant=_title(ctx, record))])
    if record.chat != ctx.chat.key and not (ctx.chat.private and ctx.player.id in record.players):
        return replace(reply, builder=None, buttons=(), mentions=())
    return reply


async def position(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    """The TPN of the game (RULES.md §11), with the variant beside it; with a cube, the cube (value, owner, a
    pending offer, the Crawford game) and the match score beside the TPN, never inside it (R-CUBE-8)."""
    record = await svc.find_game(ctx, cmd.ref)
    lines = [_describe(record), record.position]
    cube = cube_of(record)
    if cube is not None:
        lines.append(cube.describe())
        if record.match_id:
            match = await svc.store.matches.get(record.match_id)
            lines.append(f"match {match.score[0]}-{match.score[1]} to {match.target}")
    return Reply("\n".join(lines), private=True)


async def resign(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    """R-END-6: the caller concedes the game at its current value: `/resign yes` at once, `/resign` after the
    question (`resign_question`)."""
    record, side, game = await running_game(svc, ctx, cmd)
    if cmd.value != "yes":
        return await resign_question(svc, ctx, record, side, game)
    return await concede(svc, ctx, record, side, game, command_id(ctx, record, "resign"))


async def concede(svc: Core, ctx: Ctx, record: GameRecord, side: Side, game: Game, command: str) -> Reply:
    """`side` resigns `record`'s game (typed `/resign yes` or the Confirm button) and the board is answered."""
    after = game.resign(side, "resign")
    table = dice.format_dice(game.dice) if game.dice else ""
    step = Step(after, record.turn, side, table, "resign", (Event("{side} resigns.", {"side": side}),))
    return await progress(svc, ctx, record, (step,), [], command)


async def resign_question(svc: Core, ctx: Ctx, record: GameRecord, side: Side, game: Game) -> Reply:
    """Ask before resigning: what it concedes (the engine's `Game.resign_value`, R-END-6), where the match would
    then stand, and a Confirm button only the resigning player may press. The button carries the game's
    version, so it lapses as soon as the game moves on (and a second press finds it lapsed). The question is
    asked where the command was sent, so the result that follows the press is told there too."""
    names = await svc.names(record, ctx.lang)
    value = game.resign_value(side)
    winner = side.other
    lines = [ctx.tn("Resign game #{id}? This concedes {n} point to {name}.",
                    "Resign game #{id}? This concedes {n} points to {name}.", value, id=record.id, n=value,
                    name=names[winner])]
    match = await svc.store.matches.get(record.match_id) if record.match_id else None
    if match is not None and match.target > 1:
        score = list(match.score)
        score[side_index(winner)] += value
        if score[side_index(winner)] >= match.target:
            lines.append(ctx.t("{name} would win the match {won}–{lost}.", name=names[winner],
                               won=score[side_index(winner)], lost=score[side_index(side)]))
        else:
            lines.append(ctx.t("The match would then stand {white} {a} – {b} {black} (to {n}).",
                               white=names[Side.WHITE], a=score[0], b=score[1], black=names[Side.BLACK],
                               n=match.target))
    lines.append(ctx.t("Press Confirm, or send /resign yes {id}. The question lapses when the game moves on.",
                       id=record.id))
    data = Action(Verb.RESIGN, record.id, record.version, side.value[0]).pack()
    button = Button(ctx.t("Confirm resignation"), data, "danger")
    return Reply("\n".join(lines), buttons=((button,),))


async def games(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    """The caller's active games with their ids."""
    lines = []
    for gid in await svc.store.games.active_for(ctx.player.id):
        record = await svc.store.games.get(gid)
        names = await svc.names(record, ctx.lang)
        side = svc.player_side(ctx, record)
        turn = awaited(game_of(record))  # the side asked to take or drop, else the side to move
        whose = ctx.t("your turn") if turn is side else ctx.t("{name}'s turn", name=names[turn])
        lines.append(ctx.t("#{id} {variant} — {white} v {black} — {whose}", id=record.id, variant=_title(ctx, record),
                           white=names[Side.WHITE], black=names[Side.BLACK], whose=whose))
        if record.deadline is not None:
            lines[-1] += " — " + ctx.t("deadline {when}", when=moment(record.deadline))
    if not lines:
        return Reply(ctx.t("You have no active games. Start one with /challenge or /play ai."), private=True)
    return Reply("\n".join([ctx.t("Your games:"), *lines]), private=True)


async def history(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    """The move list of a game as text, and its replay as an animation (a finished game's players may share it
    in any chat)."""
    record = await svc.find_game(ctx, cmd.ref, shared_when_over=True)
    record, log = await svc.store.games.snapshot(record.id)
    names = await svc.names(record, ctx.lang)
    lines = [ctx.t("Game #{id}: {variant}, {white} (white) v {black} (black).", id=record.id,
                   variant=_title(ctx, record), white=names[Side.WHITE], black=names[Side.BLACK])]
    for n, entry in enumerate(log, 1):
        lines.append(f"{n}. {words.log_entry(ctx.lang, entry.play, entry.dice, names[side_of(entry.side)])}")
    if not log:
        lines.append(ctx.t("No moves yet."))
    image = await svc.offload(images.replay_in, ctx.lang, record, log, names) if log else None
    return Reply("\n".join(lines), Picture(image, "gif") if image else None, lang=ctx.lang,
                 replay=record.id if record.result is not None else None)  # its replay on the board page


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
