"""The board page's own words (the board picture's come from `bot.words.board_words`): English msgids here,
their translations in the gettext catalogues (`bot/locales`, msgctxt `page`; `bot.messages` lists them for
`python -m bot.messages --update`). The page gets them as JSON in the viewer's language, with each state and
from `GET /api/words` (before it knows who is asking). Placeholders in braces are filled in by the page."""

from __future__ import annotations

from functools import cache

from .. import i18n
from ..cube.table import ROWS as CUBE

PAGE = "page"  # the msgctxt of the page's words

PAGE_WORDS: dict[str, str] = {
    "pick_source": "Your turn with {dice}: tap a checker.",
    "pick_dest": "Tap where to move it.",
    "complete": "Your play: {play}.",
    "undo": "Undo",
    "confirm": "Confirm {play}",
    "forced": "Your play is forced: {play}. It is made for you.",
    "passing": "No legal move: the turn passes.",
    "waiting": "{name} to move.",
    "watching": "You are watching this game.",
    "over": "The game is over.",
    "played": "Played {play}.",
    "offline": "No connection; trying again…",
    "moves": "Moves",
    "title": "Board",
    "open": "Open the board",
    "left": "{time} left",
    "hours": "{n} h",
    "minutes": "{n} min",
    "from_chat": "Open this page from the game's board message.",
    **{action.value: row.label for action, row in CUBE.items()},  # the cube's buttons (bot.cube.table)
    "decide": "Your turn: roll, or double to {value}.",
    "answer": "{name} doubles to {value}: take or drop?",
    "take_worth": "Take: the cube goes to {value} and is yours.",
    "drop_worth": "Drop: the game ends, {points} to {name}.",
    "waiting_decide": "{name} to roll or double.",
    "waiting_answer": "{name} to take or drop {value}.",
    "only_players": "Only the players can do that.",
    "export": "Download the game's file",
    "refused_other_game": "This page was opened for another game.",
    "refused_not_telegram": "This game is not played on Telegram.",
    "refused_not_player": "You are not a player of this game.",
    "no_moves": "Pick a move first.",
    "bad_moves": "Those moves cannot be read: reload the page.",
    "bad_verb": "That button is not one of the cube's.",
    "not_in_match": "This game is not part of a match.",
}


@cache
def page_words(lang: str) -> dict[str, str]:
    """The page's words in `lang` (English for English or a language without a catalogue). Do not change the
    dict returned: it is shared."""
    if lang == i18n.DEFAULT:
        return PAGE_WORDS
    catalogue = i18n.catalogue(lang)
    return {key: catalogue.pgettext(PAGE, text) for key, text in PAGE_WORDS.items()}
