"""Reading JellyFish `.mat` files of portes and tabla back into game logs (the layout `game.matfile` writes,
which is gnubg's), so that `python -m game replay` checks them with the engine too.

The file does not say which of the two games it is (their rules are the same, R-PORTES-5): it is read as
portes. Opening rolls are not in the file, so each game starts with its first mover (R-OPEN-2). A game that
ends with `Wins N points` while the replay still runs is a resignation of the other side (R-END-6).
"""

from __future__ import annotations

import re

from .flow import Game
from .gamelog import GameLog, MatchLog, ReplayError, Turn, walk
from .sides import Side
from .tblfile import ReadGame, RecordError
from .variants import variant

_SCORE = re.compile(r"^\s*(.*?)\s*:\s*(\d+)\s+(.*?)\s*:\s*(\d+)\s*$")
_MOVE = re.compile(r"^([1-6])([1-6]):(.*)$")
_NUMBERED = re.compile(r"^\s*\d+\)")


def _point(word: str) -> str:
    star = "*" if word.endswith("*") else ""
    core = word.rstrip("*")
    return {"25": "bar", "0": "off"}.get(core, core) + star


def _column(text: str, side: Side, number: int) -> Turn | str | None:
    """One column's record: a Turn, `wins` for a `Wins N points` mark, or None when empty."""
    t = text.strip()
    if not t:
        return None
    m = _MOVE.match(t)
    if m:
        dice = (int(m.group(1)), int(m.group(2)))
        tokens = m.group(3).split()
        if not tokens:
            return Turn(side, "pass", dice)
        return Turn(side, "play", dice, " ".join("/".join(_point(w) for w in tok.split("/")) for tok in tokens))
    word = t.split()[0].lower()
    if word.startswith("double"):
        return Turn(side, "double")
    if word.startswith("take"):
        return Turn(side, "take")
    if word.startswith("drop"):
        return Turn(side, "drop")
    if word.startswith("win"):
        return "wins"
    raise RecordError(number, f"cannot read {t!r}")


def read_mat(text: str) -> tuple[MatchLog, list[ReadGame]]:
    """Read a `.mat` file written as gnubg writes them.

    :raises RecordError: a line that cannot be read, with its number.
    """
    target = None
    cube = True
    names = ("white", "black")
    games: list[ReadGame] = []
    rows: list[tuple[Turn | str, int]] = []
    header: tuple[int, int, int] | None = None  # line, white score, black score
    crawford_seen = False

    def close() -> None:
        nonlocal crawford_seen
        if header is None:
            return
        at, w, b = header
        turns = [(t, n) for t, n in rows if isinstance(t, Turn)]
        wins = next((n for t, n in rows if t == "wins"), None)
        tgt = target or 1
        crawford = cube and tgt > 1 and not crawford_seen and ((w == tgt - 1) != (b == tgt - 1))
        crawford_seen = crawford_seen or crawford
        starter = turns[0][0].side if turns else Side.WHITE
        log = GameLog(variant("portes", {"cube": "on"} if cube else {}), tuple(t for t, _ in turns), (w, b),
                      starter, crawford)
        if wins is not None and turns:
            game: Game | None = None
            try:
                for step in walk(log, tgt):
                    game = step.after
            except ReplayError:
                game = None  # `replay` reports it with its line
            if game is not None and game.phase != "over":
                loser = game.answering or game.turn
                turns.append((Turn(loser, "resign"), wins))
                log = GameLog(log.variant, tuple(t for t, _ in turns), (w, b), starter, crawford)
        games.append(ReadGame(log, at, tuple(n for _, n in turns), at))

    lines = text.splitlines()
    k = 0
    while k < len(lines):
        number, line = k + 1, lines[k]
        k += 1
        stripped = line.strip()
        if not stripped or stripped[0] in ";#":
            if stripped.startswith("; [CubeLimit") and '"1"' in stripped:
                cube = False
            continue
        if target is None:
            m = re.match(r"^(\d+) point match$", stripped)
            if not m:
                raise RecordError(number, "a .mat file starts with a line like ' 5 point match'")
            target = int(m.group(1))
            continue
        if re.match(r"^Game \d+$", stripped):
            close()
            rows = []
            score_line = lines[k] if k < len(lines) else ""
            m = _SCORE.match(score_line)
            if not m:
                raise RecordError(k + 1, "a game's second line is the score, like ' alice : 0   bob : 0'")
            names = (m.group(1), m.group(3))
            header = (number, int(m.group(2)), int(m.group(4)))
            k += 1
            continue
        if header is None:
            raise RecordError(number, "moves before the first ' Game 1' line")
        if _NUMBERED.match(line):
            body = line[line.index(")") + 1:]
            colons = [j for j, ch in enumerate(body) if ch == ":"]
            cut = colons[1] - 2 if len(colons) > 1 else body.find("  ", 3)
            cut = len(body) if cut < 0 else cut
            left, right = body[:cut], body[cut:]
            for text_, side in ((left, Side.WHITE), (right, Side.BLACK)):
                item = _column(text_, side, number)
                if item is not None:
                    rows.append((item, number))
                if isinstance(item, Turn) and item.action == "drop":
                    break
        elif "wins" in stripped.lower():
            rows.append(("wins", number))
        else:
            raise RecordError(number, f"cannot read {stripped!r}")
    close()
    return MatchLog(names, tuple(g.log for g in games), max(target or 1, 1)), games
