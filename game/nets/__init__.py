"""Trained evaluators: one small neural net per distinct game, learnt by TD(λ) self-play (numpy only).

Importing this package pins numpy's BLAS to one thread before numpy loads (with two threads on two cores a
matrix product of a hundred positions runs many times slower), and again through threadpoolctl in case numpy
was loaded first. The submodules: `spec` (which net serves which game), `encode` (inputs), `net` (the net and
the equity of its outputs), `afterstate` (the positions a roll's plays lead to, as arrays), `td` (self-play
training), `store` (checkpoints and shipped weights), `gate` (games against the heuristic and random), `computer` (the
computer player: the gated net at two plies, else the heuristic), `train` (`python -m game train`), `judge`
(every play of a roll in points: hints and reviews), `cube_review` (the cube's decisions judged) and
`review` (a finished game judged turn by turn).
"""

from __future__ import annotations

import os

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

from threadpoolctl import threadpool_limits  # noqa: E402

threadpool_limits(limits=1)

from .computer import (  # noqa: E402
    choose,
    computer_chooser,
    computer_name,
    cube_decision,
    evaluate,
    net_chances,
    rank_plays,
    two_ply,
    uses_net,
)
from .cube_review import CLOSE, CubeDecision, CubeEquities, cube_equities, judge_cube, review_cube  # noqa: E402
from .encode import width  # noqa: E402
from .gate import net_chooser, play_pairs, play_values, summary  # noqa: E402
from .judge import judge_name, judge_plays, judge_plies, judge_values, roll_luck  # noqa: E402
from .net import Net, equity  # noqa: E402
from .review import Decision, Review, Turn, played, review_game  # noqa: E402
from .spec import NETS, NetSpec, net_name  # noqa: E402
from .store import WeightsError, gate_passed, load_checkpoint, load_weights, record_gate  # noqa: E402
from .td import self_play  # noqa: E402
from .train import LAMBDA, step_size  # noqa: E402

__all__ = ["CLOSE", "LAMBDA", "NETS", "CubeDecision", "CubeEquities", "Decision", "Net", "NetSpec", "Review", "Turn",
           "WeightsError", "choose", "computer_chooser", "computer_name", "cube_decision", "cube_equities", "equity",
           "evaluate", "gate_passed", "judge_cube", "judge_name", "judge_plays", "judge_plies", "judge_values",
           "load_checkpoint", "load_weights", "net_chances", "net_chooser", "net_name", "play_pairs", "play_values",
           "played", "rank_plays", "record_gate", "review_cube", "review_game", "roll_luck", "self_play", "step_size",
           "summary", "two_ply", "uses_net", "width"]
