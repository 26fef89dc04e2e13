"""The tool with the cycle games (R-GULBARA-6's tool contract, R-CYCLE-1): plays, plays --jsonl, show, selfplay."""

from __future__ import annotations

import io
import json

import pytest

from game.cli import main, run_jsonl

G2 = "W13,B15,,,,,,W1,W1,,,,,,,,,,,,,,, w 0/0/0 0/0/0 t3/3:6x4"
G4 = "W14,B15,,,,,W1,,,,,,,,,,,,,,,,, w 0/0/0 0/0/0 t3/3:5x4"


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_R_GULBARA_6_plays_a_pending_stage_keeps_or_passes_the_move(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "plays", "gulbara", G2, "66")
    assert code == 0
    assert out == "9/3\tW13,B15,W1,,,,,W1,,,,,,,,,,,,,,,, b 0/0/0 0/0/0 t3/3:6x3!\t\n"


def test_R_GULBARA_6_a_pass_is_one_play_with_empty_notation(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "plays", "gulbara", G4, "55")
    assert code == 0
    assert out == "\tW14,B15,,,,,W1,,,,,,,,,,,,,,,,, b 0/0/0 0/0/0 t3/3:5x4!\t\n"


def test_R_GULBARA_6_a_pending_stage_asked_with_other_dice_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["plays", "gulbara", G4, "65"])
    assert exc.value.code == 2
    assert "[5, 5]" in capsys.readouterr().err


def test_jsonl_takes_the_fifth_field_and_the_new_variants() -> None:
    lines = [
        json.dumps({"variant": "gulbara", "position": G2, "dice": [6, 6]}),
        json.dumps({"variant": "gulbara", "position": G4, "dice": [5, 5]}),
        json.dumps({"variant": "portes", "position": "B2,,,,,W5,,W3,,,,B5,W5,,,,B3,,B5,,,,,W2 w 0/0/0 0/0/0",
                    "dice": [6, 5], "options": {"scoring": "backgammon"}}),
        json.dumps({"variant": "fevga", "position": ",,,,,,,,,,,B15,,,,,,,,,,,,W15 w 0/0/0 0/0/0 t3/3",
                    "dice": [6, 6]}),
        json.dumps({"variant": "tavli", "position": "B15,,,,,,,,,,,,,,,,,,,,,,,W15 w 0/0/0 0/0/0",
                    "dice": [6, 6]}),
    ]
    out = io.StringIO()
    run_jsonl(io.StringIO("\n".join(lines) + "\n"), out)
    answers = [json.loads(x) for x in out.getvalue().splitlines()]
    assert answers[0] == {"plays": [{"play": "9/3", "position": "W13,B15,W1,,,,,W1,,,,,,,,,,,,,,,, b 0/0/0 0/0/0 "
                                     "t3/3:6x3!", "end": None}]}
    assert answers[1]["plays"] == [{"play": "", "position": "W14,B15,,,,,W1,,,,,,,,,,,,,,,,, b 0/0/0 0/0/0 t3/3:5x4!",
                                    "end": None}]
    assert len(answers[2]["plays"]) > 1
    assert "fifth" in answers[3]["error"]
    assert "portes, plakoto, fevga" in answers[4]["error"]


def test_show_draws_the_gulbara_state(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "show", "gulbara", G2)
    assert code == 0 and "cascade: 4 × 6" in out


@pytest.mark.parametrize("args", [("--cycle", "tavli"), ("tavli",), ("tabla", "--cycle", "tabla"),
                                  ("--cycle", "tabla", "scoring=backgammon")])
def test_R_CYCLE_1_selfplay_plays_whole_cycle_matches(capsys: pytest.CaptureFixture[str],
                                                      args: tuple[str, ...]) -> None:
    code, out, err = _run(capsys, "selfplay", *args, "--to", "3", "--games", "2", "--white", "random",
                          "--black", "random")
    assert code == 0
    totals = json.loads(out.strip().splitlines()[-1])
    assert totals["matches"] == 2 and totals["white_wins"] + totals["black_wins"] == 2
    assert err.count("match ") == 2


def test_selfplay_refuses_a_bad_cycle_pairing(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["selfplay", "plakoto", "--cycle", "tavli"])
    assert exc.value.code == 2
    assert "portes, plakoto, fevga" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["selfplay", "--cycle", "tavli", "cube=on"])
    assert "no doubling cube" in capsys.readouterr().err
