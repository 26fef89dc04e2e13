"""Wording a player meets when starting a game: a match of one point is a single game and numbers take their
plural (N7); option mistakes are told in players' words, as a sentence, without rule ids (N8), and never offer
the cube, which is refused until it is served (N9)."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from bot.dice import format_dice, roll
from bot.gamestate import side_of
from bot.replies import Caller, Identity
from bot.service import Service
from bot.verify import describe, verify
from storage import GameRecord, MoveLogEntry

from .conftest import ALICE, BOB, CHAT
from .play import play_out
from .test_games import only_game, player_id

LANGS = ("en", "bg", "el")


def _player(lang: str) -> Identity:
    return Identity("console", f"p-{lang}", f"p-{lang}", username=f"p{lang}", language=lang)


async def _say(service: Service, lang: str, line: str) -> str:
    who = _player(lang)
    await service.remember(who)
    return (await service.handle(Caller(who, CHAT), line)).text


@pytest.mark.parametrize("line", ["/play ai tavli to 1", "/play ai tabla cycle=tabla to 1", "/play ai tapa to 1",
                                  "/challenge tavli to 1", "/challenge plakoto to 1"])
async def test_a_match_to_one_point_is_a_single_game(service: Service, line: str) -> None:
    text = await _say(service, "en", line)
    assert "a single game" in text, text
    assert not re.search(r"\bto 1\b", text), text


@pytest.mark.parametrize(("line", "says"), [
    ("/play ai tavli to 3", "a Tavli match to 3 points"),
    ("/play ai tabla cycle=tabla to 7", "a Tabla match to 7 points"),
    ("/challenge plakoto to 5", "a match to 5 points"),
])
async def test_a_longer_match_says_its_points(service: Service, line: str, says: str) -> None:
    assert says in await _say(service, "en", line)


@pytest.mark.parametrize(("lang", "line", "says"), [
    ("bg", "/challenge plakoto to 1", "единична игра"),
    ("bg", "/challenge plakoto to 5", "мач до 5 точки"),
    ("el", "/challenge tavli to 1", "μία παρτίδα"),
    ("el", "/challenge plakoto to 3", "αγώνας στους 3 πόντους"),
])
async def test_match_lengths_in_bulgarian_and_greek(service: Service, lang: str, line: str, says: str) -> None:
    assert says in await _say(service, lang, line)


BAD_OPTIONS = ["/play ai tavli cube=on", "/play ai portes mother=tie", "/play ai plakoto colour=red",
               "/play ai tabla cycle=tavli", "/play ai tawula mother=tie", "/play ai plakoto mother=never",
               "/play ai tavli mother=nope", "/play ai tavli colour=red", "/challenge portes cycle=tabla"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("line", BAD_OPTIONS)
async def test_option_mistakes_are_sentences_without_rule_ids(service: Service, lang: str, line: str) -> None:
    text = await _say(service, lang, line)
    assert text[:1].isupper(), text
    assert not re.search(r"R-[A-Z]", text), text


async def test_the_options_a_variant_takes_are_offered_with_the_cube(service: Service) -> None:
    """The cube is served (issue 19, §13): a variant that takes it lists it."""
    text = await _say(service, "en", "/play ai portes mother=tie")
    assert text == "Portes has no option 'mother': its options are scoring=mars|backgammon, cube=on|off"
    text = await _say(service, "en", "/play ai plakoto colour=red")
    assert text == ("Unknown option 'colour': the options are mother=win|win+tie|tie|off, scoring=mars|backgammon, "
                    "cube=on|off")


async def _finished_game(service: Service) -> tuple[GameRecord, list[MoveLogEntry]]:
    await service.handle(Caller(ALICE, CHAT), "/challenge @bob portes to 1")
    await service.handle(Caller(BOB, CHAT), "/accept")
    gid = await only_game(service, ALICE)
    record = await service.store.games.get(gid)
    alice = await player_id(service, ALICE)
    await play_out(service, CHAT, gid, {side_of(i): ALICE if p == alice else BOB for i, p in enumerate(record.players)})
    return await service.store.games.snapshot(gid)


ENGLISH = re.compile(r"\b(entry|roll|seed|gives|dice|table|position|log|differs|replayed|opening)\b")


async def test_verify_tells_what_is_wrong_in_the_players_language(service: Service) -> None:
    record, log = await _finished_game(service)
    assert verify(record, log).ok
    wrong_seed = verify(record, log, seed="00" * 32).problem
    # an entry given its predecessor's position, one that really moved it (a tied opening roll, R-OPEN-1, or a
    # pass leaves the position as it was, and the game's id decides its dice)
    k = next(i for i in range(2, len(log)) if log[i].position != log[i - 1].position)
    moved = [replace(e, position=log[k - 1].position) if i == k else e for i, e in enumerate(log)]
    wrong_position = verify(record, moved).problem
    first_move = next(i for i, e in enumerate(log) if e.play != "opening")
    garbled = [replace(e, play="25/1") if i == first_move else e for i, e in enumerate(log)]
    wrong_play = verify(record, garbled).problem
    problems = [p for p in (wrong_seed, wrong_position, wrong_play) if p is not None]
    assert len(problems) == 3
    for problem in problems:
        english = describe("en", problem)
        assert ENGLISH.search(english), english
        for lang in ("bg", "el"):
            said = describe(lang, problem)
            assert not ENGLISH.search(said), said


async def test_verify_reports_a_play_logged_while_the_opening_roll_was_still_tied(service: Service) -> None:
    """A tied opening roll is rolled again (R-OPEN-1): a log that plays instead is a problem, never a crash."""
    record, _ = await _finished_game(service)
    seed = next(s for s in (f"{k:064x}" for k in range(1000)) if len(set(roll(s, record.id, 0))) == 1)
    tie = format_dice(roll(seed, record.id, 0))
    forged = [MoveLogEntry(0, tie, "opening", record.start_position, 0.0),
              MoveLogEntry(0, "6-5", "24/18 18/13", record.start_position, 0.0)]
    problem = verify(replace(record, seed=seed), forged, seed=seed).problem
    assert problem is not None and "not waiting for a move" in describe("en", problem)
    assert not ENGLISH.search(describe("bg", problem)) and not ENGLISH.search(describe("el", problem))


@pytest.mark.parametrize(("lang", "plain"), [("en", "a plain win"), ("bg", "обикновена победа"),
                                             ("el", "απλή νίκη")])
def test_a_plain_win_is_called_so_not_a_single_game(lang: str, plain: str) -> None:
    """Issue 27: "1 point, a single game" read as a match length; a game won without mars is a plain win."""
    from bot import i18n

    assert i18n.reason(lang, "single") == plain
    assert i18n.tr(lang, "a single game") != plain  # the match length keeps its words


async def test_the_computer_starting_and_a_pairing_read_as_a_native_speaker_writes(service: Service) -> None:
    """Issue 27: no "Компютър започва" (a Bulgarian subject wants its article, which a name cannot take: the
    sentence is turned), no "εναντίον Υπολογιστής" (εναντίον wants the genitive: a dash pairs any two names)."""
    for _ in range(40):  # until the computer wins the opening roll (a half chance each game)
        text = await _say(service, "bg", "/play ai portes to 1")
        if "Компютър" in text.split("Начално хвърляне", 1)[-1]:
            break
        await _say(service, "bg", "/resign yes")
    assert "Компютър започва" not in text and "Започва: Компютър" in text, text
    await _say(service, "el", "/play ai portes to 1")
    games = await _say(service, "el", "/games")
    assert ("εναντίον" not in games and " – Υπολογιστής" in games) or "Υπολογιστής – " in games, games
