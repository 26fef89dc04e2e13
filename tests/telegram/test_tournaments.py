"""A whole round robin of 4 through Telegram, with a withdrawal: opened by a command, joined by the Join button
and by commands, started; every match's first board posted in the group, each player told privately; results by
resignation; the table picture posted at the start edited in place after each; the winner and the final table;
started by a group admin who is not the director."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator

import pytest

from bot.actions import Verb
from bot.runner import Router
from bot.service import Service
from bot.telegram_adapter import TelegramAdapter
from tests.bot.test_tournaments import started_match

from .conftest import settings_for
from .fake_bot_api import FakeBotAPI, Player, group, sent_of
from .play import actions, say, tap

GROUP = group(-100777)


async def said(fake: FakeBotAPI, who: Player, text: str, expect: str) -> str:
    """Send `text` in the group as `who`; the first text or caption the bot sends there with `expect` in it."""
    n = len(fake.calls)
    fake.message(GROUP, who.data, text)
    call = await fake.wait_for(lambda c: c.chat_id == GROUP["id"] and c.status == 200 and expect in str(
        c.params.get("text") or c.params.get("caption") or ""), after=n, timeout=60)
    return sent_of(fake, call).text
PEOPLE = [Player(2001, "Alice", "alice"), Player(2002, "Bob", "bob"), Player(2003, "Carol", "carol"),
          Player(2004, "Dan", "dan")]


async def test_a_round_robin_of_four_with_a_withdrawal(fake: FakeBotAPI, adapter: TelegramAdapter,
                                                      service: Service) -> None:
    service.notify = Router([adapter])
    for p in PEOPLE:
        fake.started.add(p.uid)  # each has opened a private chat with the bot
    opened = sent_of(fake, await say(fake, GROUP, PEOPLE[0].data, "/tournament new plakoto to 1"))
    m = re.fullmatch(r"Tournament #(\w+) opens: Plakoto, matches to 1, a round robin\. Join with /tournament join "
                     r"\1\.", opened.text)
    assert m, opened.text
    tid = m.group(1)
    join = next(a for _, a in actions(opened) if a.verb is Verb.JOIN)
    outcome = await tap(fake, PEOPLE[1].data, opened, join.pack())
    assert outcome.toast is None and outcome.call is not None and "Bob joins" in outcome.call.params["text"]
    for p in PEOPLE[2:]:
        await said(fake, p, f"/tournament join {tid}", f"joins tournament #{tid}")
    n = len(fake.calls)
    plain = await said(fake, PEOPLE[1], f"/tournament start {tid}", "Only the director")  # bob: no admin
    assert "or a chat admin" in plain and (await service.store.tournaments.get(tid)).state == "open"
    fake.admins.add((GROUP["id"], PEOPLE[1].uid))  # bob: an admin of the group, not the director (getChatMember)
    started = sent_of(fake, await say(fake, GROUP, PEOPLE[1].data, f"/tournament start {tid}", timeout=60))
    assert started.kind == "photo" and "6 matches start now" in started.text, started.text
    assert any(c.method == "getChatMember" for c in fake.calls[n:])
    for _ in range(600):
        boards = [c for c in fake.calls[n:] if c.method == "sendPhoto" and c.chat_id == GROUP["id"] and c.status == 200
                  and "begins: Plakoto" in sent_of(fake, c).text]
        if len(boards) >= 6:
            break
        await asyncio.sleep(0.1)
    assert len(boards) == 6, [c.method for c in fake.calls[n:]]
    private = {c.chat_id for c in fake.calls[n:] if c.method == "sendMessage" and "has started" in
               c.params.get("text", "")}
    assert private == {p.uid for p in PEOPLE}
    # dan resigns one match, then withdraws: his two others are walkovers
    ids = {(await service.store.players.find("telegram", str(p.uid))).id: p for p in PEOPLE}  # type: ignore[union-attr]
    record = await service.store.tournaments.get(tid)
    dan = next(pid for pid, p in ids.items() if p.uid == 2004)
    for pairing in [p for p in record.pairings if dan in p.players()][:1]:
        match = await started_match(service, pairing.match or "")
        await said(fake, PEOPLE[3], f"/resign yes {match.games[-1]}", "Dan resigns")
    await said(fake, PEOPLE[3], f"/tournament leave {tid}", "Dan withdraws from tournament")
    last = ""
    for _ in range(10):
        record = await service.store.tournaments.get(tid)
        going = [p for p in record.pairings if p.match and not p.done]
        if not going:
            break
        pairing = going[0]
        loser = max((ids[pairing.a or ""], ids[pairing.b or ""]), key=PEOPLE.index)
        match = await started_match(service, pairing.match or "")
        last = await said(fake, loser, f"/resign yes {match.games[-1]}", "resigns")
    record = await service.store.tournaments.get(tid)
    assert record.state == "finished"
    assert f"Alice wins tournament #{tid}\n" in last and "Final places: 1. Alice" in last, last
    table = await said(fake, PEOPLE[1], f"/tournament table {tid}", "matches to 1, a round robin.")
    assert "1. Alice: 3 won of 3" in table and "4. Dan (w/o): 0 won of 3" in table, table
    for _ in range(300):  # drawn in the background after each result's answer: the start's picture edited
        if "the table after this result" in started.text and (await service.store.tournaments.get(tid)).messages:
            break
        await asyncio.sleep(0.1)
    edits = [c for c in fake.calls if c.method == "editMessageMedia" and c.status == 200]
    assert edits and all(c.params.get("message_id") == started.message_id for c in edits), edits
    assert "the table after this result" in started.text and started.edits >= 1, started.text
    assert not [c for c in fake.calls if c.method == "sendPhoto" and "the table after this result" in
                str(c.params.get("caption"))], "the table is edited in place, not posted anew"


NINE = [Player(2100 + i, f"P{i}", f"p{i}") for i in range(9)]


async def test_sections_of_nine(fake: FakeBotAPI, adapter: TelegramAdapter, service: Service) -> None:
    """Two sections (5 and 4 by snake seeding) start 16 matches at once; their winners meet in the final."""
    service.notify = Router([adapter])
    text = await said(fake, NINE[0], "/tournament new portes to 1 format sections", "opens")
    tid = re.findall(r"#(\w+)", text)[0]
    for p in NINE[1:]:
        await said(fake, p, f"/tournament join {tid}", f"joins tournament #{tid}")
    started = await said(fake, NINE[0], f"/tournament start {tid}", "start now")
    assert "16 matches start now" in started, started
    ids = {(await service.store.players.find("telegram", str(p.uid))).id: p for p in NINE}  # type: ignore[union-attr]
    last = ""
    for _ in range(400):
        record = await service.store.tournaments.get(tid)
        going = [p for p in record.pairings if p.match and not p.done]
        if record.state == "finished":
            break
        if not going:  # the matches start in the background, after the answer to the start
            await asyncio.sleep(0.1)
            continue
        pairing = going[0]
        loser = max((ids[pairing.a or ""], ids[pairing.b or ""]), key=NINE.index)
        match = await started_match(service, pairing.match or "")
        last = await said(fake, loser, f"/resign yes {match.games[-1]}", "resigns")
    record = await service.store.tournaments.get(tid)
    assert record.state == "finished" and ids[record.winner or ""] is NINE[0]
    assert [p.stage for p in record.pairings].count("ko1") == 1 and len(record.pairings) == 17
    assert f"P0 wins tournament #{tid}\n" in last and "Section 1:" in last and "Section 2:" in last, last


FIVE = [Player(2201, "Ann", "ann"), Player(2202, "Ben", "ben"), Player(2203, "Cid", "cid"), Player(2204, "Dee", "dee"),
        Player(2205, "Eve", "eve")]


async def test_a_knockout_of_five_with_byes(fake: FakeBotAPI, adapter: TelegramAdapter, service: Service) -> None:
    """Two matches start at once (the top three seeds wait: byes), the next as soon as both its players are
    known; `/tournament table` in the middle posts the bracket anew, and the results after it edit that message,
    not the start's."""
    service.notify = Router([adapter])
    text = await said(fake, FIVE[0], "/tournament new tapa to 1 format knockout", "opens")
    assert re.fullmatch(r"Tournament #\w+ opens: Tapa, matches to 1, a knockout\. Join with /tournament join "
                        r"#?\w+\.", text), text
    tid = re.findall(r"#(\w+)", text)[0]
    for p in FIVE[1:]:
        await said(fake, p, f"/tournament join {tid}", f"joins tournament #{tid}")
    n = len(fake.calls)
    start = sent_of(fake, await say(fake, GROUP, FIVE[0].data, f"/tournament start {tid}", timeout=60))
    assert start.kind == "photo" and "2 matches start now" in start.text, start.text
    ids = {(await service.store.players.find("telegram", str(p.uid))).id: p for p in FIVE}  # type: ignore[union-attr]
    last, shown = "", None
    for round_ in range(10):
        record = await service.store.tournaments.get(tid)
        if record.state == "finished":
            break
        going = [p for p in record.pairings if p.match and not p.done]
        if not going:  # the next match starts in the background, after the result's answer
            await asyncio.sleep(0.1)
            continue
        if shown is None and sum(p.done for p in record.pairings) == 2:  # the bracket shown again, mid-way
            k = len(fake.calls)
            fake.message(GROUP, FIVE[2].data, f"/tournament table {tid}")
            shown = sent_of(fake, await fake.wait_for(lambda c: c.method == "sendPhoto" and "a knockout." in str(
                c.params.get("caption")), after=k, timeout=60))
            assert shown.kind == "photo" and "a knockout" in shown.text, shown.text
            for _ in range(300):
                if (await service.store.tournaments.get(tid)).messages.get("telegram", "").endswith(
                        f":{shown.message_id}"):
                    break
                await asyncio.sleep(0.05)
            edited_before = -1
            for _ in range(60):  # an edit for the results before, already under way to the start's message, lands
                if start.edits == edited_before:
                    break
                edited_before = start.edits
                await asyncio.sleep(0.5)
        pairing = going[0]
        loser = max((ids[pairing.a or ""], ids[pairing.b or ""]), key=FIVE.index)
        match = await started_match(service, pairing.match or "")
        last = await said(fake, loser, f"/resign yes {match.games[-1]}", "resigns")
        assert round_ < 9
    record = await service.store.tournaments.get(tid)
    assert record.state == "finished" and ids[record.winner or ""] is FIVE[0]
    assert len([p for p in record.pairings if p.match]) == 4, "4 matches for 5 players"
    boards = [c for c in fake.calls[n:] if c.method == "sendPhoto" and "begins: Tapa" in sent_of(fake, c).text]
    assert len(boards) == 4
    assert f"Ann wins tournament #{tid}\n" in last and "Final places: 1. Ann, 2. Ben" in last, last
    assert shown is not None
    for _ in range(300):
        if shown.edits:
            break
        await asyncio.sleep(0.1)
    assert shown.edits >= 1 and "the table after this result" in shown.text, shown.text
    assert start.edits == edited_before, "the start's bracket is left as it was once the table is shown again"


WEB = "https://board.example/tabla"


@pytest.fixture
async def page_adapter(fake: FakeBotAPI, service: Service) -> AsyncIterator[TelegramAdapter]:
    bot = TelegramAdapter(service, settings_for(fake.root, TABLA_WEB_URL=WEB))
    await bot.start()
    yield bot
    await bot.stop()


async def test_the_table_links_to_the_tournament_page(fake: FakeBotAPI, page_adapter: TelegramAdapter,
                                                     service: Service) -> None:
    """With the board page set up (`TABLA_WEB_URL`), the table posted at the start carries a button to the
    tournament's page, and keeps it when a result edits the picture."""
    service.notify = Router([page_adapter])
    three = PEOPLE[:3]
    text = await said(fake, three[0], "/tournament new plakoto to 1", "opens")
    tid = re.findall(r"#(\w+)", text)[0]
    for p in three[1:]:
        await said(fake, p, f"/tournament join {tid}", f"joins tournament #{tid}")
    start = sent_of(fake, await say(fake, GROUP, three[0].data, f"/tournament start {tid}", timeout=60))
    link = f"{WEB}/tournament?id={tid}"
    assert [b.get("url") for row in start.buttons() for b in row] == [link], start.buttons()
    ids = {(await service.store.players.find("telegram", str(p.uid))).id: p for p in three}  # type: ignore[union-attr]
    for _ in range(300):
        record = await service.store.tournaments.get(tid)
        going = [p for p in record.pairings if p.match and not p.done]
        if len(going) == 3 and record.messages:
            break
        await asyncio.sleep(0.1)
    pairing = going[0]
    match = await started_match(service, pairing.match or "")
    loser = max((ids[pairing.a or ""], ids[pairing.b or ""]), key=three.index)
    await said(fake, loser, f"/resign yes {match.games[-1]}", "resigns")
    for _ in range(300):
        if start.edits:
            break
        await asyncio.sleep(0.1)
    assert start.edits and "the table after this result" in start.text, start.text
    assert [b.get("url") for row in start.buttons() for b in row] == [link], start.buttons()
