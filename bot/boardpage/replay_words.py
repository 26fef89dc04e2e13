"""The replay page's own words (`bot.web.replay`): English msgids here, their translations in the gettext
catalogues under the page's msgctxt (`bot.boardpage.words.PAGE`; `bot.messages` lists them). Placeholders in braces
are filled in by the page."""

from __future__ import annotations

from functools import cache

from .. import i18n
from .words import PAGE

REPLAY_WORDS: dict[str, str] = {
    "replay_title": "Replay",
    "replay_open": "Replay the game",
    "replay_back": "Back",
    "replay_next": "Next",
    "replay_first": "Start",
    "replay_last": "End",
    "replay_turn": "Turn {n} of {total}",
    "replay_start": "The starting position.",
    "replay_luck": "Luck of the roll: {luck} points.",
    "replay_luck_total": "Luck in all: {white} {a}, {black} {b}.",
    "replay_error": "An error: {loss} points lost. Better: {best}.",
    "replay_show_better": "Show the better play",
    "replay_show_played": "Show the play made",
    "replay_better_strip": "better {play}",
    "replay_judge_net": "Judged by the trained net, {n} plies ahead.",
    "replay_judge_heuristic": "Judged by the heuristic, {n} ply ahead.",
    "replay_errors": "Errors: {n}",
    "replay_hint": "Swipe, tap the board's sides or use the arrow keys to step.",
    "replay_playing": "This game is still being played: its replay opens when it ends.",
}


@cache
def replay_words(lang: str) -> dict[str, str]:
    """The replay page's words in `lang` (English for English or a language without a catalogue). Do not change
    the dict returned: it is shared."""
    if lang == i18n.DEFAULT:
        return REPLAY_WORDS
    catalogue = i18n.catalogue(lang)
    return {key: catalogue.pgettext(PAGE, text) for key, text in REPLAY_WORDS.items()}
