"""The computer (game.nets.computer): a gated shipped net plays by the rules, its two-ply look equals a brute
force over `legal_plays`, the same seed gives the same play, a gate binds only the weights it judged, and
`python -m game eval --jsonl` gives the net's own values."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from game import Game, Position, Side, legal_plays, play_game, random_play, variant
from game.nets import (
    NETS,
    choose,
    computer,
    equity,
    gate_passed,
    load_weights,
    play_values,
    rank_plays,
    record_gate,
    two_ply,
    uses_net,
)
from game.nets.afterstate import outcome_target
from game.nets.computer import JUDGE_LOOK, PLAY_LOOK, ROLLS, Loaded, _outputs, _rank, loaded, play_look, three_ply
from game.nets.encode import width
from game.nets.store import WEIGHTS_DIR
from game.plays import Play, pass_position

GATED = [game for spec in NETS.values() for game in spec.games[:1] if uses_net(game)]


def test_portes_plays_with_its_net() -> None:
    assert "portes" in GATED and uses_net("tabla")
    assert not uses_net("gulbara")  # no shipped net: the heuristic


@pytest.mark.parametrize("name", GATED)
def test_gated_net_plays_10_games_against_random_by_the_rules(name: str) -> None:
    def computer(plays: list[Play], rng: random.Random) -> Play:
        before, dice = plays[0].before, plays[0].dice
        chosen = choose(before, dice, rng.randrange(1 << 30))
        assert chosen is not None and chosen in legal_plays(before, dice)
        return chosen

    wins = 0
    for i in range(10):
        mine = Side.WHITE if i % 2 == 0 else Side.BLACK
        white, black = (computer, random_play) if mine is Side.WHITE else (random_play, computer)
        game = play_game(variant(name), white, black, random.Random(i))
        assert game.outcome is not None
        wins += game.outcome.winner is mine
    assert wins >= 8


def position_after(name: str, rolls: list[tuple[int, int]]) -> Game:
    """A game of `name` after its opening and the given rolls, each played by the heuristic's first choice."""
    game = Game.new(variant(name)).opening(6, 1)
    for dice in rolls:
        game = game.roll(*dice)
        plays = game.plays()
        game = game.play(plays[0]) if plays else game.pass_turn()
    return game.roll(5, 3)


def brute_rolls(found: Loaded, position: Position) -> float:
    """The average over the 21 rolls of the best one-ply equity for `position`'s side to move, by `legal_plays`;
    a roll it cannot play leaves the net's value of the position it passes in (`evaluate`'s path)."""
    total = 0.0
    for a, b in ROLLS:
        plays = legal_plays(position, (a, b))
        if plays:
            best = float(max(play_values(found.net, found.spec, plays)))
        else:
            best = float(equity(_outputs(found, pass_position(position, (a, b))), position.variant))
        total += (1 if a == b else 2) * best
    return total / 36


def brute_two_ply(found: Loaded, play: Play) -> float:
    """Minus the average over the opponent's 21 rolls of its best reply's one-ply equity (`brute_rolls`)."""
    return -brute_rolls(found, play.position)


def test_two_ply_equals_brute_force() -> None:
    found = loaded("portes")
    assert found is not None
    game = position_after("portes", [(6, 6), (4, 2), (5, 5), (3, 1)])
    plays = [p for p in game.plays() if p.end is None][:3]
    assert len(plays) == 3
    fast = two_ply(found, plays)
    slow = [brute_two_ply(found, p) for p in plays]
    # the look ahead's replies go through the net in single precision (`net.Inference`): within 1e-6 points of
    # the double-precision brute force, where a reply missed or valued wrongly moves a value by far more
    assert fast == pytest.approx(slow, abs=1e-6)
    assert len(set(fast)) == 3


def brute_three_ply(found: Loaded, play: Play) -> float:
    """The average over the opponent's 21 rolls of the mover's value after the opponent's best reply at one ply
    (by `legal_plays`): a reply's outcome where it ends the game, else the mean over the mover's 21 rolls of its
    best play at one ply; a roll that cannot be played passes."""
    total = 0.0
    after = play.position
    for a, b in ROLLS:
        replies = legal_plays(after, (a, b))
        weight = 1 if a == b else 2
        if not replies:
            node = pass_position(after, (a, b))
        else:
            reply = replies[int(np.argmax(play_values(found.net, found.spec, replies)))]
            if reply.end is not None:
                total -= weight * float(equity(outcome_target(reply.end, reply.mover), after.variant))
                continue
            node = reply.position
        total += weight * brute_rolls(found, node)
    return total / 36


def test_three_ply_equals_brute_force_and_keeps_to_its_budget() -> None:
    found = loaded("portes")
    assert found is not None
    game = position_after("portes", [(6, 6), (4, 2), (5, 5), (3, 1)])
    plays = [p for p in game.plays() if p.end is None][:2]
    fast = three_ply(found, plays)
    assert fast is not None
    assert fast == pytest.approx([brute_three_ply(found, p) for p in plays], abs=1e-6)
    assert three_ply(found, plays, budget=1_000) is None  # two plays' 21 replies each list far more of the mover's


def test_three_ply_takes_the_candidates_replies_from_the_two_ply_look(monkeypatch: pytest.MonkeyPatch) -> None:
    """The two-ply look keeps each candidate's best reply to every roll (`computer._SEEN`); the third ply takes
    them from there, listing none of the candidates' replies again, and values the candidates as from cold."""
    found = loaded("portes")
    assert found is not None
    game = position_after("portes", [(6, 5), (4, 2), (3, 3), (5, 1)])
    plays = [p for p in game.plays() if p.end is None][:2]
    computer._SEEN.clear()
    cold = three_ply(found, plays)
    computer._SEEN.clear()
    two_ply(found, plays)
    for play in plays:  # each roll's best reply is its first best row, as np.argmax picks it
        rows: list[tuple[int, ...]] = []
        starts: list[int] = []
        computer._roll_rows(play.position, rows, [], starts)
        values = computer._values(found, play.position.variant, play.position.turn, computer._works(rows),
                                  np.array([play.position.protected] * len(rows)))
        ends = [*starts[1:], len(rows)]
        best = [rows[a + int(np.argmax(values[a:b]))] for a, b in zip(starts, ends, strict=True)]
        assert computer._look_at(found, play.position).rows == best
    listed: list[Position] = []
    roll_rows = computer._roll_rows

    def counting(position: Position, *args: Any) -> None:
        listed.append(position)
        roll_rows(position, *args)

    monkeypatch.setattr(computer, "_roll_rows", counting)
    warm = three_ply(found, plays)
    assert listed and not {p.position for p in plays} & set(listed)
    assert warm == pytest.approx(cold, abs=1e-6)


def test_portes_plays_the_better_of_its_closest_two_by_three_plies() -> None:
    """Where the closest two at two plies are within the margin, the computer plays the better of them by three
    plies; the ranking it plays from says so, and sometimes that is not the two-ply first."""
    found = loaded("portes")
    assert found is not None
    look = play_look(found)
    rng = random.Random(9)
    deeper = other = 0
    for turn in range(40):
        game = position_after("portes", [(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(turn % 8 + 2)])
        plays = game.plays()
        if len(plays) < 2:
            continue
        mine, top = _rank(found, plays, 2, look)
        two, _ = _rank(found, plays, 2, PLAY_LOOK)
        if top == 2:  # the closest two, valued at three plies, lead the ranking
            deeper += 1
            assert {p for p, _ in mine[:2]} == {p for p, _ in two[:2]}
            assert mine[0][1] >= mine[1][1]
            assert three_ply(found, [p for p, _ in mine[:2]]) == pytest.approx([v for _, v in mine[:2]])
            other += mine[0][0] != two[0][0]
        if len(mine) < 2 or mine[0][1] > mine[1][1] + 1e-9:
            assert choose(game, None, 3) == mine[0][0]
    assert deeper >= 5 and other >= 1


def test_rank_plays_orders_by_equity_and_choose_takes_the_first() -> None:
    game = position_after("portes", [(2, 1), (6, 4)])
    one = rank_plays(game.position, game.dice, plies=1)
    assert len(one) == len(game.plays()) > 3
    assert [v for _, v in one] == sorted((v for _, v in one), reverse=True)
    found = loaded("portes")
    assert found is not None and play_look(found).deep == 2  # portes looks three plies deep at the closest two
    two = rank_plays(game.position, game.dice, plies=2, look=play_look(found))
    assert {p for p, _ in two} == {p for p, _ in one}
    assert choose(game, None, 7) == two[0][0] == choose(game.position, game.dice, 7)
    with pytest.raises(ValueError, match="plies"):
        rank_plays(game.position, game.dice, plies=3)


def test_the_computer_looks_wider_than_the_judge_and_plays_its_own_looks_first() -> None:
    """The computer's play (`PLAY_LOOK`) looks at more candidates two plies deep than hints and reviews
    (`JUDGE_LOOK`), sometimes choosing another play than the judge's first, and always its own ranking's first."""
    found = loaded("plakoto")
    assert found is not None
    rng = random.Random(5)
    wider = differ = 0
    for plies in range(0, 80, 4):
        game = position_after("plakoto", [(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(plies // 4 + 2)])
        plays = game.plays()
        if len(plays) < 2:
            continue
        mine, looked = _rank(found, plays, 2, PLAY_LOOK)
        judged, judge_looked = _rank(found, plays, 2, JUDGE_LOOK)
        assert judge_looked <= JUDGE_LOOK.candidates and looked <= PLAY_LOOK.candidates
        wider += looked > judge_looked
        differ += mine[0][0] != judged[0][0]
        if len(mine) < 2 or mine[0][1] > mine[1][1] + 1e-9:  # no tie for the first
            assert choose(game, None, 3) == mine[0][0]
    assert wider and differ


def test_the_same_seed_gives_the_same_play_and_no_play_is_none() -> None:
    game = position_after("portes", [(5, 2), (6, 3)])
    chosen = {choose(game, None, 11) for _ in range(3)}
    assert len(chosen) == 1 and None not in chosen
    blocked = Position.from_tpn("W2,W2,W2,W2,W2,W2,,,,,,,,,,,,,,,,,B14,W3 b 0/0/0 0/1/0", variant("portes"))
    assert legal_plays(blocked, (6, 6)) == [] and choose(blocked, (6, 6), 1) is None


def test_a_gate_binds_only_the_weights_it_judged(tmp_path: Path) -> None:
    for suffix in ("npz", "json"):
        shutil.copy(WEIGHTS_DIR / f"portes.{suffix}", tmp_path / f"portes.{suffix}")
    result = {"games": 1000, "heuristic_rate": 0.64, "heuristic_se": 0.015, "random_rate": 0.995,
              "random_se": 0.002}
    assert record_gate("portes", result, tmp_path)["passed"] is False
    assert not gate_passed(load_weights("portes", tmp_path)[1])
    record_gate("portes", {**result, "heuristic_rate": 0.66}, tmp_path)
    _, side = load_weights("portes", tmp_path)
    assert gate_passed(side)
    side["sha256"] = "0" * 64  # weights shipped later by training: the old gate does not carry over
    assert not gate_passed(side)
    assert not record_gate("portes", {**result, "heuristic_rate": 0.66, "games": 200}, tmp_path)["passed"]


def run_eval(*requests: dict[str, object]) -> list[dict[str, object]]:
    lines = "".join(json.dumps(r) + "\n" for r in requests) + "not json\n"
    out = subprocess.run([sys.executable, "-m", "game", "eval", "--jsonl"], input=lines, capture_output=True,
                         text=True, timeout=120, check=True).stdout.splitlines()
    return [json.loads(line) for line in out]


def test_eval_jsonl_gives_the_nets_value_of_each_play() -> None:
    start = Position.start(variant("portes")).with_turn(Side.WHITE)
    plays = legal_plays(start, (6, 5))
    found = loaded("portes")
    assert found is not None
    values = play_values(found.net, found.spec, plays)
    race = "W1,,,,,,,,,,,,,,,,,,,,,,,B15 b 0/0/14 0/0/0"  # white bears off its last checker next roll
    answers = run_eval(*({"variant": "portes", "position": p.position.to_tpn()} for p in plays[:4]),
                       {"variant": "portes", "position": race})
    for play, value, answer in zip(plays[:4], values[:4], answers[:4], strict=True):
        assert answer["side"] == "white" and answer["equity"] == pytest.approx(float(value), abs=1e-4), play
    assert answers[4]["side"] == "white" and float(answers[4]["win"]) > 0.9  # type: ignore[arg-type]  # a sure win; the net says 0.93
    assert "not a JSON line" in str(answers[5]["error"])


def test_eval_says_when_a_game_has_no_trained_net(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game has weights in the repository (gated or not), so a game without any is made by taking its
    weights away."""
    from game.cli import eval_json_line
    from game.nets import WeightsError, computer

    def missing(name: str, *_: object, **__: object) -> object:
        raise WeightsError(f"no weights for {name}")

    computer.loaded.cache_clear()
    monkeypatch.setattr(computer, "load_weights", missing)
    try:
        answer = eval_json_line(json.dumps({"variant": "tawula",
                                            "position": Position.start(variant("tawula")).to_tpn()}))
    finally:
        computer.loaded.cache_clear()
    assert "no trained net" in str(answer["error"])


def test_choose_help_says_it_is_the_bots_computer() -> None:
    out = subprocess.run([sys.executable, "-m", "game", "choose", "--help"], capture_output=True, text=True,
                         timeout=60, check=True).stdout
    assert "same computer the bot plays with" in " ".join(out.split())


def jsonl(command: str, requests: list[dict[str, object]]) -> list[dict[str, object]]:
    lines = "".join(json.dumps(r) + "\n" for r in requests)
    out = subprocess.run([sys.executable, "-m", "game", command, "--jsonl"], input=lines, capture_output=True,
                         text=True, timeout=300, check=True).stdout.splitlines()
    return [json.loads(line) for line in out]


def test_choose_jsonl_answers_one_entry_of_plays_jsonl() -> None:
    """Every game's opening position with a roll and a double, a gul bara cascade's stage (its answer keeps the
    pending field), and a bad request: the answer is one of the plays `plays --jsonl` lists for the request."""
    requests: list[dict[str, object]] = []
    for name in ("portes", "tabla", "plakoto", "tapa", "mahbusa", "fevga", "gulbara", "tawula"):
        tpn = Position.start(variant(name)).with_turn(Side.WHITE).to_tpn()
        requests += [{"variant": name, "position": tpn, "dice": [6, 4], "seed": 5},
                     {"variant": name, "position": tpn, "dice": [2, 2]}]
    chosen = jsonl("choose", requests)
    listed = jsonl("plays", requests)
    for request, answer, plays in zip(requests, chosen, listed, strict=True):
        entry = {k: answer[k] for k in ("play", "position", "end")}
        assert entry in plays["plays"], request  # type: ignore[operator]
    cascade = {"variant": "gulbara", "position": ",,,,,,,,,,,B15,,,,,,,,,,,,W15 w 0/0/0 0/0/0 t3/3", "dice": [2, 2]}
    stage = jsonl("choose", [cascade])[0]
    assert stage["position"] in [p["position"] for p in jsonl("plays", [cascade])[0]["plays"]]  # type: ignore[index]
    assert str(stage["position"]).endswith(" w 0/0/0 0/0/0 t3/3:3x4")  # white goes on: 4 × 3 pending
    bad = jsonl("choose", [{"variant": "portes", "position": requests[0]["position"], "dice": [7, 1]}])
    assert "dice" in str(bad[0]["error"])


def test_the_computer_encodes_the_inputs_its_shipped_net_was_trained_on() -> None:
    """Shipped weights of an older encoding than the code's (`store.WIDENED`) play at their own version: the same
    values as the widened net on the code's inputs (whose new ones weigh nothing), without encoding those."""
    found = loaded("portes")
    assert found is not None
    wide, side = load_weights("portes")
    assert found.spec.version == side["encoding_version"] and found.net.w1.shape[1] == width(found.spec)
    plays = legal_plays(Game.new(variant("portes")).opening(6, 1).position, (6, 1))
    assert len(plays) > 1
    assert np.allclose(play_values(found.net, found.spec, plays), play_values(wide, NETS["portes"], plays),
                       rtol=0, atol=1e-9)
    if found.spec.version < NETS["portes"].version:  # while the shipped net is older, it skips the new inputs
        assert width(found.spec) < width(replace(found.spec, version=NETS["portes"].version))
