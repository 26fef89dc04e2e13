"""A finished game as the board page replays it: every logged turn with the position before and after it, and
what the review (`bot.review`) says of it — the play it would have made instead, the points the play lost and
the luck of the roll — and, with the cube, the cube after each turn (R-CUBE-8) and the turn's cube action.

`replay(svc, game_id, lang)` reads the game and its move log in one atomic step (`GameRepository.snapshot`)
and the game's review (the stored one, else computed as `/review` computes it), and returns one frozen
`Replay` (`bot.boardpage.replay_view`); the page (`bot.web.replay`) gets it through its seam
(`bot.boardpage.replaying`) and only draws it.
"""

from __future__ import annotations

from dataclasses import replace

from game import Cube, CubeAction, Game, GameError, Position, Variant
from game.nets import Decision
from storage import GameRecord, MoveLogEntry, NotFound

from .boardpage.replay_view import ERROR, Replay, ReplayTurn
from .core import Core
from .cube import table as cube_table
from .gamestate import cube_of, game_of, side_of, variant_of
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
    variant = variant_of(record)
    start = _start_cube(record)
    cube = start
    for n, entry in enumerate(entries, 1):
        side = None if entry.play == "opening" else side_of(entry.side)
        v = judged.get(n)
        action = _cube_action(entry.play)
        if action is not None and cube is not None:
            cube = _cube_after(variant, before, cube, action)
        turns.append(ReplayTurn(n, side, entry.dice, entry.play, before, entry.position,
                                v.luck if v else None, v.loss if v else None,
                                v.best if v and v.best != v.chosen else "", v.decision if v else False,
                                cube, action))
        before = entry.position
    names = await svc.names(record, lang)
    said = () if start is None else tuple(cube_table.cube_words(lang, c, names)
                                          for c in (start, *(t.cube for t in turns)) if c is not None)
    return Replay(record, variant, names, tuple(turns), game_of(record).outcome, found.judge, found.plies, start,
                  said)


def _start_cube(record: GameRecord) -> Cube | None:
    """The cube the game started with (R-CUBE-1: at 1 in the middle; the match's Crawford game and score as the
    game kept them), None in a game without the cube."""
    final = cube_of(record)
    return None if final is None else Cube(crawford=final.crawford, away=final.away)


def _cube_action(play: str) -> CubeAction | None:
    """The cube action a log entry records (`bot.cube.table`), None for any other entry."""
    action = cube_table.parse(play)
    return action if action is not None and cube_table.ROWS[action].logged else None


def _cube_after(variant: Variant, before: str, cube: Cube, action: CubeAction) -> Cube:
    """The cube after `action` taken on the position `before` (TPN) with `cube` (R-CUBE-2, R-CUBE-3), as the
    engine takes it (an offer that ends the game is no longer pending); an entry that does not read back leaves
    the cube as it was."""
    try:
        after = Game.resume(variant, Position.from_tpn(before, variant), cube).act(action)
    except (GameError, ValueError):
        return cube
    if after.cube is None:
        return cube
    return replace(after.cube, offered=False) if after.phase == "over" else after.cube
