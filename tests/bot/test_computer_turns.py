"""`python -m game choose --jsonl` answers what the bot's computer plays (bot.turns.advance) for the same
position, dice and seed: for a game with a gated net (portes) and one with the heuristic (gul bara: no gated net)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from bot.dice import ai_seed
from bot.turns import advance
from game import Game, Side, variant
from game.nets import computer_name

SEED = "5e" * 16


@pytest.mark.parametrize("name", ["portes", "gulbara"])
def test_choose_jsonl_agrees_with_the_bot(name: str) -> None:
    adv = advance(Game.new(variant(name)), SEED, "g1", 0, {Side.WHITE, Side.BLACK})
    assert adv.game.phase == "over"
    requests, expected = [], []
    for before, step in zip(adv.steps, adv.steps[1:], strict=False):
        if step.play in ("opening", "pass"):
            continue
        d1, d2 = (int(d) for d in step.dice.split("-"))
        requests.append({"variant": name, "position": before.game.position.to_tpn(), "dice": [d1, d2],
                         "seed": ai_seed(SEED, "g1", step.rolls)})
        expected.append({"play": step.play, "position": step.game.position.to_tpn()})
        if len(requests) == 16:
            break
    assert len(requests) == 16
    lines = "".join(json.dumps(r) + "\n" for r in requests)
    out = subprocess.run([sys.executable, "-m", "game", "choose", "--jsonl"], input=lines, capture_output=True,
                         text=True, timeout=300, check=True).stdout.splitlines()
    answers = [json.loads(line) for line in out]
    assert [{"play": a["play"], "position": a["position"]} for a in answers] == expected
    assert {a["computer"] for a in answers} == {computer_name(name)}
