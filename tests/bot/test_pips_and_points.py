"""Pips and the points of a match are different words in Bulgarian and Greek (issue 18), the same on the board
and in messages: a pip count is "μέτρημα {n}" / "{n} пипа", a match's points "πόντος/πόντοι" / "точка/точки",
and a passed turn "καμία κίνηση, πάσο" / "няма ход, пас"."""

from __future__ import annotations

import re

import pytest

from bot import i18n
from bot.messages import all_messages
from bot.words import board_words

BOARD = {
    "bg": {"pips": "7 пипа", "one": "1 точка", "two": "2 точки", "pass": "няма ход, пас"},
    "el": {"pips": "μέτρημα 7", "one": "1 πόντος", "two": "2 πόντοι", "pass": "καμία κίνηση, πάσο"},
}
PIP = {"bg": "пип", "el": "μέτρημα|θέσ"}  # a pip count; a distance counted in pips (Greek: θέσεις)
POINTS = {"bg": "точк", "el": "πόντ"}
MATCH_POINTS = re.compile(r"(\{\w+\}|\b\d|many|number of) points?\b|\bpoints (won|\{pw)")
PIPS = re.compile(r"\bpips?\b")


@pytest.mark.parametrize("lang", sorted(BOARD))
def test_the_board_has_a_word_for_pips_and_one_for_points(lang: str) -> None:
    words = board_words(lang)
    want = BOARD[lang]
    assert words.pips.format(n=7) == want["pips"]
    assert (words.points(1), words.points(2)) == (want["one"], want["two"])
    assert words.pass_turn == want["pass"]
    assert not re.search(POINTS[lang], words.pips) and not re.search(PIP[lang], words.point_other)


def _translations(lang: str, pattern: re.Pattern[str]) -> list[tuple[str, str]]:
    catalogue = i18n.catalogue(lang)
    out = []
    for m in all_messages():
        if m.context is None and pattern.search(m.id):
            out.append((m.id, catalogue.ngettext(m.id, m.plural, 2) if m.plural else catalogue.gettext(m.id)))
    return out


@pytest.mark.parametrize("lang", sorted(BOARD))
def test_messages_about_pips_use_the_pip_word(lang: str) -> None:
    found = _translations(lang, PIPS)
    assert found, "no message about pips"
    for english, text in found:
        assert re.search(PIP[lang], text) and not re.search(POINTS[lang], text), (english, text)


@pytest.mark.parametrize("lang", sorted(BOARD))
def test_messages_about_a_matchs_points_use_the_points_word(lang: str) -> None:
    found = _translations(lang, MATCH_POINTS)
    assert len(found) >= 8, found
    for english, text in found:
        assert re.search(POINTS[lang], text) and not re.search(PIP[lang], text), (english, text)
