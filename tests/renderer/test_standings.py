"""The standings picture (issue 29): 800 px wide (legible at 400), one row per player up to ten, the leader marked
in the accent colour, a podium only for a season's end, any name drawn without failing."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from renderer import StandingLine, StandingsPicture, render_standings
from renderer import theme as T
from renderer.standings import MAX_ROWS, standings_image


def picture(n: int, *, podium: bool = False, name: str = "player") -> StandingsPicture:
    lines = tuple(StandingLine(f"{name} {i}", (n - i, i), (2 * (n - i), i)) for i in range(n))
    return StandingsPicture("Standings · 2026-10", "2026-10-01 – 2026-10-31", "Player", "Matches", "Points", lines,
                            podium=podium)


def test_the_table_grows_with_its_rows_up_to_ten_and_the_podium_only_at_a_seasons_end() -> None:
    heights = [standings_image(picture(n)).size for n in (0, 1, 3, MAX_ROWS, MAX_ROWS + 5)]
    assert {w for w, _ in heights} == {800}
    assert heights[0][1] == heights[1][1] < heights[2][1] < heights[3][1] == heights[4][1]
    assert standings_image(picture(3, podium=True)).size[1] > standings_image(picture(3)).size[1]
    assert standings_image(picture(0, podium=True)).size == standings_image(picture(0)).size  # no podium of nobody


def test_the_leader_is_marked_and_the_png_is_small() -> None:
    img = standings_image(picture(4))
    colours = {colour for _, colour in img.getcolors(1 << 20) or []}
    assert T.ACCENT in colours and T.BANNER in colours
    data = render_standings(picture(4))
    assert Image.open(io.BytesIO(data)).size == img.size and len(data) < 40_000


def test_any_name_is_drawn() -> None:
    for name in ("", "\u202e\u0000", "محمد", "🎲🎲", "x" * 300, "Борислав"):
        assert render_standings(picture(3, podium=True, name=name))[:8] == b"\x89PNG\r\n\x1a\n"


def test_long_words_shrink_before_they_are_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    """Legible at 400 px and whole: a Bulgarian season's final title and a long name on the podium and in the table
    are drawn smaller rather than cut with an ellipsis (on the podium's narrow step in two lines); only a name too
    long at the smallest size is cut."""
    drawn: list[str] = []
    real = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy: object, words: str, *args: object, **kwargs: object) -> None:
        drawn.append(words)
        real(self, xy, words, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    long = "Димитър Петров-Константинов"
    lines = (StandingLine(long, (4, 1), (18, 6)), StandingLine("Иван", (1, 2), (6, 10)),
             StandingLine("x" * 80, (0, 3), (0, 9)))
    standings_image(StandingsPicture("Сезон 2026-10: крайно класиране", "2026-10-01 – 2026-10-31", "Играч",
                                     "Мачове", "Точки", lines, podium=True))
    assert "Сезон 2026-10: крайно класиране" in drawn
    assert long in drawn, drawn  # in the table, whole
    assert drawn[drawn.index("Димитър") + 1] == "Петров-Константинов", drawn  # on the podium, in two lines
    assert any(w.startswith("xxx") and w.endswith("\u2026") for w in drawn), drawn
