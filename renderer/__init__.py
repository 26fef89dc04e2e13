"""tabla's board pictures: pure functions from a position (and what to show around it) to PNG bytes.

`layout()` gives the exact geometry a picture is drawn from; `render_png()` draws it; `render_replay()` makes
an animation of a whole game. Only `game`, Pillow and the standard library are used; fonts are bundled.
"""

from .layout import layout, layout_scene
from .png import prepare, render_png, scene_png
from .replay import render_replay
from .scene import GameResult, LastMove, LastPlay, MatchScore, ResultLike, Scene, make_scene
from .shapes import Arrow, Banner, Checker, Die, Label, Layout, Mark, Panel, Pill, Ring

__all__ = [
    "Arrow",
    "Banner",
    "Checker",
    "Die",
    "GameResult",
    "Label",
    "LastMove",
    "LastPlay",
    "Layout",
    "Mark",
    "MatchScore",
    "Panel",
    "Pill",
    "ResultLike",
    "Ring",
    "Scene",
    "layout",
    "layout_scene",
    "make_scene",
    "prepare",
    "render_png",
    "render_replay",
    "scene_png",
]
