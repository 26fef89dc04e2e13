"""The /stats picture (`renderer.chart`): a board-wide PNG in the board's colours, a line per pool with its
legend, the error-rate bars with their least-squares trend, and words for an empty panel."""

from __future__ import annotations

import io

from PIL import Image

from renderer import ChartLine, StatsChart, render_stats
from renderer import theme as T
from renderer.chart import SERIES, WIDTH, trend

DAY = 86_400.0


def _image(chart: StatsChart) -> Image.Image:
    image = Image.open(io.BytesIO(render_stats(chart)))
    assert image.format == "PNG"
    return image.convert("RGB")


def _has(image: Image.Image, colour: tuple[int, int, int]) -> bool:
    return any(pixel == colour for _, pixel in image.getcolors(1 << 24) or [])


def test_each_pool_is_a_line_of_its_own_colour() -> None:
    lines = (ChartLine("Plakoto", ((0.0, 1500.0), (DAY, 1510.0), (3 * DAY, 1490.0))),
             ChartLine("Tavli", ((DAY, 1480.0), (5 * DAY, 1530.0))))
    image = _image(StatsChart("alice", "Rating", "Error rate", "nothing", lines, (30.0, 20.0, 10.0)))
    assert image.width == WIDTH
    assert _has(image, SERIES[0]) and _has(image, SERIES[1]) and not _has(image, SERIES[2])
    assert _has(image, T.FELT) and _has(image, T.POINT_LIGHT), "the plots' felt and the error bars"


def test_an_empty_chart_is_still_a_picture() -> None:
    image = _image(StatsChart("carol", "Rating", "Error rate", "Not enough games yet"))
    assert image.width == WIDTH and _has(image, T.FELT)
    assert not any(_has(image, colour) for colour in SERIES[1:]), "no line drawn"


def test_matches_at_one_moment_and_long_names_still_draw() -> None:
    lines = tuple(ChartLine(f"Pool number {k} with a rather long name", ((5.0, 1500.0 + k), (5.0, 1490.0 - k)))
                  for k in range(10))
    assert _image(StatsChart("x" * 300, "Rating", "Error rate", "-", lines, (0.0,) * 50)).width == WIDTH


def test_the_trend_is_the_least_squares_line() -> None:
    assert trend([10.0, 20.0, 30.0]) == (10.0, 30.0)
    assert trend([5.0]) == (5.0, 5.0)
    first, last = trend([40.0, 10.0, 40.0, 10.0])
    assert first > last
