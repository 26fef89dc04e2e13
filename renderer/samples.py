"""Representative boards: each variant, both viewers, pins, the bar, bearing off and finished games.

Used by the gallery command, the golden-image tests, the benchmark and to choose the picture's palette.
TPNs are in white's numbering (RULES.md §11); last plays in the mover's numbering.
"""

from __future__ import annotations

import random
from dataclasses import replace

from game import Position, Side, variant

from .scene import GameResult, LastMove, LastPlay, MatchScore, Scene

W, B = Side.WHITE, Side.BLACK
NAMES = {W: "Alice", B: "Νίκος"}


def _scene(name: str, tpn: str | None, viewer: Side, **kw: object) -> tuple[str, Scene]:
    v = variant(name.split("-")[0])
    pos = Position.start(v) if tpn is None else Position.from_tpn(tpn, v)
    names = kw.pop("names", NAMES)
    return name, Scene(pos, viewer, names=names, **kw)  # type: ignore[arg-type]


def sample_scenes() -> list[tuple[str, Scene]]:
    """A dozen and a half named scenes, each a board someone would want to check by eye."""
    score = MatchScore(2, 1, 5)
    plakoto_mid = ("B6,,B2,W1,,W2,,,wB1,,B3,,W3,,,,bW1,,,W2,,B2,,W5 b 0/0/0 0/0/0")
    white_pins = LastPlay(W, (LastMove(24, 18), LastMove(18, 17, hit=True)))
    tawula_bar = ",,B1,,,W2,B1,W1,,B1,W2,B2,,B3,W1,B2,,,B1,W1,W1,,,W2 w 4/1!/0 4/0/0"
    black_hits = LastPlay(B, (LastMove(25, 19), LastMove(10, 7, hit=True)))
    return [
        _scene("plakoto-start", None, W, dice=(6, 5), score=score),
        _scene("plakoto-start", None, B, dice=(6, 5), score=score),
        _scene("plakoto-pins", plakoto_mid, W, dice=(3, 3), last_play=white_pins, score=score),
        _scene("plakoto-pins", plakoto_mid, B, dice=(3, 3), last_play=white_pins, score=score),
        _scene("tapa-mother-stacks", "B7,,,,B3,,W2,,,W2,,B2,,,,W2,,,W8,,,B2,,wB1 w 0/0/0 0/0/0", B,
               dice=(5, 5), last_play=LastPlay(B, (LastMove(3, 1, hit=True), LastMove(24, 20)))),
        _scene("mahbusa-bear-off", "W2,W2,bW1,W2,,W3,,B2,,,,,,,,,,,B3,B2,B2,,B3, b 0/0/5 0/0/2", W,
               dice=(4, 2), score=MatchScore(0, 0, 3),
               last_play=LastPlay(W, (LastMove(5, 0), LastMove(5, 0), LastMove(6, 1), LastMove(6, 1)))),
        _scene("tawula-start", None, W, dice=(6, 5)),
        _scene("tawula-start", None, B, dice=(6, 5)),
        _scene("tawula-bar", tawula_bar, B, dice=(5, 2), last_play=black_hits, score=MatchScore(4, 6, 7)),
        _scene("tawula-bar", tawula_bar, W, dice=(5, 2), last_play=black_hits, score=MatchScore(4, 6, 7)),
        _scene("tawula-bear-off", "W3,W2,,W2,W2,W2,,,B1,,,B2,B1,B2,B3,,B2,,,,,,B1, b 0/0/4 3/0/0", W,
               dice=(4, 1), last_play=LastPlay(W, (LastMove(6, 0), LastMove(3, 0)))),
        _scene("plakoto-won-mars", ",,,,,,,,,,,,B3,,,,,,B5,B4,,B3,, b 0/0/15 0/0/0", B,
               last_play=LastPlay(W, (LastMove(2, 0), LastMove(1, 0))), score=MatchScore(4, 1, 5),
               result=GameResult(W, 2, "mars")),
        _scene("plakoto-tie", "bW1,,,,,W5,,W4,,,,B4,W4,,,,B4,,B5,,,,,wB1 w 0/0/0 0/0/0", W,
               last_play=LastPlay(B, (LastMove(2, 1, hit=True),)), result=GameResult(None, 0, "tie")),
        _scene("tawula-capote", "W4,W3,W3,,W2,W2,,,,,,,B4,B3,B3,B2,,B2,,,,,, b 0/0/1 0/1/0", W,
               last_play=LastPlay(W, (LastMove(9, 3, hit=True), LastMove(6, 0))),
               result=GameResult(W, 7, "capote"), score=MatchScore(0, 0, 7)),
        _scene("plakoto-unicode-names", plakoto_mid, B, dice=(2, 1), last_play=white_pins,
               names={W: "محمد علي 🎲", B: "🐉 Анастасия-Βασιλική Ivanova-Papadopoulou 王"}),
    ]


def random_game(name: str = "plakoto", seed: int = 7, max_plays: int = 60,
                names: dict[Side, str] | None = None) -> list[Scene]:
    """The boards of a game played by random legal plays, white's view: the start, then one per play."""
    from game.plays import legal_plays

    rng = random.Random(seed)
    v = variant(name)
    pos = Position.start(v)
    shown = names or NAMES
    dice = (rng.randint(1, 6), rng.randint(1, 6))
    scenes = [Scene(pos, W, dice=dice, names=shown)]
    for _ in range(max_plays):
        plays = legal_plays(pos, dice)
        if plays:
            play = rng.choice(plays)
            last = LastPlay.from_steps(pos.turn, play.steps)
            end = play.end
            pos = play.position
        else:
            last, end = LastPlay(pos.turn), None
            pos = pos.with_turn(pos.turn.other)
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        scenes.append(Scene(pos, W, last_play=last, dice=dice, names=shown, result=end))
        if end is not None:
            break
    return scenes


def varied_scenes(n: int, seed: int = 1) -> list[Scene]:
    """`n` scenes: the samples, then boards of random games of every variant, both viewers, with and without
    a match score."""
    base = [s for _, s in sample_scenes()]
    out = list(base)
    k = 0
    while len(out) < n:
        game = random_game(("plakoto", "tapa", "mahbusa", "tawula")[k % 4], seed=seed + k, max_plays=80)
        score = MatchScore(k % 3, (k + 1) % 4, 5) if k % 2 else None
        out.extend(replace(s, viewer=W if i % 2 else B, score=score) for i, s in enumerate(game))
        k += 1
    return out[:n]
