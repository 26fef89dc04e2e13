"""Autocomplete finds every legal play from any start of its text, its moves typed in any order
(`bot.completion`), and `suggest` offers it."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.completion import matches
from bot.gamestate import game_of
from bot.replies import Caller
from bot.service import Service
from game import Position, variant
from game.flow import Game
from game.plays import Play, legal_plays

from .conftest import ALICE, CHAT
from .test_games import only_game

VARIANTS = ("plakoto", "tapa", "mahbusa", "tawula", "portes", "tabla", "fevga", "gulbara")


def _position_plays(name: str, seed: int, turns: int, dice: tuple[int, int]) -> list[Play]:
    """The plays of `dice` after `turns` random turns of a `name` game from `seed`."""
    rng = random.Random(seed)
    game = Game.new(variant(name))
    while game.phase == "opening":
        game = game.opening(rng.randint(1, 6), rng.randint(1, 6))
    for _ in range(turns):
        if game.phase == "over":
            break
        if game.phase == "roll":
            game = game.roll(rng.randint(1, 6), rng.randint(1, 6))
        plays = game.plays()
        game = game.play(rng.choice(plays)) if plays else game.pass_turn()
    if game.phase == "roll":
        game = game.roll(*dice)
    return game.plays() if game.phase == "move" else []


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(VARIANTS), st.integers(0, 10_000), st.integers(0, 40),
       st.tuples(st.integers(1, 6), st.integers(1, 6)), st.randoms(use_true_random=False))
def test_every_prefix_of_every_order_matches(name: str, seed: int, turns: int, dice: tuple[int, int],
                                             rng: random.Random) -> None:
    plays = _position_plays(name, seed, turns, dice)
    for play in rng.sample(plays, min(len(plays), 12)):
        words = play.notation.replace("*", "").split()
        for order in itertools.permutations(words):
            text = " ".join(order)
            for end in range(1, len(text) + 1):
                assert matches(play, text[:end]), (name, play.notation, text[:end])


def test_a_chain_typed_after_its_own_first_hop_still_matches() -> None:
    """The case `bench/service.py` once failed on: `19/16 19/13 24/2` for the play `24/21 19/13 19/16` (3-3)."""
    start = Position.from_tpn("B15,,,,,W12,,,,,,,,,,,,,W2,,,,,W1 w 0/0/0 0/0/0", variant("portes"))
    plays = [p for p in legal_plays(start, (3, 3)) if sorted(p.notation.split()) == ["19/13", "19/16", "24/21"]]
    assert plays
    assert matches(plays[0], "19/16 19/13 24/2")
    assert matches(plays[0], "19/16/13 19/16 24/21")
    assert not matches(plays[0], "19/13 19/13 24/2")  # one checker cannot be moved twice as far
    assert not matches(plays[0], "24/18")


async def test_suggest_offers_a_play_typed_in_any_order_with_its_last_move_half_typed(service: Service) -> None:
    await service.handle(Caller(ALICE, CHAT), "/play ai portes to 1")
    gid = await only_game(service, ALICE)
    game_plays = game_of(await service.store.games.get(gid)).plays()
    assert game_plays
    for play in game_plays[:15]:
        for order in itertools.permutations(play.notation.replace("*", "").split()):
            typed = " ".join(order)[:-1]
            found = await service.suggest(Caller(ALICE, CHAT), typed)
            assert play.notation in {s.value for s in found} or len(found) == 25, (typed, found[:3])
            assert any(s.value == play.notation for s in await service.suggest(Caller(ALICE, CHAT), " ".join(order)))

