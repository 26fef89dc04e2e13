"""tabla's rules engine: pure, standard library only, no I/O (RULES.md is the spec).

This module only hands names on; see the submodules for the rules they implement. Other packages import the
engine from here, never from a submodule (tests/game/test_exports.py keeps it so): a name they need that is
missing here is added here.

- positions and variants: `Position` (TPN: `Position.from_tpn`, `to_tpn`, `START_TPN`), `Side`, `variant`,
  `Variant`, `PRESETS`, `ALIASES`;
- plays and notation: `legal_plays`, `Play`, `parse_play`, `read_hops`, `format_play`, the move `build`er;
- games and matches: `Game` (its cube answered with a `CubeAction`),
  `FlowEvent`, `Outcome`, `Match`, `match_spec`, `CYCLES`;
- records and export files: `GameLog`, `MatchLog`, `Turn`, `walk`, `replay`, `write_mat` (portes, tabla:
  `MAT_VARIANTS`), `read_mat`, `write_tbl`, `read_tbl`, `replay_text`, `replay_read` (docs/EXPORT.md);
- the computer: the heuristic `choose_play` and `score_play`, the choosers `ai_chooser` and `random_play`,
  and whole games `play_game`, `play_out`, `play_match`;
- the engine's errors, each with a message template for the player (`GameError`).
"""

from .ascii import WORDS as ASCII_WORDS
from .ascii import render_ascii
from .builder import BuildState, Pick, SingleMove, build
from .cube import Cube, CubeAction
from .cubeful import (
    CONTACT_EFFICIENCY,
    RACE_EFFICIENCY,
    cube_action,
    equities,
    heuristic_score,
    is_race,
    race_chances,
)
from .errors import (
    AmbiguousPlayError,
    GameError,
    GameFlowError,
    IllegalPlayError,
    NotationError,
    OptionError,
    TPNError,
)
from .evaluation import score_play
from .flow import FlowEvent, Game, Stage
from .gamelog import CUBE_TURNS, GameLog, MatchLog, ReplayError, Turn, replay, walk
from .match import CYCLES, Match, MatchSpec, cycle_variant, match_spec
from .matfile import MAT_VARIANTS, write_mat
from .matread import read_mat
from .notation import format_play, parse_play, read_hops
from .outcome import REASONS, Outcome
from .partial import position_after
from .plays import Play, generate_plays, legal_plays, pass_position
from .position import START_TPN, PointView, Position
from .search import choose_play
from .selfplay import (
    CHOOSERS,
    Chooser,
    ai_chooser,
    paired_outcomes,
    paired_scores,
    play_game,
    play_match,
    play_out,
    random_play,
)
from .sides import Side
from .tblfile import RecordError, read_tbl, replay_read, replay_text, write_tbl
from .variants import ALIASES, PRESETS, Variant, parse_options, variant

__all__ = [
    "ALIASES",
    "ASCII_WORDS",
    "CHOOSERS",
    "CONTACT_EFFICIENCY",
    "CUBE_TURNS",
    "CYCLES",
    "MAT_VARIANTS",
    "PRESETS",
    "RACE_EFFICIENCY",
    "REASONS",
    "START_TPN",
    "AmbiguousPlayError",
    "BuildState",
    "Chooser",
    "Cube",
    "CubeAction",
    "FlowEvent",
    "Game",
    "GameError",
    "GameFlowError",
    "GameLog",
    "IllegalPlayError",
    "Match",
    "MatchLog",
    "MatchSpec",
    "NotationError",
    "OptionError",
    "Outcome",
    "Pick",
    "Play",
    "PointView",
    "Position",
    "RecordError",
    "ReplayError",
    "Side",
    "SingleMove",
    "Stage",
    "TPNError",
    "Turn",
    "Variant",
    "ai_chooser",
    "build",
    "choose_play",
    "cube_action",
    "cycle_variant",
    "equities",
    "format_play",
    "generate_plays",
    "heuristic_score",
    "is_race",
    "legal_plays",
    "match_spec",
    "paired_outcomes",
    "paired_scores",
    "parse_options",
    "parse_play",
    "pass_position",
    "play_game",
    "play_match",
    "play_out",
    "position_after",
    "race_chances",
    "random_play",
    "read_hops",
    "read_mat",
    "read_tbl",
    "render_ascii",
    "replay",
    "replay_read",
    "replay_text",
    "score_play",
    "variant",
    "walk",
    "write_mat",
    "write_tbl",
]
