"""Play again through Telegram: the Rematch button of a finished single game and the New match button of a
finished match; both players tapping at once make one challenge, a third party is refused, Accept starts it."""

from __future__ import annotations

import asyncio
import re

import pytest

from bot import moments
from bot.actions import Action, Verb
from bot.service import Service
from bot.telegram_adapter import TelegramAdapter
from tests.bot.test_no_english import english_words

from .fake_bot_api import FakeBotAPI, Player, Sent, group, sent_of
from .play import actions, say, tap

GROUP = group(-100777)
ALICE = Player(3001, "Alice", "alice")
BOB = Player(3002, "Bob", "bob")
CAROL = Player(3003, "Carol", "carol")
WORDS = {  # the button, and the answers to a stranger's press and to a second press, in each language
    "en": ("Rematch", "Only the players", "already asked for this rematch"),
    "bg": ("Реванш", "Само играчите", "поиска този реванш"),
    "el": ("Ρεβάνς", "Μόνο οι παίκτες", "ήδη αυτή τη ρεβάνς"),
}


def cast(lang: str) -> tuple[Player, Player, Player]:
    """Alice, Bob and Carol, their Telegram clients in `lang`."""
    return tuple(Player(p.uid, p.name, p.username, lang) for p in (ALICE, BOB, CAROL))  # type: ignore[return-value]


async def _accepted(fake: FakeBotAPI, challenge: Sent, who: Player) -> Sent:
    """`who` taps Accept under `challenge`: the first board."""
    accept = next(a for _, a in actions(challenge) if a.verb is Verb.ACCEPT)
    n = len(fake.calls)
    outcome = await tap(fake, who.data, challenge, accept.pack())
    assert outcome.toast is None, outcome.toast
    return sent_of(fake, await fake.wait_sent("sendPhoto", chat_id=GROUP["id"], after=n))


async def _final_board(fake: FakeBotAPI, verb_label: str, alice: Player = ALICE) -> tuple[Sent, Action]:
    """Alice resigns until the match is over: the final board and its play-again button."""
    for _ in range(10):
        n = len(fake.calls)
        await say(fake, GROUP, alice.data, "/resign yes")
        board = sent_of(fake, await fake.wait_sent("sendPhoto", chat_id=GROUP["id"], after=n))
        again = [(label, a) for label, a in actions(board) if a.verb is Verb.REMATCH]
        if again:
            assert again[0][0] == verb_label
            return board, again[0][1]
    raise AssertionError("the match never ended")


async def _both_press(fake: FakeBotAPI, service: Service, board: Sent, again: Action, lang: str = "en") -> Sent:
    """A third party is refused; Alice and Bob press at once: one challenge, Bob's or Alice's."""
    alice, bob, carol = cast(lang)
    _, stranger, twice = WORDS[lang]
    refused = await tap(fake, carol.data, board, again.pack())
    assert refused.toast is not None and stranger in refused.toast, refused.toast
    n = len(fake.calls)
    first, second = await asyncio.gather(tap(fake, alice.data, board, again.pack()),
                                         tap(fake, bob.data, board, again.pack()))
    answers = [o for o in (first, second) if o.toast is None]
    toasts = [o.toast for o in (first, second) if o.toast is not None]
    assert len(answers) == 1 and len(toasts) == 1, (first, second)
    assert twice in toasts[0], toasts[0]
    made = [c for p in await _players(service) for c in await service.store.challenges.made_by(p)]
    assert len(made) == 1, "both pressing at once make one challenge"
    challenge = sent_of(fake, await fake.wait_sent("sendMessage", chat_id=GROUP["id"], after=n))
    assert f"#{made[0].id}" in challenge.text and "tg://user?id=" in challenge.html
    again_twice = await tap(fake, alice.data, board, again.pack())
    assert again_twice.toast is not None and made[0].id in again_twice.toast
    assert len([c for p in await _players(service) for c in await service.store.challenges.made_by(p)]) == 1
    return challenge


async def _players(service: Service) -> list[str]:
    return [(await service.store.players.ensure("telegram", str(p.uid), p.name)).id for p in (ALICE, BOB)]


async def _accept_the_other(fake: FakeBotAPI, service: Service, challenge: Sent, lang: str = "en") -> Sent:
    alice, bob, _ = cast(lang)
    made = [c for c in await service.store.challenges.made_by((await _players(service))[0])]
    taker = bob if made else alice
    return await _accepted(fake, challenge, taker)


@pytest.mark.parametrize("lang", ["en", "bg", "el"])
async def test_rematch_after_a_resigned_single_game(fake: FakeBotAPI, adapter: TelegramAdapter,
                                                    service: Service, lang: str) -> None:
    """...in each reader's language: the button, the refusals and the challenge it makes, with no English word
    left in Bulgarian or Greek (the deadline's UTC fallback aside)."""
    alice, bob, carol = cast(lang)
    await say(fake, GROUP, bob.data, f"/lang chat {lang}")
    await say(fake, GROUP, carol.data, "/help")
    challenge = sent_of(fake, await say(fake, GROUP, alice.data, "/challenge @bob fevga 1"))
    board = await _accepted(fake, challenge, bob)
    record = await service.store.games.get(next(a.ref for _, a in actions(board) if a.verb is Verb.OPEN
                                                or a.verb is Verb.BUILD))
    deadline = int(record.deadline or 0)
    # the deadline as a date-time entity each reader's client shows in their own time, UTC inside for old ones
    assert f'<tg-time unix="{deadline}" format="wDt">' in board.html, board.html
    assert f'<tg-time unix="{deadline}" format="r">' in board.html
    assert moments.utc(deadline) in board.text and "\ue000" not in board.text
    board, again = await _final_board(fake, WORDS[lang][0], alice)
    rematch = await _both_press(fake, service, board, again, lang)
    first = await _accept_the_other(fake, service, rematch, lang)
    game_id = next(a.ref for _, a in actions(first) if a.verb in (Verb.BUILD, Verb.OPEN))
    record = await service.store.games.get(game_id)
    match = await service.store.matches.get(record.match_id or "")
    assert (record.variant, match.target, match.winner) == ("fevga", 1, None), "the same game again, going on"
    if lang != "en":
        texts = [s.text for s in fake.messages.values() if s.chat_id == GROUP["id"]]
        texts += [b["text"] for s in fake.messages.values() if s.chat_id == GROUP["id"] for row in s.buttons()
                  for b in row]
        texts += [str(c.params["text"]) for c in fake.calls if c.method == "answerCallbackQuery"
                  and c.params.get("text")]
        ids = {i for t in texts for i in re.findall(r"#(\w+)", t)}
        for text in texts:
            assert not english_words(text, {"Alice", "Bob", "Carol", "alice", "bob", "carol", "UTC", *ids}), text


async def test_new_match_after_a_match(fake: FakeBotAPI, adapter: TelegramAdapter, service: Service) -> None:
    await say(fake, GROUP, BOB.data, "/help")
    await say(fake, GROUP, CAROL.data, "/help")
    challenge = sent_of(fake, await say(fake, GROUP, ALICE.data, "/challenge @bob portes to 3"))
    await _accepted(fake, challenge, BOB)
    board, again = await _final_board(fake, "New match")
    rematch = await _both_press(fake, service, board, again)
    assert "match to 3" in rematch.text
    first = await _accept_the_other(fake, service, rematch)
    game_id = next(a.ref for _, a in actions(first) if a.verb in (Verb.BUILD, Verb.OPEN))
    record = await service.store.games.get(game_id)
    match = await service.store.matches.get(record.match_id or "")
    assert (match.variant, match.target, match.score) == ("portes", 3, (0, 0))
