"""The pictures of a game: the one place the service calls the renderer.

`board_png` takes engine values and returns PNG bytes, and `replay_gif` the animated replay of a logged game;
both return None if the picture cannot be drawn, in which case the reply goes out as text only (a missing
picture never loses a move).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence

from game import GameError, Position, Side, Variant
from game.notation import parse_play
from game.outcome import Outcome
from renderer import LastPlay, MatchScore, Scene, render_png, render_replay
from storage import GameRecord, MoveLogEntry

from .dice import parse_dice
from .gamestate import outcome_of, side_of, variant_of

log = logging.getLogger(__name__)

MAX_REPLAY_FRAMES = 400


def board_png(variant: Variant, position: Position, viewer: Side, *, last: LastPlay | None,
              dice: tuple[int, int] | None, names: Mapping[Side, str],
              score: tuple[int, int, int] | None = None, result: Outcome | None = None) -> bytes | None:
    """The PNG of `position` seen by `viewer`, with the last play, the dice, names, score and result."""
    try:
        match_score = MatchScore(*score) if score is not None else None
        return render_png(variant, position, viewer, last_play=last, dice=dice, names=dict(names),
                          score=match_score, result=result)
    except Exception:  # a broken picture must never lose a move
        log.exception("board picture failed")
        return None


def replay_scenes(record: GameRecord, entries: Sequence[MoveLogEntry], names: Mapping[Side, str],
                  viewer: Side = Side.WHITE) -> list[Scene]:
    """One board per logged turn, from the start position, each showing the play that led to it; at most
    `MAX_REPLAY_FRAMES`, the final board always included."""
    v = variant_of(record)
    before = Position.from_tpn(record.start_position, v)
    scenes = [Scene(before, viewer, names=dict(names))]
    for entry in entries:
        after = Position.from_tpn(entry.position, v)
        last = None
        if entry.play not in ("opening", "pass", ""):
            try:
                roll = parse_dice(entry.dice)
                play = parse_play(before.with_turn(side_of(entry.side)), roll, entry.play)
                last = LastPlay.from_play(play)
            except (GameError, ValueError):
                last = None
        scenes.append(Scene(after, viewer, last_play=last, names=dict(names)))
        before = after
    if record.result is not None:
        final = scenes[-1]
        scenes[-1] = Scene(final.position, viewer, last_play=final.last_play, names=dict(names),
                           result=outcome_of(record.result))
    if len(scenes) > MAX_REPLAY_FRAMES:  # a very long game: its opening and its end
        scenes = scenes[:MAX_REPLAY_FRAMES - 1] + scenes[-1:]
    return scenes


def replay_gif(record: GameRecord, entries: Sequence[MoveLogEntry], names: Mapping[Side, str],
               viewer: Side = Side.WHITE) -> bytes | None:
    """The animated replay (GIF) of a game's log, or None if it cannot be drawn."""
    try:
        return render_replay(replay_scenes(record, entries, names, viewer))
    except Exception:
        log.exception("replay picture failed")
        return None
