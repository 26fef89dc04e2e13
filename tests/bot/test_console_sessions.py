"""A Greek and a Bulgarian console session, as a new player would have one (issue 27): a Tavli match against the
computer (portes, plakoto, fevga, R-CYCLE-1), a plakoto cube match between two local players (a double taken, a
redouble dropped, R-CUBE-2, R-CUBE-3; then the match played out, its Crawford game included, R-CUBE-5), its review
with the cube's decisions, and a cube hint against the computer. Every line the console prints is read by the
no-English check (`test_no_english.english_words`): nothing English but names and notation.

`TABLA_WRITE_TRANSCRIPTS=1` writes the cube match's session to `docs/console-bg.txt` and `docs/console-el.txt` (the
dice come from fixed seeds, so the same session every time).
"""

from __future__ import annotations

import io
import itertools
import os
import random
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot import console as console_module
from bot.console import Console
from bot.gamestate import awaited, game_of
from bot.service import Service
from game import CubeAction, Side
from storage import Store

from .conftest import Clock
from .test_no_english import IDS, PROPER, english_words

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
DOCS = Path(__file__).resolve().parent.parent.parent / "docs"
ALLOWED = {"UTF", "UTC"}  # a deadline's time carries its offset from UTC, written so in every language


@pytest.fixture
async def seeded(store: Store, clock: Clock) -> AsyncIterator[Service]:
    """A service whose games roll fixed dice, one seed after another."""
    seeds = itertools.count(1)
    svc = Service(store, clock=clock, seeds=lambda: f"{next(seeds):064x}", render=None)
    yield svc
    svc.close()


class Session:
    """The console, its output, and the local player typing now (`/as` switches)."""

    def __init__(self, service: Service, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(console_module, "FEW_PLAYS", 1000)  # the legal plays under every board
        self.service = service
        self.lang = lang
        self.out = io.StringIO()
        self.console = Console(service, self.out, None, "Dora", prompt=False)
        self.me = "Dora"
        self.log_out = ""
        self.log = ""  # what was typed (after a prompt) and printed, in order
        service.notify = self.console.deliver  # the review line that follows a result, as the runner routes it

    async def say(self, text: str) -> str:
        self.log += self.out.getvalue()[len(self.log_out):]  # notices printed since
        start = len(self.out.getvalue())
        assert await self.console.line(text)
        said = self.out.getvalue()[start:]
        self.log += f"{self.me}> {text}\n{said}"
        self.log_out = self.out.getvalue()
        return said

    async def be(self, name: str) -> None:
        if name != self.me:
            await self.say(f"/as {name}")
            self.me = name

    async def active(self, name: str) -> str | None:
        player = await self.service.store.players.find("console", name.lower())
        assert player is not None
        games = await self.service.store.games.active_for(player.id)
        return games[0] if games else None

    def english(self) -> list[str]:
        text = self.out.getvalue()
        IDS.update(re.findall(r"#(\w+)", text))
        return sorted(english_words(text, ALLOWED | PROPER.get(self.lang, set())))


async def _tavli_against_the_computer(s: Session) -> None:
    rng = random.Random(7)
    await s.say("/play ai tavli to 5")  # at least three games: portes, plakoto, fevga
    variants = []
    for _ in range(4000):
        gid = await s.active("Dora")
        if gid is None:
            break
        record = await s.service.store.games.get(gid)
        if not variants or variants[-1] != record.variant:
            variants.append(record.variant)
        game = game_of(record)
        await s.say(f"/move {rng.choice(game.plays()).notation}")
    else:
        raise AssertionError("the match did not end")
    assert variants[:3] == ["portes", "plakoto", "fevga"], variants
    await s.service.settle(60)
    for text in ("/history", "/review", "/standings", "/stats"):
        await s.say(text)


async def _plakoto_cube_match(s: Session) -> tuple[str, str]:
    """Dora doubles at her first chance, Erik takes and redoubles at his next, Dora drops; then the match is
    played out, rolling at every other chance to double. Returns the first game's id, and the session's lines
    from the challenge to that game's end with its review after them."""
    rng = random.Random(11)
    names = {Side.WHITE: "Dora", Side.BLACK: "Erik"}
    begun = len(s.log)
    await s.say("/challenge @Erik plakoto cube=on to 3")
    await s.be("Erik")
    await s.say("/accept")
    first = await s.active("Dora")
    assert first is not None
    cube: list[CubeAction] = []
    ended = 0
    for _ in range(4000):
        gid = await s.active("Dora")
        if gid != first and not ended:
            ended = len(s.log)
        if gid is None:
            break
        game = game_of(await s.service.store.games.get(gid))
        who = awaited(game)
        await s.be(names[who])
        if game.phase == "decide":
            owns = game.cube is not None and game.cube.owner is who
            double = gid == first and (not cube or (len(cube) == 2 and owns))
            action = CubeAction.DOUBLE if double else CubeAction.ROLL
        elif game.phase == "answer":
            action = CubeAction.TAKE if len(cube) == 1 else CubeAction.DROP
        else:
            await s.say(f"/move {rng.choice(game.plays()).notation}")
            continue
        if gid == first and action is not CubeAction.ROLL:
            cube.append(action)
        await s.say(f"/{action.value}")
    else:
        raise AssertionError("the match did not end")
    assert cube == [CubeAction.DOUBLE, CubeAction.TAKE, CubeAction.DOUBLE, CubeAction.DROP]
    await s.service.settle(60)
    await s.be("Dora")
    review = await s.say(f"/review {first}")
    for text in (f"/history {first}", "/standings"):
        await s.say(text)
    return first, s.log[begun:ended] + f"Dora> /review {first}\n" + review


async def _cube_hint_against_the_computer(s: Session) -> None:
    await s.be("Dora")
    await s.say("/play ai plakoto cube=on")
    for _ in range(200):
        gid = await s.active("Dora")
        assert gid is not None
        game = game_of(await s.service.store.games.get(gid))
        if game.phase == "decide":
            break
        await s.say(f"/move {game.plays()[0].notation}")
    else:
        raise AssertionError("Dora was never asked to roll or double")
    hint = await s.say("/hint")
    assert f"#{gid}" in hint and re.search(r"[+-]\d\.\d{3}", hint), hint
    await s.say(f"/resign yes {gid}")


@pytest.mark.parametrize("lang", ["bg", "el"])
async def test_a_console_session_of_a_tavli_match_and_a_cube_match_is_free_of_english(
        seeded: Service, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    s = Session(seeded, lang, monkeypatch)
    await s.say(f"/lang chat {lang}")
    await s.console.start()
    await _tavli_against_the_computer(s)
    first, transcript = await _plakoto_cube_match(s)
    await _cube_hint_against_the_computer(s)
    assert s.english() == [], "English left in the " + lang + " console"
    review = transcript[transcript.rindex(f"> /review {first}"):]
    assert {"bg": "зарът за удвояване на", "el": "ο κύβος στο"}[lang] in review, review  # a cube decision's error
    if os.environ.get("TABLA_WRITE_TRANSCRIPTS"):
        (DOCS / f"console-{lang}.txt").write_text(transcript, encoding="utf-8")
