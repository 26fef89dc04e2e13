"""No English word left for a Bulgarian or Greek player (issue 18): every kind of reply the service gives —
a whole game, a match to 3 and a cycle match against the computer, a game between two players from the
challenge on, /help, /rules, /history, /export, /games, /lobby, /standings, /stats, /verify, /position, /board, the
settings, refusals, buttons, reminders and a loss on time — and every word drawn on a board, in `bg` and `el`.

The heuristic: a token of three or more Latin letters is English unless it is notation a player types or reads
as such — a command with the words typed after it (`/play ai tavli to 5`), an option (`mother=tie`), a play
(`24/18 13/11`, `6/off`), an id (`#k3vq7d`), a hash or seed, a TPN (`/position`), /stats' line per pool that tools
read (`Plakoto: rating 1510.0 · experience 1 · matches 1–0`) — or a player's name."""

from __future__ import annotations

import io
import random
import re
from collections.abc import AsyncIterator, Iterable
from dataclasses import fields

import pytest

from bot.gamestate import game_of
from bot.replies import Caller, Chat, Identity, Reply
from bot.service import Service
from bot.words import board_words
from game import PRESETS, Side
from game.match import CYCLES
from renderer import ENGLISH, Scene
from storage import Store

from .conftest import Clock

CHAT = Chat("console", "noenglish")
DORA = Identity("console", "dora", "Dora", username="dora")
ERIK = Identity("console", "erik", "Erik", username="erik")
NAMES = {"Dora", "dora", "Erik", "erik"}

# The words typed after a command, shown as the player types them (/help, /rules, examples in sentences).
TYPED = {*PRESETS, *CYCLES, "prava", "gulbara", "tabla-cycle", "ai", "to", "cycle", "yes", "dm", "chat", "off",
         "mother", "scoring", "win", "tie", "mars", "backgammon", "cube", "on", "code", "hours", "N", "cycle=tabla",
         "global", "monthly", "quarterly", "all", "pin", "season",
         "new", "join", "leave", "start", "cancel", "table", "remove", "list", "format", "roundrobin", "knockout",
         "sections"}
COMMAND = re.compile(r"/[a-z_]+(?:@\w+)?((?:[\s,]+(?:\[[^\]]*\]|<[^>]*>|@\S+|#\w+|\w+=[\w+|]+|[\w\-]+|[|]))*)")
NOTATION = [
    re.compile(r"https?://\S+"),
    re.compile(r"\b[0-9a-f]{16,}\b"),  # seeds and their commitments
    re.compile(r"\b(?=[a-z0-9]*\d)[a-z0-9]{6,}\b"),  # ids with digits (challenges)
    re.compile(r"^• [^:\n]+: [a-z ,=|+-]+$", re.M),  # /help's and /rules' "• Плакото: plakoto": what to type
    re.compile(r"[@#]\w+"),  # handles and ids
    re.compile(r"\b\w+=[\w+|]+"),  # options as typed (mother=win+tie, scoring=mars|backgammon)
    re.compile(r"\S*(?:\d|bar|off)\*?(?:/(?:\d+|bar|off)\*?)+(?:\(\d\))?"),  # plays: 24/18*/13, bar/22, 6/off
]
# /stats' line per pool, in English in every language: tools read it (issue 29), as they read a TPN
TOOL_LINE = re.compile(r"^[A-Z][a-z]+(?: [A-Za-z][a-z]+)?: rating \d+\.\d · experience \d+ · matches \d+–\d+$", re.M)
BEFORE_OPTION = re.compile(rf"\b(?:{'|'.join(sorted({*PRESETS, *CYCLES}))})(?= \w+=)")  # `portes cycle=tavli`
LATIN = re.compile(r"[A-Za-z]{3,}")
SHORT = re.compile(r"(?<![\w/=.-])(?:v|vs|to|of|or|in|on|at|by|is|no|an)(?![\w/=.-])")  # short English words


def _typed(match: re.Match[str]) -> str:
    """A command with the words a player types after it, blanked out (only those words: a sentence that goes on
    after the command is still read)."""
    out = [match.group(0).split()[0]]
    rest = match.group(1) or ""
    for token in re.split(r"([\s,]+)", rest):
        word = token.strip(" ,.;:()")
        if not token.strip(" ,") or word in TYPED or word.isdigit() or word[:1] in "[<@#|" or "=" in word \
                or word.isupper() or word in IDS:
            out.append("")
            continue
        break
    return " " if out else match.group(0)


IDS: set[str] = set()


def english_words(text: str, allowed: Iterable[str] = ()) -> set[str]:
    """The tokens of `text` that read as English: Latin words that are no notation, id or name."""
    allow = NAMES | set(allowed) | IDS
    found = set()
    for pattern in (TOOL_LINE, *NOTATION[:4]):
        text = pattern.sub(" ", text)
    for line in text.splitlines():
        typed = TYPED if "/" in line else set()  # a sentence about a command may name what is typed after it
        line = BEFORE_OPTION.sub(" ", line)
        for command in list(COMMAND.finditer(line)):
            line = line.replace(command.group(0), _typed(command) + _tail(command), 1)
        for pattern in NOTATION[4:]:
            line = pattern.sub(" ", line)
        found |= {w for w in LATIN.findall(line) + SHORT.findall(line) if w not in allow and w not in typed}
    return found


def _tail(match: re.Match[str]) -> str:
    """What `_typed` left of the command's arguments, back in the text."""
    rest = match.group(1) or ""
    words = re.split(r"([\s,]+)", rest)
    for i, token in enumerate(words):
        word = token.strip(" ,.;:()")
        if not token.strip(" ,") or word in TYPED or word.isdigit() or word[:1] in "[<@#|" or "=" in word \
                or word.isupper() or word in IDS:
            continue
        return " " + "".join(words[i:])
    return ""


def texts_of(reply: Reply) -> list[str]:
    """Everything a reply shows in words: its text, its buttons and its move builder."""
    out = [reply.text]
    out += [b.label for row in reply.buttons for b in row]
    if reply.builder is not None:
        out += [reply.builder.text, reply.builder.open.label]
        out += [b.label for row in reply.builder.rows for b in row]
    return [t for t in out if t]


class Session:
    """Two players speaking `lang` in one chat, every reply and notice they get kept for the check."""

    def __init__(self, service: Service, lang: str, scenes: list[Scene]) -> None:
        self.service = service
        self.lang = lang
        self.scenes = scenes
        self.seen: list[tuple[str, str]] = []  # (what was sent, a text shown)

    async def say(self, who: Identity, text: str, *, ok: bool | None = True) -> Reply:
        reply = await self.service.handle(Caller(who, CHAT), text)
        if ok is not None:
            assert reply.ok is ok, (text, reply.text)
        self.keep(text, reply)
        return reply

    def keep(self, what: str, reply: Reply) -> None:
        for ident in (reply.game_id, reply.match_id):
            if ident:
                IDS.add(ident)
        self.seen += [(what, t) for t in texts_of(reply)]
        IDS.update(re.findall(r"#(\w+)", reply.text))  # an id is written with its # once, then maybe bare

    async def press_all(self, who: Identity, reply: Reply) -> None:
        """Press the first button of a reply and of its move builder (the builder's next view, its undo)."""
        if reply.builder and reply.builder.rows:
            pressed = await self.service.press(Caller(who, CHAT), reply.builder.rows[0][0].data)
            self.keep("a builder button", pressed)
            if pressed.builder and pressed.builder.rows:
                undo = pressed.builder.rows[-1][0].data
                self.keep("undo", await self.service.press(Caller(who, CHAT), undo))
            self.keep("open", await self.service.press(Caller(who, CHAT), reply.builder.open.data))

    async def play_out(self, game_id: str, players: dict[Side, Identity], seed: int) -> None:
        """Play `game_id`, and the games of its match after it, to the end with random legal plays."""
        rng = random.Random(seed)
        record = await self.service.store.games.get(game_id)
        current = game_id
        for _ in range(3000):
            record = await self.service.store.games.get(current)
            game = game_of(record)
            if game.phase == "over":
                if record.match_id is None:
                    return
                match = await self.service.store.matches.get(record.match_id)
                if match.winner is not None or match.games[-1] == current:
                    return
                current = match.games[-1]
                continue
            who = players[game.turn]
            reply = await self.say(who, f"/move {rng.choice(game.plays()).notation} {current}")
            IDS.add(current)
            if rng.random() < 0.05:
                await self.press_all(who, reply)
        raise AssertionError("the game did not end")

    def leftovers(self) -> dict[str, set[str]]:
        found: dict[str, set[str]] = {}
        for what, text in self.seen:
            allowed = set(LATIN.findall(what)) | PROPER.get(self.lang, set())  # the player's own words, quoted
            if what.startswith("/position"):
                allowed |= set(LATIN.findall(text))  # TPN and the variant as the tools write it
            words = english_words(text, allowed)
            if words:
                found.setdefault(f"{what!r}: {text[:300]!r}", set()).update(words)
        for scene in self.scenes:
            for name in scene.names.values():
                words = english_words(name)
                if words:
                    found.setdefault("a board's names", set()).update(words)
        return found


@pytest.fixture
async def drawn(store: Store, clock: Clock) -> AsyncIterator[tuple[Service, list[Scene]]]:
    scenes: list[Scene] = []
    svc = Service(store, clock=clock, render=scenes.append)  # type: ignore[arg-type]
    for who in (DORA, ERIK):
        await svc.remember(who)
    yield svc, scenes
    svc.close()


async def only_game(service: Service, reply: Reply) -> str:
    assert reply.game_id is not None, reply.text
    return reply.game_id


PROPER = {"el": {"Elo"}}  # proper names a language writes in Latin letters (Greek writes "βαθμοί Elo")


@pytest.mark.parametrize("lang", ["bg", "el"])
async def test_every_reply_is_free_of_english(drawn: tuple[Service, list[Scene]], clock: Clock, lang: str) -> None:
    service, scenes = drawn
    s = Session(service, lang, scenes)
    for who in (DORA, ERIK):
        await s.say(who, f"/lang {lang}")
    # information and settings
    for text in ("/help", "/rules", *(f"/rules {g}" for g in (*PRESETS, "prava", "tavli", "tabla cycle=tabla")),
                 "/lang", "/games", "/lobby", "/standings", "/stats", "/deadline", "/deadline 48", "/remind",
                 "/remind chat", "/remind dm", "/invite", "/top", "/top global", "/top global tavli"):
        await s.say(DORA, text)
    # refusals
    for text in ("/board", "/history", "/verify", "/position", "/resign", "/move 24/18 13/11", "/accept",
                 "/cancel", "/decline", "/board zzzzzz", "/stats @nobody", "/challenge @nobody",
                 "/play ai fevga cube=on", "/play ai fevga scoring=backgammon", "/play ai plakoto cycle=tavli",
                 "/deadline 9999", "/lang xx", "/remind sometimes", "/frobnicate", "hello there", "/play ai nope",
                 "/export", "/export match game", "/top nosuch"):
        await s.say(DORA, text, ok=None)
    # the challenge flow between two players
    await s.say(DORA, "/challenge tapa to 3")
    await s.say(ERIK, "/lobby")
    await s.say(DORA, "/cancel")
    await s.say(DORA, "/challenge @erik fevga")
    await s.say(DORA, "/challenge @erik fevga", ok=None)
    await s.say(ERIK, "/decline")
    await s.say(DORA, "/challenge @erik portes mother=tie", ok=None)
    await s.say(DORA, "/challenge @erik plakoto mother=tie scoring=backgammon")
    await s.say(DORA, "/accept", ok=None)
    started = await s.say(ERIK, "/accept")
    gid = await only_game(service, started)
    IDS.add(gid)
    game = game_of(await service.store.games.get(gid))
    mover, waiter = (DORA, ERIK) if game.turn is Side.WHITE else (ERIK, DORA)
    for text in ("/games", "/board", "/position", "/history", "/verify"):
        await s.say(DORA, text)
    await s.say(waiter, "/move 24/18 13/11", ok=False)
    await s.say(mover, "/move 24/23 24/23 24/23 24/23 24/23", ok=False)
    await s.say(mover, "/move 1/off 1/off", ok=False)
    await s.say(mover, "/move nonsense", ok=False)
    await s.press_all(mover, started)
    for suggestion in await service.suggest(Caller(mover, CHAT), ""):
        s.seen.append(("autocomplete", suggestion.label))
    stale = started.builder.rows[0][0].data if started.builder and started.builder.rows else None
    await s.say(mover, f"/move {game.plays()[0].notation} {gid}")
    if stale is not None:  # a button of a board that has moved on, and a button pressed by a stranger
        s.keep("a stale button", await service.press(Caller(mover, CHAT), stale))
        s.keep("someone else's button", await service.press(Caller(DORA if mover is ERIK else ERIK, CHAT), stale))
    s.keep("a button that is no button", await service.press(Caller(mover, CHAT), "t1:zz:nonsense"))
    await s.say(DORA, f"/lang chat {lang}")
    kinds = set()
    for _ in range(4):
        clock.advance(30)
        for notice in await service.tick():
            kinds.add(notice.kind)
            s.keep(f"a notice ({notice.kind})", notice.reply)
    assert game_of(await service.store.games.get(gid)).phase == "over", kinds
    for text in ("/history", "/verify", "/standings", "/stats", "/stats @erik", "/board"):
        await s.say(DORA, text, ok=None)
    # two players through a whole game, ending in a resignation
    await s.say(DORA, "/challenge @erik gulbara")
    gid = await only_game(service, await s.say(ERIK, "/accept"))
    await s.say(ERIK, f"/resign yes {gid}")
    # a game, a match to 3 and a cycle match against the computer
    players = {Side.WHITE: DORA, Side.BLACK: Identity("ai", "engine", "Computer")}
    for n, text in enumerate(("/play ai tawula", "/play ai tapa to 3", "/play ai tavli to 3",
                              "/play ai tabla cycle=tabla to 3")):
        reply = await s.say(DORA, text)
        gid = await only_game(service, reply)
        await s.say(DORA, "/games")
        await s.play_out(gid, players, seed=n)
        for after in ("/history", "/verify", "/board", "/standings", "/stats", "/stats ai", "/top", "/top global",
                      "/export", "/export match"):
            await s.say(DORA, after, ok=None)
    left = s.leftovers()
    assert not left, "English left for a player speaking " + lang + ":\n" + "\n".join(
        f"{sorted(words)} in {where}" for where, words in sorted(left.items()))


@pytest.mark.parametrize("lang", ["bg", "el"])
def test_every_board_word_is_free_of_english(lang: str) -> None:
    words = board_words(lang)
    left = {}
    for f in fields(ENGLISH):
        value = getattr(words, f.name)
        for text in (value.values() if not isinstance(value, str) else [value]):
            found = english_words(re.sub(r"\{\w+\}", " ", text))  # a template's fields are no words
            if found:
                left[f.name] = found
    assert not left, left


def test_the_heuristic_finds_english_and_spares_notation() -> None:
    """The check can fail: English words are found; notation, commands with typed words and names are not."""
    assert english_words("1. откриване: 4-1 opening") == {"opening"}
    assert english_words("Παρτίδα #k3vq7d: Dora v Erik") == {"v"}
    assert english_words("Erik: 24/18 13/11, bar/22 6/off 13/7*/5(2)") == set()
    assert english_words("Започнете с /play ai tavli to 5 или /challenge @име tabla cycle=tabla to 7.") == set()
    assert english_words("/board shows the position") == {"shows", "the", "position"}
    assert english_words("Тапа, to 5 — Dora") == {"to"}
    assert english_words("Tapa, match to 5") == {"Tapa", "match", "to"}
    assert english_words("поискайте portes cycle=tavli, а не plakoto") == {"plakoto"}
    assert english_words("Tavli: rating 1510.0 · experience 3 · matches 1–0\nТавли: rating 1510.0") == {"rating"}


@pytest.mark.parametrize("lang", ["bg", "el"])
async def test_a_console_session_of_a_tavli_match_is_free_of_english(
        drawn: tuple[Service, list[Scene]], lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The issue's check: a Greek and a Bulgarian console session of a Tavli match against the computer, the ASCII
    boards and the console's own words included, shows nothing English but names and notation."""
    from bot import console as console_module
    from bot.console import CHAT as CONSOLE_CHAT
    from bot.console import Console

    monkeypatch.setattr(console_module, "FEW_PLAYS", 1000)  # the legal plays under every board
    service, _ = drawn
    out = io.StringIO()
    console = Console(service, out, None, "Dora", prompt=False)
    assert await console.line(f"/lang chat {lang}")  # Erik, who chose no language, speaks the chat's
    out.seek(0)
    out.truncate()  # the greeting came before anyone chose a language
    await console.start()
    for text in ("/as Erik", "/as Dora", "/as computer", "/help", "/play ai tavli to 3"):
        assert await console.line(text)
    rng = random.Random(3)
    dora = await service.store.players.find("console", "dora")
    assert dora is not None
    for _ in range(3000):
        active = [g for g in await service.store.games.active_for(dora.id)]
        if not active:
            break
        record = await service.store.games.get(active[0])
        assert record.chat == CONSOLE_CHAT.key
        game = game_of(record)
        assert await console.line(f"/move {rng.choice(game.plays()).notation}")
    else:
        raise AssertionError("the match did not end")
    for text in ("/history", "/games", "/standings", "/stats"):
        assert await console.line(text)
    text = out.getvalue()
    IDS.update(re.findall(r"#(\w+)", text))
    # "/as computer" is echoed; a deadline's time carries its offset from UTC, written so in every language
    left = english_words(text, {"UTF", "UTC", "computer", *PROPER.get(lang, set())})
    assert "Tavli" not in TOOL_LINE.sub(" ", text) and "tavli" in text  # named in the reader's words; typed in /help
    assert not left, sorted(left)
