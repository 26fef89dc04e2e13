"""`python -m game cube` and `selfplay` with `cube=on` (RULES.md §13)."""

from __future__ import annotations

import json

import pytest

from game.cli import main

RACE = ",,,,,W15,,,,,,,,,,,,B10,B5,,,,, w 0/0/0 0/0/0"  # Keith margin 3.14: double, take (R-CUBE-3)
START = "B15,,,,,,,,,,,,,,,,,,,,,,,W15 w 0/0/0 0/0/0"


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    assert main(args) == 0
    out: dict[str, object] = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    return out


def test_cube_command_decides_for_the_side_to_move_and_answers_an_offer(capsys: pytest.CaptureFixture[str]) -> None:
    first = _run(["cube", "portes", RACE], capsys)
    assert (first["decision"], first["side"], first["race"], first["cube"]) == ("double", "white", True, "cube 1")
    owned = _run(["cube", "portes", RACE, "--value", "2", "--owner", "white"], capsys)
    assert owned["decision"] == "roll"  # a redouble needs a margin of 3 at most
    answer = _run(["cube", "portes", RACE, "--offered"], capsys)
    assert (answer["decision"], answer["side"]) == ("take", "black")
    crawford = _run(["cube", "tapa", START, "--away", "1,3", "--crawford"], capsys)
    assert crawford["decision"] == "roll" and "Crawford" in str(crawford["cube"])


@pytest.mark.parametrize(("args", "message"), [
    (["cube", "fevga", ",,,,,,,,,,,B15,,,,,,,,,,,,W15 w 0/0/0 0/0/0"], "no option 'cube'"),
    (["cube", "tapa", START, "--value", "2"], "has an owner"),
    (["cube", "tapa", START, "--value", "3", "--owner", "white"], "1, 2, 4"),
    (["cube", "tapa", START, "--away", "3"], "two numbers"),
])
def test_cube_command_refuses_bad_arguments(args: list[str], message: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(args)
    assert exc.value.code == 2 and message in capsys.readouterr().err


def test_selfplay_with_the_cube_is_reproducible_and_scores_the_cube(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["selfplay", "tapa", "cube=on", "--games", "3", "--seed", "4"]
    first = _run(args, capsys)
    again = _run(args, capsys)
    assert first == again and first["games"] == 3
    assert first["white_wins"] + first["black_wins"] + first["ties"] == 3
    assert first["white_points"] + first["black_points"] >= first["white_wins"] + first["black_wins"]
