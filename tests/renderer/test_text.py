"""Names in any script: cleaned, cut to fit, drawn without errors; fonts come from the package only."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from game import Position, Side, variant
from renderer import Scene, fonts, layout, render_png
from renderer.text import ELLIPSIS, MISSING, clean, fit, visual_order

PLAKOTO = variant("plakoto")


def test_fonts_are_bundled_with_their_licence():
    assert fonts.REGULAR.is_file() and fonts.BOLD.is_file()
    assert (fonts.FONT_DIR / "LICENSE-DejaVu.txt").read_text().count("Bitstream") > 0
    total = sum(f.stat().st_size for f in fonts.FONT_DIR.iterdir())
    assert total < 3_000_000
    assert fonts.font(20).path == str(fonts.REGULAR)
    assert fonts.font(20, bold=True).path == str(fonts.BOLD)


@pytest.mark.parametrize("text", ["Alice", "Νίκος", "Дмитрий", "محمد", "Zoë"])
def test_scripts_the_fonts_cover(text):
    assert all(ord(c) in fonts.coverage(True) for c in text)
    assert clean(text, "White") == text


@pytest.mark.parametrize(("raw", "shown"), [
    ("Nikos 🐉", "Nikos"),                  # an emoji no bundled font has is dropped
    ("🇬🇷 Maria", "Maria"),                  # flags (regional indicators) too
    ("👨‍👩‍👧‍👦", "White"),                  # nothing left: the side's name
    ("王伟", "White"),                       # letters no font has become boxes; boxes alone are nothing
    ("Li 王", f"Li {MISSING}"),
    ("a\x00b\u202ec\u200b", "abc"),        # control and format characters
    ("  lots   of\tspace  ", "lots of space"),
    ("", "White"),
])
def test_clean_replaces_what_cannot_be_drawn(raw, shown):
    assert clean(raw, "White") == shown


def test_combining_marks_are_limited():
    assert clean("q" + "\u0301" * 40 + "a", "White") == "q\u0301\u0301a"


def test_long_names_are_cut_with_an_ellipsis():
    long = fit("Bartholomew Montgomery-Featherstonehaugh the Third", 28, 300)
    assert long.text.endswith(ELLIPSIS) and long.width <= 300
    short = fit("Bob", 28, 300)
    assert short.text == "Bob" and short.width < 80


def test_visual_order_reverses_right_to_left_runs_only():
    assert visual_order("abc") == "abc"
    assert visual_order("אבג def") == "גבא def"
    assert visual_order("x سلام y") == "x مالس y"


@settings(max_examples=40, deadline=None)
@given(st.text(max_size=80), st.text(alphabet=st.characters(min_codepoint=0x600, max_codepoint=0x6FF),
                                     max_size=30))
def test_any_name_renders(anything, arabic):
    png = render_png(Scene(Position.start(PLAKOTO), Side.WHITE, names={Side.WHITE: anything,
                                                                          Side.BLACK: arabic}))
    assert Image.open(io.BytesIO(png)).size == (1040, 888)


def test_names_in_the_layout_fit_the_panel():
    lay = layout(Scene(Position.start(PLAKOTO), Side.BLACK,
                 names={Side.WHITE: "W" * 200, Side.BLACK: "🐉 Анастасия-Βασιλική Ivanova-Papadopoulou"}))
    names = {lb.side: lb.text for lb in lay.labels_with("name")}
    assert names[Side.WHITE].endswith(ELLIPSIS)
    assert names[Side.BLACK].startswith("Анастасия-Βασιλική")
