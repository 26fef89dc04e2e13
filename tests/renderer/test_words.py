"""The words on the picture come from `Words` (issue 8, item 9): checked templates, no English left on a
translated board, and Greek and Bulgarian words fitting their boxes."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from game import Position, Side, variant
from renderer import ENGLISH, GameResult, LastMove, LastPlay, MatchScore, PendingStage, Scene, Words, layout
from renderer import geometry as G
from renderer import theme as T
from renderer.fonts import font
from renderer.layout import CAPTION_MAX_W, NAME_X
from renderer.samples import BULGARIAN_WORDS, GREEK_WORDS, sample_scenes
from renderer.words import REASONS

from .helpers import pos

W, B = Side.WHITE, Side.BLACK
PLAKOTO = variant("plakoto")
LANGUAGES = {"el": GREEK_WORDS, "bg": BULGARIAN_WORDS}
WORD_ROLES = ("turn", "info", "match", "variant", "caption", "banner", "stage", "offer")


def width(text: str, size: int, bold: bool) -> float:
    return font(size, bold).getlength(text)


def test_english_by_default():
    lay = layout(Scene(Position.start(PLAKOTO), W, score=MatchScore(0, 0, 5)))
    texts = {lb.role: lb.text for lb in lay.labels if lb.side is W or lb.role in ("match", "variant")}
    assert texts["turn"] == "TO MOVE" and texts["info"] == "360 pips"
    assert texts["match"] == "match to 5" and texts["variant"] == "Plakoto"
    assert {lb.text for lb in lay.labels_with("caption")} == {"OFF"}
    assert ENGLISH.stage(5, 4, False) == "cascade: 4 × 5, then 6s"
    assert ENGLISH.stage(3, 2, True) == "passed on: 2 × 3, then 4s, 5s, 6s"
    assert ENGLISH.stage(6, 4, False) == "cascade: 4 × 6"
    assert [ENGLISH.points(n) for n in (1, 2)] == ["1 point", "2 points"]


@pytest.mark.parametrize(("field", "template", "message"), [
    ("pips", "{m} pips", r"Words.pips may use \{n\}, not m"),
    ("wins", "{0} wins", r"Words.wins may use \{name\}"),
    ("cascade", "{n} × {d", "Words.cascade is not a valid template"),
    ("to_move", "", None),
])
def test_templates_are_checked_where_the_words_are_made(field, template, message):
    if message is None:
        assert getattr(Words(**{field: template}), field) == template
        return
    with pytest.raises(ValueError, match=message):
        Words(**{field: template})


def test_mappings_fall_back_to_english_and_are_read_only():
    w = Words(reasons={"mars": "марс"}, variants={"tapa": "Тапа"})
    assert w.reason("mars") == "марс" and w.reason("capote") == "capote" and w.reason("odd") == "odd"
    assert w.variant("tapa") == "Тапа" and w.variant("gulbara") == "Gul Bara"
    assert w.option("cube", "on") == "cube"
    with pytest.raises(TypeError):
        w.reasons["mars"] = "x"  # type: ignore[index]


def _translated_boards(words: Words) -> list:
    """Boards showing every word: the samples, each reason, a tie, both stages, a titled variant."""
    scenes = [replace(s, words=words) for _, s in sample_scenes()]
    lays = [layout(s) for s in scenes]
    end = pos("plakoto", {20: "B15"}, white="0/0/15")
    for reason, points in [(r, 2) for r in REASONS] + [("single", 1)]:
        lays.append(layout(Scene(end, B, result=GameResult(W, points, reason), words=words)))
    lays.append(layout(Scene(end, W, result=GameResult(None, 0, "tie"), words=words)))
    passed = LastPlay(B)
    lays.append(layout(Scene(Position.start(PLAKOTO), W, last_play=passed, words=words, dice=(4, 4),
                       pending=PendingStage(4, 3, True))))
    lays.append(layout(Scene(Position.start(PLAKOTO), B, words=words, pending=PendingStage(2, 4, False))))
    titled = variant("tapa", mother="tie", scoring="backgammon", cube="on")
    lays.append(layout(Scene(Position.start(titled), W, words=words, score=MatchScore(1, 2, 7))))
    off = variant("plakoto", mother="off", cube="off")
    lays.append(layout(Scene(Position.start(off), B, words=words)))
    return lays


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_english_word_is_left_on_a_translated_board(lang):
    words = LANGUAGES[lang]
    for lay in _translated_boards(words):
        for lb in lay.labels:
            if lb.role not in WORD_ROLES:
                continue
            text = re.sub(r"\b(bar|off)\b", "", lb.text)     # the notation of plays (R-NOTE-1) stays
            assert not re.search("[A-Za-z]", text), (lang, lb.role, lb.text)
        for lb in lay.labels_with("caption"):
            assert lb.text in (words.off, words.wait)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_greek_and_bulgarian_words_fit_their_boxes(lang):
    for lay in _translated_boards(LANGUAGES[lang]):
        pills = {(p.box[0] + p.box[2]) // 2: p for p in lay.pills}
        for lb in lay.labels:
            w = width(lb.text, lb.size, lb.bold)
            if lb.role == "caption":
                assert w <= CAPTION_MAX_W and lb.size >= 9, lb
            elif lb.role in ("turn", "stage", "offer"):
                pill = pills[lb.x]
                assert w + 12 <= pill.box[2] - pill.box[0], lb
            elif lb.role == "info":
                assert NAME_X + w <= G.TRAY_X0 - 14, lb
            elif lb.role == "banner":
                assert lay.banner is not None
                x0, _, x1, _ = lay.banner.box
                assert w + 16 <= x1 - x0, lb
            elif lb.role == "stage":
                assert w <= G.BAR_X0 - G.LEFT_X0, lb
        assert not any(lb.text.endswith("…") for lb in lay.labels if lb.role in ("turn", "caption", "banner", "offer"))


def test_the_stage_sits_in_the_half_without_the_dice():
    p = pos("plakoto", {24: "W15", 1: "B15"})
    mine = layout(Scene(p, W, dice=(5, 5), pending=PendingStage(5, 4, False)))
    (stage,) = mine.labels_with("stage")
    assert stage.text == "cascade: 4 × 5, then 6s"
    assert stage.x == (G.LEFT_X0 + G.BAR_X0) // 2 and stage.y == G.MID
    assert all(d.box[0] >= G.RIGHT_X0 for d in mine.dice)
    theirs = layout(Scene(p, B, dice=(5, 5), pending=PendingStage(5, 4, False)))
    assert theirs.labels_with("stage")[0].x == (G.RIGHT_X0 + G.RIGHT_X1) // 2
    over = layout(Scene(p, W, pending=PendingStage(5, 4, False), result=GameResult(W, 1, "single")))
    assert not over.labels_with("stage")
    with pytest.raises(ValueError, match="pending stage"):
        layout(Scene(p, W, pending=PendingStage(5, 0, False)))


def test_a_pass_is_said_in_the_players_language():
    lay = layout(Scene(Position.start(PLAKOTO), W, last_play=LastPlay(B), words=BULGARIAN_WORDS))
    assert [lb.text for lb in lay.labels_with("info") if lb.side is B] == ["360 пипа  ·  няма ход, пас"]
    played = LastPlay(W, (LastMove(24, 18),))
    lay = layout(Scene(Position.start(PLAKOTO), B, last_play=played, words=GREEK_WORDS))
    assert [lb.text for lb in lay.labels_with("info") if lb.side is W] == ["μέτρημα 360  ·  έπαιξε 24/18"]


@pytest.mark.parametrize(("words", "shown"), [
    (ENGLISH, "Tavli to 5  ·  game 4"),
    (GREEK_WORDS, "Τάβλι στους 5  ·  παρτίδα 4"),
    (BULGARIAN_WORDS, "Тавли до 5  ·  игра 4"),
])
def test_a_cycle_match_says_where_it_stands(words, shown):
    """R-CYCLE-1: the cycle, its length and the game being played, beside the score."""
    portes = variant("portes")
    lay = layout(Scene(Position.start(portes), W, score=MatchScore(2, 3, 5, "tavli", 4), words=words))
    assert [lb.text for lb in lay.labels_with("match")] == [shown]
    assert sorted(lb.text for lb in lay.labels_with("score")) == ["2", "3"]


def test_a_passed_turn_reads_as_passed_not_as_a_play_called_pass():
    lay = layout(Scene(Position.start(PLAKOTO), W, last_play=LastPlay(B)))
    assert [lb.text for lb in lay.labels_with("info") if lb.side is B] == ["360 pips  ·  no move, turn passed"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_pip_count_and_the_points_of_a_match_are_different_words(lang):
    """Greek and Bulgarian players say πόντοι / точки for the points of a match; the pip count has its own
    word on the board (μέτρημα, пипа), so "167 points" is never read as a score."""
    words = LANGUAGES[lang]
    pip_word = words.pips.format(n=7).replace("7", "").strip()
    point_words = {words.points(n).replace(str(n), "").strip() for n in (1, 7)}
    match_word = words.match_to.format(n=7).replace("7", "").strip()
    assert pip_word not in point_words and pip_word not in match_word
    assert not any(w in pip_word for w in point_words)


LEGIBLE = 20   # px on the 1040 px board: about 7.7 px on a phone showing it 400 px wide


@pytest.mark.parametrize("words", [ENGLISH, GREEK_WORDS, BULGARIAN_WORDS], ids=["en", "el", "bg"])
def test_the_tray_words_and_the_info_lines_stay_legible_at_400_px(words):
    """OFF / WAIT stand in the wood beside the tray (the bands beyond its ends, the gap between its halves), as
    large as legible text needs; the pip count and the last play are never drawn below `LEGIBLE`."""
    for lay in _translated_boards(words):
        for lb in lay.labels:
            if lb.role in ("caption", "info", "count", "tray"):
                assert lb.size >= LEGIBLE, (lb.role, lb.text, lb.size)
        captions = lay.labels_with("caption")
        assert all(G.TRAY_X0 <= lb.x <= G.TRAY_X1 for lb in captions)
        assert sorted(lb.y for lb in captions if lb.text == words.off) == [G.number_y(24), G.number_y(1)]
        assert [lb.y for lb in captions if lb.text == words.wait] == ([G.MID] if lay.waiting_tray else [])


def test_a_long_stage_is_broken_into_two_whole_lines_not_shrunk():
    """Issue 27: a passed-on stage in Bulgarian is too wide for one line at the stage's size: two lines, whole,
    at that size, inside their pill in the half without the dice."""
    from renderer.layout import STAGE_SIZE

    lay = layout(Scene(Position.start(PLAKOTO), W, last_play=LastPlay(B), words=BULGARIAN_WORDS, dice=(3, 3),
                       pending=PendingStage(3, 2, True)))
    lines = lay.labels_with("stage")
    assert " ".join(lb.text for lb in lines) == BULGARIAN_WORDS.stage(3, 2, True)
    assert len(lines) == 2 and lines[0].y < G.MID < lines[1].y and {lb.size for lb in lines} == {STAGE_SIZE}
    [pill] = [p for p in lay.pills if p.colour == T.BANNER]
    assert pill.box[1] < lines[0].y - STAGE_SIZE // 2 and lines[1].y + STAGE_SIZE // 2 < pill.box[3]
    assert pill.box[0] >= G.LEFT_X0 and pill.box[2] <= G.BAR_X0
    short = layout(Scene(Position.start(PLAKOTO), B, words=BULGARIAN_WORDS, pending=PendingStage(6, 4, False)))
    assert len(short.labels_with("stage")) == 1
