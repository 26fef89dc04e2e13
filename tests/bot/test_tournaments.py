"""Whole tournaments through the service (the console's entry points): a round robin of 4 with a withdrawal, a
knockout of 5 with byes, sections of 9; refusals that change nothing."""

from __future__ import annotations

import asyncio
import re

import pytest

from bot.replies import Caller, Chat, Identity, Notice, Reply
from bot.service import Service
from storage import MatchRecord, NotFound, Store, TournamentRecord

from .conftest import ALICE, BOB, CAROL, CHAT, Clock

DAN = Identity("console", "dan", "dan", username="dan")
PEOPLE = [ALICE, BOB, CAROL, DAN, *(Identity("console", f"p{i}", f"p{i}", username=f"p{i}") for i in range(5, 10))]


async def say(service: Service, who: Identity, text: str) -> Reply:
    return await service.handle(Caller(who, CHAT), text)


async def opened(service: Service, people: list[Identity], line: str) -> str:
    reply = await say(service, people[0], line)
    m = re.fullmatch(r"Tournament #(\w+) opens: .+, matches to \d+, .+\. Join with /tournament join \1\.", reply.text)
    assert m, reply.text
    assert reply.buttons and reply.buttons[0][0].label == "Join"
    tid = m.group(1)
    pressed = await service.press(Caller(people[1], CHAT), reply.buttons[0][0].data)
    assert pressed.ok, pressed.text
    for who in people[2:]:
        joined = await say(service, who, f"/tournament join {tid}")
        assert joined.ok, joined.text
    return tid


async def started_match(service: Service, match_id: str) -> MatchRecord:
    """The match once its first game is listed and its opening stored (a pairing is claimed for its match
    before the match and its game exist, and the opening roll follows): the game's mark for the service cleared,
    as it is once every step is stored (a tied opening roll is two steps, R-OPEN-1, so a version past 1 alone is
    not enough)."""
    for _ in range(300):
        try:
            match = await service.store.matches.get(match_id)
        except NotFound:  # claimed, not yet created
            await asyncio.sleep(0.05)
            continue
        if match.games and (await service.store.games.get(match.games[-1])).version > 1:
            marked, _ = await service.store.attention.told(match.games[-1])
            if not marked:
                return match
        await asyncio.sleep(0.05)
    raise AssertionError(f"match {match_id} has no game")


SAID: list[str] = []  # every answer to a resignation in `finish_games`, newest last


async def finish_games(service: Service, tid: str, people: list[Identity], *, skip: set[str] = frozenset(),
                       rounds: int = 50) -> TournamentRecord:
    """Resign, in turn, a game of each tournament match going on (the loser: the player later in `people`)."""
    ids = {(await service.ensure(p)).id: p for p in people}
    for _ in range(rounds):
        await service.settle(10)
        record = await service.store.tournaments.get(tid)
        if record.state != "running":
            return record
        going = [p for p in record.pairings if p.match and not p.done]
        assert going, f"stuck: {record.pairings}"
        p = going[0]
        match = await started_match(service, p.match or "")
        game = match.games[-1]
        loser = max((ids[p.a or ""], ids[p.b or ""]), key=people.index)
        if loser.user_id in skip:
            loser = ids[p.a or ""] if loser is ids[p.b or ""] else ids[p.b or ""]
        reply = await say(service, loser, f"/resign yes {game}")
        assert reply.ok, reply.text
        SAID.append(reply.text)
    raise AssertionError("the tournament did not end")


@pytest.fixture
def notices(service: Service) -> list[Notice]:
    posted: list[Notice] = []

    async def deliver(notice: Notice) -> None:
        posted.append(notice)

    service.notify = deliver
    return posted


async def test_round_robin_of_four_with_a_withdrawal(service: Service, notices: list[Notice]) -> None:
    people = [ALICE, BOB, CAROL, DAN]
    tid = await opened(service, people, "/tournament new plakoto to 1")
    refused = await say(service, BOB, f"/tournament start {tid}")
    assert not refused.ok and "director" in refused.text
    started = await say(service, ALICE, f"/tournament start {tid}")
    assert started.ok, started.text
    assert "6 matches start now" in started.text
    await service.settle(30)
    boards = [n for n in notices if n.reply.game_id]
    assert len(boards) == 6 and all(n.chat == CHAT for n in boards)
    private = [n for n in notices if n.to is not None]
    assert {n.to.user_id for n in private if n.to} == {"alice", "bob", "carol", "dan"}
    assert again_refused(await say(service, CAROL, f"/tournament join {tid}"))
    # two results, then dan withdraws: his unplayed matches are walkovers, the played one stands
    record = await service.store.tournaments.get(tid)
    ids = {(await service.ensure(p)).id: p for p in people}
    dan = (await service.ensure(DAN)).id
    played = next(p for p in record.pairings if dan in p.players())
    match = await started_match(service, played.match or "")
    assert (await say(service, DAN, f"/resign yes {match.games[-1]}")).ok
    left = await say(service, DAN, f"/tournament leave {tid}")
    assert "withdraws" in left.text, left.text
    record = await service.store.tournaments.get(tid)
    dans = [p for p in record.pairings if dan in p.players()]
    assert sum(p.walkover for p in dans) == 2 and sum(not p.walkover and p.done for p in dans) == 1
    record = await finish_games(service, tid, people)
    assert record.state == "finished" and record.winner == (await service.ensure(ALICE)).id
    assert f"alice wins tournament #{tid}\n" in SAID[-1] and "Final places: 1. alice" in SAID[-1], SAID[-1]
    table = await say(service, BOB, f"/tournament table {tid}")
    assert "1. alice: 3 won of 3" in table.text and "4. dan (w/o): 0 won of 3" in table.text, table.text
    assert len(ids) == 4


def again_refused(reply: Reply) -> bool:
    return not reply.ok and "not open" in reply.text


async def test_knockout_of_five_with_byes(service: Service, notices: list[Notice]) -> None:
    people = [ALICE, BOB, CAROL, DAN, PEOPLE[4]]
    tid = await opened(service, people, "/tournament new tapa to 1 format knockout")
    started = await say(service, ALICE, f"/tournament start {tid}")
    assert "2 matches start now" in started.text, started.text  # 4 v 5, and 2 v 3 (the seeds 1, 2, 3 have byes)
    record = await finish_games(service, tid, people)
    assert record.state == "finished" and record.winner == (await service.ensure(ALICE)).id
    assert len([p for p in record.pairings if p.match]) == 4


async def test_sections_of_nine(service: Service, notices: list[Notice]) -> None:
    people = PEOPLE[:9]
    tid = await opened(service, people, "/tournament new portes to 1 format sections")
    started = await say(service, ALICE, f"/tournament start {tid}")
    assert "16 matches start now" in started.text, started.text  # sections of 5 and 4: 10 + 6
    record = await finish_games(service, tid, people, rounds=40)
    assert record.state == "finished" and record.winner == (await service.ensure(ALICE)).id
    assert [p.stage for p in record.pairings if p.stage.startswith("ko")] == ["ko1-0" [:3]]


async def test_bad_input_changes_nothing(service: Service) -> None:
    for line in ("/tournament nonsense", "/tournament new to 4", "/tournament new format swiss",
                 "/tournament join zzzzzz", "/tournament start"):
        reply = await say(service, ALICE, line)
        assert not reply.ok, line
    assert await service.store.tournaments.in_chat(CHAT.key) == []
    assert Chat


@pytest.mark.parametrize("lang", ["bg", "el"])
async def test_a_knockout_in_bulgarian_and_greek_has_no_english(service: Service, notices: list[Notice],
                                                                 lang: str) -> None:
    from .test_no_english import IDS, english_words, texts_of

    people = [ALICE, BOB, CAROL]
    for who in people:
        assert (await say(service, who, f"/lang {lang}")).ok
    replies = [await say(service, ALICE, "/tournament new tapa to 1 format knockout")]
    tid = re.findall(r"#(\w+)", replies[0].text)[0]
    IDS.add(tid)
    replies += [await say(service, who, f"/tournament join {tid}") for who in people[1:]]
    replies += [await say(service, BOB, f"/tournament start {tid}"), await say(service, BOB, "/tournament nonsense"),
                await say(service, ALICE, f"/tournament start {tid}"), await say(service, ALICE, "/tournament")]
    record = await finish_games(service, tid, people)
    assert record.state == "finished"
    replies += [await say(service, CAROL, f"/tournament table {tid}"), await say(service, CAROL, "/help")]
    texts = [t for r in replies for t in texts_of(r)] + [t for n in notices for t in texts_of(n.reply)]
    found = {word for text in texts for word in english_words(text, {"alice", "bob", "carol"})}
    assert not found, [t for t in texts if any(w in t for w in found)]


async def test_too_few_players_and_a_cancelled_tournament(service: Service, notices: list[Notice]) -> None:
    """A start with too few players changes nothing; after a cancel its matches go on but count for nothing."""
    reply = await say(service, ALICE, "/tournament new plakoto to 1")
    tid = re.findall(r"#(\w+)", reply.text)[0]
    assert (await say(service, BOB, f"/tournament join {tid}")).ok
    few = await say(service, ALICE, f"/tournament start {tid}")
    assert not few.ok and "at least 3 players" in few.text
    assert (await service.store.tournaments.get(tid)).state == "open"
    assert (await say(service, CAROL, f"/tournament join {tid}")).ok
    assert (await say(service, ALICE, f"/tournament start {tid}")).ok
    await service.settle(30)
    refused = await say(service, BOB, f"/tournament cancel {tid}")
    assert not refused.ok and "director" in refused.text
    assert (await say(service, ALICE, f"/tournament cancel {tid}")).ok
    record = await service.store.tournaments.get(tid)
    pairing = next(p for p in record.pairings if p.match)
    match = await started_match(service, pairing.match or "")
    ended = await say(service, BOB if pairing.b == (await service.ensure(BOB)).id or pairing.a ==
                      (await service.ensure(BOB)).id else CAROL, f"/resign yes {match.games[-1]}")
    assert ended.ok and "Tournament #" not in ended.text, ended.text
    assert (await service.store.tournaments.get(tid)).pairing(pairing.key).winner is None
    listed = await say(service, ALICE, "/tournament")
    assert tid not in listed.text  # a cancelled tournament is no longer listed


async def test_a_chat_admin_may_start_and_cancel_a_tournament(service: Service, notices: list[Notice]) -> None:
    """Start and cancel: the director or a chat admin (`Caller.admin`, as the adapter told); a plain player who
    is not the director is refused and changes nothing."""
    tid = await opened(service, [ALICE, BOB, CAROL], "/tournament new plakoto to 1")
    for verb in ("start", "cancel"):
        plain = await service.handle(Caller(BOB, CHAT, None, False), f"/tournament {verb} {tid}")
        assert not plain.ok and "director" in plain.text and "admin" in plain.text, plain.text
        assert (await service.store.tournaments.get(tid)).state == "open"
    dan = await service.handle(Caller(DAN, CHAT, None, True), f"/tournament start {tid}")  # an admin, not a player
    assert dan.ok and "3 matches start now" in dan.text, dan.text
    await service.settle(30)
    assert (await service.store.tournaments.get(tid)).state == "running"
    plain = await service.handle(Caller(CAROL, CHAT, None, False), f"/tournament cancel {tid}")
    assert not plain.ok and (await service.store.tournaments.get(tid)).state == "running"
    cancelled = await service.handle(Caller(DAN, CHAT, None, True), f"/tournament cancel {tid}")
    assert cancelled.ok, cancelled.text
    assert (await service.store.tournaments.get(tid)).state == "cancelled"


async def test_the_table_message_is_edited_after_a_result(store: Store, clock: Clock) -> None:
    """The start's table picture, once the adapter reports its message (`table_posted`), is what later results
    edit (a notice naming that message), not a new picture."""
    service = Service(store, clock=clock)  # pictures drawn
    notices: list[Notice] = []

    async def deliver(notice: Notice) -> None:
        notices.append(notice)

    service.notify = deliver
    for who in (ALICE, BOB, CAROL):
        await service.remember(who)
    tid = await opened(service, [ALICE, BOB, CAROL], "/tournament new plakoto to 1")
    started = await say(service, ALICE, f"/tournament start {tid}")
    assert started.table == tid and started.picture is not None
    await service.table_posted(CHAT, tid, "77")
    assert (await service.store.tournaments.get(tid)).messages == {CHAT.platform: f"{CHAT.chat_id}:77"}
    await service.settle(30)
    record = await service.store.tournaments.get(tid)
    match = await started_match(service, next(p for p in record.pairings if p.match).match or "")
    bob, carol = (await service.ensure(BOB)).id, (await service.ensure(CAROL)).id
    loser = CAROL if carol in match.players else BOB if bob in match.players else ALICE
    n = len(notices)
    assert (await say(service, loser, f"/resign yes {match.games[-1]}")).ok
    await service.settle(30)
    tables = [x for x in notices[n:] if x.reply.picture is not None and "the table after" in x.reply.text]
    assert tables and all(x.edit == "77" for x in tables), [(x.edit, x.reply.text) for x in notices[n:]]
    service.close()


async def test_the_table_shown_again_is_the_one_edited(store: Store, clock: Clock) -> None:
    """`/tournament table` posts the table anew and that message replaces the stored one: the results after it
    edit the new message; the old one is left as it was (a picture of the tournament at that moment)."""
    service = Service(store, clock=clock)  # pictures drawn
    notices: list[Notice] = []

    async def deliver(notice: Notice) -> None:
        notices.append(notice)

    service.notify = deliver
    for who in (ALICE, BOB, CAROL):
        await service.remember(who)
    tid = await opened(service, [ALICE, BOB, CAROL], "/tournament new plakoto to 1")
    assert (await say(service, ALICE, f"/tournament start {tid}")).table == tid
    await service.table_posted(CHAT, tid, "77")
    await service.settle(30)
    shown = await say(service, BOB, f"/tournament table {tid}")
    assert shown.table == tid and shown.picture is not None, shown
    await service.table_posted(CHAT, tid, "88")
    assert (await service.store.tournaments.get(tid)).messages == {CHAT.platform: f"{CHAT.chat_id}:88"}
    n = len(notices)
    record = await finish_games(service, tid, [ALICE, BOB, CAROL])
    assert record.state == "finished"
    await service.settle(30)
    tables = [x for x in notices[n:] if x.reply.picture is not None and "the table after" in x.reply.text]
    assert tables and all(x.edit == "88" for x in tables), [(x.edit, x.reply.text) for x in notices[n:]]
    service.close()


async def test_the_director_removes_a_player(service: Service, notices: list[Notice]) -> None:
    """`/tournament remove`: the director or a chat admin only; before the start the player is off the list,
    after it their unplayed matches are walkovers (as a withdrawal) and the played one stands; bad names and
    repeats change nothing."""
    people = [ALICE, BOB, CAROL, DAN]
    await service.remember(DAN)
    tid = await opened(service, people, "/tournament new plakoto to 1")
    plain = await service.handle(Caller(BOB, CHAT, None, False), f"/tournament remove {tid} @carol")
    assert not plain.ok and "director" in plain.text, plain.text
    for line, said in ((f"/tournament remove {tid} @nobody", "I do not know @nobody"),
                       (f"/tournament remove {tid}", "Name the player to remove"),
                       (f"/tournament remove {tid} @carol @dan", "takes at most one id")):
        bad = await say(service, ALICE, line)
        assert not bad.ok and said in bad.text, (line, bad.text)
    assert len((await service.store.tournaments.get(tid)).players) == 4
    gone = await say(service, ALICE, f"/tournament remove {tid} @carol")
    assert gone.ok and gone.text == f"carol is removed from tournament #{tid}.", gone.text
    carol = (await service.ensure(CAROL)).id
    assert carol not in (await service.store.tournaments.get(tid)).players
    again = await say(service, ALICE, f"/tournament remove {tid} @carol")
    assert not again.ok and again.text == f"carol is not a player of tournament #{tid}.", again.text
    assert (await say(service, CAROL, f"/tournament join {tid}")).ok
    assert "6 matches start now" in (await say(service, ALICE, f"/tournament start {tid}")).text
    await service.settle(30)
    dan = (await service.ensure(DAN)).id
    record = await service.store.tournaments.get(tid)
    played = next(p for p in record.pairings if dan in p.players())
    match = await started_match(service, played.match or "")
    assert (await say(service, DAN, f"/resign yes {match.games[-1]}")).ok
    admin = await service.handle(Caller(CAROL, CHAT, None, True), f"/tournament remove {tid} @dan")  # an admin
    assert admin.ok and "dan is removed from tournament" in admin.text and "walkovers" in admin.text, admin.text
    record = await service.store.tournaments.get(tid)
    dans = [p for p in record.pairings if dan in p.players()]
    assert dan in record.withdrawn and dan in record.players
    assert sum(p.walkover for p in dans) == 2 and sum(not p.walkover and p.done for p in dans) == 1
    twice = await say(service, ALICE, f"/tournament remove {tid} @dan")
    assert not twice.ok and "has withdrawn" in twice.text, twice.text
    record = await finish_games(service, tid, people)
    assert record.state == "finished" and record.winner == (await service.ensure(ALICE)).id
