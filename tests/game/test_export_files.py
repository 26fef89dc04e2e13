"""Export files: JellyFish `.mat` for portes and tabla (gnubg's layout, byte for byte on a hand-checked match;
imported by gnubg where it is installed) and tabla's `.tbl` for every game, replayed by `python -m game replay`
(R-NOTE-1, R-OPEN-1/2, R-CUBE-2…5, R-END-6)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import (
    PRESETS,
    GameLog,
    MatchLog,
    RecordError,
    Side,
    Turn,
    read_mat,
    replay_read,
    replay_text,
    variant,
    write_mat,
    write_tbl,
)
from tests.game.records import gnubg_games, logged_game, logged_match

W, B = Side.WHITE, Side.BLACK
PORTES = variant("portes", {"cube": "on"})
GNUBG = shutil.which("gnubg") or (shutil.which("/usr/games/gnubg"))


def hand_match() -> MatchLog:
    """A match to 3 checked by hand against gnubg's `ExportGameJF`: black opens (a blank first column), a hit
    and a chain, a dance, a double taken, a redouble dropped in the right column, the Crawford game and a
    resignation."""
    g1 = GameLog(PORTES, (
        Turn(W, "opening", (3, 5)), Turn(B, "play", (3, 1), "8/5 6/5"), Turn(W, "play", (6, 2), "24/18 13/11"),
        Turn(B, "play", (6, 4), "13/7*/3"), Turn(W, "pass", (5, 5)), Turn(B, "double"), Turn(W, "take"),
        Turn(B, "play", (2, 1), "6/4 24/23"), Turn(W, "double"), Turn(B, "drop")))
    g2 = GameLog(PORTES, (Turn(W, "play", (3, 1), "8/5 6/5"), Turn(B, "play", (4, 2), "8/4 6/4"),
                          Turn(B, "resign")), (2, 0), W, True)
    return MatchLog(("Alice Smith", "Боб"), (g1, g2), 3, None, ("1523/12", None),
                    datetime(2026, 11, 27, 14, 3, tzinfo=UTC), "tabla", "m42")


HAND_MAT = (
    '; [Site "tabla"]\n'
    '; [Match ID "m42"]\n'
    '; [Player 1 "Alice Smith"]\n'
    '; [Player 1 Elo "1523/12"]\n'
    '; [Player 2 "Боб"]\n'
    '; [EventDate "2026.11.27"]\n'
    '; [EventTime "14.03"]\n'
    '; [Variation "Backgammon"]\n'
    '; [Crawford "On"]\n'
    '; [Jacoby "Off"]\n'
    '; [Beaver "Off"]\n'
    "\n"
    " 3 point match\n"
    "\n"
    " Game 1\n"
    " Alice Smith : 0                Боб : 0\n"
    "  1)                             31: 8/5 6/5 \n"
    "  2) 62: 24/18 13/11             64: 13/7* 7/3 \n"
    "  3) 55:                          Doubles => 2\n"
    "  4)  Takes                      21: 24/23 6/4 \n"
    "  5)  Doubles => 4                Drops\n"
    "      Wins 2 points\n"
    "\n"
    " Game 2\n"
    " Alice Smith : 2                Боб : 0\n"
    "  1) 31: 8/5 6/5                 42: 8/4 6/4 \n"
    "      Wins 2 points\n"
    "\n"
)


def test_mat_layout_byte_for_byte_on_a_hand_checked_match() -> None:
    assert write_mat(hand_match()) == HAND_MAT


def test_mat_cubeless_says_cube_limit_1_and_a_single_game_is_a_money_game() -> None:
    m, _ = logged_game("tabla", 5)
    text = write_mat(m)
    assert '; [CubeLimit "1"]' in text.splitlines()
    assert " 0 point match" in text.splitlines()


def test_mat_drop_in_the_left_column_and_bar_and_off_numbers() -> None:
    g = GameLog(PORTES, (Turn(W, "play", (3, 1), "8/5 6/5"), Turn(B, "double"), Turn(W, "drop")), starter=W)
    text = write_mat(MatchLog(("a", "b"), (g,), 1, match_id="x"))
    assert text.endswith("  1) 31: 8/5 6/5                  Doubles => 2\n"
                         "  2)  Drops                       Wins 1 point \n\n")
    m, _ = logged_match("portes", 3, 11)
    lines = write_mat(m).splitlines()
    assert any("/0" in ln for ln in lines) and any("25/" in ln for ln in lines)
    assert not any("bar" in ln or "off" in ln or "(" in ln.split(")", 1)[-1] for ln in lines if ")" in ln)


def test_mat_refuses_other_games() -> None:
    m, _ = logged_game("plakoto", 1)
    with pytest.raises(ValueError, match="only portes and tabla"):
        write_mat(m)


def test_mat_read_back_replays_the_hand_match() -> None:
    match, games = read_mat(HAND_MAT)
    finals = replay_read(match, games)
    assert [g.outcome.points if g.outcome else None for g in finals] == [2, 2]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(PRESETS)), seed=st.integers(0, 10_000))
def test_every_variant_exports_and_replays_to_the_same_final_position(name: str, seed: int) -> None:
    m, final = logged_game(name, seed)
    finals = replay_text(write_tbl(m))
    assert finals[-1].position == final.position and finals[-1].outcome == final.outcome
    if name in ("portes", "tabla"):
        match, games = read_mat(write_mat(m))
        assert replay_read(match, games)[-1].position.to_tpn() == final.position.to_tpn()


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cycle=st.sampled_from(["tavli", "tabla"]), seed=st.integers(0, 10_000))
def test_cycle_matches_export_and_replay(cycle: str, seed: int) -> None:
    m, finals = logged_match(cycle, 3, seed, {"cycle": cycle})
    got = replay_text(write_tbl(m))
    assert [g.position for g in got] == [g.position for g in finals]


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_portes_matches_with_the_cube_export_both_ways(seed: int) -> None:
    m, finals = logged_match("portes", 5, seed, {"cube": "on"})
    assert [g.position for g in replay_text(write_tbl(m))] == [g.position for g in finals]
    match, games = read_mat(write_mat(m))
    assert [g.position.to_tpn() for g in replay_read(match, games)] == [g.position.to_tpn() for g in finals]


def _tbl_lines() -> list[str]:
    m, _ = logged_game("tapa", 3)
    return write_tbl(m).splitlines()


def test_replay_names_the_line_of_an_illegal_play() -> None:
    lines = _tbl_lines()
    k = next(i for i, ln in enumerate(lines) if ln.startswith(("white ", "black ")) and not ln.endswith("pass"))
    side, dice, _ = lines[k].split(" ", 2)
    lines[k] = f"{side} {dice} 24/1"
    with pytest.raises(RecordError) as err:
        replay_text("\n".join(lines))
    assert err.value.line == k + 1


def test_replay_names_the_line_of_a_garbled_line_and_a_wrong_result() -> None:
    lines = _tbl_lines()
    bad = [*lines[:12], "white sixfive 24/18", *lines[12:]]
    with pytest.raises(RecordError) as err:
        replay_text("\n".join(bad))
    assert err.value.line == 13 and "dice" in err.value.reason
    res = next(i for i, ln in enumerate(lines) if ln.startswith("result"))
    winner = lines[res].split()[1]
    lines[res] = lines[res].replace(winner, "black" if winner == "white" else "white")
    with pytest.raises(RecordError) as err:
        replay_text("\n".join(lines))
    assert err.value.line == res + 1


def test_replay_command_line(tmp_path: Path) -> None:
    good = tmp_path / "g.tbl"
    m, final = logged_game("gulbara", 9)
    good.write_text(write_tbl(m), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "game", "replay", str(good)], capture_output=True, text=True,
                         check=False)
    assert run.returncode == 0, run.stderr
    assert final.position.to_tpn() in run.stdout and "every play legal" in run.stdout
    mat = tmp_path / "h.mat"
    mat.write_text(HAND_MAT.replace("6/4 \n", "6/3 \n"), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "game", "replay", str(mat)], capture_output=True, text=True,
                         check=False)
    assert run.returncode == 1 and f"{mat}:20:" in run.stderr


@pytest.mark.skipif(GNUBG is None, reason="gnubg is not installed")
def test_gnubg_imports_our_match_files_without_a_complaint(tmp_path: Path) -> None:
    assert GNUBG is not None
    files = [(tmp_path / "hand.mat", HAND_MAT, 2)]
    for seed in (1, 2):
        m, finals = logged_match("portes", 5, seed, {"cube": "on"})
        files.append((tmp_path / f"m{seed}.mat", write_mat(m), gnubg_games(finals, 5)))
    m, _ = logged_game("tabla", 4)
    files.append((tmp_path / "g.mat", write_mat(m), 1))
    bad = HAND_MAT.replace("62: 24/18 13/11", "62: 24/17 13/11")
    for path, text, games in [*files, (tmp_path / "bad.mat", bad, 2)]:
        path.write_text(text, encoding="utf-8")
        out = subprocess.run([GNUBG, "-t", "-q"], input=f"import mat {path}\nshow score\n", capture_output=True,
                             text=True, timeout=120, check=False).stdout
        complaints = [ln for ln in out.splitlines() if any(w in ln.lower() for w in ("warning", "invalid",
                                                                                     "unrecognised", "error"))]
        if path.name == "bad.mat":
            assert complaints, out
        else:
            assert not complaints, (path.name, complaints)
            assert f"after {games} game" in out, out[-500:]


def test_the_documented_examples_replay() -> None:
    """docs/EXPORT.md's `.mat` example is the hand-checked match's first game; its `.tbl` example replays."""
    doc = (Path(__file__).resolve().parents[2] / "docs" / "EXPORT.md").read_text(encoding="utf-8")
    blocks = doc.split("```")[1::2]
    mat = next(b for b in blocks if "point match" in b)
    shown = (HAND_MAT.replace("tabla", "tabla (telegram)", 1).replace('; [Player 1 Elo "1523/12"]\n', "")
             .replace("Alice Smith : 0", "Alice : 0      ").replace("Alice Smith", "Alice"))
    assert mat.strip("\n") in shown
    tbl = next(b for b in blocks if b.startswith("\ntabla record 1"))
    finals = replay_text(tbl.lstrip("\n"))
    assert [g.outcome.describe() if g.outcome else None for g in finals] == ["black 2 resign", "black 2 resign"]
