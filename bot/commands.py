"""The command table and grammar every adapter shares: one line of text in, one `Command` (or a `CommandError`) out.

`TABLE` is the one list of commands: each `Spec` has its name, its arguments and help line (English msgids,
translated where shown), the front ends that list it, and its parser. It feeds this grammar, `/help`
(`bot.info`), Telegram's command menus (`bot.telegram_adapter.menu`), Discord's slash commands
(`bot.discord_adapter.slash`) and `tabla --help` (`bot.cli`); `bot.dispatch` maps each name to its handler.

    /challenge @bob tapa mother=tie to 5     a targeted challenge (no @name: open to the whole chat)
    /play ai tavli to 3                      a game or match against the computer (a cycle match here)
    /move 24/18 13/8 [game]   or just   24/18 13/8
    /start c-<challenge> | g-<game>          a deep link's payload

A game or challenge id may be written with or without a leading `#`. Parsing never touches state; it reads every
command on every front end (a typed `/start` on Discord still works), `Spec.where` says where it is listed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from game import ALIASES as VARIANT_ALIASES
from game import CYCLES, PRESETS

from .cube.table import ROWS as CUBE
from .games import OFFERS
from .replies import Identity

MAX_LENGTH = 300
MAX_MATCH = 25

REMIND = ("dm", "chat", "off")
NAMES: tuple[str, ...] = (*PRESETS, *VARIANT_ALIASES, *(c for c in CYCLES if c not in PRESETS))  # what /play may name
_ID = re.compile(r"^#?([a-z2-7]{4,12})$")
_NAME = re.compile(r"^@?[\w.\-]{1,64}$")
_LANG = re.compile(r"^[a-z]{2}$")


class CommandError(ValueError):
    """A line that is not a valid command; `message` is an English msgid with `{}` fields for `values`."""

    def __init__(self, message: str, **values: object) -> None:
        super().__init__(message.format(**values))
        self.message = message
        self.values = values


@dataclass(frozen=True, slots=True)
class Command:
    """One command, from text (`parse`), a slash command or a button. Only the fields its `name` uses are set.

    A player argument is `player` when the front end resolved it (a user option, a reply, a mention with an
    id), else `target`, a handle typed as text that the service looks up in its directory.
    """

    name: str
    ref: str | None = None          # a game or challenge id
    target: str | None = None       # a player named by handle (/challenge @bob, /stats bob); "chat" for /lang
    player: Identity | None = None  # a player the front end resolved
    variant: str | None = None
    options: dict[str, str] = field(default_factory=dict)
    match_to: int | None = None
    notation: str | None = None
    value: str | None = None        # /lang code, /deadline hours, /season mode, /standings all|season|pin,
                                    # /vacation days, a /tournament verb
    season: str | None = None       # /standings season 2026-10
    kind: str | None = None         # a tournament's format (roundrobin, knockout, sections)


def looks_like_move(text: str) -> bool:
    """Bare text that a player most likely meant as a play (`24/18 13/8`)."""
    first = text.strip().split(maxsplit=1)[0] if text.strip() else ""
    return "/" in first and not first.startswith("/")


def parse(text: str) -> Command:
    """Parse one line.

    :raises CommandError: an unknown command, a malformed argument, extra words, or unusable text.
    """
    if not isinstance(text, str):
        raise CommandError("I only understand text commands; try /help.")
    if len(text) > MAX_LENGTH:
        raise CommandError("That is too long for a command ({limit} characters at most); try /help.",
                           limit=MAX_LENGTH)
    if any(ord(ch) < 32 and ch not in "\t\n\r" for ch in text) or "\ufffd" in text:
        raise CommandError("That text has control characters I cannot read; try /help.")
    if any("\ud800" <= ch <= "\udfff" for ch in text):  # undecodable bytes (surrogateescape), lone surrogates
        raise CommandError("That text is not valid UTF-8; please type it again.")
    line = " ".join(text.split())
    if not line:
        raise CommandError("Send a command such as /help.")
    if not line.startswith("/"):
        if looks_like_move(line):
            return _move(line.split())
        raise CommandError("I did not understand that. Commands start with /; try /help.")
    word, *args = line[1:].split(" ")
    name = word.split("@", 1)[0].lower()  # Telegram appends @botname in groups
    spec = BY_NAME.get(name) or ALIASES.get(name)
    if spec is None:
        raise CommandError("Unknown command /{name}; try /help.", name=name[:20])
    return spec.parse(spec.name, [a for a in args if a])


def _game_id(token: str) -> str | None:
    m = _ID.match(token.lower())
    return m.group(1) if m else None


def _ref(name: str, args: list[str]) -> Command:
    if len(args) > 1:
        raise CommandError("/{name} takes at most one id, not {n} words.", name=name, n=len(args))
    if not args:
        return Command(name)
    ref = _game_id(args[0])
    if ref is None:
        raise CommandError("{word!r} is not an id; ids look like #k3vq7d (see /games or /lobby).",
                           word=args[0][:20])
    return Command(name, ref=ref)


YES = ("yes", "y", "да", "ναι")  # `/resign yes`: resign without the question (any word of these, any case)


def _resign(name: str, args: list[str]) -> Command:
    """`/resign [yes] [game]`: without `yes` the service asks to confirm (R-END-6)."""
    sure = [a for a in args if a.lower() in YES]
    cmd = _ref(name, [a for a in args if a.lower() not in YES])
    return Command(name, ref=cmd.ref, value="yes") if sure else cmd


def _bare(name: str, args: list[str]) -> Command:
    if args:
        raise CommandError("/{name} takes no arguments.", name=name)
    return Command(name)


def _move(args: list[str]) -> Command:
    ref = None
    moves = []
    for token in args:
        if "/" not in token and _game_id(token) is not None and ref is None:
            ref = _game_id(token)
        else:
            moves.append(token)
    if not moves:
        raise CommandError("Write your play after /move, for example /move 24/18 13/11.")
    return Command("move", ref=ref, notation=" ".join(moves))


def _setup(name: str, args: list[str], target: str | None) -> Command:
    """The variant, options and match length shared by /challenge and /play."""
    variant = None
    options: dict[str, str] = {}
    match_to = None
    i = 0
    while i < len(args):
        word = args[i].lower()
        if word in NAMES and variant is None:
            variant = word
        elif "=" in word:
            key, _, value = word.partition("=")
            options[key] = value
        elif word == "to" and i + 1 < len(args):
            match_to = _points(args[i + 1])
            i += 1
        elif _digits(word) and match_to is None:
            match_to = _points(word)
        else:
            raise CommandError("I did not understand {word!r}; for example: /{name} tapa mother=tie to 5.",
                               word=args[i][:20], name=name)
        i += 1
    return Command(name, target=target, variant=variant, options=options, match_to=match_to)


def _digits(word: str) -> bool:
    """Plain ASCII digits (not `²` or `١٢`, which `str.isdigit` also accepts)."""
    return word.isascii() and word.isdigit()


def _points(word: str) -> int:
    """A match length: R-MATCH-1 allows odd N (1, 3, 5, …), here up to MAX_MATCH."""
    if not _digits(word) or not 1 <= int(word) <= MAX_MATCH:
        raise CommandError("A match is played to 1..{most} points, not {word!r}.", most=MAX_MATCH, word=word[:20])
    if int(word) % 2 == 0:
        raise CommandError("A match is played to an odd number of points (1, 3, 5, …), not {n}: try {lower} or "
                           "{higher}.", n=int(word), lower=int(word) - 1, higher=int(word) + 1)
    return int(word)


def _challenge(name: str, args: list[str]) -> Command:
    target = None
    if args and args[0].startswith("@"):
        if not _NAME.match(args[0]) or len(args[0]) < 2:
            raise CommandError("{word!r} is not a player name.", word=args[0][:20])
        target = args[0][1:]
        args = args[1:]
    elif args and args[0].lower() in ("open", "all", "anyone"):
        args = args[1:]
    return _setup(name, args, target)


def _play(name: str, args: list[str]) -> Command:
    if args and args[0].lower() in ("ai", "bot", "computer", "cpu"):
        args = args[1:]
    return _setup(name, args, None)


def _rules(name: str, args: list[str]) -> Command:
    """`/rules [variant]`; `/rules tabla cycle` (or `tabla-cycle`) is the Tabla match."""
    words = [a.lower() for a in args]
    if words in (["tabla", "cycle"], ["tabla", "cycle=tabla"], ["tabla-cycle"]):
        return Command(name, variant="tabla", value="cycle")
    if words in (["cube"], ["cube=on"]):
        return Command(name, value="cube")  # the doubling cube (RULES.md §13)
    if len(words) > 1 or (words and words[0] not in NAMES):
        raise CommandError("/rules takes one of: {variants}.", variants=", ".join(o.typed for o in OFFERS))
    return Command(name, variant=words[0] if words else None)


MATCH_WORDS = ("match", "мач", "αγώνας", "αγωνας", "ματς")  # `/export match`: the whole match
GAME_WORDS = ("game", "игра", "партия", "παρτίδα", "παρτιδα")  # `/export game`: the game alone (the default)


def _export(name: str, args: list[str]) -> Command:
    """`/export [match] [game]`: the file of a game, or with `match` of its whole match."""
    scope = [a for a in args if a.lower() in MATCH_WORDS + GAME_WORDS]
    if len(scope) > 1:
        raise CommandError("/export takes match or game once, and a game id.")
    cmd = _ref(name, [a for a in args if a.lower() not in MATCH_WORDS + GAME_WORDS])
    whole = bool(scope) and scope[0].lower() in MATCH_WORDS
    return Command(name, ref=cmd.ref, value="match" if whole else "game")


def _lang(name: str, args: list[str]) -> Command:
    """`/lang [code]` for the caller; `/lang chat <code>` for the whole chat (its players' fallback)."""
    target = None
    if args and args[0].lower() == "chat":
        target, args = "chat", args[1:]
        if not args:
            raise CommandError("/lang chat takes a two-letter language code such as en, bg or el.")
    if len(args) > 1 or (args and not _LANG.match(args[0].lower())):
        raise CommandError("/lang takes a two-letter language code such as en, bg or el.")
    return Command(name, target=target, value=args[0].lower() if args else None)


def _stats(name: str, args: list[str]) -> Command:
    if len(args) > 1 or (args and not _NAME.match(args[0])):
        raise CommandError("/stats takes at most one player name.")
    return Command(name, target=args[0].lstrip("@") if args else None)


SEASON_MODES = ("monthly", "quarterly", "off")
_SEASON = re.compile(r"^\d{4}-(?:0[1-9]|1[0-2]|[qQ][1-4])$")


def _season(name: str, args: list[str]) -> Command:
    """`/season [monthly|quarterly|off]`."""
    if len(args) > 1 or (args and args[0].lower() not in SEASON_MODES):
        raise CommandError("/season takes monthly, quarterly or off.")
    return Command(name, value=args[0].lower() if args else None)


def _standings(name: str, args: list[str]) -> Command:
    """`/standings` (the current season, then all time), `/standings all`, `/standings season 2026-10` (or just
    `/standings 2026-10`), `/standings pin` (a card kept current)."""
    words = [a.lower() for a in args]
    if words and words[0] == "season":
        words = words[1:]
        if len(words) != 1:
            raise CommandError("Name the season, for example /standings season 2026-10 or 2026-Q4.")
    if not words:
        return Command(name)
    if len(words) == 1 and words[0] in ("all", "pin"):
        return Command(name, value=words[0])
    if len(words) == 1 and _SEASON.match(words[0]):
        return Command(name, value="season", season=words[0].upper())
    raise CommandError("/standings takes all, pin, or a season such as 2026-10 or 2026-Q4.")
POOL_WORDS: dict[str, str] = {**{o.key: o.key for o in OFFERS}, **VARIANT_ALIASES}


def _top(name: str, args: list[str]) -> Command:
    """`/top [global] [pool]`: a pool is a game's word (`plakoto`, `tavli`, `tabla-cycle`; RATINGS.md RT-1)."""
    words = [a.lower() for a in args]
    everywhere = bool(words) and words[0] in ("global", "all")
    if everywhere:
        words = words[1:]
    if words in (["tabla", "cycle"], ["tabla", "cycle=tabla"]):
        words = ["tabla-cycle"]
    if len(words) > 1 or (words and words[0] not in POOL_WORDS):
        raise CommandError("/top takes global and one of: {pools}.", pools=", ".join(o.key for o in OFFERS))
    return Command(name, target="global" if everywhere else None,
                   variant=POOL_WORDS[words[0]] if words else None)


def _remind(name: str, args: list[str]) -> Command:
    if len(args) > 1 or (args and args[0].lower() not in REMIND):
        raise CommandError("/remind takes dm, chat or off.")
    return Command(name, value=args[0].lower() if args else None)


def _start(name: str, args: list[str]) -> Command:
    """`/start` (help), or `/start c-<challenge>` / `/start g-<game>` from a deep link."""
    if not args:
        return Command(name)
    kind, _, ref = args[0].lower().partition("-")
    if len(args) > 1 or kind not in ("c", "g") or _game_id(ref) is None:
        return Command(name)  # an unknown payload is just a first visit
    return Command(name, ref=_game_id(ref), value=kind)


def _deadline(name: str, args: list[str]) -> Command:
    if len(args) > 1:
        raise CommandError("/deadline takes a number of hours, for example /deadline 48.")
    if args:
        word = args[0]
        try:
            hours = float(word) if word.isascii() else -1.0  # float() also reads "١٢" and "1e309"
        except ValueError:
            hours = -1.0
        if not 1 <= hours <= 24 * 30:  # false for inf and nan too
            raise CommandError("A move deadline is 1 to 720 hours, not {word!r}.", word=args[0][:20])
        return Command(name, value=f"{hours:g}")
    return Command(name)


@dataclass(frozen=True, slots=True)
class VerbSpec:
    """One verb of a command with verbs (`/tournament new`): its name, arguments and help line (English msgids)."""

    name: str
    args: str
    help: str


TOURNAMENT_FORMATS = ("roundrobin", "knockout", "sections")
_FORMAT_WORDS = {"roundrobin": "roundrobin", "round-robin": "roundrobin", "rr": "roundrobin",
                 "knockout": "knockout", "ko": "knockout", "sections": "sections"}
TOURNAMENT_VERBS: tuple[VerbSpec, ...] = (
    VerbSpec("new", "[game] [options] [to N] [format roundrobin|knockout|sections]",
             "Open a tournament here that you direct"),
    VerbSpec("join", "[id]", "Join a tournament"),
    VerbSpec("leave", "[id]", "Leave a tournament (once it has started: withdraw)"),
    VerbSpec("start", "[id]", "Start your tournament: every pairing that can start starts"),
    VerbSpec("cancel", "[id]", "Cancel your tournament"),
    VerbSpec("table", "[id]", "A tournament's table or bracket"),
    VerbSpec("remove", "[id] @player", "Remove a player from your tournament (once started: a withdrawal)"),
    VerbSpec("list", "", "The tournaments of this chat"),
)
TOURNAMENT_BY_VERB = {v.name: v for v in TOURNAMENT_VERBS}


def _tournament(name: str, args: list[str]) -> Command:
    """`/tournament` (the chat's), `/tournament new [game] [options] [to N] [format F]`, `/tournament <verb> [id]`,
    `/tournament remove [id] @player`."""
    if not args:
        return Command(name, value="list")
    verb = args[0].lower()
    if verb not in TOURNAMENT_BY_VERB:
        raise CommandError("/tournament takes one of: {verbs}.", verbs=", ".join(v.name for v in TOURNAMENT_VERBS))
    rest = args[1:]
    if verb == "list":
        return Command(name, value=verb) if not rest else _bare(f"{name} list", rest)
    if verb == "remove":
        return _remove(name, rest)
    if verb != "new":
        return replace(_ref(name, rest), value=verb)
    kind = None
    words: list[str] = []
    i = 0
    while i < len(rest):
        word = rest[i].lower()
        if word == "format" and i + 1 < len(rest):
            word = rest[i + 1].lower()
            i += 1
            if word not in _FORMAT_WORDS:
                raise CommandError("A tournament is a roundrobin, a knockout or sections, not {word!r}.",
                                   word=rest[i][:20])
        if word in _FORMAT_WORDS and kind is None:
            kind = _FORMAT_WORDS[word]
        else:
            words.append(rest[i])
        i += 1
    return replace(_setup(name, words, None), value=verb, kind=kind)


def _remove(name: str, args: list[str]) -> Command:
    """`/tournament remove [id] @player` (the player: a handle, or resolved by the front end when omitted)."""
    handle = args[-1] if args and args[-1].startswith("@") else None
    if handle is not None and (not _NAME.match(handle) or len(handle) < 2):
        raise CommandError("{word!r} is not a player name.", word=handle[:20])
    cmd = _ref(name, args[:-1] if handle is not None else args)
    return replace(cmd, value="remove", target=handle[1:] if handle else None)


VACATION_DAYS = 14  # at most, in any 365 days (`storage.vacations`)


def _vacation(name: str, args: list[str]) -> Command:
    """`/vacation` (where it stands), `/vacation <days>` (1 to 14), `/vacation off`."""
    if not args:
        return Command(name)
    if len(args) == 1 and args[0].lower() == "off":
        return Command(name, value="off")
    if len(args) == 1 and _digits(args[0]) and 1 <= int(args[0]) <= VACATION_DAYS:
        return Command(name, value=str(int(args[0])))
    raise CommandError("/vacation takes a number of days from 1 to {most}, or off.", most=VACATION_DAYS)


CONSOLE, TELEGRAM, DISCORD = "console", "telegram", "discord"
EVERYWHERE = frozenset({CONSOLE, TELEGRAM, DISCORD})
CHATS = frozenset({TELEGRAM, DISCORD})  # where an invite link exists


@dataclass(frozen=True, slots=True)
class Spec:
    """One command of the table.

    `args` (what follows the name, as /help shows it) and `help` (one line, at most 100 characters: Discord's
    limit for a description) are English msgids. `where` holds the front ends that list it (in /help and their
    menus); `menu` False keeps it out of /help and the menus everywhere (Telegram's own /start). `aliases` are
    other names the grammar reads (`/m` for `/move`).
    """

    name: str
    args: str
    help: str
    parse: Callable[[str, list[str]], Command]
    where: frozenset[str] = EVERYWHERE
    menu: bool = True
    aliases: tuple[str, ...] = ()

    def usage(self, t: Callable[[str], str] = str) -> str:
        """`/name args`, the arguments translated by `t`."""
        return f"/{self.name} {t(self.args)}" if self.args else f"/{self.name}"


TABLE: tuple[Spec, ...] = (
    Spec("play", "ai [game] [options] [to N]", "Play against the computer", _play),
    Spec("challenge", "[@name] [game] [options] [to N]", "Challenge a player, or anyone here, to a game",
         _challenge, aliases=("new",)),
    Spec("accept", "[id]", "Accept a challenge", _ref),
    Spec("decline", "[id]", "Decline a challenge to you", _ref),
    Spec("cancel", "[id]", "Withdraw your challenge", _ref),
    Spec("lobby", "", "Open challenges here", _bare),
    Spec("rematch", "[game]", "Challenge your opponent to the same game or match again", _ref),
    Spec("move", "24/18 13/11 [game]", "Make your play (or just send it)", lambda name, args: _move(args),
         aliases=("m", "mv")),
    *(Spec(action.value, "[game]", row.help, _ref) for action, row in CUBE.items()),  # the cube's table
    Spec("board", "[game]", "Show the board of your game", _ref),
    Spec("position", "[game]", "The position as text, to copy or study", _ref),
    Spec("resign", "[yes] [game]", "Resign your game (asks to confirm)", _resign),
    Spec("hint", "[game]", "The best plays for your dice, against the computer", _ref),
    Spec("history", "[game]", "An animated replay of a game", _ref),
    Spec("export", "[match] [game]", "A file of a game or its match: for backgammon programs, or to replay",
         _export),
    Spec("review", "[game]", "How well each side played a finished game", _ref),
    Spec("verify", "[game]", "Check a finished game's dice against their published seed", _ref),
    Spec("tournament", "[new|join|leave|start|cancel|table|remove] [id]", "Tournaments here: open, join, start, tables",
         _tournament),
    Spec("games", "", "Your games in progress", _bare),
    Spec("standings", "[all|pin|season 2026-10]", "The standings here: this season, all time, or a card kept current",
         _standings),
    Spec("season", "[monthly|quarterly|off]", "Keep monthly or quarterly seasons here", _season),
    Spec("stats", "[player]", "A player's results and ratings", _stats),
    Spec("top", "[global] [game]", "The best rated players here, or everywhere", _top),
    Spec("rules", "[game|cube]", "The rules of a game, a match or the doubling cube", _rules),
    Spec("lang", "[chat] [code]", "Choose the language I answer you in", _lang, aliases=("language",)),
    Spec("deadline", "[hours]", "The time per move here, in hours", _deadline),
    Spec("remind", "[dm|chat|off]", "Where your reminders to move go", _remind),
    Spec("vacation", "[days|off]", "Pause your move deadlines while you are away", _vacation),
    Spec("invite", "", "A link to add me to another group or server", _bare, where=CHATS),
    Spec("help", "", "How to play, and every command", _bare),
    Spec("start", "[link]", "Start here, or open a shared link", _start, where=frozenset({TELEGRAM}), menu=False),
)
BY_NAME: dict[str, Spec] = {spec.name: spec for spec in TABLE}
ALIASES: dict[str, Spec] = {alias: spec for spec in TABLE for alias in spec.aliases}
COMMANDS: tuple[str, ...] = tuple(BY_NAME)


def listed(platform: str) -> tuple[Spec, ...]:
    """The commands `platform` lists (in /help and its menus), in the table's order."""
    return tuple(spec for spec in TABLE if spec.menu and platform in spec.where)
