"""tabla's board pictures: pure functions from a position (and what to show around it) to PNG bytes.

A picture is described by one value, a `Scene` (the position, the viewer, the last play, dice, names, score,
result, words). `layout(scene)` gives the exact geometry a picture is drawn from; `render_png(scene)` draws
it; `render_replay(scenes)` makes a chat-sized animation of a whole game. Every word drawn comes from a `Words`
value (English by default).
Only `game`, Pillow, ISA-L (`isal`, the PNG rows' compression) and the standard library are used; fonts are
bundled.
"""

from .chart import Line as ChartLine
from .chart import StatsChart, render_stats
from .layout import layout, layout_scene, outcome_lines
from .png import prepare, render_png, scene_png
from .replay import MAX_FRAMES, pick_frames, render_replay
from .scene import GameResult, LastMove, LastPlay, MatchScore, PendingStage, ResultLike, Scene
from .shapes import Arrow, Banner, Checker, Die, Label, Layout, Mark, Panel, Pill, Ring
from .standings import StandingLine, StandingsPicture, render_standings
from .tables import Bracket, Crosstable, Duel, TournamentPicture, tournament_png
from .words import ENGLISH, Words

__all__ = [
    "ENGLISH",
    "MAX_FRAMES",
    "Arrow",
    "Banner",
    "Bracket",
    "ChartLine",
    "Checker",
    "Crosstable",
    "Die",
    "Duel",
    "GameResult",
    "Label",
    "LastMove",
    "LastPlay",
    "Layout",
    "Mark",
    "MatchScore",
    "Panel",
    "PendingStage",
    "Pill",
    "ResultLike",
    "Ring",
    "Scene",
    "StandingLine",
    "StandingsPicture",
    "StatsChart",
    "TournamentPicture",
    "Words",
    "layout",
    "layout_scene",
    "outcome_lines",
    "pick_frames",
    "prepare",
    "render_png",
    "render_replay",
    "render_standings",
    "render_stats",
    "scene_png",
    "tournament_png",
]
