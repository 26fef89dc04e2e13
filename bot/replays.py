"""A finished game as the board page replays it: every logged turn with the position before and after it, and
what the review (`bot.review`) says of it — the play it would have made instead, the points the play lost and
the luck of the roll.

`replay(svc, game_id, lang)` reads the game and its move log in one atomic step (`GameRepository.snapshot`)
and the game's review (the stored one, else computed as `/review` computes it), and returns one frozen
`Replay` (`bot.boardpage.replay_view`); the page (`bot.web.replay`) gets it through its seam
(`bot.boardpage.replaying`) and only draws it.
"""

from __future__ import annotations

from game.nets import Decision
from storage import GameRecord, MoveLogEntry, NotFound

from .boardpage.replay_view import ERROR, Replay, ReplayTurn
from .core import Core
from .gamestate import game_of, side_of, variant_of
from .review import _turns, reviewed

__all__ = ["ERROR", "Replay", "ReplayTurn", "replay", "replay_of"]


async def replay(svc: Core, game_id: str, lang: str) -> Replay | None:
    """The replay of finished game `game_id` for a reader of `lang`, or None for an unknown game.

    :raises ValueError: the game is still being played (a replay is of a finished game).
    """
    try:
        record, entries = await svc.store.games.snapshot(game_id)
    except NotFound:
        return None
    if record.result is None:
        raise ValueError("the game is still being played")
    return await replay_of(svc, record, entries, lang)


async def replay_of(svc: Core, record: GameRecord, entries: list[MoveLogEntry], lang: str) -> Replay:
    """The replay of finished game `record` with its move log `entries` (read together), for a reader of
    `lang`."""
    found = await reviewed(svc, record)
    judged: dict[int, Decision] = {}
    numbers = [n for n, _ in _turns(entries)]
    for d in found.decisions:
        if 0 < d.turn <= len(numbers):
            judged[numbers[d.turn - 1]] = d
    turns = []
    before = record.start_position
    for n, entry in enumerate(entries, 1):
        side = None if entry.play == "opening" else side_of(entry.side)
        v = judged.get(n)
        turns.append(ReplayTurn(n, side, entry.dice, entry.play, before, entry.position,
                                v.luck if v else None, v.loss if v else None,
                                v.best if v and v.best != v.chosen else "", v.decision if v else False))
        before = entry.position
    names = await svc.names(record, lang)
    return Replay(record, variant_of(record), names, tuple(turns), game_of(record).outcome, found.judge, found.plies)
