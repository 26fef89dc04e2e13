"""The board page's own words (the board picture's come from `bot.words.board_words`): English msgids here,
their translations in the gettext catalogues (`bot/locales`, msgctxt `page`; `bot.messages` lists them for
`python -m bot.messages --update`). The page gets them as JSON in the viewer's language, with each state and
from `GET /api/words` (before it knows who is asking). Placeholders in braces are filled in by the page.

`REFUSALS` are the page's server's refusals made before it knows who is asking (bad or expired credentials, an
unknown game, a malformed request): short reasons, said in the language the request tells (`refusal`).
"""

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

REFUSALS: dict[str, str] = {
    "sign_in": "sign-in required",
    "not_telegram": "not opened from Telegram",
    "init_long": "initData too long",
    "init_malformed": "initData malformed",
    "init_unsigned": "initData unsigned",
    "init_forged": "initData signature invalid",
    "init_undated": "initData without a date",
    "init_expired": "initData expired",
    "init_no_user": "initData without a user",
    "link_malformed": "link malformed",
    "link_forged": "link signature invalid",
    "link_expired": "link expired",
    "no_game": "no such game",
    "bad_game": "bad game id",
    "bad_turn": "bad turn",
    "bad_version": "bad version",
    "too_large": "request too large",
    "not_json": "not JSON",
    "expected_picked": "expected game, version and picked",
    "expected_verb": "expected game, version and verb",
    "too_many": "too many live pages: polling",
    "store_down": "the game store is not answering",
    "server_error": "server error",
    "not_found": "not found",
    "not_allowed": "method not allowed",
    "bad_tournament": "bad tournament id",
    "no_tournament": "no such tournament",
    "other_tournament": "link for another tournament",
}
_REFUSED = frozenset(REFUSALS.values())


def refusal(lang: str, reason: str) -> str:
    """`reason`, one of `REFUSALS` in English, said in `lang`; any other text (already in the visitor's words)
    as it is."""
    if lang == i18n.DEFAULT or reason not in _REFUSED:
        return reason
    return i18n.catalogue(lang).pgettext(PAGE, reason)


@cache
def page_words(lang: str) -> dict[str, str]:
    """The page's words in `lang` (English for English or a language without a catalogue). Do not change the
    dict returned: it is shared."""
    if lang == i18n.DEFAULT:
        return PAGE_WORDS
    catalogue = i18n.catalogue(lang)
    return {key: catalogue.pgettext(PAGE, text) for key, text in PAGE_WORDS.items()}
