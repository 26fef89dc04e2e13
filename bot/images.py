"""The board picture of a turn: the one place the service calls the renderer.

`board_png` takes engine values and returns PNG bytes (or None if the picture cannot be drawn, in which case
the reply goes out as text only: a missing picture never loses a move).
"""

from __future__ import annotations

import io
import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from game import Position, Side, Variant
from game.outcome import Outcome

log = logging.getLogger(__name__)

Renderer = Callable[..., bytes | None]


def _renderer() -> Callable[..., bytes]:
    import renderer

    render = getattr(renderer, "render", None) or getattr(renderer, "render_png", None)
    if render is not None:
        return render  # type: ignore[no-any-return]
    from renderer.draw import paint
    from renderer.layout import layout

    def render_via_layout(*args: Any, **kwargs: Any) -> bytes:
        buffer = io.BytesIO()
        paint(layout(*args, **kwargs)).save(buffer, "PNG")
        return buffer.getvalue()

    return render_via_layout


def board_png(variant: Variant, position: Position, viewer: Side, *, moves: Sequence[tuple[int, int, bool]] | None,
              mover: Side | None, dice: tuple[int, int] | None, names: Mapping[Side, str],
              score: tuple[int, int, int] | None = None, result: Outcome | None = None) -> bytes | None:
    """The PNG of `position` seen by `viewer`, with the last play's moves, the dice, names, score and result."""
    try:
        from renderer.scene import LastPlay, MatchScore

        last = LastPlay.from_steps(mover, moves) if mover is not None and moves is not None else None
        match_score = MatchScore(*score) if score is not None else None
        return _renderer()(variant, position, viewer, last_play=last, dice=dice, names=dict(names),
                           score=match_score, result=result)
    except Exception:  # a broken picture must never lose a move
        log.exception("board picture failed")
        return None


def replay_png(record: Any, log: Sequence[Any]) -> bytes | None:
    """The game's animated replay from the renderer (APNG or GIF bytes), or None if it has none."""
    try:
        import renderer

        replay = getattr(renderer, "replay", None) or getattr(renderer, "render_replay", None)
        if replay is None:
            return None
        from .gamestate import variant_of

        positions = [Position.from_tpn(record.start_position, variant_of(record))]
        positions += [Position.from_tpn(entry.position, positions[0].variant) for entry in log]
        return replay(positions)  # type: ignore[no-any-return]
    except Exception:
        log_ = logging.getLogger(__name__)
        log_.exception("replay picture failed")
        return None
