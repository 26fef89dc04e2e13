"""Play again after a loss on time and after a tied single game, the deadlines in each reader's own time,
and vacation days (a clock the test moves): a vacation pauses a deadline, a move ends it early and the deadline
comes back, the allowance of 14 days in 365 is kept; the words in Bulgarian and Greek."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from bot import moments
from bot.actions import Action, Verb
from bot.gamestate import awaited, game_of, side_index
from bot.replies import Caller, Identity, Reply
from bot.service import Service
from storage import DueKind, MoveLogEntry

from .conftest import ALICE, BOB, CAROL, CHAT, Clock
from .test_no_english import english_words

HOURS = 72.0
DAY = 86400.0


def _button(reply: Reply, verb: Verb) -> Action | None:
    return next((a for row in reply.buttons for b in row if (a := Action.unpack(b.data)).verb is verb), None)


async def _started(service: Service, line: str = "/challenge @bob tapa 1") -> str:
    await service.handle(Caller(ALICE, CHAT), line)
    board = await service.handle(Caller(BOB, CHAT), "/accept")
    assert board.ok and board.game_id is not None, board.text
    return board.game_id


async def _waiting(service: Service, game_id: str) -> Identity:
    record = await service.store.games.get(game_id)
    pid = record.players[side_index(awaited(game_of(record)))]
    player = await service.store.players.get(pid)
    return ALICE if player.platform_user_id == "alice" else BOB


async def test_rematch_after_a_loss_on_time(service: Service, clock: Clock) -> None:
    game_id = await _started(service)
    board = await service.handle(Caller(ALICE, CHAT), f"/board {game_id}")
    assert moments.moment((await service.store.games.get(game_id)).deadline or 0) in board.text, board.text
    clock.advance(HOURS + 1)
    notices = await service.tick()
    lost = next(n for n in notices if n.kind == "timeout")
    assert "ran out" in lost.reply.text and moments.OPEN in lost.reply.text
    again = _button(lost.reply, Verb.REMATCH)
    assert again is not None
    stranger = await service.press(Caller(CAROL, CHAT), again.pack())
    assert not stranger.ok and "Only the players" in stranger.text
    offer = await service.press(Caller(BOB, CHAT), again.pack())
    accept = _button(offer, Verb.ACCEPT)
    assert offer.ok and accept is not None and offer.mentions[0].user_id == "alice"
    twice = await service.press(Caller(BOB, CHAT), again.pack())
    assert not twice.ok and accept.ref in twice.text
    refused = await service.press(Caller(BOB, CHAT), accept.pack())
    assert not refused.ok, "the challenger cannot accept their own rematch"
    started = await service.press(Caller(ALICE, CHAT), accept.pack())
    assert started.ok and started.game_id not in (None, game_id)
    late = await service.press(Caller(ALICE, CHAT), again.pack())
    assert not late.ok and "already asked for and answered" in late.text


async def test_a_vacation_pauses_a_deadline_and_a_move_ends_it(service: Service, clock: Clock) -> None:
    game_id = await _started(service, "/challenge @bob portes 1")
    waiting = await _waiting(service, game_id)
    before = (await service.store.games.get(game_id)).deadline
    assert before is not None
    gone = await service.handle(Caller(waiting, CHAT), "/vacation 4")
    assert gone.ok and f"#{game_id}" in gone.text, gone.text
    paused = (await service.store.games.get(game_id)).deadline
    assert paused == pytest.approx(before + 4 * DAY)
    clock.advance(HOURS + 1)  # past the old deadline: nothing is lost on time
    assert [n for n in await service.tick() if n.kind == "timeout"] == []
    assert game_of(await service.store.games.get(game_id)).phase != "over"
    again = await service.handle(Caller(waiting, CHAT), "/vacation 2")
    assert not again.ok and "already" in again.text
    status = await service.handle(Caller(waiting, CHAT), "/vacation")
    assert "until" in status.text
    # the opponent's reminders say so, while the one away has a turn in another game
    back = await service.handle(Caller(waiting, CHAT), "/vacation off")
    assert back.ok and "back" in back.text
    resumed = (await service.store.games.get(game_id)).deadline
    assert resumed == pytest.approx(clock.now + (before - (clock.now - (HOURS + 1) * 3600)), abs=2.0)
    assert resumed == pytest.approx(before + (HOURS + 1) * 3600, abs=2.0), "the clock stood still while away"
    wakeups = {(kind, gid): when for kind, gid, when in await service.store.schedule.wakeups()}
    assert (DueKind.DEADLINE, game_id) in wakeups
    clock.now = resumed + 1
    lost = [n for n in await service.tick() if n.kind == "timeout"]
    assert len(lost) == 1, "the deadline fires once, at its new time"
    assert [n for n in await service.tick() if n.kind == "timeout"] == []


async def test_a_move_ends_a_vacation_and_the_allowance_is_kept(service: Service, clock: Clock) -> None:
    game_id = await _started(service, "/challenge @bob portes 1")
    waiting = await _waiting(service, game_id)
    other = BOB if waiting is ALICE else ALICE
    assert (await service.handle(Caller(other, CHAT), "/vacation 5")).ok
    away = await service.handle(Caller(other, CHAT), "/vacation")
    assert "until" in away.text
    clock.advance(HOURS / 2 + 1)
    reminders = [n for n in await service.tick() if n.kind == "reminder"]
    assert reminders and "on vacation until" in reminders[0].reply.text
    record = await service.store.games.get(game_id)
    play = game_of(record).plays()[0].notation
    moved = await service.handle(Caller(waiting, CHAT), f"/move {play} {game_id}")
    assert moved.ok, moved.text
    now_waiting = await _waiting(service, game_id)
    assert now_waiting is other
    deadline = (await service.store.games.get(game_id)).deadline or 0
    assert deadline > clock.now + 4 * DAY, "the turn's clock starts when the vacation ends"
    record = await service.store.games.get(game_id)
    play = game_of(record).plays()[0].notation if game_of(record).phase == "move" else None
    if play is not None:
        ended = await service.handle(Caller(other, CHAT), f"/move {play} {game_id}")
        assert ended.ok and "back" in ended.text, ended.text
        assert await service.store.vacations.until(
            (await service.store.players.ensure("console", other.user_id, other.name)).id, now=clock.now) is None
    clock.advance(24)
    over = await service.handle(Caller(other, CHAT), "/vacation 14")
    assert not over.ok and "14 days in any 365" in over.text
    assert (await service.handle(Caller(other, CHAT), "/vacation 12")).ok
    bad = await service.handle(Caller(other, CHAT), "/vacation 15")
    assert not bad.ok and "1 to 14" in bad.text


@pytest.mark.parametrize("lang", ["bg", "el"])
async def test_rematch_and_vacation_words(service: Service, clock: Clock, lang: str) -> None:
    for who in (ALICE, BOB, CAROL):
        await service.handle(Caller(who, CHAT), f"/lang {lang}")
    game_id = await _started(service)
    texts = [(await service.handle(Caller(ALICE, CHAT), f"/board {game_id}")).text,
             (await service.handle(Caller(ALICE, CHAT), "/games")).text]
    clock.advance(HOURS / 2 + 1)
    texts += [n.reply.text for n in await service.tick()]
    texts += [(await service.handle(Caller(CAROL, CHAT), "/vacation 2")).text,
              (await service.handle(Caller(CAROL, CHAT), "/vacation")).text,
              (await service.handle(Caller(CAROL, CHAT), "/vacation 20")).text,
              (await service.handle(Caller(CAROL, CHAT), "/vacation off")).text,
              (await service.handle(Caller(CAROL, CHAT), "/vacation off")).text]
    clock.advance(HOURS)
    lost = next(n for n in await service.tick() if n.kind == "timeout")
    texts.append(lost.reply.text)
    again = _button(lost.reply, Verb.REMATCH)
    assert again is not None
    label = next(b.label for row in lost.reply.buttons for b in row)
    texts.append(label)
    texts.append((await service.press(Caller(CAROL, CHAT), again.pack())).text)
    offer = await service.press(Caller(ALICE, CHAT), again.pack())
    texts += [offer.text, *(b.label for row in offer.buttons for b in row)]
    texts.append((await service.press(Caller(BOB, CHAT), again.pack())).text)
    texts.append((await service.handle(Caller(ALICE, CHAT), f"/rematch {game_id}")).text)
    ids = {i for text in texts for i in re.findall(r"#(\w+)", text)}  # bare ids (`/verify k3vqzd`) are no words
    for text in texts:
        shown = moments.plain(text)
        assert not english_words(shown, {"UTC", "Alice", "alice", "bob", "carol", *ids}), shown


async def test_rematch_after_a_tied_single_game(service: Service, clock: Clock) -> None:
    """R-END-4: a tied single game (a match to 1) is replayed at once, so the tie's answer shows the replay (no
    Rematch yet); the replay's end carries Rematch, which works as after any single game."""
    game_id = await _started(service, "/challenge @bob plakoto 1")
    record = await service.store.games.get(game_id)
    alice = await service.store.players.find(ALICE.platform, ALICE.user_id)
    assert alice is not None and record.players[0] == alice.id, "the challenger plays white"
    tie = ",".join({1: "B1", 7: "W1", 24: "wB2", 12: "W13", 13: "B12"}.get(p, "") for p in range(1, 25))
    staged = replace(record, position=f"{tie} w 0/0/0 0/0/0", dice="6-5")
    await service.store.games.apply(record, staged, command_id="test-tie",
                                    move=MoveLogEntry(0, "", "setup", staged.position, clock()))
    tied = await service.handle(Caller(ALICE, CHAT), f"/move 12/7 7/1* {game_id}")
    assert tied.ok and "tie" in tied.text, tied.text
    assert tied.game_id != game_id and _button(tied, Verb.REMATCH) is None, "the replay goes on"
    ended = await service.handle(Caller(BOB, CHAT), f"/resign yes {tied.game_id}")
    again = _button(ended, Verb.REMATCH)
    assert again is not None and again.ref == record.match_id
    offer = await service.press(Caller(ALICE, CHAT), again.pack())
    accept = _button(offer, Verb.ACCEPT)
    assert offer.ok and accept is not None
    started = await service.press(Caller(BOB, CHAT), accept.pack())
    assert started.ok and started.game_id not in (None, game_id, tied.game_id)
