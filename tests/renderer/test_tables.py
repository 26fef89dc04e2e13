"""Tournament pictures (renderer/tables.py): a crosstable of 8 and a bracket of 8 are PNGs narrow enough to stay
legible at 400 px (at most 1,100 px wide: text of 26 px and more keeps 9 px and more), and a leader's row is
drawn in the accent colour."""

from __future__ import annotations

import io

from PIL import Image

from renderer import Bracket, Crosstable, Duel, TournamentPicture, tournament_png
from renderer import theme as T

NAMES = tuple(f"Player {i}" for i in range(8))


def _table() -> Crosstable:
    cells = tuple(tuple("" if i == j else ("5–3" if i < j else "3–5") for j in range(8)) for i in range(8))
    wins = tuple(tuple(None if i == j else i < j for j in range(8)) for i in range(8))
    totals = tuple((str(7 - i), f"{14 - 4 * i:+d}") for i in range(8))
    return Crosstable("", NAMES, cells, wins, totals, ("Wins", "+/−"), (False,) * 7 + (True,))


def _size(data: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(data)) as img:
        assert img.format == "PNG"
        return img.size


def test_a_crosstable_of_eight_fits_and_marks_its_leader() -> None:
    data = tournament_png(TournamentPicture("Tournament #k3vq7d", (_table(),)))
    width, height = _size(data)
    assert 640 <= width <= 1100 and height < width
    with Image.open(io.BytesIO(data)) as img:
        rgb = img.convert("RGB")
        assert rgb.getpixel((26, 70 + 54 + 48 + 24)) == T.ACCENT, "the leader's row is marked"


def test_a_bracket_of_eight_fits() -> None:
    rounds = (tuple(Duel(NAMES[2 * i], NAMES[2 * i + 1], "5", "2", 0) for i in range(4)),
              (Duel(NAMES[0], NAMES[2]), Duel(NAMES[4], "")), (Duel("", ""),))
    data = tournament_png(TournamentPicture("Tournament #k3vq7d", (), Bracket("", rounds, ("1", "2", "3"))))
    width, _ = _size(data)
    assert 640 <= width <= 1100
