"""What the page is told for one position: legal single moves from the engine's builder, a play part-way, and a
forced or passing turn shown rather than asked (R-TURN-1, R-TURN-3)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.views import pack_moves
from bot.web.state import state
from game import IllegalPlayError, Position, Side, variant
from game.builder import Pick, build
from game.flow import Game
from game.partial import position_after

PORTES = variant("portes")
NAMES = {"white": "Ana", "black": "Bob"}


def seen(tpn: str, dice: tuple[int, int], me: Side | None = Side.WHITE, picked: tuple[Pick, ...] = (),
         lang: str = "en") -> dict[str, Any]:
    game = Game(PORTES, Position.from_tpn(tpn, PORTES), "move", dice)
    return state(game, game_id="abcd", version=3, me=me, lang=lang, names=NAMES, score=None, picked=picked,
                 deadline=None)


def test_a_passing_turn_is_shown_not_asked() -> None:
    s = seen(",,,,,,,,,,,,,,,,,,B2,B2,B2,B2,B2,B2 w 0/1/14 0/0/3", (6, 5))
    assert s["forced"] == "" and s["moves"] == [] and s["status"] == "No legal move: the turn passes."


def test_a_forced_play_is_shown_not_asked() -> None:
    s = seen("W1,,,,,,,,,,,,,,,,,,B2,B2,B2,B2,B2,B2 w 0/0/14 0/0/3", (6, 5), lang="bg")
    assert s["forced"] == "1/off" and s["moves"] == [] and "1/off" in s["status"] and "принуден" in s["status"]


def test_the_moves_are_the_builders_and_a_pick_moves_the_checker() -> None:
    start = Position.start(PORTES)
    s = seen(start.to_tpn(), (6, 1))
    st = build(start, (6, 1), ())
    assert [(m["from"], m["to"], m["die"]) for m in s["moves"]] == [m.pick for m in st.next]
    first = st.next[0].pick
    after = seen(start.to_tpn(), (6, 1), picked=(first,))
    assert after["picked"] == pack_moves([first]) and after["svg"] != s["svg"]
    moved = position_after(start, (6, 1), [first])
    assert moved.checkers_on(Side.WHITE, first[0]) == start.checkers_on(Side.WHITE, first[0]) - 1
    assert moved.turn is Side.WHITE
    with pytest.raises(IllegalPlayError):
        seen(start.to_tpn(), (6, 1), picked=((first[0], first[1], 5),))


def test_the_other_side_and_a_watcher_only_look() -> None:
    start = Position.start(PORTES).to_tpn()
    for me in (Side.BLACK, None):
        s = seen(start, (6, 1), me=me)
        assert not s["mine"] and s["moves"] == [] and s["targets"] == [] and "Ana" in s["status"]
    assert seen(start, (6, 1), me=None)["watching"]


def test_the_moves_picked_so_far_are_drawn_as_arrows_without_saying_played() -> None:
    start = Position.start(PORTES)
    first = build(start, (6, 1), ()).next[0]
    before = seen(start.to_tpn(), (6, 1))
    after = seen(start.to_tpn(), (6, 1), picked=(first.pick,))
    assert 'class="arrow"' not in before["svg"] and after["svg"].count('class="arrow"') == 1
    assert first.notation.split("(")[0] in after["svg"] and "played" not in after["svg"]
