"""The board page's own words in English, Bulgarian and Greek (the board picture's words come from
`bot.words.board_words`). Kept here, beside the page, so the page travels with its words in one answer."""

from __future__ import annotations

PAGE_WORDS: dict[str, dict[str, str]] = {
    "en": {
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
    },
    "bg": {
        "pick_source": "Ваш ход с {dice}: докоснете пул.",
        "pick_dest": "Докоснете къде да отиде.",
        "complete": "Вашият ход: {play}.",
        "undo": "Отмени",
        "confirm": "Потвърди {play}",
        "forced": "Ходът ви е принуден: {play}. Изиграва се вместо вас.",
        "passing": "Няма възможен ход: редът преминава.",
        "waiting": "{name} е на ход.",
        "watching": "Вие гледате тази игра.",
        "over": "Играта свърши.",
        "played": "Изиграно: {play}.",
        "offline": "Няма връзка; опитвам отново…",
        "moves": "Ходове",
        "title": "Дъска",
        "open": "Отвори дъската",
        "left": "остават {time}",
        "hours": "{n} ч",
        "minutes": "{n} мин",
    },
    "el": {
        "pick_source": "Σειρά σας με {dice}: αγγίξτε ένα πούλι.",
        "pick_dest": "Αγγίξτε πού θα πάει.",
        "complete": "Η κίνησή σας: {play}.",
        "undo": "Αναίρεση",
        "confirm": "Επιβεβαίωση {play}",
        "forced": "Η κίνησή σας είναι αναγκαστική: {play}. Γίνεται για εσάς.",
        "passing": "Καμία έγκυρη κίνηση: η σειρά περνά.",
        "waiting": "Παίζει ο/η {name}.",
        "watching": "Παρακολουθείτε αυτό το παιχνίδι.",
        "over": "Το παιχνίδι τελείωσε.",
        "played": "Παίχτηκε: {play}.",
        "offline": "Χωρίς σύνδεση· νέα προσπάθεια…",
        "moves": "Κινήσεις",
        "title": "Ταμπλό",
        "open": "Άνοιγμα ταμπλό",
        "left": "απομένουν {time}",
        "hours": "{n} ώρ.",
        "minutes": "{n} λεπ.",
    },
}


def page_words(lang: str) -> dict[str, str]:
    """The page's words in `lang` (English for a language it does not have)."""
    return PAGE_WORDS.get(lang, PAGE_WORDS["en"])
