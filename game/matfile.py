"""JellyFish `.mat` match files of portes and tabla, laid out as GNU Backgammon writes them (its `export.c`),
with the `; [Key "value"]` header lines eXtreme Gammon reads.

Portes and tabla are backgammon (R-PORTES-1…5), and our notation already counts points from the mover's side
(R-BOARD-1), as the file does; the bar is written 25 and off 0, every die separately (`24/18 18/13`, never
`24/13` or `(2)`), `*` after the landing point of a hit (once a point). White is player 1, the left column.
A single game is written as a `0 point match` (a money game); a match as its length. Only portes and tabla are
ever written: no program reads the other games from a `.mat` file.
"""

from __future__ import annotations

from .gamelog import GameLog, MatchLog, Step, walk
from .sides import Side

MAT_VARIANTS = frozenset({"portes", "tabla"})
_RIGHT = " " * 34  # where the right column starts on a line of its own


def mat_name(name: str) -> str:
    """A player's name as the score line can carry it: no colon (it ends the name), one line, not empty."""
    clean = " ".join(name.replace(":", " ").split())
    return clean or "?"


def headers(match: MatchLog) -> list[str]:
    """The `; [Key "value"]` lines: site, match id, players (with `rating/experience` where known), date and
    time (UTC), the variation and the cube's rules (R-CUBE-5 Crawford; R-CUBE-6 no Jacoby, no beavers)."""
    def line(key: str, value: str) -> str:
        return f'; [{key} "{value.replace(chr(34), chr(39))}"]'

    out = [line("Site", match.site), line("Match ID", match.match_id or "0")]
    for k, name in enumerate(match.players):
        out.append(line(f"Player {k + 1}", mat_name(name)))
        rating = match.ratings[k]
        if rating:
            out.append(line(f"Player {k + 1} Elo", rating))
    if match.started is not None:
        out.append(line("EventDate", match.started.strftime("%Y.%m.%d")))
        out.append(line("EventTime", match.started.strftime("%H.%M")))
    cube = any(g.variant.cube for g in match.games)
    out += [line("Variation", "Backgammon"), line("Crawford", "On" if cube and match.target > 1 else "Off"),
            line("Jacoby", "Off"), line("Beaver", "Off")]
    if not cube:
        out.append(line("CubeLimit", "1"))
    return out


def write_mat(match: MatchLog) -> str:
    """The whole `.mat` file of `match`.

    :raises ValueError: a game that is not portes or tabla (a programmer's mistake: check `MAT_VARIANTS`).
    :raises ReplayError: a game whose record the rules do not allow.
    """
    bad = sorted({g.variant.name for g in match.games} - MAT_VARIANTS)
    if bad:
        raise ValueError(f"only portes and tabla are written as .mat files, not {', '.join(bad)}")
    length = match.target if match.target > 1 else 0
    parts = ["\n".join(headers(match)) + "\n\n", f" {length} point match\n\n"]
    names = (mat_name(match.players[0]), mat_name(match.players[1]))
    for n, log in enumerate(match.games):
        parts.append(write_game(log, n + 1, names, match.target))
    return "".join(parts)


def write_game(log: GameLog, number: int, names: tuple[str, str], target: int = 1) -> str:
    """One game: ` Game N`, the score line, then the moves two columns a line (see the module docstring).

    :raises ReplayError: a record the rules do not allow.
    """
    first = f"{names[0]} : {log.score[0]}"
    pad = " " * max(0, 31 - len(first.encode()))  # C's %-31s counts bytes
    out = [f" Game {number}\n", f" {first}{pad}{names[1]} : {log.score[1]}\n"]
    i = 0  # records written: even ones go left (white), odd ones right (black)
    cube = 1
    for step in walk(log, target):
        turn = step.turn
        if turn.action == "opening":
            continue
        if turn.action in ("resign", "timeout"):
            out.append(_resign(step, i))
            break
        if i == 0 and turn.side is Side.BLACK:
            out.append(f"{1:3d}) " + " " * 28)
            i = 1
        if turn.action == "double":
            cube *= 2
            text = f" Doubles => {cube}"
        elif turn.action == "take":
            text = " Takes"
        elif turn.action == "drop":
            won = cube // 2
            gap = "\n      " if i & 1 else " " * 23
            text = f" Drops{gap}Wins {won} point{'' if won == 1 else 's'}"
        else:
            text = f"{turn.dice[0]}{turn.dice[1]}: {moves(step)}" if turn.dice else ""
        if i & 1:
            out.append(text + "\n")
        else:
            out.append(f"{(i >> 1) + 1:3d}) {text:<27} ")
        if turn.action == "drop":
            out.append("\n" if i & 1 else "\n\n")
        elif step.after.outcome is not None and turn.action == "play":
            points = step.after.outcome.points
            lead = _RIGHT if i & 1 else "\n      "
            out.append(f"{lead}Wins {points} point{'' if points == 1 else 's'}\n\n")
        i += 1
    return "".join(out)


def moves(step: Step) -> str:
    """A play's single steps `from/to`, 25 the bar and 0 off, highest start first (gnubg's canonical order),
    `*` on the first landing on each point where a checker was hit; each step followed by a space but the
    fourth (gnubg's `FormatMovePlain`); empty for a dance."""
    if step.play is None:
        return ""
    hits = {end for _, end, hit in step.play.steps if hit}
    parts = []
    for k, (start, end, _) in enumerate(sorted(step.play.steps, key=lambda s: (-s[0], -s[1]))):
        star = "*" if end in hits else ""
        hits.discard(end)
        parts.append(f"{start}/{end}{star}" + (" " if k < 3 else ""))
    return "".join(parts)


def _resign(step: Step, i: int) -> str:
    """The `Wins N points` line of a resignation or timeout (R-END-6), in the winner's column."""
    outcome = step.after.outcome
    assert outcome is not None and outcome.winner is not None
    points = outcome.points
    wins = f"Wins {points} point{'' if points == 1 else 's'}\n"
    if outcome.winner is Side.WHITE:
        return ("\n" if i & 1 else "") + "      " + wins + "\n"
    return (" " if i & 1 else _RIGHT) + wins + "\n"
