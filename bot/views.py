"""Reply building: the board of a game with whose turn it is, and the step-by-step move builder.

The builder's partial play travels inside the buttons (`bot.actions`), three characters a single move (from,
to, die), so no session lives on the server and a keyboard survives a restart. Its views fit both platforms:
at most 4 rows of 5 moves and a row of controls (Discord allows 5 × 5; Telegram shows it on one screen). When
more than 20 single moves are possible the builder first asks which checker to move, then where.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game import BuildState, Game, Outcome, Pick, Side, SingleMove, build
from renderer import LastPlay, MatchScore, Scene
from storage import GameRecord, MatchRecord, NotFound

from . import dice, images, matches
from .actions import Action, ActionError, Verb
from .context import Ctx
from .core import Core
from .cube import table as cube
from .gamestate import awaited, game_of, side_index, side_of, variant_options
from .moments import moment
from .replies import Board, Builder, Button, Identity, Picture, Reply
from .turns import Event
from .words import board_words

ROW = 5
MOVE_ROWS = 4
_POINT = "0123456789abcdefghijklmnopq"  # 0 (off) … 25 (bar)


def say(ctx: Ctx, event: Event, names: Mapping[Side, str]) -> str:
    values = {k: names.get(v, v.value) if isinstance(v, Side) else v for k, v in event.values.items()}
    return ctx.t(event.message, **values)


async def view(svc: Core, ctx: Ctx, record: GameRecord, lines: list[str], *, last: LastPlay | None = None,
               header: bool = True) -> Reply:
    """The reply showing a game: the lines, whose turn it is (mentioned) or how the game ended (F14), the board
    and the move builder. In a match, where it stands heads the lines unless `header` is false (the next game
    of a match, already announced after the game that ended)."""
    game = game_of(record)
    names = await svc.names(record, ctx.lang)
    mentions: tuple[Identity, ...] = ()
    builder = None
    buttons: tuple[tuple[Button, ...], ...] = ()
    if game.phase == "move" and game.dice is not None:
        to_move = game.turn
        user = await svc.player(record.players[side_index(to_move)])
        if user.platform == ctx.chat.platform and user.id != await svc.computer_id():
            mentions = (Identity(user.platform, user.platform_user_id, user.name),)
        lines.append(ctx.t("{name} ({side}) to move with {dice} in game #{id}.", name=names[to_move],
                           side=ctx.t(to_move.value), dice=dice.format_dice(game.dice), id=record.id))
        if user.id != await svc.computer_id():
            lines += deadline_line(ctx, record)
        builder = builder_view(ctx, record, game, ())
        viewer = to_move
    elif game.phase in ("decide", "answer"):
        waiting = awaited(game)
        user = await svc.player(record.players[side_index(waiting)])
        if user.platform == ctx.chat.platform and user.id != await svc.computer_id():
            mentions = (Identity(user.platform, user.platform_user_id, user.name),)
        lines.append(cube.prompt(ctx, record, game, names))
        if user.id != await svc.computer_id():
            lines += deadline_line(ctx, record)
        buttons = cube.buttons(ctx, record, game)
        viewer = waiting
    else:
        viewer = side_of(record.players.index(ctx.player.id)) if ctx.player.id in record.players else Side.WHITE
    if game.cube is not None and game.phase != "over":
        lines.append(cube.cube_line(ctx, game.cube, names))
    score = None
    m: MatchRecord | None = None
    if record.match_id:
        try:
            m = await svc.store.matches.get(record.match_id)
        except NotFound:
            m = None
        if m is not None:
            score = matches.board_score(m, record.id)
            if m.target > 1 and header:
                where = matches.where(ctx, m, record)
                if game.cube is not None and game.cube.crawford:
                    where += " · " + ctx.t("Crawford game")
                lines.insert(0, where)
    if game.outcome is not None:
        lines.append(ended(ctx, game.outcome, names, score))
        if m is not None and (play_again := again(ctx, m)) is not None:
            buttons = ((play_again,),)
    picture = None
    if svc.render is not None:
        scene = Scene(game.position, viewer, last_play=last, dice=game.dice, names=names, score=score,
                      result=game.outcome, cube=game.cube)
        png = await svc.offload(images.board_in, ctx.lang, svc.render, scene)
        picture = Picture(png) if png else None
    board = Board(record.variant, tuple(sorted(variant_options(record.options).items())), record.position,
                  side_index(viewer), game.dice)
    return Reply("\n".join(lines), picture, board, buttons=buttons, builder=builder, mentions=mentions,
                 game_id=record.id, match_id=record.match_id)


def deadline_line(ctx: Ctx, record: GameRecord) -> list[str]:
    """`Deadline: <when>.`, the time shown in each reader's own time (`bot.moments`); none without a deadline."""
    if record.deadline is None:
        return []
    return [ctx.t("Deadline: {when}.", when=moment(record.deadline))]


def again(ctx: Ctx, match: MatchRecord) -> Button | None:
    """The button of a finished match's final board (`bot.rematch`): Rematch for a single game, New match for a
    match to N; None while the match goes on."""
    if match.winner is None:
        return None
    label = ctx.t("Rematch") if match.target == 1 else ctx.t("New match")
    return Button(label, Action(Verb.REMATCH, match.id).pack(), "success")


async def private_view(svc: Core, ctx: Ctx, record: GameRecord) -> Reply:
    """The board shown to the caller alone ("Open the game", a deep link to a game): with the move builder only
    when the caller is the player to move (N2); anyone else sees the board as it stands."""
    reply = await view(svc, ctx, record, [ctx.t("Game #{id}.", id=record.id)])
    game = game_of(record)
    mover = record.players[side_index(game.turn)] if game.phase == "move" else None
    builder = reply.builder if mover == ctx.player.id else None
    return Reply(reply.text, reply.picture, reply.board, builder=builder, mentions=(), private=True,
                 game_id=record.id)


def ended(ctx: Ctx, outcome: Outcome, names: Mapping[Side, str], score: MatchScore | None = None) -> str:
    """How a finished game ended, in the board picture's words (F14): `White (alice) wins · mars · 2 points`, or
    `… wins the match 5–2 · 1 point` for the game that decided its match (R-MATCH-1), or the tie (R-END-3)."""
    said = board_words(ctx.lang)
    reason = said.reason(outcome.reason)
    if outcome.winner is None:
        return " · ".join(x for x in (said.tie, reason, said.no_points) if x)
    winner = outcome.winner
    who = ctx.t("White ({name})" if winner is Side.WHITE else "Black ({name})", name=names[winner])
    if score is not None and score.decided:
        wins = said.wins_match.format(name=who, won=score.of(winner), lost=score.of(winner.other))
    else:
        wins = said.wins.format(name=who)
    return " · ".join(x for x in (wins, reason, said.points(outcome.points)) if x)


def pack_moves(picked: Sequence[Pick]) -> str:
    """The builder's partial play as button data: three characters a single move."""
    return "".join(f"{_POINT[f]}{_POINT[t]}{d}" for f, t, d in picked)


def unpack_moves(arg: str) -> tuple[tuple[Pick, ...], int | None]:
    """The partial play and the checker in focus (`-<point>`) packed by `builder_view`.

    :raises ActionError: malformed data.
    """
    moves, _, focus = arg.partition("-")
    if len(moves) % 3 or len(moves) > 12 or len(focus) > 1:
        raise ActionError("malformed moves")
    picked = []
    for i in range(0, len(moves), 3):
        f, t, d = moves[i], moves[i + 1], moves[i + 2]
        if f not in _POINT or t not in _POINT or d not in "123456":
            raise ActionError("malformed moves")
        picked.append((_POINT.index(f), _POINT.index(t), int(d)))
    if focus and focus not in _POINT:
        raise ActionError("malformed focus")
    return tuple(picked), (_POINT.index(focus) if focus else None)


def builder_view(ctx: Ctx, record: GameRecord, game: Game, picked: tuple[Pick, ...],
                 focus: int | None = None, state: BuildState | None = None) -> Builder:
    """The builder of `record` at its version, with `picked` moves made (and a checker in `focus`).

    :raises IllegalPlayError: `picked` is not a partial legal play.
    """
    assert game.dice is not None
    state = state or build(game.position, game.dice, picked)
    version = record.version

    def button(label: str, verb: Verb, arg: str, style: str = "secondary") -> Button:
        return Button(label, Action(verb, record.id, version, arg).pack(), style)  # type: ignore[arg-type]

    moves: list[SingleMove] = list(state.next)
    packed = pack_moves([m.pick for m in state.picked])
    if focus is not None:
        moves = [m for m in moves if m.frm == focus]
    buttons: list[Button] = []
    if focus is None and len(moves) > ROW * MOVE_ROWS:  # too many: pick the checker first
        for frm in sorted({m.frm for m in moves}, reverse=True):
            buttons.append(button(f"{'bar' if frm == 25 else frm}/…", Verb.BUILD, f"{packed}-{_POINT[frm]}"))
    else:
        twice = {(m.frm, m.to) for m in moves if sum(1 for o in moves if (o.frm, o.to) == (m.frm, m.to)) > 1}
        for m in moves:
            label = f"{m.notation} ({m.die})" if (m.frm, m.to) in twice else m.notation
            buttons.append(button(label, Verb.BUILD, pack_moves([*[p.pick for p in state.picked], m.pick])))
    rows = [tuple(buttons[i:i + ROW]) for i in range(0, min(len(buttons), ROW * MOVE_ROWS), ROW)]
    controls: list[Button] = []
    if focus is not None:
        controls.append(button(ctx.t("Back"), Verb.BUILD, packed))
    if state.picked:
        undo = pack_moves([p.pick for p in state.picked[:-1]])
        controls.append(button(ctx.t("Undo"), Verb.BUILD, undo))
    if state.play is not None:
        controls.append(button(ctx.t("Play {play}", play=state.play.notation)[:40], Verb.CONFIRM, packed,
                               "success"))
    if controls:
        rows.append(tuple(controls))
    dice_text = dice.format_dice(game.dice)
    if not state.picked:
        text = ctx.t("Build your play with {dice}: pick a move.", dice=dice_text)
    elif state.play is not None and not state.next:
        text = ctx.t("Your play: {play}. Confirm it or undo.", play=state.play.notation)
    elif state.play is not None:
        text = ctx.t("Your play so far: {moves}. Confirm it as {play}, or pick another move.",
                     moves=state.notation, play=state.play.notation)
    else:
        text = ctx.t("Your play so far: {moves}. Pick the next move.", moves=state.notation)
    return Builder(record.id, version, text, tuple(rows), button(ctx.t("Make your move"), Verb.OPEN, "", "primary"),
                   state.play is not None)
