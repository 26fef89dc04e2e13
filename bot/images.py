"""The pictures of a game: the one place the service calls the renderer.

`board_png` takes a `renderer.Scene` and returns PNG bytes, and `replay_gif` the animated replay of a logged game;
both return None if the picture cannot be drawn, in which case the reply goes out as text only (a missing
picture never loses a move).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from game import GameError, Position, Side, parse_play
from renderer import ENGLISH, MAX_FRAMES, LastPlay, Scene, Words, pick_frames, render_png, render_replay
from storage import GameRecord, MoveLogEntry

from .dice import parse_dice
from .gamestate import outcome_of, side_of, variant_of
from .words import board_words

log = logging.getLogger(__name__)

MAX_REPLAY_FRAMES = MAX_FRAMES


def board_png(scene: Scene) -> bytes | None:
    """The PNG of `scene` (`renderer.Scene`: the position seen by its viewer, the last play, dice, names,
    match score, result, a Gul Bara stage still to play, the words in the viewer's language), or None."""
    try:
        return render_png(scene)
    except Exception:  # a broken picture must never lose a move
        log.exception("board picture failed")
        return None


def replay_scenes(record: GameRecord, entries: Sequence[MoveLogEntry], names: Mapping[Side, str],
                  viewer: Side = Side.WHITE, *, words: Words | None = None) -> list[Scene]:
    """The boards of a replay: the start position, then the board after each logged turn showing the play
    that led to it and the dice the turn rolled, as the page's replay draws them (`_rolled`). A long game keeps
    `MAX_REPLAY_FRAMES` boards spread evenly over it, its start and final board always among them
    (`renderer.replay.pick_frames`); only the plays of those boards are read."""
    v = variant_of(record)
    shown = dict(names)
    start = Position.from_tpn(record.start_position, v)
    scenes: list[Scene] = []
    for i in pick_frames(len(entries) + 1, MAX_REPLAY_FRAMES):
        if i == 0:
            scenes.append(Scene(start, viewer, names=shown, words=words or ENGLISH))
            continue
        entry = entries[i - 1]
        before = start if i == 1 else Position.from_tpn(entries[i - 2].position, v)
        after = Position.from_tpn(entry.position, v)
        scenes.append(_rolled(Scene(after, viewer, last_play=_last_play(before, entry), names=shown,
                                    words=words or ENGLISH), entry))
    if record.result is not None:
        scenes[-1] = replace(scenes[-1], result=outcome_of(record.result))
    return scenes


def _rolled(scene: Scene, entry: MoveLogEntry) -> Scene:
    """`scene` with the dice the logged turn rolled: a roll in its mover's half and colour, an opening roll
    (R-OPEN-1) white's die and black's each in its own half; unchanged for a turn without dice (a cube action,
    R-CUBE-2, R-CUBE-3)."""
    try:
        dice = parse_dice(entry.dice)
    except ValueError:
        return scene
    if entry.play == "opening":
        return replace(scene, opening=dice)
    return replace(scene, dice=dice, rolled=side_of(entry.side))


def _last_play(before: Position, entry: MoveLogEntry) -> LastPlay | None:
    """The logged play as the picture shows it, or None (an opening roll, a pass, or a play not read)."""
    if entry.play in ("opening", "pass", ""):
        return None
    try:
        play = parse_play(before.with_turn(side_of(entry.side)), parse_dice(entry.dice), entry.play)
    except (GameError, ValueError):
        return None
    return LastPlay.from_play(play)


def replay_gif(record: GameRecord, entries: Sequence[MoveLogEntry], names: Mapping[Side, str],
               viewer: Side = Side.WHITE, *, words: Words | None = None) -> bytes | None:
    """The animated replay (GIF) of a game's log, at most `MAX_REPLAY_FRAMES` boards and 8 MB, or None if it
    cannot be drawn."""
    try:
        return render_replay(replay_scenes(record, entries, names, viewer, words=words))
    except Exception:
        log.exception("replay picture failed")
        return None


def board_in(lang: str, render: Callable[[Scene], bytes | None], scene: Scene) -> bytes | None:
    """`render(scene)` with the board's words in `lang` (for worker processes: words travel as a language
    code, the catalogues are read where the board is drawn)."""
    return render(replace(scene, words=board_words(lang)))


def replay_in(lang: str, record: GameRecord, entries: Sequence[MoveLogEntry],
              names: Mapping[Side, str]) -> bytes | None:
    """`replay_gif` with the words in `lang` (see `board_in`)."""
    return replay_gif(record, entries, names, words=board_words(lang))


def prepare_background_worker() -> None:
    """A background worker process (a finished game's review, `Core.offload_bounded`) runs at a lower
    scheduling priority than the bot and its board workers, so it takes only the CPU they leave: nice 10, and
    on Linux the idle scheduling class, which gives it a core only when nothing else wants one."""
    import os

    with contextlib.suppress(OSError):
        os.nice(10)
    if hasattr(os, "sched_setscheduler") and hasattr(os, "SCHED_IDLE"):
        with contextlib.suppress(OSError):
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))


def prepare_worker() -> None:
    """Warm a worker process up: fonts, palettes and the first board drawn once, ahead of the first move. Then
    everything loaded so far is moved out of the garbage collector's sight (`gc.freeze`): it lives as long as
    the worker, and a full collection in the middle of the computer's search no longer walks it (about 4 ms
    a collection, measured, down to nearly nothing)."""
    import gc

    from renderer import prepare

    prepare()
    gc.freeze()
