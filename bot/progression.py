"""Game progression: start a match, apply a player's step, let the service act until a human decides, commit.

A game change is: load the record → compute with the engine (pure, `turns.py`, run off the event loop) → one
compare-and-set per logged step with a command id derived from the command (so a repeated command applies
once) → the reply (`views.py`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import replace

from game import CYCLES, Game, Side, match_spec
from renderer import LastPlay
from storage import DueItem, DueKind, GameRecord, MoveLogEntry, PlayerRecord, StoreUnavailable, VersionConflict

from . import dice, results, vacation, views, words
from . import table as tables
from .context import Ctx
from .core import Core
from .cube.table import LOGGED, ROWS, parse
from .gamestate import awaited, cube_data, dice_field, game_of, result_of, seed_of, side_index, side_of
from .matches import first_listed, open_match
from .replies import Reply
from .table import Table
from .turns import Advance, Event, Step, advance, last_drawn


async def start_match(svc: Core, ctx: Ctx, name: str, options: Mapping[str, str], players: tuple[str, str],
                      target: int, *, match_id: str | None = None) -> Reply:
    """Create a match (with the id `match_id` when given: a tournament claims its pairing for that id first) and
    its first game, make the opening roll and answer with the board."""
    spec = match_spec(name, dict(options))
    v = spec.variant
    now = svc.clock()
    match, record = await open_match(svc, ctx.chat.key, spec, options, players, target, now, match_id)
    try:
        await first_listed(svc, match, record, now)
    except StoreUnavailable:
        svc.store_silent()
        return interrupted(ctx, record, (), Interrupted(1, 1, False))
    name, c = words.title(ctx.lang, v.name, v.options()), dice.commitment(seed_of(record))
    if spec.cycle is not None:
        said = words.board_words(ctx.lang)
        cycle, games = said.cycle(spec.cycle), " → ".join(map(said.variant, CYCLES[spec.cycle]))
        if target == 1:
            begins = ctx.t("Game #{id} begins: {variant}, a single game of {cycle} ({games}). Dice seed "
                           "commitment: {c}.", id=record.id, variant=name, cycle=cycle, games=games, c=c)
        else:
            begins = ctx.tn("Game #{id} begins: {variant}, game 1 of a {cycle} match to {n} point ({games}). Dice "
                            "seed commitment: {c}.", "Game #{id} begins: {variant}, game 1 of a {cycle} match to {n} "
                            "points ({games}). Dice seed commitment: {c}.", target, id=record.id, variant=name,
                            cycle=cycle, n=target, games=games, c=c)
    elif target == 1:
        begins = ctx.t("Game #{id} begins: {variant}, a single game. Dice seed commitment: {c}.", id=record.id,
                       variant=name, c=c)
    else:
        begins = ctx.tn("Game #{id} begins: {variant}, a match to {n} point. Dice seed commitment: {c}.",
                        "Game #{id} begins: {variant}, a match to {n} points. Dice seed commitment: {c}.", target,
                        id=record.id, variant=name, n=target, c=c)
    head = [begins]
    return await progress(svc, ctx, record, (), head, f"start:{record.id}")


def timeout_step(record: GameRecord) -> Step:
    """The step of the side the game waits on losing `record`'s game on time (a side asked to take drops,
    R-CUBE-7)."""
    game = game_of(record)
    to_move = awaited(game)
    after = game.resign(to_move, "timeout")
    table = f"{game.dice[0]}-{game.dice[1]}" if game.dice else ""
    return Step(after, record.turn, to_move, table, "timeout",
                (Event("{side} ran out of time and loses game #{id}.", {"side": to_move, "id": record.id}),))


def expired(svc: Core, record: GameRecord) -> bool:
    """Whether the time to move in `record`'s game has run out (whether or not the loop has seen it yet)."""
    return record.result is None and record.deadline is not None and svc.clock() >= record.deadline


async def too_late(svc: Core, ctx: Ctx, record: GameRecord) -> Reply:
    """A command on a game whose time ran out: refused, and the loss on time applied now (with the command id
    the deadline loop uses, so the two apply it once)."""
    head = [ctx.t("Too late: the time to move in game #{id} ran out.", id=record.id)]
    command = DueItem(DueKind.DEADLINE, record.id, record.version, record.deadline or 0.0).command_id
    reply = await progress(svc, ctx, record, (timeout_step(record),), head, command)
    return replace(reply, ok=False)


class Interrupted(Exception):
    """The store stopped answering after `stored` of a command's `total` steps were stored (`stored` ≥ 1, or
    every step was stored and what follows them — the result, the next game, the board — was not)."""

    def __init__(self, stored: int, total: int, computer_next: bool) -> None:
        super().__init__(f"{stored} of {total} steps stored")
        self.stored = stored
        self.total = total
        self.computer_next = computer_next


async def progress(svc: Core, ctx: Ctx, record: GameRecord, first: tuple[Step, ...], head: list[str],
                   command: str, start: tuple[Game, int] | None = None) -> Reply:
    """Apply `first` (a human's step), let the service act until a human must decide, store it all, answer.
    `start` (with no `first`) is the game and roll counter to go on from when a human's choice is not logged
    as a step of its own: a roll chosen instead of a double (R-CUBE-2).

    The answer tells the truth when the store stops answering half-way (what was stored; the rest is resumed
    by `bot.resume`), and when another command changed the game first ("the game moved on", with the board).

    :raises StoreUnavailable: nothing was stored.
    :raises VersionConflict: nothing was stored and there was no player's step to answer for.
    """
    if first and first[0].play != "timeout" and expired(svc, record):
        return await too_late(svc, ctx, record)  # sent after its deadline, before the loop acted on it
    try:
        return await advance_and_answer(svc, ctx, record, first, head, command, start)
    except Interrupted as exc:
        svc.store_silent()  # the rest follows as soon as the store answers again (`bot.runner`)
        return interrupted(ctx, record, first, exc)
    except VersionConflict:
        if not first or first[0].play in ("timeout", "opening"):
            raise
        return await moved_on(svc, ctx, record, first[0].play)


async def advance_and_answer(svc: Core, ctx: Ctx, record: GameRecord, first: tuple[Step, ...],
                             head: list[str], command: str, start: tuple[Game, int] | None = None, *,
                             header: bool = True) -> Reply:
    """`progress` without the answers to outages and races; `start` as in `progress`, `header` as in
    `views.show`. A game that ends its match's game goes on to the next game's opening roll, told in the same
    answer.

    :raises Interrupted: part of the work was stored (the game stays marked for `bot.resume`).
    :raises StoreUnavailable: nothing was stored.
    :raises VersionConflict: the game changed before the first step was stored.
    """
    lines, marked, told = list(head), [], 0
    while True:
        try:
            stored, adv, duplicate, mark = await _store(svc, ctx, record, first, command, start)
        except StoreUnavailable as exc:
            if not told:
                raise
            raise Interrupted(told, told, False) from exc  # the next game's opening: the play itself was stored
        marked += [record.id] if mark else []
        told = told or len(adv.steps)
        try:
            table = await tables.read(svc, stored, ctx.lang, match=stored.result is None)
            if not duplicate:
                lines += [views.say(ctx, e, table.names) for s in adv.steps for e in s.events]
                lines += [views.say(ctx, e, table.names) for e in adv.events]
            nxt = None
            if stored.result is not None:
                lines += await results.finish(svc, ctx, table, review_after=not duplicate)
                table, nxt = await _next_game(svc, ctx, table, lines)
            if nxt is None or nxt.version > 1:
                shown = table if nxt is None else await tables.read(svc, nxt, ctx.lang)
                reply = await views.show(svc, ctx, shown, lines, last=_last(adv) if nxt is None else None,
                                         header=header and nxt is None)
        except StoreUnavailable as exc:
            raise Interrupted(told, told, False) from exc
        if nxt is None or nxt.version > 1:
            try:  # before the answer goes out: a mark left in place has these plays told again on resuming
                for game_id in marked:
                    await svc.store.attention.clear(game_id)
            except StoreUnavailable as exc:
                raise Interrupted(told, told, False) from exc
            return reply
        record, first, command, start, header = nxt, (), f"start:{nxt.id}", None, False


async def _store(svc: Core, ctx: Ctx, record: GameRecord, first: tuple[Step, ...], command: str,
                 start: tuple[Game, int] | None) -> tuple[GameRecord, Advance, bool, bool]:
    """Let the service act after `first` (or from `start`) until a human must decide, and store it all: the
    stored record, the steps, whether the command had been applied before, and whether the game was marked
    for `bot.resume` meanwhile."""
    game, rolls = (first[-1].game, first[-1].rolls) if first else start or (game_of(record), record.turn)
    computer = await svc.computer_sides(record)
    if computer:  # the computer's thinking goes to the workers
        adv = await svc.offload(advance, game, seed_of(record), record.id, rolls, computer)
    else:  # a turn between people is a roll and a forced play at most (~0.3 ms): here, no hop to a worker
        adv = advance(game, seed_of(record), record.id, rolls, computer)
    adv = Advance(first + adv.steps, adv.game, adv.rolls, adv.events)
    marked = len(adv.steps) > 1 or adv.game.phase == "over" or record.version == 1 \
        or any(s.play in LOGGED for s in adv.steps)
    if marked:  # several steps, a result to count, or a cube step whose stored state holds the next roll
        # (R-CUBE-3: take, then the doubler rolls): resumed from here if the store stops half-way
        # what is stored from here on and never told (the answer cut off by the store, or by the process's
        # end), `bot.resume` tells: the player's own step again, as the board that follows "was stored" does
        await svc.store.attention.mark(record.id, svc.clock(), record.position)
    stored, duplicate, count = await commit(svc, record, adv, command, ctx.player)
    if count < len(adv.steps) and not duplicate:
        raise Interrupted(count, len(adv.steps), any(s.side in computer for s in adv.steps[count:]))
    return stored, adv, duplicate, marked


def _last(adv: Advance) -> LastPlay | None:
    """The last play made among the steps, drawn on the board (a cascade's stages joined: `turns.last_drawn`)."""
    return last_drawn(adv.steps)


async def _next_game(svc: Core, ctx: Ctx, table: Table, lines: list[str]) -> tuple[Table, GameRecord | None]:
    """After a game's result: its table with the match as the result left it, and the match's next game (named
    by its variant, its dice committed, in `lines`), or None when the match is over or there is none."""
    record = table.record
    match = await svc.store.matches.get(record.match_id) if record.match_id else None
    table = table.with_match(match)
    if match is None or match.winner is not None or not match.games or match.games[-1] == record.id:
        return table, None
    nxt = await svc.store.games.get(match.games[-1])
    lines.append(ctx.t("Next game: #{id}, {variant}. Dice seed commitment: {c}.", id=nxt.id,
                       variant=words.title(ctx.lang, nxt.variant, nxt.options), c=dice.commitment(seed_of(nxt))))
    return table, nxt


def interrupted(ctx: Ctx, record: GameRecord, first: tuple[Step, ...], exc: Interrupted) -> Reply:
    """The truth about a command the store stopped answering in the middle of: the rest follows within seconds
    of the store answering again (the deadline loop probes it every second, `bot.runner`: N4)."""
    step = first[0] if first and exc.stored else None
    if step is None or step.play in ("opening", "timeout"):
        text = ctx.t("Game #{id} was stored only in part: the store stopped answering. The rest will follow "
                     "within seconds of the store answering again.", id=record.id)
    elif exc.stored < exc.total:
        done = _stored(ctx, record, step.play)
        rest = (ctx.t("the store stopped answering before the computer's reply. It will follow within seconds "
                      "of the store answering again.") if exc.computer_next else
                ctx.t("the store stopped answering before the plays that follow it. They will follow within "
                      "seconds of the store answering again."))
        text = f"{done}; {rest}"
    elif step.play == "resign":
        text = ctx.t("Your resignation of game #{id} was stored; the store stopped answering before I could "
                     "say what follows. It will follow within seconds of the store answering again.", id=record.id)
    elif step.play in LOGGED:
        text = ctx.t("{done}; the store stopped answering before I could say what follows. The board will "
                     "follow within seconds of the store answering again.", done=_stored(ctx, record, step.play))
    else:
        text = ctx.t("Your play {play} was stored; the store stopped answering before I could say what "
                     "follows. It will follow within seconds of the store answering again.", play=step.play)
    return Reply(text, ok=False, game_id=record.id)


def _stored(ctx: Ctx, record: GameRecord, play: str) -> str:
    """What of the caller's command was stored: a resignation, a cube answer or double (R-CUBE-2, R-CUBE-3) in
    its own words, or a play."""
    if play == "resign":
        return ctx.t("Your resignation of game #{id} was stored", id=record.id)
    action = parse(play)
    if action is not None and ROWS[action].stored:
        return ctx.t(ROWS[action].stored, id=record.id)
    return ctx.t("Your play {play} was stored", play=play)


async def moved_on(svc: Core, ctx: Ctx, record: GameRecord, play: str) -> Reply:
    """Another command changed the game first (F3): say which plays beat the caller's `play` and by whom (every
    log entry after the position the caller's command was read at; read while the other command is still
    storing what follows it, the last player's latest entries), and what is awaited now, with the board."""
    current, log = await svc.store.games.snapshot(record.id)
    table = await tables.read(svc, current, ctx.lang)
    names = table.names
    news = _since(log, record.position) or _latest(log)
    what = "; ".join(entry_words(ctx, e, names, record.id) for e in news) if news else ctx.t("game #{id} changed",
                                                                                      id=record.id)
    mine = ctx.t("resignation") if play == "resign" else _play_words(ctx, play)
    text = ctx.t("The game moved on: {what}. Your {mine} was not made; here is the board now.", what=what,
                 mine=mine)
    lines = [text]
    game = table.game
    if game.phase not in ("move", "over"):  # the rest of the other command is still being stored
        lines.append(ctx.t("{name} is to roll next in game #{id}.", name=names[game.turn], id=current.id))
    reply = await views.show(svc, ctx, table, lines)
    return replace(reply, ok=False, private=True)


def _play_words(ctx: Ctx, play: str) -> str:
    """A logged play as a player reads it: the cube's entries (R-CUBE-2, R-CUBE-3) in words, a play as written."""
    action = parse(play)
    if action is not None and ROWS[action].logged:
        return ctx.t(ROWS[action].logged)
    return play


def _since(log: list[MoveLogEntry], position: str) -> list[MoveLogEntry]:
    """The entries after the last one that left the game at `position` (all of them if none did: the command
    was read before the first entry). Checkers only move on, so a position seen again is a pass."""
    for k in range(len(log) - 1, -1, -1):
        if log[k].position == position:
            return log[k + 1:]
    return log


def _latest(log: list[MoveLogEntry]) -> list[MoveLogEntry]:
    """The last run of entries by one side."""
    k = len(log)
    while k > 0 and log[k - 1].side == log[-1].side:
        k -= 1
    return log[k:]


def entry_words(ctx: Ctx, entry: MoveLogEntry, names: Mapping[Side, str], game_id: str) -> str:
    """One log entry as a clause: who did what with which dice."""
    name = names[side_of(entry.side)]
    if entry.play == "opening":
        said = ctx.t("opening roll {dice}", dice=entry.dice)
    elif entry.play == "resign":
        said = ctx.t("{side} resigns.", side=name)
    elif entry.play == "timeout":
        said = ctx.t("{side} ran out of time and loses game #{id}.", side=name, id=game_id)
    elif entry.play in LOGGED:  # the cube's entries (R-CUBE-2, R-CUBE-3)
        said = f"{name}: {_play_words(ctx, entry.play)}"
    elif entry.play == "pass" or not entry.play:
        said = ctx.t("{side} rolled {dice} and cannot move: the turn passes.", side=name, dice=entry.dice)
    else:
        said = ctx.t("{side} rolled {dice} and played {play}.", side=name, dice=entry.dice, play=entry.play)
    return said.rstrip(".")


async def commit(svc: Core, record: GameRecord, adv: Advance, command: str,
                 caller: PlayerRecord | None = None) -> tuple[GameRecord, bool, int]:
    """Store every step of `adv`: one compare-and-set each, the first with the command id `<command>:0` (a
    repeated command applies once), the follow-up steps without one (a long command takes one place among
    the ids a game remembers).

    `caller`, the record of the command's sender, saves reading their vacation when the turn comes back to them
    (`vacation.clock_start`).

    Returns the stored record, whether the command had been applied before (a duplicate), and how many steps
    were stored (fewer than all when the store stopped answering after the first).

    :raises StoreUnavailable: the first step could not be stored.
    :raises VersionConflict: the game changed before the first step.
    """
    now = svc.clock()
    hours = await svc.deadline_hours_for(record.chat)
    starts = now  # the clock of the turn that follows starts after its player's vacation (`bot.vacation`)
    if adv.game.phase != "over":
        starts = await vacation.clock_start(svc, record.players[side_index(awaited(adv.game))], now, caller)
    current = record
    duplicate = False
    states: list[tuple[Step | None, Game, int]] = [(s, s.game, s.rolls) for s in adv.steps]
    if states:
        states[-1] = (states[-1][0], adv.game, adv.rolls)
    elif dice_field(adv.game) != record.dice or adv.rolls != record.turn:
        states = [(None, adv.game, adv.rolls)]
    stored = 0
    for k, (step, game, rolls) in enumerate(states):
        new = record_state(current, game, rolls, starts, hours)
        move = None
        if step is not None:
            move = MoveLogEntry(side_index(step.side), step.dice, step.play, new.position, now)
        try:
            result = await svc.store.games.apply(current, new, command_id=f"{command}:{k}", move=move, now=now,
                                                 remember=k == 0)
        except StoreUnavailable:
            if k == 0:
                raise
            return current, False, stored
        except VersionConflict:
            if k == 0:
                raise
            duplicate = True  # another process goes on from our first step (`bot.resume`): show the game now
            break
        if result.duplicate:
            duplicate = True
            break  # the first sender stores (or stored) the rest
        stored += 1 if step is not None else 0
        current = replace(new, version=result.version, updated_at=now)
    if duplicate:
        current = await svc.store.games.get(record.id)
    return current, duplicate, stored


def record_state(current: GameRecord, game: Game, rolls: int, now: float, hours: float) -> GameRecord:
    """The record of `current` at `game`'s state, with the next deadline and reminder of a clock started at
    `now`."""
    over = game.phase == "over"
    return replace(current, position=game.position.to_tpn(), dice=dice_field(game), turn=rolls, cube=cube_data(game),
                   result=result_of(game.outcome) if over and game.outcome else None,
                   deadline=None if over else now + hours * 3600,
                   remind_at=None if over else now + hours * 1800)


def command_id(ctx: Ctx, record: GameRecord, text: str) -> str:
    """The id of a game command: the adapter's message id, else derived from who, what game state and what
    text, so the same command sent twice at once applies once."""
    if ctx.command_id:
        return f"c:{ctx.command_id.replace('|', '/')}"[:80]
    digest = hashlib.sha256(f"{ctx.player.id}:{record.id}:{record.version}:{text}".encode()).hexdigest()
    return f"h:{digest[:24]}"
