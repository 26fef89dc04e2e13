"""Every message the bot can show a player, found in the code: the list the catalogues are checked against.

Four sources, each a `Message` (an English msgid, a plural form for `ngettext` entries, a context for the board's
words, and where it was found):

- calls in `bot/` whose text is a literal, read by Babel's Python extractor (`KEYWORDS`: `ctx.t`, `ctx.tn`,
  `i18n.tr`, `i18n.trn`, `Refusal`, `CommandError`, `Event`, `Problem`, and the slash-command descriptions); where the
  text is a name or a lookup instead, the strings assigned to that name in the same file (`resolved`); any
  other expression must be a known hand-over of texts found elsewhere (`PASS_THROUGH`, checked by a test);
- texts held in constants and read where they are shown (`HELD`: /help, /rules, reasons, reminder places,
  the command menus, the adapters' own refusals);
- the engine's messages for players: the literal template of every player-facing `GameError` in `game/`, and
  every `(template, {values})` explanation the engine builds (`engine_templates`);
- the words drawn on a board (`renderer.Words`), in the `board` context (`board_messages`);
- the board page's words (`bot.boardpage.words.PAGE_WORDS`, the replay's
  `bot.boardpage.replay_words.REPLAY_WORDS`), in the `page` context (`page_messages`).

`python -m bot.messages` prints the catalogue template (a `.pot`); `python -m bot.messages --update` merges it
into every `bot/locales/<lang>/LC_MESSAGES/tabla.po` (new messages get an empty translation, vanished ones
become obsolete); `pybabel compile -d bot/locales -D tabla` then builds the `.mo` files.
"""

from __future__ import annotations

import ast
import importlib
import io
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from game import errors
from renderer import words as board

from .boardpage import replay_words
from .boardpage import words as page
from .i18n import DOMAIN, LOCALES
from .words import BOARD, BOARD_PLURALS

ROOT = Path(__file__).resolve().parent.parent
BOT = ROOT / "bot"
GAME = ROOT / "game"
WIDTH = 120

# Babel keyword specs: the name of the call and which of its arguments are the text (1-based).
KEYWORDS: dict[str, Any] = {
    "t": None,                 # ctx.t("…")
    "tn": (1, 2),              # ctx.tn("singular", "plural", n)
    "tr": (2,),                # i18n.tr(lang, "…")
    "trn": (2, 3),             # i18n.trn(lang, "singular", "plural", n)
    "Refusal": None,
    "CommandError": None,
    "Event": None,
    "Problem": None,           # bot.verify's reasons a game does not verify
    "_": None,                 # discord's locale_str, imported as _
}


def _values(value: Mapping[str, str]) -> list[str]:
    return list(value.values())


def _itself(value: str) -> list[str]:
    return [value]


def _choices(value: Iterable[Any]) -> list[str]:
    return [choice.name for choice in value]


def _locale_str(value: Any) -> list[str]:
    return [value.message]


def _table(value: Iterable[Any]) -> list[str]:
    return [text for spec in value for text in (spec.args, spec.help) if text]


def _cube_rows(value: Mapping[Any, Any]) -> list[str]:
    return [text for row in value.values() for text in (row.label, row.message, row.logged, row.stored) if text]


def _capitalized(value: Iterable[str]) -> list[str]:
    return [name.capitalize() for name in value]


def _sides(value: Any) -> list[str]:
    return [side.value for side in value]


# Texts kept in constants and translated where they are shown: (module, name, how to read its texts).
HELD: tuple[tuple[str, str, Callable[[Any], list[str]]], ...] = (
    ("bot.info", "HELP_HEAD", _itself),
    ("bot.info", "HELP_GAMES", _itself),
    ("bot.info", "HELP_EXAMPLE", _itself),
    ("bot.info", "HELP_OPTIONS", _itself),
    ("bot.info", "HELP_CUBE", _itself),
    ("bot.commands", "TABLE", _table),
    ("bot.cube.table", "ROWS", _cube_rows),
    ("bot.commands", "TOURNAMENT_VERBS", _table),
    ("bot.discord_adapter.slash", "TOURNAMENT", _locale_str),
    ("bot.discord_adapter.slash", "FORMATS", _choices),
    ("bot.info", "RULES_INTRO", _itself),
    ("bot.info", "RULES", _values),
    ("bot.info", "REMIND_WORDS", _values),
    ("bot.i18n", "REASONS", _values),
    ("bot.turns", "CASCADE_MESSAGES", _values),
    ("bot.turns", "LAST_STAGE_MESSAGES", _values),
    ("bot.discord_adapter.answers", "BROKEN", _itself),
    ("bot.discord_adapter.answers", "INCOMPLETE", _itself),
    ("bot.discord_adapter.answers", "UNKNOWN_BUTTON", _itself),
    ("bot.discord_adapter.answers", "NO_PAGE", _itself),
    ("bot.discord_adapter.slash", "REMIND_WHERE", _choices),
    ("bot.discord_adapter.slash", "GAME", _locale_str),
    ("bot.discord_adapter.slash", "CHALLENGE", _locale_str),
    ("game", "Side", _sides),
    ("game.match", "CYCLES", _capitalized),
    ("game.ascii", "WORDS", _values),
)

# Calls whose text is neither a literal nor a name assigned in the same file: (file, expression) → where the
# texts it carries are collected.
PASS_THROUGH: Mapping[tuple[str, str], str] = {
    ("bot/context.py", "message"): "Ctx.t hands its caller's msgid on",
    ("bot/console.py", "message"): "Console.t hands its caller's msgid on",
    ("bot/context.py", "singular"): "Ctx.tn hands its caller's msgids on",
    ("bot/context.py", "plural"): "Ctx.tn hands its caller's msgids on",
    ("bot/words.py", "template"): "engine_templates",
    ("bot/service.py", "exc.message"): "the Refusal and CommandError keywords",
    ("bot/verify.py", "problem.message"): "the Problem keyword",
    ("bot/views.py", "event.message"): "the Event keyword and bot.turns.CASCADE_MESSAGES",
    ("bot/turns.py", "message"): "HELD: bot.turns.CASCADE_MESSAGES and LAST_STAGE_MESSAGES",
    ("bot/views.py", "to_move.value"): "HELD: game.Side",
    ("bot/cube/table.py", "to_move.value"): "HELD: game.Side",
    ("bot/cube/table.py", "ROWS[a].label"): "HELD: bot.cube.table.ROWS",
    ("bot/turns.py", "row.message"): "HELD: bot.cube.table.ROWS",
    ("bot/progression.py", "ROWS[action].logged"): "HELD: bot.cube.table.ROWS",
    ("bot/progression.py", "ROWS[action].stored"): "HELD: bot.cube.table.ROWS",
    ("bot/words.py", "cube.ROWS[action].logged"): "HELD: bot.cube.table.ROWS",
    ("bot/review.py", "side.value"): "HELD: game.Side",
    ("bot/matches.py", "cycle.capitalize()"): "HELD: game.match.CYCLES",
    ("bot/telegram_adapter/menu.py", "spec.help"): "HELD: bot.commands.TABLE",
    ("bot/info.py", "message"): "HELD: bot.commands.TABLE and bot.info's HELP_* texts",
    ("bot/info.py", "spec.help"): "HELD: bot.commands.TABLE",
    ("bot/commands.py", "self.args"): "HELD: bot.commands.TABLE",
    ("bot/discord_adapter/answers.py", "message"): "HELD: bot.discord_adapter.answers",
    ("bot/discord_adapter/slash.py", "BY_NAME[name].help"): "HELD: bot.commands.TABLE",
    ("bot/discord_adapter/slash.py", "TOURNAMENT_BY_VERB[verb].help"): "HELD: bot.commands.TOURNAMENT_VERBS",
    ("bot/discord_adapter/slash.py", "offer.name('en')"): "the words module's names (renderer.Words, board context)",
}

# Engine errors only a programmer can cause (a malformed TPN from a tool): never shown to a player.
PROGRAMMER_ERRORS = frozenset({"TPNError"})


@dataclass(frozen=True, slots=True, order=True)
class Message:
    """One msgid (with its plural and context, if any) and where the code shows it."""

    id: str
    plural: str | None = None
    context: str | None = None
    where: str = ""

    @property
    def key(self) -> tuple[str | None, str]:
        return self.context, self.id


def _literal_args(path: Path) -> set[str]:
    """The texts written as literals where a keyword call takes its text."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return {arg.value for node in ast.walk(tree) if isinstance(node, ast.Call) for arg in _text_args(node)
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str)}


def extracted() -> Iterator[Message]:
    """Messages in calls under `bot/` whose text is written as a literal. Babel also picks strings out of an
    expression in a call (`ctx.t(RULES["tabla-cycle"])` gives "tabla-cycle", and `_({"dm": "…"}[w])` glues
    "dm…" together), so only texts that are literal text arguments in their file are kept; lookups like those
    are read by `resolved`."""
    literals: dict[str, set[str]] = {}
    for filename, lineno, text, _, context in extract_from_dir(
            str(BOT), method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=()):
        known = literals.setdefault(filename, _literal_args(BOT / filename))
        texts = text if isinstance(text, tuple) else (text,)
        if not texts[0] or not all(t in known for t in texts if t):
            continue
        where = f"bot/{filename}:{lineno}"
        yield Message(texts[0], texts[1] if len(texts) > 1 and texts[1] else None, context, where)


def _strings(node: ast.AST) -> list[str]:
    """The texts an expression can evaluate to: a literal, either branch of a conditional, a dict's values."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _strings(node.body) + _strings(node.orelse)
    if isinstance(node, ast.Dict):
        return [text for value in node.values for text in _strings(value)]
    return []


def _text_args(node: ast.Call) -> list[ast.expr]:
    spec = KEYWORDS.get(_call_name(node) or "", ())
    return [node.args[i - 1] for i in spec or (1,) if len(node.args) >= i] if _call_name(node) in KEYWORDS else []


def _scan_bot() -> Iterator[tuple[str, int, ast.expr, list[str]]]:
    """Each keyword call in `bot/` whose text is not a literal: file, line, the expression, and the texts
    found for it (strings assigned to the name it reads in the same file; empty when it is not a name)."""
    for path in sorted(BOT.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        assigned: dict[str, list[str]] = {}
        for node in ast.walk(tree):
            if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    if isinstance(target, ast.Name):
                        assigned.setdefault(target.id, []).extend(_strings(node.value))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            for arg in _text_args(node):
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    continue
                read = arg.value if isinstance(arg, ast.Subscript) else arg
                texts = _strings(read) or (assigned.get(read.id, []) if isinstance(read, ast.Name) else [])
                yield str(path.relative_to(ROOT)), node.lineno, arg, texts


def resolved() -> Iterator[Message]:
    """Texts shown through a name or a lookup (`ctx.t(begins)`, `ctx.t(RULES[variant])`)."""
    for where, line, _, texts in _scan_bot():
        for text in texts:
            yield Message(text, where=f"{where}:{line}")


def unexplained() -> list[str]:
    """Keyword calls whose text this module cannot find: neither literal, nor resolved, nor in PASS_THROUGH."""
    return [f"{where}:{line}: {ast.unparse(arg)}" for where, line, arg, texts in _scan_bot()
            if not texts and (where, ast.unparse(arg)) not in PASS_THROUGH]


def held() -> Iterator[Message]:
    """Messages kept in constants (`HELD`)."""
    for module, name, read in HELD:
        for text in read(getattr(importlib.import_module(module), name)):
            if text:
                yield Message(text, where=f"{module}.{name}")


def _player_errors() -> set[str]:
    """The names of the engine's error classes a player can cause."""
    found = {cls.__name__ for cls in vars(errors).values()
             if isinstance(cls, type) and issubclass(cls, errors.GameError)}
    return found - PROGRAMMER_ERRORS


def _call_name(node: ast.Call) -> str | None:
    f = node.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None


def engine_templates() -> Iterator[Message]:
    """The engine's messages for players, however they are written in `game/`: the literal first argument of
    a player-facing `GameError`, and every explanation built as a `(template, {values})` pair."""
    names = _player_errors()
    for path in sorted(GAME.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            text = None
            if isinstance(node, ast.Call) and _call_name(node) in names and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    text = first.value
            elif (isinstance(node, ast.Tuple) and len(node.elts) == 2 and isinstance(node.elts[1], ast.Dict)
                  and isinstance(node.elts[0], ast.Constant) and isinstance(node.elts[0].value, str)):
                text = node.elts[0].value
            if text:
                yield Message(text, where=f"game/{path.name}:{getattr(node, 'lineno', 0)}")


def board_messages() -> Iterator[Message]:
    """The board picture's words (`renderer.Words`'s English defaults and maps), in the `board` context."""
    english = board.ENGLISH
    others = set(BOARD_PLURALS.values())
    for f in fields(english):
        value = getattr(english, f.name)
        if f.name in others:
            continue
        if isinstance(value, str):
            plural = getattr(english, BOARD_PLURALS[f.name]) if f.name in BOARD_PLURALS else None
            yield Message(value, plural, BOARD, f"renderer.Words.{f.name}")
        else:
            for key, text in value.items():
                if text:
                    yield Message(text, None, BOARD, f"renderer.Words.{f.name}[{key}]")


def page_messages() -> Iterator[Message]:
    """The board page's words, in the `page` context."""
    for key, text in page.PAGE_WORDS.items():
        yield Message(text, None, page.PAGE, f"bot.boardpage.words.PAGE_WORDS[{key}]")
    for key, text in page.REFUSALS.items():
        yield Message(text, None, page.PAGE, f"bot.boardpage.words.REFUSALS[{key}]")
    for key, text in replay_words.REPLAY_WORDS.items():
        yield Message(text, None, page.PAGE, f"bot.boardpage.replay_words.REPLAY_WORDS[{key}]")


def all_messages() -> list[Message]:
    """Every message a player can see, one per (context, msgid), the first place it is found kept."""
    seen: dict[tuple[str | None, str], Message] = {}
    for m in [*extracted(), *resolved(), *held(), *engine_templates(), *board_messages(),
              *page_messages()]:
        known = seen.get(m.key)
        if known is None or (known.plural is None and m.plural is not None):
            seen[m.key] = m
    return sorted(seen.values(), key=lambda m: (m.context or "", m.where, m.id))


def template() -> Catalog:
    """The catalogue template: every message, untranslated."""
    catalog = Catalog(project="tabla", domain=DOMAIN, charset="utf-8")
    for m in all_messages():
        msgid = (m.id, m.plural) if m.plural else m.id
        file, _, line = m.where.rpartition(":")
        location = (file, int(line)) if line.isdigit() else (m.where, 0)
        catalog.add(msgid, context=m.context, locations=[location],
                    flags=("python-brace-format",) if "{" in m.id else ())
    return catalog


def update(lang: str) -> Path:
    """Merge the template into `lang`'s `.po` (translations kept, vanished messages marked obsolete)."""
    path = LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    with open(path, "rb") as f:
        catalog = read_po(f, locale=lang)
    created = catalog.creation_date
    catalog.update(template(), no_fuzzy_matching=True, update_header_comment=False)
    catalog.creation_date = created  # only a change of messages shows in the file
    out = io.BytesIO()
    write_po(out, catalog, width=WIDTH, omit_header=False, no_location=True, include_previous=False,
             ignore_obsolete=True)
    path.write_bytes(out.getvalue())
    return path


def main(argv: list[str]) -> int:
    if argv == ["--update"]:
        for lang_dir in sorted(p for p in LOCALES.iterdir() if (p / "LC_MESSAGES").is_dir()):
            print(update(lang_dir.name))
        return 0
    if argv:
        print("usage: python -m bot.messages [--update]", file=sys.stderr)
        return 2
    out = io.BytesIO()
    write_po(out, template(), width=WIDTH, no_location=False)
    sys.stdout.write(out.getvalue().decode("utf-8"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
