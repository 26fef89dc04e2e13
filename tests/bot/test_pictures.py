"""Pictures in replies: every turn's board from the viewpoint of the player to move, and /history's replay."""

from __future__ import annotations

import io
from dataclasses import replace

from PIL import Image, ImageChops

from bot.dice import parse_dice
from bot.gamestate import side_of
from bot.images import MAX_REPLAY_FRAMES, board_png, replay_gif, replay_scenes
from bot.replies import Caller, Chat, Identity
from bot.service import Service
from game import Position, Side, variant
from game.plays import legal_plays
from renderer import LastPlay, Scene
from renderer.draw import paint
from renderer.layout import layout
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


async def test_each_replay_frame_draws_the_dice_its_turn_rolled(store: Store, clock: Clock) -> None:
    # Like the page's replay: the board after a turn draws the dice its mover rolled in the mover's half and
    # colour, the opening roll each side's die in its own half (R-OPEN-1); the start and the end draw none.
    service = Service(store, clock=clock)
    await service.handle(Caller(BORIS, CHAT), "/help")
    assert (await service.handle(Caller(ANA, CHAT), "/challenge @boris tawula to 1")).ok
    assert (await service.handle(Caller(BORIS, CHAT), "/accept")).ok
    games = await store.games.active_for((await store.players.find("console", "ana")).id)  # type: ignore[union-attr]
    await play_out(service, CHAT, games[0], {Side.WHITE: ANA, Side.BLACK: BORIS}, seed=3)
    record, log = await store.games.snapshot(games[0])
    first = next(i for i, e in enumerate(log) if e.play != "opening")
    short = log[first - 1:first + 5]  # a short game: its (last) opening roll, the first turns, the result
    names = {Side.WHITE: "Ana", Side.BLACK: "Борис"}
    scenes = replay_scenes(record, short, names)
    assert short[0].play == "opening" and scenes[1].opening == parse_dice(short[0].dice)
    assert scenes[0].dice is None and scenes[0].opening is None
    for scene, entry in zip(scenes[2:], short[1:], strict=True):
        assert scene.opening is None
        assert scene.dice == parse_dice(entry.dice) and scene.rolled is side_of(entry.side), entry
    gif = replay_gif(record, short, names)
    assert gif is not None
    anim = Image.open(io.BytesIO(gif))
    assert anim.n_frames == len(scenes)
    for i in range(1, len(scenes) - 1):
        drawn = layout(scenes[i])
        bare = replace(scenes[i], dice=None, opening=None)
        assert len(drawn.dice) == 2 and {d.side for d in drawn.dice} == (
            {Side.WHITE, Side.BLACK} if i == 1 else {scenes[i].rolled})
        anim.seek(i)
        frame = anim.convert("RGB")
        assert ImageChops.difference(frame, paint(drawn).convert("RGB")).getbbox() is None, f"frame {i}"
        without = paint(layout(bare)).convert("RGB")
        for die in drawn.dice:
            assert ImageChops.difference(frame.crop(die.box), without.crop(die.box)).getbbox() is not None, (i, die)


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
