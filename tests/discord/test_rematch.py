"""Play again on the fake Discord: a match to 3 resigned to its end, its final board's New match button pressed
by both players at once (one challenge), refused to a third party, accepted with one tap; and a single game
against the computer started again at once by its Rematch button."""

from __future__ import annotations

import asyncio
import re

import pytest

from bot.actions import Action, Verb
from bot.discord_adapter import DiscordAdapter
from bot.service import Service
from tests.bot.test_no_english import english_words

from .conftest import ALICE, BOB, CAROL
from .fake import Call, FakeDiscord, Person, press, slash
from .play import actions, find

LOCALES = {"en": "en-US", "bg": "bg", "el": "el"}
WORDS = {  # the button of a single game's final board, and the answer to a second press, in each language
    "en": ("Rematch", "already started"),
    "bg": ("Реванш", "Вече започнахте"),
    "el": ("Ρεβάνς", "Έχετε ήδη ξεκινήσει"),
}


async def _resign_until_over(fake: FakeDiscord, who: Person) -> Call:
    """`who` resigns game after game (confirming each) until a board carries a play-again button."""
    for _ in range(10):
        question = await (await slash(fake, who, "resign")).message()
        confirm = find(question, Verb.RESIGN)
        assert confirm is not None and question.message_id is not None, question.content
        board = await (await press(fake, who, question.message_id, confirm)).board()
        if find(board, Verb.REMATCH) is not None:
            return board
    raise AssertionError("the match never ended")


async def _made(service: Service) -> list[str]:
    out = []
    for who in (ALICE, BOB):
        pid = (await service.store.players.ensure("discord", str(who.id), who.name)).id
        out += [c.id for c in await service.store.challenges.made_by(pid)]
    return out


async def test_new_match_by_button_after_a_match(fake: FakeDiscord, adapter: DiscordAdapter,
                                                 service: Service) -> None:
    ex = await slash(fake, ALICE, "challenge", player=BOB, variant="plakoto", match=3)
    challenge = await ex.message()
    accept = find(challenge, Verb.ACCEPT)
    assert accept is not None and challenge.message_id is not None
    first = await (await press(fake, BOB, challenge.message_id, accept)).board()
    record = await service.store.games.get(next(a.ref for a in actions(first) if a.verb in (Verb.OPEN, Verb.BUILD)))
    deadline = int(record.deadline or 0)
    assert f"<t:{deadline}:f> (<t:{deadline}:R>)" in first.content, first.content  # each reader's own time
    board = await _resign_until_over(fake, ALICE)
    again = find(board, Verb.REMATCH)
    assert again is not None and board.labels.get("New match") == again
    if board.message_id is None:  # a response: the message the fake keeps for it
        board = await fake.until(lambda: next(c for c in fake.calls if c.png and c.message_id is not None
                                              and find(c, Verb.REMATCH)), 10)
    assert board.message_id is not None

    stranger = await (await press(fake, CAROL, board.message_id, again)).message()
    assert stranger.ephemeral and "Only the players" in stranger.content

    first, second = await asyncio.gather(press(fake, ALICE, board.message_id, again),
                                         press(fake, BOB, board.message_id, again))
    answers = [await first.message(), await second.message()]
    public = [c for c in answers if not c.ephemeral]
    private = [c for c in answers if c.ephemeral]
    assert len(public) == 1 and len(private) == 1, [c.content for c in answers]
    assert "already asked for this rematch" in private[0].content
    made = await _made(service)
    assert len(made) == 1, "both pressing at once make one challenge"
    offer = public[0]
    assert f"#{made[0]}" in offer.content and "match to 3" in offer.content
    accept = find(offer, Verb.ACCEPT)
    assert accept is not None
    if offer.message_id is None:
        offer = await fake.until(lambda: next(c for c in fake.calls if c.message_id is not None
                                              and find(c, Verb.ACCEPT) == accept), 10)
    challenger = next(p for p in (ALICE, BOB) if f"<@{p.id}>" not in offer.content)
    taker = BOB if challenger is ALICE else ALICE
    new_board = await (await press(fake, taker, offer.message_id or 0, accept)).board()
    game_id = next(a.ref for a in actions(new_board) if a.verb in (Verb.OPEN, Verb.BUILD))
    record = await service.store.games.get(game_id)
    match = await service.store.matches.get(record.match_id or "")
    assert (match.variant, match.target, match.score, match.winner) == ("plakoto", 3, (0, 0), None)
    assert await _made(service) == []


@pytest.mark.parametrize("lang", ["en", "bg", "el"])
async def test_rematch_against_the_computer_starts_at_once(fake: FakeDiscord, adapter: DiscordAdapter,
                                                           service: Service, lang: str) -> None:
    """...in the player's language (their client's locale), with no English word left in Bulgarian or Greek."""
    label, twice_said = WORDS[lang]
    alice = Person(ALICE.id, ALICE.name, LOCALES[lang])
    await (await slash(fake, alice, "play", variant="portes", match=1)).board()
    board = await _resign_until_over(fake, alice)
    again = find(board, Verb.REMATCH)
    assert again is not None and board.labels.get(label) == again, board.labels
    old = Action.unpack(again).ref
    if board.message_id is None:
        board = await fake.until(lambda: next(c for c in fake.calls if c.png and c.message_id is not None
                                              and find(c, Verb.REMATCH)), 10)
    fresh = await (await press(fake, alice, board.message_id or 0, again)).board()
    twice = await (await press(fake, alice, board.message_id or 0, again)).message()
    assert twice.ephemeral and twice_said in twice.content, twice.content
    game_id = next(a.ref for a in actions(fresh) if a.ref != old)
    record = await service.store.games.get(game_id)
    assert record.variant == "portes" and record.match_id != old
    if lang != "en":
        texts = [t for c in fake.calls for t in (c.content, *c.labels) if t]
        ids = {i for t in texts for i in re.findall(r"#(\w+)", t)}
        for text in texts:
            assert not english_words(text, {"Alice", "alice", *ids}), text
