"""The command-line tool (`python -m game`): show, plays, plays --jsonl and selfplay, in process and as a
subprocess; output formats exactly, errors with exit status 2 and no traceback."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from game import Position, Side, variant
from game.cli import main
from game.plays import legal_plays

START = "B15,,,,,,,,,,,,,,,,,,,,,,,W15 w 0/0/0 0/0/0"
TAWULA_START = ",,,,,,,,,,,B2,,,,,,,,,,,,W2 w 13/0/0 13/0/0"
# White bears off its last checker from its 1-point; black has none off and all 15 on white's 2-point (black's
# 23, inside white's home): a mars (R-END-1), or a backgammon with scoring=backgammon.
LAST_CHECKER = "W1,B15" + "," * 22 + " w 0/0/14 0/0/0"
AFTER_LAST = ",B15" + "," * 22 + " b 0/0/15 0/0/0"
# White's 15 on its 24-point, black holds white's 18-point: with 6-6 nothing moves (R-TURN-3).
BLOCKED = "B13,,,,,,,,,,,,,,,,,B2,,,,,,W15 w 0/0/0 0/0/0"


def _tool(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", *args], input=stdin, capture_output=True, text=True,
                          timeout=120, check=False)


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def _fails(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    with pytest.raises(SystemExit) as exc:
        main(list(args))
    assert exc.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "error:" in err and "Traceback" not in err
    return err


def test_positions_are_valid() -> None:
    Position.from_tpn(LAST_CHECKER, variant("plakoto"))
    Position.from_tpn(BLOCKED, variant("plakoto"))


# --- plays -------------------------------------------------------------------------------------------------


def test_R_TURN_2_plays_prints_one_tab_separated_line_per_play(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "plays", "plakoto", START, "65")
    assert code == 0 and err == ""
    lines = out.split("\n")
    assert lines[-1] == ""  # newline-terminated
    rows = [line.split("\t") for line in lines[:-1]]
    expected = legal_plays(Position.from_tpn(START, variant("plakoto")), (6, 5))
    assert len(rows) == len(expected) == 2
    assert rows == [[p.notation, p.position.to_tpn(), ""] for p in expected]
    assert {r[0] for r in rows} == {"24/13", "24/18 24/19"}
    for _, after, _ in rows:
        assert Position.from_tpn(after, variant("plakoto")).turn is Side.BLACK  # the opponent to move


def test_R_END_1_plays_shows_the_end_and_options_count(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "plays", "plakoto", LAST_CHECKER, "21")
    assert code == 0
    rows = [line.split("\t") for line in out.splitlines()]
    assert [r[0] for r in rows] == ["1/off"]
    assert rows[0][2] == "white 2 mars"
    assert rows[0][1] == AFTER_LAST
    _, out, _ = _run(capsys, "plays", "plakoto", LAST_CHECKER, "21", "scoring=backgammon")
    assert out.splitlines()[0].split("\t")[2] == "white 3 backgammon"


def test_R_TURN_3_plays_prints_nothing_when_no_die_can_be_played(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "plays", "plakoto", BLOCKED, "66")
    assert (code, out, err) == (0, "", "")


def test_plays_as_a_subprocess() -> None:
    done = _tool("plays", "tawula", TAWULA_START, "65")
    assert done.returncode == 0, done.stderr
    rows = [line.split("\t") for line in done.stdout.splitlines()]
    expected = legal_plays(Position.start(variant("tawula")), (6, 5))
    assert rows == [[p.notation, p.position.to_tpn(), ""] for p in expected]


@pytest.mark.parametrize("args", [
    ("plays", "plakoto", START, "67"),
    ("plays", "plakoto", START, "6"),
    ("plays", "plakoto", START, "6-5"),
    ("plays", "plakoto", START),
    ("plays", "nope", START, "65"),
    ("plays", "plakoto", START, "65", "mother=sometimes"),
    ("plays", "plakoto", START, "65", "mother"),
    ("plays", "tawula", TAWULA_START, "65", "mother=tie"),
    ("plays", "plakoto", "B15 w 0/0/0 0/0/0", "65"),
    ("plays", "tawula", START.replace("B15", "B14"), "65"),
    ("plays", "--jsonl", "plakoto"),
    ("show", "plakoto", START, "--as", "green"),
    ("show", "plakoto"),
    ("selfplay", "plakoto", "--white", "genius"),
    ("selfplay", "plakoto", "--games", "0"),
    ("selfplay", "plakoto", "--seed", "x"),
    ("dance",),
    (),
])
def test_bad_arguments_exit_2_with_a_message(capsys: pytest.CaptureFixture[str], args: tuple[str, ...]) -> None:
    _fails(capsys, *args)


def test_bad_arguments_as_a_subprocess_show_no_traceback() -> None:
    done = _tool("plays", "plakoto", "not a position", "65")
    assert done.returncode == 2
    assert done.stdout == ""
    assert "error:" in done.stderr and "TPN" in done.stderr and "Traceback" not in done.stderr


# --- plays --jsonl -----------------------------------------------------------------------------------------


def _request(**fields: object) -> str:
    base: dict[str, object] = {"variant": "plakoto", "options": {"mother": "win+tie"}, "position": START,
                               "dice": [6, 5]}
    base.update(fields)
    return json.dumps(base)


JSONL_INPUT = "\n".join([
    _request(),
    "this is not json",
    _request(variant="backgammon"),
    _request(options={"mother": "sometimes"}),
    _request(position="B15 w 0/0/0 0/0/0"),
    _request(dice=[6, 7]),
    _request(dice=[6]),
    _request(dice="65"),
    "[1, 2]",
    json.dumps({"variant": "tapa", "dice": [1, 2]}),
    _request(position=BLOCKED, dice=[6, 6]),
    _request(position=LAST_CHECKER, dice=[2, 1], options={"scoring": "backgammon"}),
    _request(variant="tawula", options={}, position=TAWULA_START),
]) + "\n"


def _check_jsonl(out: str) -> None:
    answers = [json.loads(line) for line in out.splitlines()]
    assert len(answers) == 13  # one line per input line, in order
    first = answers[0]
    assert list(first) == ["plays"]
    assert sorted(first["plays"], key=lambda p: p["play"]) == [
        {"play": "24/13", "position": "B15,,,,,,,,,,,,W1,,,,,,,,,,,W14 b 0/0/0 0/0/0", "end": None},
        {"play": "24/18 24/19", "position": "B15,,,,,,,,,,,,,,,,,W1,W1,,,,,W13 b 0/0/0 0/0/0", "end": None},
    ]
    for a in answers[1:10]:
        assert list(a) == ["error"] and isinstance(a["error"], str) and a["error"]
    assert "backgammon" in answers[2]["error"]  # the unknown variant is named
    assert answers[10] == {"plays": []}
    assert answers[11]["plays"] == [{"play": "1/off", "position": AFTER_LAST,
                                     "end": {"winner": "white", "points": 3, "reason": "backgammon"}}]
    expected = legal_plays(Position.start(variant("tawula")), (6, 5))
    assert answers[12] == {"plays": [{"play": p.notation, "position": p.position.to_tpn(), "end": None}
                                     for p in expected]}


def test_jsonl_answers_every_line_and_goes_on_after_errors(capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(JSONL_INPUT))
    code, out, err = _run(capsys, "plays", "--jsonl")
    assert code == 0 and err == ""
    _check_jsonl(out)


def test_jsonl_as_a_subprocess() -> None:
    done = _tool("plays", "--jsonl", stdin=JSONL_INPUT)
    assert done.returncode == 0, done.stderr
    _check_jsonl(done.stdout)


def test_jsonl_answers_each_line_before_the_next_arrives() -> None:
    # The tool flushes per line: a reader can wait for each answer before writing the next request.
    with subprocess.Popen([sys.executable, "-m", "game", "plays", "--jsonl"], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, text=True) as proc:
        assert proc.stdin is not None and proc.stdout is not None
        for dice in ([6, 5], [3, 1], [2, 2]):
            proc.stdin.write(_request(dice=dice) + "\n")
            proc.stdin.flush()
            answer = json.loads(proc.stdout.readline())
            assert len(answer["plays"]) == len(legal_plays(Position.start(variant("plakoto")), (dice[0], dice[1])))
        proc.stdin.close()
        assert proc.wait(timeout=60) == 0


# --- show --------------------------------------------------------------------------------------------------


def test_show_prints_the_board(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "show", "tapa", START)
    assert code == 0
    assert "13 14 15 16 17 18" in out and "12 11 10  9  8  7" in out
    assert "X white (you)" in out and "white (X) to move" in out
    code, out, _ = _run(capsys, "show", "tapa", START, "--as", "black", "mother=tie", "--dice", "31")
    assert code == 0
    assert out.startswith("tapa mother=tie")
    assert "O black (you)" in out and "dice 3-1" in out


def test_show_as_a_subprocess() -> None:
    done = _tool("show", "tawula", TAWULA_START, "--as", "black")
    assert done.returncode == 0, done.stderr
    assert "waiting 13" in done.stdout and "O black (you)" in done.stdout


# --- selfplay ----------------------------------------------------------------------------------------------

KEYS = ["games", "white_wins", "black_wins", "ties", "white_points", "black_points"]


def test_selfplay_prints_a_json_summary_last(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "selfplay", "tawula", "--white", "ai", "--black", "random", "--games", "4",
                          "--seed", "5")
    assert code == 0
    summary = json.loads(out.splitlines()[-1])
    assert list(summary) == KEYS
    assert summary["games"] == 4
    assert summary["white_wins"] + summary["black_wins"] + summary["ties"] == 4
    assert summary["white_points"] >= summary["white_wins"] and summary["black_points"] >= summary["black_wins"]
    assert len(err.splitlines()) == 4  # progress on stderr, one line a game
    code, again, _ = _run(capsys, "selfplay", "tawula", "--white", "ai", "--black", "random", "--games", "4",
                          "--seed", "5")
    assert again == out  # a seed replays the same games


def test_selfplay_as_a_subprocess_with_options() -> None:
    done = _tool("selfplay", "plakoto", "--white", "random", "--black", "ai", "--games", "3", "--seed", "1",
                 "mother=tie", "--quiet")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    summary = json.loads(done.stdout.splitlines()[-1])
    assert list(summary) == KEYS and summary["games"] == 3
