"""Reply building: the board of a game with whose turn it is, and the step-by-step move builder.

The builder's partial play travels inside the buttons (`bot.actions`), three characters a single move (from,
to, die), so no session lives on the server and a keyboard survives a restart. Its views fit both platforms:
at most 4 rows of 5 moves and a row of controls (Discord allows 5 × 5; Telegram shows it on one screen). When
more than 20 single moves are possible the builder first asks which checker to move, then where.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game import BuildState, Game, Outcome, Pick, Side, SingleMove, build
from renderer import LastPlay, MatchScore, Scene
from storage import GameRecord, MatchRecord

from . import dice, images, matches
from . import table as tables
from .actions import Action, ActionError, Verb
from .context import Ctx
from .core import Core
from .cube import table as cube
from .gamestate import side_index, side_of, variant_options
from .moments import moment
from .replies import Board, Builder, Button, Identity, Picture, Reply
from .table import Table
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
    """The reply showing `record`'s game (`show`), its table read for the caller."""
    return await show(svc, ctx, await tables.read(svc, record, ctx.lang), lines, last=last, header=header)


async def show(svc: Core, ctx: Ctx, table: Table, lines: list[str], *, last: LastPlay | None = None,
               header: bool = True) -> Reply:
    """The reply showing a game: the lines, whose turn it is (mentioned) or how the game ended (F14), the board
    and the move builder. In a match, where it stands heads the lines unless `header` is false (the next game
    of a match, already announced after the game that ended)."""
    turn = _turn(ctx, table)
    lines = [*(_match_header(ctx, table) if header else []), *lines, *turn.lines]
    if table.game.cube is not None and table.game.phase != "over":
        lines.append(cube.cube_line(ctx, table.game.cube, table.names))
    buttons = turn.buttons
    ending = _ending(ctx, table)
    if ending is not None:
        lines.append(ending)
        if table.match is not None and (play_again := again(ctx, table.match)) is not None:
            buttons = ((play_again,),)
    record = table.record
    return Reply("\n".join(lines), await _picture(svc, ctx, table, turn.viewer, last),
                 _board(ctx, table, turn.viewer, ending), buttons=buttons, builder=turn.builder,
                 mentions=turn.mentions, game_id=record.id, match_id=record.match_id, lang=ctx.lang)


@dataclass(frozen=True, slots=True)
class _Turn:
    """What a board says of the turn: its lines, whom it mentions, the builder or the cube's buttons, and the
    side the board is drawn for."""

    lines: list[str]
    viewer: Side
    mentions: tuple[Identity, ...] = ()
    builder: Builder | None = None
    buttons: tuple[tuple[Button, ...], ...] = ()


def _turn(ctx: Ctx, table: Table) -> _Turn:
    """The player the game waits on, mentioned (a person on this platform), with their deadline: to move with
    the dice and the builder, or to answer the cube (R-CUBE-2, R-CUBE-3); else the board as the caller sees it."""
    game, record = table.game, table.record
    if game.phase not in ("move", "decide", "answer") or (game.phase == "move" and game.dice is None):
        mine = ctx.player.id in record.players
        return _Turn([], side_of(record.players.index(ctx.player.id)) if mine else Side.WHITE)
    to_move = table.awaited
    user = table.player(to_move)
    person = not table.is_computer(to_move)
    mentions: tuple[Identity, ...] = ()
    if user is not None and person and user.platform == ctx.chat.platform:
        mentions = (Identity(user.platform, user.platform_user_id, user.name),)
    if game.phase == "move":
        assert game.dice is not None
        said = ctx.t("{name} ({side}) to move with {dice} in game #{id}.", name=table.names[to_move],
                     side=ctx.t(to_move.value), dice=dice.format_dice(game.dice), id=record.id)
        lines = [said, *(deadline_line(ctx, record) if person else [])]
        return _Turn(lines, to_move, mentions, builder=builder_view(ctx, record, game, ()))
    lines = [cube.prompt(ctx, record, game, table.names), *(deadline_line(ctx, record) if person else [])]
    return _Turn(lines, to_move, mentions, buttons=cube.buttons(ctx, record, game))


def _match_header(ctx: Ctx, table: Table) -> list[str]:
    """Where the match stands (a match to more than one point), and the Crawford game (R-CUBE-5)."""
    m = table.match
    if m is None or m.target <= 1:
        return []
    where = matches.where(ctx, m, table.record)
    if table.game.cube is not None and table.game.cube.crawford:
        where += " · " + ctx.t("Crawford game")
    return [where]


def _score(table: Table) -> MatchScore | None:
    return None if table.match is None else matches.board_score(table.match, table.record.id)


def _ending(ctx: Ctx, table: Table) -> str | None:
    """How the game ended (F14), or None while it goes on."""
    outcome = table.game.outcome
    return None if outcome is None else ended(ctx, outcome, table.names, _score(table))


async def _picture(svc: Core, ctx: Ctx, table: Table, viewer: Side, last: LastPlay | None) -> Picture | None:
    """The board's PNG drawn for `viewer` in the worker pool (None without a renderer)."""
    if svc.render is None:
        return None
    game = table.game
    scene = Scene(game.position, viewer, last_play=last, dice=game.dice, names=table.names, score=_score(table),
                  result=game.outcome, cube=game.cube)
    png = await svc.offload(images.board_in, ctx.lang, svc.render, scene)
    return Picture(png) if png else None


def _board(ctx: Ctx, table: Table, viewer: Side, ending: str | None) -> Board:
    """The board as data, for the adapters (Telegram's inline card, Discord's embed)."""
    record, game = table.record, table.game
    you = record.players.index(ctx.player.id) if ctx.player.id in record.players else None
    if you is not None and record.players[0] == record.players[1]:
        you = side_index(viewer)  # one player on both sides (the console's /as): the side it shows
    answering = side_index(game.answering) if game.phase == "answer" and game.answering is not None else None
    return Board(record.variant, tuple(sorted(variant_options(record.options).items())), record.position,
                 side_index(viewer), game.dice, you, answering, ending)


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
    table = await tables.read(svc, record, ctx.lang)
    reply = await show(svc, ctx, table, [ctx.t("Game #{id}.", id=record.id)])
    mover = record.players[side_index(table.game.turn)] if table.game.phase == "move" else None
    builder = reply.builder if mover == ctx.player.id else None
    return Reply(reply.text, reply.picture, reply.board, builder=builder, mentions=(), private=True,
                 game_id=record.id, lang=ctx.lang)


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
