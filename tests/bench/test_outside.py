"""`bench/outside.py`, the computer against GNU Backgammon in portes: the boards it hands gnubg are gnubg's own,
and gnubg's choice is always one of the engine's legal plays (skipped without the optional `gnubg-nn`)."""

from __future__ import annotations

import random
from types import ModuleType

import pytest

from game import Game, Position, random_play, variant

from .scripts import script

gnubg = pytest.importorskip("gnubg_nn", reason="the optional gnubg-nn is not installed ('.[outside]')")


def outside() -> ModuleType:
    return script("outside")


def test_the_start_is_gnubgs_start() -> None:
    board = outside().gnubg_board(Position.start(variant("portes")))
    assert board == gnubg.board_from_position_id("4HPwATDgc/ABMA")


def test_every_legal_play_of_gnubg_is_a_play_of_the_engine_and_back() -> None:
    """Over random portes games, the engine's plays and gnubg's reach the same positions (R-PORTES-1…5)."""
    bench = outside()
    rng = random.Random(4)
    compared = 0
    for _ in range(6):
        game = Game.new(variant("portes"))
        while game.phase == "opening":
            game = game.opening(rng.randint(1, 6), rng.randint(1, 6))
        while game.phase != "over":
            if game.phase in ("roll", "decide"):
                game = game.roll(rng.randint(1, 6), rng.randint(1, 6))
            plays = game.plays()
            if not plays:
                game = game.pass_turn()
                continue
            assert game.dice is not None
            ours = {gnubg.key_of_board(bench.gnubg_board(p.position)) for p in plays}
            # gnubg's `moves` keeps the mover on roll; its `best_move` list (what the bench reads) has the
            # opponent on roll, as the engine's position after a play does
            theirs = {gnubg.key_of_board(list(reversed(gnubg.board_from_position_key(key))))
                      for key in gnubg.moves(bench.gnubg_board(game.position), *game.dice)}
            if plays[0].steps:
                assert ours == theirs, game.position.to_tpn()
                compared += 1
            game = game.play(random_play(plays, rng))
    assert compared > 200


def test_a_few_paired_games_are_played_and_summed() -> None:
    bench = outside()
    pairs, unmatched = bench.chunk("heuristic", 0, 0, 2, 1)
    assert len(pairs) == 2 and unmatched == 0
    assert all(p != 0 for pair in pairs for p in pair)  # every game has a winner and points
    summary = bench.summary(pairs)
    assert summary["games"] == 4
    assert summary["singles_won"] + summary["mars_won"] + summary["singles_lost"] + summary["mars_lost"] == 4


def test_the_training_checkpoint_can_be_measured(monkeypatch: pytest.MonkeyPatch) -> None:
    """`--source checkpoint` plays the net in training (its checkpoint), not the shipped weights."""
    from bench import gate
    from game.nets import NETS
    from game.nets.store import load_checkpoint

    bench = outside()
    ckpt = load_checkpoint("portes")
    if ckpt is None:
        pytest.skip("no portes checkpoint in this checkout")
    monkeypatch.setattr(gate, "load_weights", lambda *_: pytest.fail("the shipped weights were loaded"))
    pairs, unmatched = bench.chunk("computer", 0, 0, 1, 1, "checkpoint")
    assert len(pairs) == 1 and unmatched == 0 and all(p != 0 for p in pairs[0])
    assert NETS["portes"].hidden == ckpt.net.w1.shape[0]
