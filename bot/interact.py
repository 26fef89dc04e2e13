"""Buttons and autocomplete: versioned actions (`bot.actions`) and the legal plays that match typed text.

A press is checked before anything changes: the data must unpack, the game must be this chat's, the button's
version must be the game's current one ("that board is out of date" otherwise), and a builder press must come
from the player to move; a cube press (Roll, Double, Take, Drop, R-CUBE-2/3) from the player the game waits on,
with a command id derived from the action (a press twice, or two answers racing, apply once). A confirm press
carries the whole play built, and its command id derives from the action, so the same press twice applies once.
"""

from __future__ import annotations

import hashlib
from dataclasses import replace

from game import GameError, IllegalPlayError, Play, Side, build, parse_play, score_play
from storage import GameRecord, NotFound

from . import handlers, lobby, rematch, tournaments, views
from .actions import Action, ActionError, Verb
from .commands import Command
from .completion import matches
from .context import Ctx, Refusal
from .core import Core
from .cube.answers import answer as cube_answer
from .cube.table import BY_VERB
from .gamestate import game_of, side_index
from .replies import Reply, Suggestion

MAX_SUGGESTIONS = 25
BUILDER = (Verb.BUILD, Verb.CONFIRM)  # the verbs whose argument is a partial play


async def press(svc: Core, ctx: Ctx, data: str, record: GameRecord | None = None) -> Reply:
    """Answer one button press (`record`: its game, when the caller has read it already: the board page)."""
    try:
        action = Action.unpack(data)
        picked, focus = views.unpack_moves(action.arg) if action.verb in BUILDER else ((), None)
    except ActionError:
        raise Refusal("I do not recognise that button; /board shows your game.") from None
    if action.verb in (Verb.ACCEPT, Verb.DECLINE, Verb.CANCEL):
        name = {Verb.ACCEPT: "accept", Verb.DECLINE: "decline", Verb.CANCEL: "cancel"}[action.verb]
        answer = {Verb.ACCEPT: lobby.accept, Verb.DECLINE: lobby.decline, Verb.CANCEL: lobby.cancel}[action.verb]
        return await answer(svc, ctx, Command(name, ref=action.ref))
    if action.verb is Verb.JOIN:
        return await tournaments.join(svc, ctx, action.ref)
    if action.verb is Verb.REMATCH:
        return await rematch.press(svc, ctx, action.ref)
    if action.verb is Verb.RESIGN:
        return await _resign(svc, ctx, action, data)
    record = await _game(svc, ctx, action, read=record)
    if action.verb is Verb.BOARD:
        return await views.private_view(svc, ctx, record)
    if action.verb in BY_VERB:
        digest = hashlib.sha256(f"{ctx.player.id}:{data}".encode()).hexdigest()[:24]
        cube = BY_VERB[action.verb]
        return await cube_answer(svc, replace(ctx, command_id=f"k:{digest}"), Command(cube.value, ref=record.id),
                                 cube, record)
    game = game_of(record)
    side = svc.player_side(ctx, record)
    if game.phase != "move" or game.dice is None or game.turn is not side:
        raise Refusal("It is not your turn in game #{id}.", id=record.id)
    try:
        state = build(game.position, game.dice, picked)
    except IllegalPlayError:
        raise Refusal("That board is out of date: the game has moved on. /board shows it now.") from None
    if action.verb is Verb.CONFIRM:
        if state.play is None:
            raise Refusal("That play is not complete yet: pick the remaining moves.")
        digest = hashlib.sha256(f"{ctx.player.id}:{data}".encode()).hexdigest()[:24]
        return await handlers.make_play(svc, ctx, record, side, game, state.play, f"b:{digest}")
    builder = views.builder_view(ctx, record, game, picked, focus, state)
    return Reply(builder.text, builder=builder, private=True,
                 delivery="new" if action.verb is Verb.OPEN else "update", game_id=record.id)


async def _resign(svc: Core, ctx: Ctx, action: Action, data: str) -> Reply:
    """The Confirm button of a resignation question (`handlers.resign_question`): only the player who asked may
    press it, and only while the game stands where it was asked (R-END-6); two presses concede once."""
    record = await _game(svc, ctx, action, current=False)
    if action.version != record.version:
        raise Refusal("That question has lapsed: game #{id} moved on since you asked. Send /resign again to "
                      "resign it.", id=record.id)
    if action.arg not in ("w", "b"):
        raise Refusal("I do not recognise that button; /board shows your game.")
    asker = Side.WHITE if action.arg == "w" else Side.BLACK
    if record.players[side_index(asker)] != ctx.player.id:
        names = await svc.names(record, ctx.lang)
        raise Refusal("Only {name} can confirm this resignation.", name=names[asker])
    game = game_of(record)
    if game.phase == "over":
        raise Refusal("Game #{id} is over.", id=record.id)
    digest = hashlib.sha256(f"{ctx.player.id}:{data}".encode()).hexdigest()[:24]
    return await handlers.concede(svc, ctx, record, asker, game, f"r:{digest}")


async def _game(svc: Core, ctx: Ctx, action: Action, *, current: bool = True, read: GameRecord | None = None
                ) -> GameRecord:
    """The game a press is for (`read`, when already read), refused unless it is this chat's (and, if `current`,
    the button's version is the game's now)."""
    record = read if read is not None and read.id == action.ref else None
    try:
        record = record or await svc.store.games.get(action.ref)
    except NotFound:
        raise Refusal("That button is for a game I cannot find; /games lists yours.") from None
    if record.chat != ctx.chat.key and not (ctx.chat.private and ctx.player.id in record.players):
        # N1: as typed commands are (`Core.find_game`): a game's buttons work in its chat, and in a private chat
        # with the bot for its players; never on a message in another group (callback data can be forged)
        raise Refusal("That button belongs to a game in another chat.")
    if current and action.version != record.version:
        raise Refusal("That board is out of date: the game has moved on. /board shows it now.")
    return record


async def suggest(svc: Core, ctx: Ctx, typed: str, ref: str | None) -> list[Suggestion]:
    """The caller's legal plays that match `typed` (moves in any order, with or without `*`, `bar`/`off` spelt
    any accepted way; the last word may be unfinished), best first by the computer's evaluation."""
    record = await svc.find_game(ctx, ref)
    game = game_of(record)
    if game.phase != "move" or game.dice is None or game.turn is not svc.player_side(ctx, record):
        return []
    plays = game.plays()
    text = " ".join(typed.split())[:100]
    exact: Play | None = None
    if text:
        try:
            exact = parse_play(game.position, game.dice, text)
        except GameError:
            exact = None
    matching = [p for p in plays if p != exact and matches(p, text)]
    matching.sort(key=score_play, reverse=True)
    ordered = ([exact] if exact is not None else []) + matching
    return [Suggestion(p.notation, p.notation) for p in ordered[:MAX_SUGGESTIONS]]
