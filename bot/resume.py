"""Resuming games left where the service must act: after an outage of the store or a crash in the middle of a
command, the computer's reply, the forced plays and passes, the result and the match's next game follow here.

`progression` marks a game in the store's attention set before a change of several steps and clears it after
(`storage.attention`); what stays marked is resumed at start-up (`resume(svc, grace=0)`) and by the periodic
loop (marks older than a grace, so a command in flight elsewhere finishes first), and as soon as the store
answers again after an outage a command ran into (N4: the marks made before the outage, whose commands the outage
ended). Resuming is the same
deterministic advance from the stored state with a command id derived from the game's version, so two
processes resuming one game change it once; and one process at a time resumes a game (a claim), so it is
announced once. Each resumed game is announced in its chat, with the plays that may have been stored and never
told (those after the position the mark names, where the command that marked it began: the player's play, which
"was stored" told already, and the computer's reply stored before the store or the process stopped).
"""

from __future__ import annotations

import contextlib
import logging
from dataclasses import replace

from storage import GameRecord, MoveLogEntry, NotFound, StoreUnavailable, VersionConflict

from . import i18n, views
from .context import Ctx
from .core import Core
from .gamestate import dice_field, game_of, seed_of
from .progression import Interrupted, advance_and_answer, entry_words
from .replies import Chat, Identity, Notice
from .turns import advance

log = logging.getLogger(__name__)
GRACE_SECONDS = 30.0
CLAIM_SECONDS = 10.0  # a resume cut off by the store holds its game this long: the longest one may take


async def resume(svc: Core, grace: float = GRACE_SECONDS, limit: int = 20, *,
                 before: float | None = None) -> list[Notice]:
    """Finish the work on every game marked more than `grace` seconds ago (or, once the store answers again
    after an outage, marked at or before `before`, when it was found silent); the notices announce them."""
    notices = []
    until = svc.clock() - grace if before is None else before
    for game_id in await svc.store.attention.waiting(until, limit):
        try:
            notice = await _resume(svc, game_id)
        except StoreUnavailable:
            break  # still down: the next round tries again
        except Interrupted:
            continue  # some of it was stored; the mark stays for the next round
        except Exception:
            log.exception("resuming game %s failed", game_id)
            continue
        if notice is not None:
            notices.append(notice)
    return notices


async def _resume(svc: Core, game_id: str) -> Notice | None:
    if not await svc.store.attention.claim(game_id, CLAIM_SECONDS):
        return None  # another process is resuming it
    try:
        return await _claimed(svc, game_id)
    finally:
        with contextlib.suppress(StoreUnavailable):
            await svc.store.attention.release(game_id)


async def _claimed(svc: Core, game_id: str) -> Notice | None:
    try:
        record, entries = await svc.store.games.snapshot(game_id)
    except NotFound:
        await svc.store.attention.clear(game_id)
        return None
    if record.chat is None:
        await svc.store.attention.clear(game_id)
        return None
    marked, told = await svc.store.attention.told(game_id)
    if not marked:
        return None  # another process finished it meanwhile
    return await _go_on(svc, record, entries, told)


async def _go_on(svc: Core, record: GameRecord, entries: list[MoveLogEntry], told: str | None) -> Notice | None:
    """Announce what was stored and never told, store what follows and announce it."""
    await _join_match(svc, record)
    game = game_of(record)
    ctx = await _context(svc, record)
    names = await svc.names(record, ctx.lang)
    head = [ctx.t("Game #{id} goes on: the store did not answer earlier, so this had to wait.", id=record.id)]
    head += [f"{entry_words(ctx, entry, names, record.id)}." for entry in untold(entries, told)]
    if game.phase != "over":
        adv = await svc.offload(advance, game, seed_of(record), record.id, record.turn,
                                await svc.computer_sides(record))
        if not adv.steps and dice_field(adv.game) == record.dice:
            # every step was stored but the answer was not given (a take and the doubler's roll, R-CUBE-3): the
            # board, with the player it waits for mentioned, as a resumed move's
            reply = await views.view(svc, ctx, record, head)
            await svc.store.attention.clear(record.id)
            return Notice(ctx.chat, replace(reply, private=False), kind="resumed")
    try:
        reply = await advance_and_answer(svc, ctx, record, (), head, f"resume:{record.id}:{record.version}")
    except VersionConflict:
        return None  # it moved on meanwhile; whoever moved it carries on (the mark is looked at again)
    await svc.store.attention.clear(record.id)
    return Notice(ctx.chat, replace(reply, private=False), kind="resumed")


def untold(log: list[MoveLogEntry], told: str | None) -> list[MoveLogEntry]:
    """The entries after the last one that left the game at the position `told` (its players were told of the
    plays up to there): stored, and never told. None where the position is not known or not in the log."""
    if told is not None:
        for k in range(len(log) - 1, -1, -1):
            if log[k].position == told:
                return log[k + 1:]
    return []


async def _join_match(svc: Core, record: GameRecord) -> None:
    """A match's first game that its match does not list yet (the store stopped answering in between)."""
    if record.match_id is None or record.version != 1:
        return
    match = await svc.store.matches.get(record.match_id)
    if not match.games:
        await svc.store.matches.update(match, replace(match, games=(record.id,)), now=svc.clock())


async def _context(svc: Core, record: GameRecord) -> Ctx:
    """The game's chat, in the language of its first human player (the computer otherwise)."""
    computer = await svc.computer_id()
    pid = next((p for p in record.players if p != computer), record.players[0])
    player = await svc.player(pid)
    assert record.chat is not None
    chat = Chat.from_key(record.chat)
    lang = i18n.choose(player.language, (await svc.chat_settings(record.chat)).language, default=svc.language)
    return Ctx(Identity(player.platform, player.platform_user_id, player.name), chat, player, lang)
