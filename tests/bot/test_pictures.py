"""Pictures in replies: every turn's board from the viewpoint of the player to move, and /history's replay."""

from __future__ import annotations

import io

from PIL import Image

from bot.images import MAX_REPLAY_FRAMES, board_png, replay_scenes
from bot.replies import Caller, Chat, Identity
from bot.service import Service
from game import Position, Side, variant
from game.plays import legal_plays
from renderer import LastPlay, Scene
from storage import Store

from .conftest import Clock
from .play import play_out

CHAT = Chat("console", "pictures")
ANA = Identity("console", "ana", "Ana")
BORIS = Identity("console", "boris", "Борис", username="boris")


async def test_every_turn_carries_the_board_and_history_a_replay(store: Store, clock: Clock) -> None:
    service = Service(store, clock=clock)
    await service.handle(Caller(BORIS, CHAT), "/help")
    first = await service.handle(Caller(ANA, CHAT), "/challenge @boris tawula to 1")
    assert first.ok, first.text
    started = await service.handle(Caller(BORIS, CHAT), "/accept")
    assert started.ok and started.image is not None
    assert Image.open(io.BytesIO(started.image)).size[0] >= 1000
    games = await store.games.active_for((await store.players.find("console", "ana")).id)  # type: ignore[union-attr]
    replies = await play_out(service, CHAT, games[0], {Side.WHITE: ANA, Side.BLACK: BORIS}, seed=3)
    assert replies and all(r.image is not None and r.image[:8] == b"\x89PNG\r\n\x1a\n" for r in replies)
    history = await service.handle(Caller(ANA, CHAT), f"/history {games[0]}")
    assert history.ok and history.image is not None and history.image[:6] == b"GIF89a"
    record, log = await store.games.snapshot(games[0])
    scenes = replay_scenes(record, log, {Side.WHITE: "Ana", Side.BLACK: "Борис"})
    assert len(scenes) == min(len(log) + 1, MAX_REPLAY_FRAMES)  # the start and one board per logged turn
    # (the GIF writer merges identical consecutive boards, such as a pass, into one frame)
    assert 2 <= Image.open(io.BytesIO(history.image)).n_frames <= len(scenes)
    assert scenes[-1].result is not None
    if len(log) < MAX_REPLAY_FRAMES:
        assert sum(1 for s in scenes if s.last_play and s.last_play.moves) == sum(
            1 for e in log if e.play not in ("opening", "pass"))


def test_a_reentry_from_the_bar_is_drawn_from_the_bar() -> None:
    # White has one checker on the bar and eleven waiting: R-ENTER-3 re-enters the bar first, so the first
    # entry of the play comes off the bar and the second (if any) from the waiting checkers.
    v = variant("tawula")
    p = Position.from_tpn(",,,,,,,,,,,B2,,,,,,,,,,,,W3 w 11/1/0 12/1/0", v)
    play = next(pl for pl in legal_plays(p, (6, 5)) if [s[0] for s in pl.steps] == [25, 25])
    last = LastPlay.from_play(play)
    assert [m.from_bar for m in last.moves] == [True, False]
    png = board_png(Scene(play.position, Side.BLACK, last_play=last, names={Side.WHITE: "a", Side.BLACK: "b"}))
    assert png is not None and png[:4] == b"\x89PNG"
