"""R-CYCLE-1…7, R-OPEN-1 as amended, and Gul Bara cascades through the game flow (R-GULBARA-3/4)."""

from __future__ import annotations

import random

import pytest

from game import OptionError, Position, Side, variant
from game.ai import play_match, random_play
from game.flow import FlowEvent, Game
from game.match import CYCLES, Match, cycle_variant, match_spec
from game.outcome import Outcome


def _win(side: Side, points: int) -> Outcome:
    return Outcome(side, points, "mars" if points == 2 else "single")


TIE = Outcome(None, 0, "tie")


# --- R-OPEN-1 as amended ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["portes", "tabla", "fevga", "gulbara"])
def test_R_OPEN_1_the_starter_rolls_both_dice_afresh_in_every_new_variant(name: str) -> None:
    g = Game.new(variant(name)).opening(5, 3)
    assert g.phase == "roll" and g.turn is Side.WHITE and g.dice is None
    g = Game.new(variant(name)).opening(2, 6)
    assert g.phase == "roll" and g.turn is Side.BLACK


# --- the flow of a cascade --------------------------------------------------------------------------------------


def test_R_GULBARA_3_the_flow_keeps_the_same_side_on_the_move_without_a_roll() -> None:
    # G3 through the flow: a cascading 5-5, then 6-6 with no roll, then black rolls.
    v = variant("gulbara")
    g = Game(v, Position.from_tpn("W11,,,,W4,,,,,,,B15,,,,,,,,,,,, w 0/0/0 0/0/0 t3/2", v), "roll")
    g = g.roll(5, 5)
    assert g.events == (FlowEvent("cascade", Side.WHITE, 5, 4),)
    assert g.stage is not None and g.stage.rolled and g.stage.moves == 4
    (pl,) = g.plays()
    g = g.play(pl)
    assert (g.phase, g.turn, g.dice) == ("move", Side.WHITE, (6, 6))
    assert g.events == (FlowEvent("stage", Side.WHITE, 6, 4),)
    assert g.stage is not None and not g.stage.rolled and (g.stage.die, g.stage.moves) == (6, 4)
    (pl,) = g.plays()
    g = g.play(pl)
    assert (g.phase, g.turn, g.dice, g.events) == ("roll", Side.BLACK, None, ())


def test_R_GULBARA_4_the_flow_transfers_a_remainder_and_the_taker_then_rolls() -> None:
    # G2 through the flow: white stops short, black plays the rest and then rolls its own turn.
    v = variant("gulbara")
    p = Position.from_tpn("W13,B15,,,,,,W1,W1,,,,,,,,,,,,,,, w 0/0/0 0/0/0 t3/3:6x4", v)
    g = Game(v, p, "move", (6, 6))
    (pl,) = g.plays()
    g = g.play(pl)
    assert (g.phase, g.turn, g.dice) == ("move", Side.BLACK, (6, 6))
    assert g.events == (FlowEvent("transfer", Side.BLACK, 6, 3),)
    assert g.stage is not None and g.stage.transferred and g.stage.moves == 3
    g = g.play(g.plays()[0])
    assert (g.phase, g.turn, g.events) == ("roll", Side.BLACK, ())


def test_R_GULBARA_4_the_flow_passes_a_stage_with_no_move_and_forfeits_a_transferred_one() -> None:
    # G4: white has no 5: the pass transfers the whole rest to black.
    v = variant("gulbara")
    g = Game(v, Position.from_tpn("W14,B15,,,,,W1,,,,,,,,,,,,,,,,, w 0/0/0 0/0/0 t3/3:5x4", v), "move", (5, 5))
    assert g.plays() == []
    g = g.pass_turn()
    assert (g.phase, g.turn, g.dice) == ("move", Side.BLACK, (5, 5))
    assert g.events == (FlowEvent("transfer", Side.BLACK, 5, 4),)
    # A transferred stage with no move is forfeited: the same side rolls.
    g2 = Game(v, Position.from_tpn("W14,B15,,,,,W1,,,,,,,,,,,,,,,,, w 0/0/0 0/0/0 t3/3:5x4!", v), "move", (5, 5))
    g2 = g2.pass_turn()
    assert (g2.phase, g2.turn, g2.dice) == ("roll", Side.WHITE, None)
    assert g2.events == (FlowEvent("forfeit", Side.WHITE, 5, 4),)


# --- cycle matches ----------------------------------------------------------------------------------------------


def test_R_CYCLE_1_the_cycles_and_how_they_are_asked_for() -> None:
    assert CYCLES == {"tavli": ("portes", "plakoto", "fevga"), "tabla": ("tabla", "gulbara", "tapa")}
    assert match_spec("tavli").cycle == "tavli" and match_spec("tavli").variant == variant("portes")
    assert match_spec("portes", {"cycle": "tavli"}).cycle == "tavli"
    assert match_spec("tabla").cycle is None and match_spec("tabla").variant == variant("tabla")
    assert match_spec("tabla", {"cycle": "tabla"}).cycle == "tabla"
    assert match_spec("plakoto").cycle is None
    for name, cycle in (("plakoto", "tavli"), ("portes", "tabla"), ("gulbara", "tabla"), ("tavli", "tabla")):
        with pytest.raises(OptionError, match="cycle"):
            match_spec(name, {"cycle": cycle})
    with pytest.raises(OptionError, match="cycle must be one of"):
        match_spec("portes", {"cycle": "narde"})


def test_R_CYCLE_2_options_go_to_the_games_that_take_them() -> None:
    spec = match_spec("tavli", {"scoring": "backgammon", "mother": "tie"})
    assert cycle_variant("tavli", 0, spec.options) == variant("portes", scoring="backgammon")
    assert cycle_variant("tavli", 1, spec.options) == variant("plakoto", scoring="backgammon", mother="tie")
    assert cycle_variant("tavli", 2, spec.options) == variant("fevga")
    spec = match_spec("tabla", {"cycle": "tabla", "scoring": "backgammon"})
    assert [cycle_variant("tabla", i, spec.options).describe() for i in range(3)] == [
        "tabla scoring=backgammon", "gulbara", "tapa scoring=backgammon"]
    # The defaults of each game: plakoto mother=win+tie, tapa mother=win.
    assert cycle_variant("tavli", 1).mother == "win+tie" and cycle_variant("tabla", 2).mother == "win"
    with pytest.raises(OptionError, match="no doubling cube"):
        match_spec("tavli", {"cube": "on"})
    with pytest.raises(OptionError, match="takes the option 'colour'"):
        match_spec("tavli", {"colour": "red"})
    with pytest.raises(OptionError, match="mother must be"):
        match_spec("tavli", {"mother": "never"})


def test_R_CYCLE_1_to_5_the_C1_tavli_match_with_a_tied_plakoto() -> None:
    # C1: portes (opening roll) W mars 2-0; plakoto tie, replayed with an opening roll; black wins 2-1;
    # fevga (black starts) B mars 2-3; portes (black) W mars 4-3; plakoto (white) W single 5-3: over.
    m = Match.start(match_spec("tavli"), 5)
    assert (m.variant.name, m.next_starter, m.cycle) == ("portes", None, "tavli")
    assert m.new_game().phase == "opening"
    m = m.record(_win(Side.WHITE, 2))
    assert (m.variant.name, m.next_starter, m.white, m.black) == ("plakoto", Side.WHITE, 2, 0)
    g = m.new_game()
    assert (g.phase, g.turn) == ("roll", Side.WHITE)
    m = m.record(TIE)
    assert (m.variant.name, m.next_starter, m.white, m.black) == ("plakoto", None, 2, 0)
    m = m.record(_win(Side.BLACK, 1))
    assert (m.variant.name, m.next_starter, m.score(Side.BLACK)) == ("fevga", Side.BLACK, 1)
    m = m.record(_win(Side.BLACK, 2))
    assert (m.variant.name, m.next_starter, m.white, m.black) == ("portes", Side.BLACK, 2, 3)
    m = m.record(_win(Side.WHITE, 2))
    assert (m.variant.name, m.white, m.black, m.over) == ("plakoto", 4, 3, False)
    m = m.record(_win(Side.WHITE, 1))
    assert (m.winner, m.white, m.black, m.games) == (Side.WHITE, 5, 3, 6)
    with pytest.raises(Exception, match="over"):
        m.new_game()


def test_R_CYCLE_3_the_C2_tabla_match_and_gulbara_started_by_the_winner() -> None:
    m = Match.start(match_spec("tabla", {"cycle": "tabla"}), 5)
    m = m.record(_win(Side.WHITE, 1))
    assert m.next_variant.name == "gulbara"
    g = m.new_game()
    assert g.position.to_tpn() == ",,,,,,,,,,,B15,,,,,,,,,,,,W15 w 0/0/0 0/0/0 t0/0"
    assert (g.phase, g.turn) == ("roll", Side.WHITE)
    g = g.roll(3, 3)  # white's turn 1: no cascade (R-GULBARA-2)
    assert g.events == () and len(g.plays()[0].steps) == 4
    m = m.record(_win(Side.BLACK, 2))
    assert (m.variant.name, m.next_starter, m.white, m.black) == ("tapa", Side.BLACK, 1, 2)
    m = m.record(Outcome(Side.WHITE, 2, "mother"))
    assert (m.variant.name, m.white, m.black, m.winner) == ("tabla", 3, 2, None)


def test_R_CYCLE_5_the_match_ends_the_moment_a_side_reaches_N() -> None:
    m = Match.start(match_spec("tavli"), 3)
    m = m.record(_win(Side.BLACK, 2)).record(_win(Side.BLACK, 2))
    assert m.winner is Side.BLACK and m.games == 2 and m.variant.name == "fevga"


def test_R_CYCLE_7_the_plain_match_api_is_unchanged() -> None:
    v = variant("tapa")
    m = Match(v, 3, 1, 0, 1, Side.WHITE)
    assert (m.cycle, m.variant, m.next_variant) == (None, v, v)
    m = m.record(_win(Side.WHITE, 2))
    assert (m.winner, m.next_starter, m.variant) == (Side.WHITE, Side.WHITE, v)


@pytest.mark.slow
@pytest.mark.parametrize("cycle", sorted(CYCLES))
def test_50_random_cycle_matches_without_an_error(cycle: str) -> None:
    rng = random.Random(cycle)
    for _ in range(50):
        m, games = play_match(Match.start(match_spec(cycle, {"cycle": cycle}), 3), random_play, random_play, rng)
        assert m.winner is not None and max(m.white, m.black) >= 3
        names = [g.variant.name for g in games]
        # R-CYCLE-1/4: the variants follow the cycle, a tie repeating the same one.
        expect = 0
        for g, name in zip(games, names, strict=True):
            assert name == CYCLES[cycle][expect % 3]
            assert g.outcome is not None
            if g.outcome.winner is not None:
                expect += 1
