"""The ASCII board (game/ascii.py): the viewer's numbering (R-BOARD-1…3), pins (R-MOVE-2), counts (R-BOARD-4)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import PointView, Position, Side, variant
from game.ascii import ROWS, render_ascii

from .helpers import random_position

SYMBOL = {"X": Side.WHITE, "O": Side.BLACK}
TOP = list(range(13, 25))      # left to right along the top
BOTTOM = list(range(12, 0, -1))  # left to right along the bottom


def _tpn(points: dict[int, str], turn: str = "w", white: str = "0/0/0", black: str = "0/0/0") -> str:
    return ",".join(points.get(p, "") for p in range(1, 25)) + f" {turn} {white} {black}"


def _board_rows(text: str) -> tuple[list[str], list[str]]:
    """The checker rows of the top half (from the top edge down) and of the bottom half (from the bottom
    edge up)."""
    lines = text.split("\n")
    edges = [i for i, line in enumerate(lines) if line.startswith("+-")]
    assert len(edges) == 2
    inner = lines[edges[0] + 1:edges[1]]
    assert len(inner) == 2 * ROWS + 1
    return inner[:ROWS], inner[ROWS + 1:][::-1]


def _cell(row: str, column: int) -> str:
    """The three characters of the column-th point (0..11, left to right) of a board row."""
    start = 1 + 3 * column + (5 if column >= 6 else 0)
    return row[start:start + 3].strip()


def _read_point(rows: list[str], column: int) -> PointView:
    """A point back from its drawing: the owner and count on top, the side of a pinned checker beneath."""
    owner: Side | None = None
    pinned: Side | None = None
    count = 0
    for row in rows:
        cell = _cell(row.ljust(43), column)
        if not cell:
            break
        if cell.isdigit():
            count = int(cell)
        elif cell.islower():
            pinned = SYMBOL[cell.upper()]
        else:
            owner = SYMBOL[cell]
            count += 1
    return PointView(owner, count, pinned)


def _read_board(text: str) -> dict[int, PointView]:
    top, bottom = _board_rows(text)
    out = {p: _read_point(top, i) for i, p in enumerate(TOP)}
    out.update({p: _read_point(bottom, i) for i, p in enumerate(BOTTOM)})
    return out


def _labels(text: str) -> list[list[int]]:
    lines = text.split("\n")
    edges = [i for i, line in enumerate(lines) if line.startswith("+-")]
    return [[int(x) for x in lines[edges[0] - 1].split()], [int(x) for x in lines[edges[1] + 1].split()]]


def test_R_BOARD_1_points_are_labelled_in_the_viewers_numbering() -> None:
    for viewer in Side:
        text = render_ascii(Position.start(variant("plakoto")), viewer)
        assert _labels(text) == [TOP, BOTTOM]


@pytest.mark.parametrize("name", ["plakoto", "tapa", "mahbusa"])
def test_R_BOARD_2_start_position_from_both_sides(name: str) -> None:
    position = Position.start(variant(name))
    white = _read_board(render_ascii(position))
    assert white[24] == PointView(Side.WHITE, 15, None)  # top right: white's own 24-point
    assert white[1] == PointView(Side.BLACK, 15, None)   # bottom right: black's 24 is white's 1
    assert all(white[p].owner is None for p in range(2, 24))
    black = _read_board(render_ascii(position, Side.BLACK))
    assert black[24] == PointView(Side.BLACK, 15, None)
    assert black[1] == PointView(Side.WHITE, 15, None)


def test_R_BOARD_3_tawula_is_drawn_in_each_viewers_numbering() -> None:
    # White entered with 6-5 onto its 19- and 20-points; black's head is white's 12-point (R-BOARD-3).
    position = Position.from_tpn(",,,,,,,,,,,B2,,,,,,,W1,W1,,,,W2 b 11/0/0 13/0/0", variant("tawula"))
    white = _read_board(render_ascii(position))
    assert white[24] == PointView(Side.WHITE, 2, None)
    assert white[19] == white[20] == PointView(Side.WHITE, 1, None)
    assert white[12] == PointView(Side.BLACK, 2, None)
    black = _read_board(render_ascii(position, Side.BLACK))
    assert black[24] == PointView(Side.BLACK, 2, None)  # black's head, top right for black
    assert black[12] == PointView(Side.WHITE, 2, None)  # white's 24 is black's 12
    assert black[7] == black[8] == PointView(Side.WHITE, 1, None)


def test_R_MOVE_2_a_pinned_checker_is_drawn_in_lower_case_beneath_its_pinners() -> None:
    # Two white checkers pin a black one on white's 5-point; one black checker pins a white one on white's
    # 21-point.
    tpn = _tpn({1: "B13", 5: "bW2", 21: "wB1", 24: "W11"}, white="0/0/1")
    position = Position.from_tpn(tpn, variant("plakoto"))
    text = render_ascii(position)
    board = _read_board(text)
    assert board[5] == PointView(Side.WHITE, 2, Side.BLACK)
    assert board[21] == PointView(Side.BLACK, 1, Side.WHITE)
    top, bottom = _board_rows(text)
    assert _cell(bottom[0], BOTTOM.index(5)) == "o"  # at the edge, under the pinners
    assert _cell(top[0], TOP.index(21)) == "x"
    assert "pinned 1" in text
    assert text.split("\n")[0].endswith("x, o: pinned")  # the legend, only when something is pinned
    assert "pinned" not in render_ascii(Position.start(variant("plakoto")))


def test_tall_stacks_show_their_count() -> None:
    text = render_ascii(Position.start(variant("tapa")))
    top, bottom = _board_rows(text)
    assert _cell(top[ROWS - 1], TOP.index(24)) == "15"
    assert _cell(bottom[ROWS - 1], BOTTOM.index(1)) == "15"
    assert [_cell(r, TOP.index(24)) for r in top[:ROWS - 1]] == ["X"] * (ROWS - 1)


def test_R_BOARD_4_counts_turn_and_dice_are_shown() -> None:
    tpn = ",,,,,,,,,,,B2,,,,,,,W1,W1,,,,W2 b 11/0/0 13/0/0"
    position = Position.from_tpn(tpn, variant("tawula"))
    text = render_ascii(position, Side.WHITE, dice=(6, 5))
    lines = text.split("\n")
    # The viewer's line is below the board, the opponent's above it.
    assert "X white" in lines[-2] and "waiting 11" in lines[-2] and "bar 0" in lines[-2]
    assert f"pips {position.pips(Side.WHITE)}" in lines[-2] and "off 0" in lines[-2]
    assert "O black" in lines[1] and "waiting 13" in lines[1]
    assert f"pips {position.pips(Side.BLACK)}" in lines[1]
    assert lines[-1] == "black (O) to move, dice 6-5"
    flipped = render_ascii(position, Side.BLACK).split("\n")
    assert "O black" in flipped[-2] and "X white" in flipped[1]


def test_R_ENTER_4_a_protected_bar_is_marked() -> None:
    tpn = _tpn({6: "W13", 12: "B12", 9: "W1"}, white="0/0/1", black="0/1!/2")
    text = render_ascii(Position.from_tpn(tpn, variant("tawula")))
    assert "bar 1!" in text


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(["plakoto", "tapa", "mahbusa", "tawula"]), st.integers(0, 10_000),
       st.sampled_from(list(Side)))
def test_every_point_reads_back_from_the_drawing(name: str, seed: int, viewer: Side) -> None:
    position = random_position(name, seed, random.Random(seed).randint(0, 80))
    board = _read_board(render_ascii(position, viewer))
    assert board == {p: position.point(viewer, p) for p in range(1, 25)}
