"""A stored plakoto game put one roll from its end, as a stored step would put it: the winner-to-be (made white)
has its last checker on its 1-point and 6-5 to play, the other side has borne off none (R-END-2: a mars, two
points). A platform test then plays the game to its end with one real play through its buttons."""

from __future__ import annotations

from dataclasses import replace

from storage import MoveLogEntry, Store

LAST_CHECKER = "W1,,,,,,,,,,,,,,,,,,,,,,,B15 w 0/0/14 0/0/0"


async def one_roll_left(store: Store, game_id: str, winner: str, now: float) -> None:
    """Put plakoto game `game_id` where player `winner` (an id) bears off its last checker with 6-5."""
    record = await store.games.get(game_id)
    assert winner in record.players, (winner, record.players)
    if record.players[0] != winner:
        record = replace(record, players=(record.players[1], record.players[0]))
    stage = replace(record, position=LAST_CHECKER, dice="6-5")
    entry = MoveLogEntry(0, "6-5", "setup", LAST_CHECKER, now)
    await store.games.apply(record, stage, command_id=f"setup:{game_id}", move=entry, now=now)
