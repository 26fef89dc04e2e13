"""tabla's own record files (`.tbl`) for every game, and reading them back (docs/EXPORT.md is the format).

A file is a header of `key: value` lines, then each game: a `game N VARIANT k=v…` line, one line a turn
(`white 65 24/18 13/8`, `black 43 pass`, `opening 53`, `white double`, `black take`, `black resign`) and a
`result` line once the game is over. Reading checks the layout; `replay_text` also replays every game with
the engine, so each play is checked against the rules (R-NOTE-1, R-TURN-2…5, §13).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from .errors import GameError
from .flow import Game
from .gamelog import ACTIONS, GameLog, MatchLog, ReplayError, Turn, start_game, walk
from .outcome import CUBE_REASONS, REASONS, Outcome
from .sides import Side
from .variants import variant

MAGIC = "tabla record 1"
_KEYS = ("site", "id", "date", "white", "black", "white rating", "black rating", "match", "cycle")


class RecordError(ValueError):
    """A line of a record file that cannot be read or replayed: `line` is its number (from 1)."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.reason = message


def _one_line(text: str) -> str:
    return " ".join(text.split())


def write_tbl(match: MatchLog) -> str:
    """The `.tbl` file of `match` (every variant; docs/EXPORT.md)."""
    out = [MAGIC, f"site: {_one_line(match.site)}", f"id: {_one_line(match.match_id) or '0'}"]
    if match.started is not None:
        out.append(f"date: {match.started.astimezone(UTC).strftime('%Y-%m-%d %H:%M')} UTC")
    for side, name, rating in zip(("white", "black"), match.players, match.ratings, strict=True):
        out.append(f"{side}: {_one_line(name) or '?'}")
        if rating:
            out.append(f"{side} rating: {_one_line(rating)}")
    out.append(f"match: {match.target}")
    if match.cycle:
        out.append(f"cycle: {match.cycle}")
    for n, log in enumerate(match.games):
        out += ["", game_header(log, n + 1)]
        out += [turn_line(t) for t in log.turns]
        if log.outcome is not None:
            o = log.outcome
            out.append(f"result {o.winner.value if o.winner else 'tie'} {o.points} {o.reason}")
    return "\n".join(out) + "\n"


def game_header(log: GameLog, number: int) -> str:
    """`game 2 plakoto mother=tie score=1-0 starter=white` — the variant and its options (§9), the score
    before the game, who starts without an opening roll (R-OPEN-2) and `crawford=yes` in a Crawford game."""
    fields = [f"game {number} {log.variant.name}"]
    fields += [f"{k}={v}" for k, v in log.variant.options().items()]
    fields.append(f"score={log.score[0]}-{log.score[1]}")
    if log.starter is not None:
        fields.append(f"starter={log.starter.value}")
    if log.crawford:
        fields.append("crawford=yes")
    return " ".join(fields)


def turn_line(turn: Turn) -> str:
    """One turn: `opening 53` (white's die, black's), `white 65 24/18 13/8`, `white 65 pass`, `white double`,
    `black take`, `black drop`, `black resign`, `white timeout`."""
    dice = f"{turn.dice[0]}{turn.dice[1]}" if turn.dice else ""
    if turn.action == "opening":
        return f"opening {dice}"
    if turn.action == "play":
        return f"{turn.side.value} {dice} {turn.play}"
    if turn.action == "pass":
        return f"{turn.side.value} {dice} pass"
    return f"{turn.side.value} {turn.action}"


# --- reading ----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ReadGame:
    """A game read from a file with the line number of its header, each turn and its result line."""

    log: GameLog
    header: int
    lines: tuple[int, ...]
    result: int


def read_tbl(text: str) -> tuple[MatchLog, list[ReadGame]]:
    """Read a `.tbl` file (layout only; `replay_text` checks the rules too).

    :raises RecordError: a line that is not part of the format, with its number.
    """
    lines = text.splitlines()
    if not lines or lines[0].strip() != MAGIC:
        raise RecordError(1, f"a tabla record file starts with {MAGIC!r}")
    head: dict[str, str] = {}
    games: list[ReadGame] = []
    current: tuple[GameLog, int, list[tuple[Turn, int]], tuple[Outcome, int] | None] | None = None

    def close() -> None:
        if current is not None:
            log, at, turns, result = current
            log = GameLog(log.variant, tuple(t for t, _ in turns), log.score, log.starter, log.crawford,
                          result[0] if result else None)
            games.append(ReadGame(log, at, tuple(n for _, n in turns), result[1] if result else at))

    for number, raw in enumerate(lines[1:], start=2):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        words = line.split()
        if words[0] == "game":
            close()
            current = (_game_header(words, number), number, [], None)
            continue
        if current is None:
            key, sep, value = line.partition(":")
            if not sep or key.strip().lower() not in _KEYS:
                raise RecordError(number, f"expected a header line like 'white: NAME' or a 'game' line, not {line!r}")
            head[key.strip().lower()] = value.strip()
            continue
        if current[3] is not None:
            raise RecordError(number, "nothing may follow a game's result but the next 'game' line")
        if words[0] == "result":
            current = (current[0], current[1], current[2], (_result(words, number), number))
        else:
            current[2].append((_turn(words, number), number))
    close()
    return _match(head, [g.log for g in games]), games


def replay_text(text: str) -> list[Game]:
    """Read a `.tbl` file and replay every game with the engine; the final game of each.

    :raises RecordError: a garbled line, or a turn the rules do not allow, with its line number.
    """
    match, games = read_tbl(text)
    return replay_read(match, games)


def replay_read(match: MatchLog, games: list[ReadGame]) -> list[Game]:
    """Replay games read from a file (`read_tbl`, `game.matread.read_mat`); the final game of each.

    :raises RecordError: a turn the rules do not allow, with its line number.
    """
    finals = []
    for read in games:
        game: Game | None = None
        try:
            for step in walk(read.log, match.target):
                game = step.after
        except ReplayError as exc:
            line = read.lines[exc.turn] if exc.turn < len(read.lines) else read.result
            raise RecordError(line, str(exc)) from None
        finals.append(game if game is not None else start_game(read.log, match.target))
    return finals


def _match(head: dict[str, str], games: list[GameLog]) -> MatchLog:
    started = None
    if "date" in head:
        try:
            started = datetime.strptime(head["date"].removesuffix("UTC").strip(), "%Y-%m-%d %H:%M").replace(tzinfo=UTC)
        except ValueError:
            raise RecordError(1, f"date is written like 2026-11-27 14:03 UTC, not {head['date']!r}") from None
    try:
        target = int(head.get("match", "1"))
    except ValueError:
        raise RecordError(1, f"match is a number of points, not {head['match']!r}") from None
    return MatchLog((head.get("white", "white"), head.get("black", "black")), tuple(games), max(target, 1),
                    head.get("cycle") or None, (head.get("white rating"), head.get("black rating")), started,
                    head.get("site", "tabla"), head.get("id", ""))


def _game_header(words: list[str], number: int) -> GameLog:
    if len(words) < 3 or not words[1].isdigit():
        raise RecordError(number, "a game starts with a line like 'game 1 portes score=0-0'")
    options: dict[str, str] = {}
    score, starter, crawford = (0, 0), None, False
    for word in words[3:]:
        key, sep, value = word.partition("=")
        if not sep:
            raise RecordError(number, f"{word!r} is not a k=v field")
        if key == "score":
            a, dash, b = value.partition("-")
            if not dash or not a.isdigit() or not b.isdigit():
                raise RecordError(number, f"score is written like 1-0, not {value!r}")
            score = (int(a), int(b))
        elif key == "starter":
            starter = _side(value, number)
        elif key == "crawford":
            crawford = value == "yes"
        else:
            options[key] = value
    try:
        return GameLog(variant(words[2], options), (), score, starter, crawford)
    except GameError as exc:
        raise RecordError(number, str(exc)) from None


def _side(word: str, number: int) -> Side:
    try:
        return Side.parse(word)
    except ValueError:
        raise RecordError(number, f"{word!r} is not white or black") from None


def _dice(word: str, number: int) -> tuple[int, int]:
    if len(word) != 2 or any(ch not in "123456" for ch in word):
        raise RecordError(number, f"dice are two digits 1-6 like 65, not {word!r}")
    return int(word[0]), int(word[1])


def _turn(words: list[str], number: int) -> Turn:
    if words[0] == "opening":
        if len(words) != 2:
            raise RecordError(number, "an opening roll is written like 'opening 53'")
        return Turn(Side.WHITE, "opening", _dice(words[1], number))
    side = _side(words[0], number)
    if len(words) == 2 and words[1] in ACTIONS and words[1] not in ("opening", "play", "pass"):
        return Turn(side, words[1], None)  # type: ignore[arg-type]
    if len(words) < 3:
        raise RecordError(number, f"expected a turn like '{side.value} 65 24/18 13/8', not {' '.join(words)!r}")
    dice = _dice(words[1], number)
    if words[2:] == ["pass"]:
        return Turn(side, "pass", dice)
    return Turn(side, "play", dice, " ".join(words[2:]))


def _result(words: list[str], number: int) -> Outcome:
    if len(words) != 4 or not words[2].isdigit() or words[3] not in REASONS + CUBE_REASONS:
        raise RecordError(number, "a result is written like 'result white 2 mars'")
    winner = None if words[1] == "tie" else _side(words[1], number)
    return Outcome(winner, int(words[2]), words[3])
