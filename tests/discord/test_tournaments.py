"""Whole tournaments on the fake Discord through the real client: a round robin of 4 with a player removed by
the director, sections of 9, and a knockout of 5: `/tournament new` with its game and format
choices, Join pressed, `/tournament join`, `/tournament start`; two matches start at once (the top three seeds
wait: byes), the next starts as soon as both its players are known; results by `/resign` and its confirmation;
the winner, the bracket picture edited in place and `/tournament table`; started by a member with Manage Server
who is not the director."""

from __future__ import annotations

import asyncio
import re
from dataclasses import replace
from typing import Any

from bot.actions import Verb
from bot.discord_adapter import DiscordAdapter
from bot.runner import Router
from bot.service import Service
from tests.bot.test_tournaments import started_match

from .conftest import ALICE, BOB, CAROL
from .fake import ADMIN, GUILD_ID, Exchange, FakeDiscord, Person, _guild_base, press, send, slash
from .play import find

DAN = Person(100_000_000_000_000_004, "dan")
ERIN = Person(100_000_000_000_000_005, "erin")
PEOPLE = [ALICE, BOB, CAROL, DAN, ERIN]
TYPES = {"match": 4}  # integer options; the others are strings


async def tournament(fake: FakeDiscord, who: Person, verb: str, **options: Any) -> Exchange:
    """`who` runs `/tournament <verb>` with `options`."""
    iid = fake.snowflake()
    payload = _guild_base(2, who, 500, GUILD_ID, f"token-{iid}", iid)
    resolved: dict[str, Any] = {}
    for v in options.values():
        if isinstance(v, Person):  # a user option
            resolved.setdefault("users", {})[str(v.id)] = v.payload
            resolved.setdefault("members", {})[str(v.id)] = {k: x for k, x in v.member.items() if k != "user"}
    sub = {"name": verb, "type": 1,
           "options": [{"name": k, "type": 6 if isinstance(v, Person) else TYPES.get(k, 3),
                        "value": str(v.id) if isinstance(v, Person) else v} for k, v in options.items()]}
    payload["data"] = {"id": fake.commands.get("tournament", {}).get("id", str(iid)), "name": "tournament",
                       "type": 1, "options": [sub], **({"resolved": resolved} if resolved else {})}
    return await send(fake, payload)


def said(ex: Exchange) -> str:
    return "\n".join(c.content for c in ex.calls if c.content)


async def test_a_knockout_of_five_with_byes(fake: FakeDiscord, adapter: DiscordAdapter, service: Service) -> None:
    service.notify = Router([adapter])
    opened = await (await tournament(fake, ALICE, "new", variant="tapa", match=1, format="knockout")).message()
    m = re.fullmatch(r"Tournament #(\w+) opens: Tapa, matches to 1, a knockout\. Join with /tournament join \1\.",
                     opened.content)
    assert m, opened.content
    tid = m.group(1)
    join = find(opened, Verb.JOIN)
    assert join is not None and opened.message_id is not None
    pressed = await press(fake, BOB, opened.message_id, join)
    await fake.until(lambda: "Bob joins tournament" in said(pressed) or None)
    for who in (CAROL, DAN, ERIN):
        ex = await tournament(fake, who, "join", tournament=tid)
        await fake.until(lambda ex=ex: said(ex) or None)
    record = await service.store.tournaments.get(tid)
    assert len(record.players) == 5
    ex = await tournament(fake, BOB, "start", tournament=tid)
    assert "Only the director" in (await ex.message()).content
    assert (await service.store.tournaments.get(tid)).state == "open"
    ex = await tournament(fake, replace(DAN, permissions=ADMIN), "start", tournament=tid)  # Manage Server
    start = await ex.message()
    assert "2 matches start now" in start.content and start.png is not None, start.content
    await fake.until(lambda: len([c for c in fake.calls if c.png and "begins: Tapa" in (c.content or "")]) >= 2)
    ids = {p.id: (await service.store.players.find("discord", str(p.id))) for p in PEOPLE}
    by_player = {rec.id: p for p, rec in zip(PEOPLE, ids.values(), strict=True) if rec is not None}
    for _ in range(6):
        record = await service.store.tournaments.get(tid)
        if record.state == "finished":
            break
        going = [p for p in record.pairings if p.match and not p.done]
        assert going, record.pairings
        pairing = going[0]
        loser = max((by_player[pairing.a or ""], by_player[pairing.b or ""]), key=PEOPLE.index)
        match = await started_match(service, pairing.match or "")
        asked = await (await slash(fake, loser, "resign", game=match.games[-1])).message()
        confirm = find(asked, Verb.RESIGN)
        assert confirm is not None and asked.message_id is not None
        ex = await press(fake, loser, asked.message_id, confirm)
        try:
            await fake.until(lambda ex=ex: "resigns" in said(ex) or None, timeout=30)
        except TimeoutError:
            raise AssertionError(f"{asked.content!r} then {said(ex)!r}") from None
        if len([p for p in record.pairings if p.done]) == 3:
            try:
                await fake.until(lambda ex=ex: f"wins tournament #{tid}" in said(ex) or None)
            except TimeoutError:
                raise AssertionError(said(ex)) from None
    record = await service.store.tournaments.get(tid)
    assert record.state == "finished" and record.winner == ids[ALICE.id].id  # type: ignore[union-attr]
    assert len([p for p in record.pairings if p.match]) == 4, "4 matches for 5 players"
    table = await (await tournament(fake, CAROL, "table", tournament=tid)).message()
    assert "Round 1: Dan – Erin 2–0" in table.content and "Final: Alice – Bob 2–0" in table.content
    assert table.png is not None and "Final places: 1. Alice, 2. Bob" in table.content, table.content
    # the bracket posted at the start was edited in place after the results (coalesced), never posted anew
    def edits() -> list[Any]:
        return [c for c in fake.calls if c.method == "PATCH" and c.message_id == start.message_id and c.png]

    await fake.until(lambda: edits() or None, timeout=30)
    assert "the table after this result" in edits()[-1].content, [c.kind for c in fake.calls]
    assert not [c for c in fake.calls if c.method == "POST" and "the table after this result" in c.content]


async def resign(fake: FakeDiscord, service: Service, loser: Person, match_id: str, end: str = "") -> str:
    """`loser` resigns the current game of match `match_id` with `/resign` and its confirmation; what it said
    (with `end` in it, once the tournament is over)."""
    match = await started_match(service, match_id)
    asked = await (await slash(fake, loser, "resign", game=match.games[-1])).message()
    confirm = find(asked, Verb.RESIGN)
    assert confirm is not None and asked.message_id is not None, asked.content
    ex = await press(fake, loser, asked.message_id, confirm)
    try:
        await fake.until(lambda: "resigns" in said(ex) or None, timeout=30)
    except TimeoutError:
        raise AssertionError(f"{asked.content!r} then {said(ex)!r}") from None
    tid = await service.store.tournaments.of_match(match_id)
    if end and tid is not None and (await service.store.tournaments.get(tid)).state == "finished":
        await fake.until(lambda: end in said(ex) or None, timeout=30)
    return said(ex)


async def play_out(fake: FakeDiscord, service: Service, tid: str, people: list[Person], rounds: int) -> str:
    """Resign, in turn, a game of each match going on (the loser: the player later in `people`) until the
    tournament is over; the answer to the last resignation."""
    by_player = {(await service.store.players.find("discord", str(p.id))).id: p for p in people}  # type: ignore[union-attr]
    last = ""
    for _ in range(rounds):
        record = await service.store.tournaments.get(tid)
        if record.state == "finished":
            return last
        going = [p for p in record.pairings if p.match and not p.done]
        if not going:  # a match made ready starts in the background, after the result's answer
            await asyncio.sleep(0.1)
            continue
        pairing = going[0]
        loser = max((by_player[pairing.a or ""], by_player[pairing.b or ""]), key=people.index)
        last = await resign(fake, service, loser, pairing.match or "", f"wins tournament #{tid}")
    raise AssertionError("the tournament did not end")


async def joined(fake: FakeDiscord, service: Service, people: list[Person], line: dict[str, Any]) -> str:
    """`/tournament new` by the first of `people`, joined by the others with `/tournament join`; its id."""
    opened = await (await tournament(fake, people[0], "new", **line)).message()
    tid = re.findall(r"#(\w+)", opened.content)[0]
    for who in people[1:]:
        ex = await tournament(fake, who, "join", tournament=tid)
        await fake.until(lambda ex=ex: said(ex) or None)
    assert len((await service.store.tournaments.get(tid)).players) == len(people)
    return tid


async def test_a_round_robin_of_four_with_a_removal(fake: FakeDiscord, adapter: DiscordAdapter,
                                                    service: Service) -> None:
    """Six matches start at once; once dan has played one, the director removes him with `/tournament remove`
    (a user option): his two unplayed matches are walkovers, the played one stands; a player who is not the
    director is refused."""
    service.notify = Router([adapter])
    people = [ALICE, BOB, CAROL, DAN]
    tid = await joined(fake, service, people, {"variant": "plakoto", "match": 1})
    start = await (await tournament(fake, ALICE, "start", tournament=tid)).message()
    assert "6 matches start now" in start.content and start.png is not None, start.content
    await fake.until(lambda: len([c for c in fake.calls if c.png and "begins: Plakoto" in (c.content or "")]) >= 6)
    dan = (await service.store.players.find("discord", str(DAN.id))).id  # type: ignore[union-attr]
    record = await service.store.tournaments.get(tid)
    first = next(p for p in record.pairings if dan in p.players())
    await resign(fake, service, DAN, first.match or "")
    refused = await (await tournament(fake, BOB, "remove", tournament=tid, player=DAN)).message()
    assert "Only the director" in refused.content and dan not in (await service.store.tournaments.get(tid)).withdrawn
    removed = await (await tournament(fake, ALICE, "remove", tournament=tid, player=DAN)).message()
    assert removed.content.startswith(f"Dan is removed from tournament #{tid}: the matches not yet over are "
                                      "walkovers"), removed.content
    assert removed.png is not None
    record = await service.store.tournaments.get(tid)
    dans = [p for p in record.pairings if dan in p.players()]
    assert sum(p.walkover for p in dans) == 2 and sum(not p.walkover and p.done for p in dans) == 1
    last = await play_out(fake, service, tid, people, 10)
    assert f"Alice wins tournament #{tid}" in last and "Final places: 1. Alice" in last, last
    table = await (await tournament(fake, CAROL, "table", tournament=tid)).message()
    assert "1. Alice: 3 won of 3" in table.content and "4. Dan (w/o): 0 won of 3" in table.content, table.content


NINE = [Person(100_000_000_000_000_100 + i, f"s{i}") for i in range(9)]


async def test_sections_of_nine(fake: FakeDiscord, adapter: DiscordAdapter, service: Service) -> None:
    """Two sections (5 and 4 by snake seeding) start 16 matches at once; their winners meet in the final."""
    service.notify = Router([adapter])
    tid = await joined(fake, service, NINE, {"variant": "portes", "match": 1, "format": "sections"})
    start = await (await tournament(fake, NINE[0], "start", tournament=tid)).message()
    assert "16 matches start now" in start.content and start.png is not None, start.content
    last = await play_out(fake, service, tid, NINE, 60)
    record = await service.store.tournaments.get(tid)
    assert record.state == "finished" and [p.stage for p in record.pairings].count("ko1") == 1
    assert f"S0 wins tournament #{tid}" in last and "Section 1:" in last and "Section 2:" in last, last


async def test_a_match_length_typed_in_the_options_reaches_the_tournament(fake: FakeDiscord, adapter: DiscordAdapter,
                                                                         service: Service) -> None:
    """`/tournament new` with "to 5" (and the format) typed in its options opens the tournament as the typed line
    `/tournament new plakoto to 5 knockout` does (R-MATCH-1): the option's words are not dropped."""
    opened = await (await tournament(fake, ALICE, "new", variant="plakoto", options="to 5 knockout")).message()
    m = re.fullmatch(r"Tournament #(\w+) opens: Plakoto, matches to 5, a knockout\. .*", opened.content)
    assert m, opened.content
    record = await service.store.tournaments.get(m.group(1))
    assert (record.target, record.format) == (5, "knockout")
    chosen = await (await tournament(fake, BOB, "new", match=3, options="to 7")).message()
    assert "matches to 3" in chosen.content, chosen.content  # the match option, chosen, wins over typed words
