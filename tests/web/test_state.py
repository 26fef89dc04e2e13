"""What the page is told for one position: legal single moves from the engine's builder, a play part-way, and a
forced or passing turn shown rather than asked (R-TURN-1, R-TURN-3)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.boardpage.view import PageView
from bot.replies import Chat
from bot.views import pack_moves
from bot.web.state import state
from game import Cube, IllegalPlayError, Position, Side, variant
from game.builder import Pick, build
from game.flow import Game
from game.partial import position_after

PORTES = variant("portes")
NAMES = {Side.WHITE: "Ana", Side.BLACK: "Bob"}


def view(game: Game, me: Side | None, lang: str) -> PageView:
    """The game as the service would hand it to the page (no match, no last play)."""
    waits = (game.answering or game.turn) if game.phase in ("decide", "answer") else None
    return PageView("abcd", 3, game, lang, Chat("telegram", "-1001"), side=me, names=NAMES, waits_on=waits,
                    dice_text="-".join(map(str, game.dice)) if game.dice else "")


def seen(tpn: str, dice: tuple[int, int], me: Side | None = Side.WHITE, picked: tuple[Pick, ...] = (),
         lang: str = "en") -> dict[str, Any]:
    game = Game(PORTES, Position.from_tpn(tpn, PORTES), "move", dice)
    return state(view(game, me, lang), picked).to_json()


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


def cube_state(phase: str, cube: Cube, me: Side | None, lang: str = "en", turn: Side = Side.WHITE
               ) -> dict[str, Any]:
    tapa = variant("tapa", {"cube": "on"})
    game = Game(tapa, Position.start(tapa).with_turn(turn), phase, cube=cube)  # type: ignore[arg-type]
    return state(view(game, me, lang)).to_json()


def test_the_side_asked_to_roll_or_double_gets_both_and_the_others_are_told_whom_it_waits_on() -> None:
    """R-CUBE-2: the side to move in `decide`; the opponent and a watcher only look."""
    s = cube_state("decide", Cube(2, Side.WHITE), Side.WHITE)
    assert [a["verb"] for a in s["asks"]] == ["roll", "double"] and s["status"] == "Your turn: roll, or double to 4."
    assert not s["mine"] and s["moves"] == [] and s["targets"] == [] and s["worth"] == []
    for me in (Side.BLACK, None):
        other = cube_state("decide", Cube(2, Side.WHITE), me)
        assert other["asks"] == [] and other["status"] == "Ana to roll or double.", other["status"]


def test_the_doubled_side_is_told_what_a_take_and_a_drop_are_worth() -> None:
    """R-CUBE-3: black doubled the cube it owns at 4 to 8: a take puts it at 8, white's; a drop gives black 4."""
    offered = Cube(4, Side.BLACK, offered=True)
    s = cube_state("answer", offered, Side.WHITE, turn=Side.BLACK)
    assert [a["verb"] for a in s["asks"]] == ["take", "drop"] and s["status"] == "Bob doubles to 8: take or drop?"
    assert s["worth"] == ["Take: the cube goes to 8 and is yours.", "Drop: the game ends, 4 points to Bob."]
    assert cube_state("answer", offered, Side.BLACK, turn=Side.BLACK)["status"] == "Ana to take or drop 8."
    el = cube_state("answer", Cube(offered=True), Side.WHITE, lang="el", turn=Side.BLACK)
    assert el["worth"][1] == "Άρνηση: η παρτίδα τελειώνει, 1 πόντος στον/στην Bob."
    assert [a["label"] for a in el["asks"]] == ["Αποδοχή", "Άρνηση"]
