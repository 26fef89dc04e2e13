"""The computer has a name in each language (shown in the reader's language in messages, on boards, in /games,
/standings, /stats, /history, /review and the /resign question), while the stored player record keeps one
language-neutral identity."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.core import COMPUTER
from bot.replies import Caller, Identity
from bot.service import Service
from renderer import Scene
from storage import Store

from .conftest import CHAT, Clock

NAMES = {"en": "Computer", "bg": "Компютър", "el": "Υπολογιστής"}
ZOE = Identity("console", "zoe", "Zoe", username="zoe")


@pytest.fixture
async def drawn(store: Store, clock: Clock) -> AsyncIterator[tuple[Service, list[Scene]]]:
    """A service whose boards are recorded as scenes (what would be drawn) instead of drawn."""
    scenes: list[Scene] = []

    def record(scene: Scene) -> None:
        scenes.append(scene)

    svc = Service(store, clock=clock, render=record)
    yield svc, scenes
    svc.close()


@pytest.mark.parametrize("lang", ["en", "bg", "el"])
async def test_the_computer_is_named_in_the_readers_language(drawn: tuple[Service, list[Scene]], lang: str) -> None:
    svc, scenes = drawn
    me = Caller(ZOE, CHAT)
    assert (await svc.handle(me, f"/lang {lang}")).ok
    started = await svc.handle(me, "/play ai plakoto to 1")
    assert started.ok, started.text
    name = NAMES[lang]
    other = {n for code, n in NAMES.items() if code != lang}
    assert scenes and name in scenes[-1].names.values(), scenes[-1].names
    for command in ("/games", "/history"):
        text = (await svc.handle(me, command)).text
        assert name in text, (command, text)
        assert not any(o in text for o in other), (command, text)
    scenes.clear()
    assert (await svc.handle(me, "/board")).ok
    assert scenes and name in scenes[-1].names.values(), scenes
    asked = (await svc.handle(me, "/resign")).text  # "This concedes 1 point to <the computer>"
    assert name in asked and not any(o in asked for o in other), asked
    assert (await svc.handle(me, "/resign yes")).ok
    for command in ("/standings", "/stats ai", "/review"):
        text = (await svc.handle(me, command)).text
        assert name in text, (command, text)
        assert not any(o in text for o in other), (command, text)
    stored = await svc.store.players.find(COMPUTER.platform, COMPUTER.user_id)
    assert stored is not None and stored.name == "Computer"  # one identity, whatever the readers' languages


@pytest.mark.parametrize("name", ["Компютър", "Υπολογιστής", "computer"])
async def test_the_computers_name_in_any_language_means_the_computer(drawn: tuple[Service, list[Scene]],
                                                                      name: str) -> None:
    """`/stats Компютър` finds the computer, and nobody else may call themselves by its name."""
    svc, _ = drawn
    impostor = Identity("console", "mallory", name, username="mallory")
    me = Caller(ZOE, CHAT)
    assert (await svc.handle(me, "/lang bg")).ok
    assert (await svc.handle(me, "/play ai tapa to 1")).ok
    assert (await svc.handle(me, "/resign yes")).ok
    stats = await svc.handle(me, f"/stats {name}")
    assert stats.ok and "Компютър: мачове 1–0" in stats.text, stats.text
    record = await svc.ensure(impostor)
    assert record.name.lower() != name.lower()
