"""Players who chose Bulgarian or Greek get no English: the same commands through the service, once by English
players and once by players in another language, give replies that differ sentence by sentence and keep their
values (names, ids, dice, points); the board picture and the replay are drawn with the player's words."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

import pytest

from bot import deadlines, i18n
from bot.gamestate import game_of
from bot.replies import Caller, Identity, Reply
from bot.service import Service
from bot.words import board_words
from game import Side
from storage import Store

from .conftest import ALICE, BOB, CHAT, Clock

Games = dict[str, tuple[str, tuple[Identity, Identity]]]  # "en" / "other" → (game id, (white, black))

DORA = Identity("console", "dora", "Dora", username="dora")
ERIK = Identity("console", "erik", "Erik", username="erik")


@pytest.fixture
async def drawing(store: Store, clock: Clock) -> AsyncIterator[Service]:
    """A service that draws its boards."""
    svc = Service(store, clock=clock)
    for who in (ALICE, BOB, DORA, ERIK):
        await svc.remember(who)
    yield svc
    svc.close()


async def speak(service: Service, lang: str, *people: Identity) -> None:
    for who in people:
        assert (await service.handle(Caller(who, CHAT), f"/lang {lang}")).ok


async def new_game(service: Service, white_or_black: tuple[Identity, Identity], variant: str = "plakoto") -> str:
    a, b = white_or_black
    made = await service.handle(Caller(a, CHAT), f"/challenge @{b.username} {variant}")
    assert made.ok, made.text
    started = await service.handle(Caller(b, CHAT), "/accept")
    assert started.ok, started.text
    assert started.game_id is not None
    return started.game_id


async def to_move(service: Service, gid: str, players: tuple[Identity, Identity]) -> Identity:
    """The player to move in `gid` (the challenger plays white)."""
    game = game_of(await service.store.games.get(gid))
    assert game.phase == "move"
    return players[0] if game.turn is Side.WHITE else players[1]


def sentences(text: str, values: list[str]) -> list[str]:
    """The lines of a reply with its values blanked out, keeping only those with words in them."""
    out = []
    for line in text.splitlines():
        for value in sorted(values, key=len, reverse=True):
            line = line.replace(value, "·")
        line = re.sub(r"\d+|/\w+|#\w+", "·", line)
        if re.search(r"[^\W\d_]{3,}", line):
            out.append(line)
    return out


def assert_translated(english: Reply, other: Reply, values: list[str]) -> None:
    """Every sentence of `other` differs from the English ones, and every value still appears in it."""
    assert english.text != other.text
    leaked = set(sentences(english.text, values)) & set(sentences(other.text, values))
    assert not leaked, f"English sentences in a translated reply: {leaked}"
    for value in values:
        assert value in other.text, (value, other.text)


@pytest.fixture
async def two_games(service: Service) -> AsyncIterator[tuple[Service, Games]]:
    """One game between English players (alice, bob), one between players who speak another language."""
    dora_erik = (DORA, ERIK)
    for who in dora_erik:
        await service.remember(who)
    games = {"en": (await new_game(service, (ALICE, BOB)), (ALICE, BOB)),
             "other": (await new_game(service, dora_erik), dora_erik)}
    yield service, games


@pytest.mark.parametrize("lang", ["bg", "el"])
async def test_a_refusal_is_translated(service: Service, lang: str) -> None:
    english = await service.handle(Caller(ALICE, CHAT), "/resign k3vq7d")
    await speak(service, lang, BOB)
    other = await service.handle(Caller(BOB, CHAT), "/resign k3vq7d")
    assert not english.ok and not other.ok
    assert_translated(english, other, ["k3vq7d"])


@pytest.mark.parametrize("lang", ["bg", "el"])
async def test_the_engines_move_errors_are_translated_with_their_values(service: Service, lang: str) -> None:
    gid = await new_game(service, (ALICE, BOB))
    mover = await to_move(service, gid, (ALICE, BOB))
    for text, values in (("/move 3/9", ["3/9"]), ("/move 24/1 24/1", ["46"]), ("/move 24/23/22/21/20/19", [])):
        english = await service.handle(Caller(mover, CHAT), text)
        await speak(service, lang, mover)
        other = await service.handle(Caller(mover, CHAT), text)
        await speak(service, "en", mover)
        assert not english.ok and not other.ok, (english.text, other.text)
        assert_translated(english, other, values)


@pytest.mark.parametrize("lang", ["bg", "el"])
async def test_the_end_of_a_game_says_who_won_why_and_how_many_points(
        two_games: tuple[Service, Games], lang: str) -> None:
    service, games = two_games
    await speak(service, lang, DORA, ERIK)
    replies = {}
    for which, (gid, (white, _)) in games.items():
        replies[which] = await service.handle(Caller(white, CHAT), f"/resign yes {gid}")
        assert replies[which].ok, replies[which].text
    english, other = replies["en"], replies["other"]
    gid = games["other"][0]
    record = await service.store.games.get(gid)
    assert record.result is not None
    values = [gid, games["en"][0], "Alice", "alice", "bob", "Bob", "Dora", "Erik", "ERIK", "DORA"]
    assert_translated(english, other, [v for v in values if v in other.text])
    assert gid in other.text and str(record.result.points) in other.text
    assert i18n.reason(lang, "resign") in other.text
    assert i18n.reason("en", "resign") not in other.text


@pytest.mark.parametrize("lang", ["bg", "el"])
async def test_a_reminder_comes_in_the_players_language(
        two_games: tuple[Service, Games], clock: Clock, lang: str) -> None:
    service, games = two_games
    await speak(service, lang, DORA, ERIK)
    clock.advance(37)
    notices = await deadlines.tick(service)
    by_game = {which: [n for n in notices if f"#{gid}" in n.reply.text] for which, (gid, _) in games.items()}
    assert len(by_game["en"]) == 1 and len(by_game["other"]) == 1
    english, other = by_game["en"][0].reply, by_game["other"][0].reply
    late = await to_move(service, games["other"][0], games["other"][1])
    values = [games["other"][0], late.name, "35"]
    assert_translated(english, other, values)
    assert "hours" not in other.text
    assert other.buttons and other.buttons[0][0].label != english.buttons[0][0].label


@pytest.mark.parametrize("lang", ["bg", "el"])
async def test_a_board_and_a_replay_are_drawn_in_the_players_language(drawing: Service, lang: str) -> None:
    gid = await new_game(drawing, (ALICE, BOB))
    english = await drawing.handle(Caller(ALICE, CHAT), f"/board {gid}")
    history_en = await drawing.handle(Caller(ALICE, CHAT), f"/history {gid}")
    await speak(drawing, lang, ALICE)
    other = await drawing.handle(Caller(ALICE, CHAT), f"/board {gid}")
    history = await drawing.handle(Caller(ALICE, CHAT), f"/history {gid}")
    assert english.picture is not None and other.picture is not None
    assert english.board == other.board                      # the same position, seen by the same player
    assert english.picture.data != other.picture.data
    assert history_en.picture is not None and history.picture is not None
    assert history_en.picture.data != history.picture.data


@pytest.mark.parametrize("lang", ["bg", "el"])
async def test_an_option_the_engine_refuses_is_explained_in_the_players_language(service: Service, lang: str) -> None:
    english = await service.handle(Caller(ALICE, CHAT), "/challenge @bob tawula mother=tie")
    await speak(service, lang, BOB)
    other = await service.handle(Caller(BOB, CHAT), "/challenge @alice tawula mother=tie")
    assert not english.ok and not other.ok, (english.text, other.text)
    assert_translated(english, other, [board_words(lang).variant("tawula")])  # the variant named in its words


@pytest.mark.parametrize(("header", "lang"), [
    ("el-GR,el;q=0.9,en;q=0.8", "el"),
    ("fr-FR, fr;q=0.9, bg;q=0.5", "bg"),
    ("en;q=0.1, el;q=0.5", "el"),  # by weight, not by order
    ("bg, el", "bg"),  # equal weights: the first listed
    ("de-DE, fr", None),
    ("el;q=0, *", None),  # q=0: not acceptable; a wildcard names no language
    (";;,q=,", None),
    ("", None),
    (None, None),
])
def test_a_browsers_accept_language_is_negotiated_among_the_catalogues(header: str | None, lang: str | None) -> None:
    """RFC 9110 12.5.4, by Babel's negotiation (`i18n.accepted`): the board page's refusals made before the
    visitor is known."""
    assert i18n.accepted(header) == lang
