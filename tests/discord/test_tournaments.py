"""A knockout of 5 on the fake Discord through the real client: `/tournament new` with its game and format
choices, Join pressed, `/tournament join`, `/tournament start`; two matches start at once (the top three seeds
wait: byes), the next starts as soon as both its players are known; results by `/resign` and its confirmation;
the winner, the bracket picture edited in place and `/tournament table`; started by a member with Manage Server
who is not the director."""

from __future__ import annotations

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
    sub = {"name": verb, "type": 1,
           "options": [{"name": k, "type": TYPES.get(k, 3), "value": v} for k, v in options.items()]}
    payload["data"] = {"id": fake.commands.get("tournament", {}).get("id", str(iid)), "name": "tournament",
                       "type": 1, "options": [sub]}
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
