"""A finished game as the board page replays it: every logged turn with the position before and after it, and
what the review (`bot.review`) says of it — the play it would have made instead, the points the play lost and
the luck of the roll.

`replay(svc, game_id, lang)` reads the game and its move log in one atomic step (`GameRepository.snapshot`)
and the game's review (the stored one, else computed as `/review` computes it), and returns one frozen
`Replay`; the page (`bot.web.replay`) only draws it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from game import Outcome, Side
from game.nets import Decision
from storage import GameRecord, NotFound

from .core import Core
from .gamestate import game_of, side_of
from .review import _turns, reviewed

ERROR = 0.02  # points lost from which a decision counts as an error on the replay (smaller ones are noise)


@dataclass(frozen=True, slots=True)
class ReplayTurn:
    """One entry of the move log: `number` as `/history` counts it, the side that made it (None: the opening
    roll), its dice and play as logged, the positions (TPN) before and after it, and the review's verdict on
    a judged turn: `luck` of the roll, `loss` in points against the judge's `best` play, `decision` False when
    the turn was forced."""

    number: int
    side: Side | None
    dice: str
    play: str
    before: str
    after: str
    luck: float | None = None
    loss: float | None = None
    best: str = ""
    decision: bool = False

    @property
    def error(self) -> bool:
        """The review marks this turn as an error: a real choice that lost `ERROR` points or more."""
        return self.decision and self.loss is not None and self.loss >= ERROR and bool(self.best)


@dataclass(frozen=True, slots=True)
class Replay:
    """A finished game, turn by turn: the record, the players' names (in the reader's language), every turn
    of the log, the game's end, and the review's judge ("net" or "heuristic") and its look-ahead."""

    record: GameRecord
    names: Mapping[Side, str]
    turns: tuple[ReplayTurn, ...]
    outcome: Outcome | None
    judge: str
    plies: int

    def luck(self, side: Side) -> float:
        """The sum of `side`'s rolls' luck, in points."""
        return sum(t.luck for t in self.turns if t.side is side and t.luck is not None)

    def errors(self) -> tuple[int, ...]:
        """The indices (into `turns`) of the turns marked as errors."""
        return tuple(i for i, t in enumerate(self.turns) if t.error)


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
    return Replay(record, names, tuple(turns), game_of(record).outcome, found.judge, found.plies)
