"""Representative boards: each variant, both viewers, pins, the bar, bearing off, Gul Bara's pending stages and
a cascade's numbered arrows, moves round either end of the board, arrows leaving crowded stacks, finished
games, and boards in Greek and in Bulgarian.

Used by the gallery command, the golden-image tests, the benchmark and to choose the picture's palette.
TPNs are in white's numbering (RULES.md §11); last plays in the mover's numbering.
"""

from __future__ import annotations

import random
from dataclasses import replace

from game import PRESETS, Cube, Position, Side, variant

from .scene import GameResult, LastMove, LastPlay, MatchScore, Scene, pending_stage
from .words import Words

W, B = Side.WHITE, Side.BLACK
NAMES = {W: "Alice", B: "Νίκος"}

# The picture's words in Greek and in Bulgarian: the service's catalogues translate them the same way.
GREEK_WORDS = Words(
    to_move="ΠΑΙΖΕΙ", pips="μέτρημα {n}", bar_protected="προστατευμένη μπάρα", played="έπαιξε {play}",
    pass_turn="καμία κίνηση, πάσο", match_to="αγώνας στους {n}", crawford="Κρόφορντ",
    cycle_match="{cycle} στους {n}  ·  παρτίδα {game}",
    off="ΕΞΩ", wait="ΑΝΑΜ.", wins="{name} κερδίζει", wins_match="{name} κερδίζει τον αγώνα {won}–{lost}",
    tie="Ισοπαλία", point_one="{n} πόντος",
    point_other="{n} πόντοι", no_points="κανένας πόντος", cascade="διπλές: {n} × {d}",
    transferred="από τον αντίπαλο: {n} × {d}", then="{stage}, μετά {later}", later_stage="{d}-{d}",
    offered="προτείνεται διπλό",
    reasons={"single": "", "tie": "", "mars": "μαρς", "backgammon": "τριπλό", "mother": "μάνα",
             "capote": "καπότ", "stuck": "καμία κίνηση", "resign": "εγκατάλειψη", "resigned": "εγκατάλειψη",
             "timeout": "εκτός χρόνου", "drop": "αρνήθηκε το διπλό"},
    variants={"plakoto": "Πλακωτό", "tapa": "Τάπα", "mahbusa": "Μαχμπούσα", "tawula": "Ταβούλα",
              "portes": "Πόρτες", "tabla": "Τάμπλα", "fevga": "Φεύγα", "gulbara": "Γκιουλμπαρά"},
    options={"mother=win": "μάνα: νίκη", "mother=win+tie": "μάνα: νίκη ή ισοπαλία", "mother=tie": "μάνα: ισοπαλία",
             "mother=off": "χωρίς μάνα", "scoring=mars": "μαρς", "scoring=backgammon": "τριπλό",
             "cube=on": "κύβος", "cube=off": "χωρίς κύβο"},
    cycles={"tavli": "Τάβλι", "tabla": "Τάμπλα"},
)
BULGARIAN_WORDS = Words(
    to_move="НА ХОД", pips="{n} пипа", bar_protected="защитен бар", played="изигра {play}",
    pass_turn="няма ход, пас",
    crawford="Крауфорд", match_to="мач до {n}", cycle_match="{cycle} до {n}  ·  игра {game}", off="ВЪН",
    wait="ЧАКАТ", wins="{name} печели", wins_match="{name} печели мача {won}–{lost}", tie="Равенство",
    point_one="{n} точка", point_other="{n} точки",
    no_points="без точки", cascade="каскада: {n} × {d}", transferred="прехвърлени: {n} × {d}",
    then="{stage}, после {later}", later_stage="{d}-{d}",
    offered="предложено удвояване",
    reasons={"single": "", "tie": "", "mars": "марс", "backgammon": "бекгемон", "mother": "майка",
             "capote": "капот", "stuck": "няма ходове", "resign": "предаване", "resigned": "предаване",
             "timeout": "изтекло време", "drop": "отказано удвояване"},
    variants={"plakoto": "Плакото", "tapa": "Тапа", "mahbusa": "Махбуса", "tawula": "Тавула",
              "portes": "Портес", "tabla": "Табла", "fevga": "Февга", "gulbara": "Гюлбара"},
    options={"mother=win": "майка: победа", "mother=win+tie": "майка: победа или равенство",
             "mother=tie": "майка: равенство", "mother=off": "без майка", "scoring=mars": "марс",
             "scoring=backgammon": "бекгемон", "cube=on": "зар за удвояване", "cube=off": "без удвояване"},
    cycles={"tavli": "Тавли", "tabla": "Табла"},
)


def _scene(name: str, tpn: str | None, viewer: Side, **kw: object) -> tuple[str, Scene]:
    v = variant(name.split("-")[0], {"cube": "on"} if "-cube" in name else {})
    pos = Position.start(v) if tpn is None else Position.from_tpn(tpn, v)
    names = kw.pop("names", NAMES)
    return name, Scene(pos, viewer, names=names, **kw)  # type: ignore[arg-type]


def sample_scenes() -> list[tuple[str, Scene]]:
    """Two dozen and more named scenes, each a board someone would want to check by eye."""
    score = MatchScore(2, 1, 5)
    plakoto_mid = ("B6,,B2,W1,,W2,,,wB1,,B3,,W3,,,,bW1,,,W2,,B2,,W5 b 0/0/0 0/0/0")
    white_pins = LastPlay(W, (LastMove(24, 18), LastMove(18, 17, hit=True)))
    tawula_bar = ",,B1,,,W2,B1,W1,,B1,W2,B2,,B3,W1,B2,,,B1,W1,W1,,,W2 w 4/1!/0 4/0/0"
    black_hits = LastPlay(B, (LastMove(25, 19), LastMove(10, 7, hit=True)))
    # portes: black (3 on the bar) entered one checker with the 4, hitting; the 6 could not enter
    portes_bar = ",,,B1,,W4,,W3,,,,B5,W5,,,,B3,,B4,,,,,W2 w 0/1/0 0/2/0"
    black_enters = LastPlay(B, (LastMove(25, 21, hit=True, from_bar=True),))
    # gulbara after white's stage of fours (white's numbering; black's point q is white's q ± 12)
    gulbara_mid = ",,B1,,,W1,B1,,B2,B2,W2,B7,,,W1,,W1,,,W2,,W2,B2,W6"
    fours = LastPlay(W, (LastMove(24, 20), LastMove(24, 20), LastMove(21, 17), LastMove(19, 15)))
    threes = LastPlay(W, (LastMove(20, 17), LastMove(18, 15)))   # stopped short: 2 × 3 passed on
    # white's whole cascade from 4-4 (R-GULBARA-3): its stages of 4s, 5s and 6s, each arrow with its stage
    cascade = LastPlay.joined([
        LastPlay(W, (LastMove(24, 20), LastMove(24, 20), LastMove(22, 18), LastMove(20, 16)), "24/16 24/20 22/18"),
        LastPlay(W, (LastMove(24, 19), LastMove(24, 19), LastMove(24, 19), LastMove(19, 14)), "24/14 24/19(2)"),
        LastPlay(W, (LastMove(20, 14), LastMove(19, 13), LastMove(14, 8), LastMove(11, 5)), "20/8 19/13 11/5")])
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
        _scene("plakoto-greek", plakoto_mid, W, dice=(3, 3), last_play=white_pins, score=score,
               names={W: "Γιώργος", B: "Νίκος"}, words=GREEK_WORDS),
        _scene("tawula-bulgarian", tawula_bar, B, dice=(5, 2), last_play=black_hits, score=MatchScore(4, 6, 7),
               names={W: "Мария", B: "Димитър"}, words=BULGARIAN_WORDS),
        _scene("portes-start", None, W, dice=(3, 1), score=MatchScore(2, 3, 5, "tavli", 4)),
        _scene("tabla-start", None, B, dice=(6, 4), names={W: "Мария", B: "Димитър"}, words=BULGARIAN_WORDS,
               score=MatchScore(0, 0, 7, "tabla", 1)),
        _scene("fevga-start", None, W, dice=(5, 2), names={W: "Γιώργος", B: "Νίκος"}, words=GREEK_WORDS,
               score=MatchScore(1, 0, 5, "tavli", 3)),
        _scene("gulbara-start", None, B, dice=(4, 1)),
        _scene("portes-bar", portes_bar, W, dice=(6, 5), last_play=black_enters, score=MatchScore(1, 2, 5)),
        _scene("portes-bar", portes_bar, B, dice=(6, 5), last_play=black_enters, score=MatchScore(1, 2, 5)),
        _scene("gulbara-cascade", gulbara_mid + " w 0/0/0 0/0/0 t3/3:5x4", W, dice=(5, 5), last_play=fours),
        _scene("gulbara-stages", ",,B1,,W1,W1,B1,W1,B2,B2,W1,B7,W1,W1,W1,W1,W1,W1,W1,W2,,W1,B2,W1 b 0/0/0 0/0/0 t3/3",
               W, last_play=cascade),
        _scene("gulbara-transferred", gulbara_mid + " b 0/0/0 0/0/0 t3/3:3x2!", B, dice=(3, 3),
               last_play=threes, names={W: "Мария", B: "Димитър"}, words=BULGARIAN_WORDS),
        # black's 16/13 13/8 goes round the right end (its 13 is white's 1, its 12 white's 24), past the
        # crowded 24-point
        _scene("fevga-wrap", ",,,,,,,,W1,,,B14,,,,,,,,B1,,,,W14 w 0/0/0 0/0/0", W, dice=(5, 2),
               last_play=LastPlay(B, (LastMove(16, 13), LastMove(13, 8))), names={W: "Γιώργος", B: "Νίκος"},
               words=GREEK_WORDS),
        # black's own 13/11 round the left end, and 24/21 from the crowded stack on its 24-point
        _scene("gulbara-wrap", ",,,,B1,,,,B1,,B1,B11,W1,W1,,W1,W1,,W1,,,,B1,W10 w 0/0/0 0/0/0 t3/3", B,
               dice=(6, 1), last_play=LastPlay(B, (LastMove(13, 11), LastMove(24, 21)))),
        # the doubling cube (R-CUBE-8): in the middle at 1, taken (at its owner's end of the bar), offered, and
        # the Crawford game of a match
        _scene("tapa-cube-middle", None, W, dice=(6, 5), cube=Cube()),
        _scene("tapa-cube-taken", plakoto_mid, W, dice=(4, 2), last_play=white_pins, cube=Cube(4, W)),
        _scene("portes-cube-offered", portes_bar, B, names={W: "Γιώργος", B: "Νίκος"}, words=GREEK_WORDS,
               cube=Cube(2, W, offered=True), score=MatchScore(1, 2, 5)),
        _scene("tapa-cube-crawford", "B7,,,,B3,,W2,,,W2,,B2,,,,W2,,,W8,,,B2,,wB1 b 0/0/0 0/0/0", W,
               dice=(3, 1), names={W: "Мария", B: "Димитър"}, words=BULGARIAN_WORDS, score=MatchScore(4, 2, 5),
               cube=Cube(crawford=True, away=(1, 3))),
        _scene("plakoto-won-greek", ",,,,,,,,,,,,B3,,,,,,B5,B4,,B3,, b 0/0/15 0/0/0", B,
               last_play=LastPlay(W, (LastMove(2, 0), LastMove(1, 0))), score=MatchScore(4, 1, 5),
               result=GameResult(W, 2, "mars"), names={W: "Γιώργος", B: "Νίκος"}, words=GREEK_WORDS),
    ]


def random_game(name: str = "plakoto", seed: int = 7, max_plays: int = 60,
                names: dict[Side, str] | None = None) -> list[Scene]:
    """The boards of a game played by random legal plays, white's view: the start, then one per play (a Gul
    Bara stage counts as a play)."""
    from game import legal_plays

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
            last = LastPlay.from_play(play)
            end = play.end
            pos = play.position
        else:
            last, end = LastPlay(pos.turn), None
            pos = pos.with_turn(pos.turn.other)
        stage = pending_stage(pos)      # a Gul Bara stage is played without a roll (R-GULBARA-3)
        dice = (stage.die, stage.die) if stage else (rng.randint(1, 6), rng.randint(1, 6))
        scenes.append(Scene(pos, W, last_play=last, dice=dice, names=shown, result=end))
        if end is not None:
            break
    return scenes


def long_game(plays: int = 300, name: str = "tawula", seed: int = 5) -> list[Scene]:
    """The boards of `plays` random plays, a new game begun whenever one ends: the start, then one board per
    play (a stand-in for a very long game, for replay bounds and the benchmark)."""
    scenes: list[Scene] = []
    k = 0
    while len(scenes) < plays + 1:
        game = random_game(name, seed=seed + k, max_plays=plays)
        scenes.extend(game if not scenes else game[1:])
        k += 1
    return scenes[: plays + 1]


def varied_scenes(n: int, seed: int = 1) -> list[Scene]:
    """`n` scenes: the samples, then boards of random games of every variant, both viewers, with and without
    a match score."""
    base = [s for _, s in sample_scenes()]
    out = list(base)
    k = 0
    while len(out) < n:
        game = random_game(PRESETS[k % len(PRESETS)], seed=seed + k, max_plays=80)
        score = MatchScore(k % 3, (k + 1) % 4, 5) if k % 2 else None
        out.extend(replace(s, viewer=W if i % 2 else B, score=score) for i, s in enumerate(game))
        k += 1
    return out[:n]
