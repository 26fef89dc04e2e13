"""The computer opponent, by one name: the heuristic computer and the self-play harness, handed on.

The heuristic lives in `game.evaluation` (its one-ply evaluation and weights) and `game.search` (the choice
of a play, with Gul Bara's cascade and reply searches); `game.selfplay` plays whole games between choosers.
This module keeps the names that callers know (`game.ai.choose_play`, `ai_chooser`, ...) in one place.
"""

from __future__ import annotations

from .evaluation import evaluate, score_leaf, score_play
from .search import answer_value, choose_play, plan_cascade, weigh_replies
from .selfplay import CHOOSERS, Chooser, ai_chooser, play_game, play_match, play_out, random_play

__all__ = [
    "CHOOSERS",
    "Chooser",
    "ai_chooser",
    "answer_value",
    "choose_play",
    "evaluate",
    "plan_cascade",
    "play_game",
    "play_match",
    "play_out",
    "random_play",
    "score_leaf",
    "score_play",
    "weigh_replies",
]
