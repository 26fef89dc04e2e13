"""The command-line tool: look at positions, list legal plays, and let computer players play whole games.

    python -m game show VARIANT "TPN" [--as black] [--dice 65] [k=v ...]
    python -m game plays VARIANT "TPN" 65 [k=v ...]
    python -m game plays --jsonl            (JSON lines on stdin, one answer line each on stdout)
    python -m game choose --jsonl           (the computer's play for each request line: the bot's computer)
    python -m game eval --jsonl             (the trained net's chances and equity for each position line)
    python -m game selfplay VARIANT --white ai|random --black ai|random --games N --seed S [k=v ...]
    python -m game selfplay --cycle tavli|tabla --to N --games M ...   (M whole cycle matches, R-CYCLE-1…7)
    python -m game cube VARIANT "TPN" [--value 2 --owner white] [--offered] [--away 3,4] [--crawford] [k=v ...]
    python -m game replay FILE              (replay a .tbl or .mat record, checking every play; docs/EXPORT.md)

Positions are TPN lines (RULES.md §11; gulbara's may carry the fifth field of R-GULBARA-6, and a pending stage
is asked with dice `dd`); `k=v` are variant options (§9, §12). In gulbara a roll or stage with no legal move
still changes the state, so `plays` lists it as one play with empty notation, never as an empty list; the TPN
after a gulbara play may have the same side to move (R-GULBARA-6). `selfplay` of a variant with `cube=on` plays
single games with the doubling cube (§13), the players making their own cube decisions; `cube` prints the
computer's cube decision for the side to move (or, with `--offered`, its opponent's answer) in a game with
`cube=on`, the cube given by its options (the TPN never holds it, R-CUBE-8). Bad arguments end with
exit status 2 and a message; a bad line of a `--jsonl` stream is answered with `{"error": ...}` and the stream goes on.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TextIO

from .ascii import render_ascii
from .cube import Cube, CubeAction
from .cubeful import CONTACT_EFFICIENCY, RACE_EFFICIENCY, chances, equities, is_race
from .cubeplay import CUBE_CHOOSERS, play_cube_game
from .errors import GameError
from .flow import Game
from .match import CYCLES, Match, match_spec
from .plays import Play, legal_plays, pass_position
from .position import Position
from .selfplay import CHOOSERS, play_game, play_match
from .sides import Side
from .variants import PRESETS, Variant, parse_options, variant

PROG = "python -m game"
COMMANDS = ("show", "plays", "choose", "eval", "selfplay", "cube", "replay")


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors say which command they belong to."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


# --- reading arguments ------------------------------------------------------------------------------------


def read_variant(name: str, pairs: Sequence[str]) -> Variant:
    """The variant `name` with `k=v` options (§9).

    :raises OptionError: unknown variant, option or value.
    """
    return variant(name, parse_options(list(pairs)))


def read_dice(text: str) -> tuple[int, int]:
    """Two digits 1..6, like `65` or `11` (R-DICE-2: a double is written twice).

    :raises ValueError: anything else.
    """
    t = text.strip()
    if len(t) != 2 or any(ch not in "123456" for ch in t):
        raise ValueError(f"dice are two digits 1-6 like 65 or 11, not {text!r}")
    return int(t[0]), int(t[1])


def _json_dice(value: object) -> tuple[int, int]:
    if (not isinstance(value, list) or len(value) != 2
            or any(isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6 for d in value)):
        raise ValueError(f"dice must be a list of two numbers 1-6 like [6, 5], not {json.dumps(value)}")
    return value[0], value[1]


def _json_options(value: object) -> dict[str, str]:
    if value is None:
        return {}
    if not isinstance(value, dict) or any(not isinstance(v, str) for v in value.values()):
        raise ValueError(f"options must be an object of strings like {{\"mother\": \"tie\"}}, "
                         f"not {json.dumps(value)}")
    return {str(k): v for k, v in value.items()}


# --- plays ------------------------------------------------------------------------------------------------


def play_line(play: Play | Position) -> str:
    """`play<TAB>TPN after<TAB>end` — the end is empty or like `white 2 mars`; a gulbara pass (a position) has
    empty notation."""
    if isinstance(play, Position):
        return f"\t{play.to_tpn()}\t"
    end = play.end
    return f"{play.notation}\t{play.position.to_tpn()}\t{end.describe() if end else ''}"


def play_json(play: Play | Position) -> dict[str, Any]:
    if isinstance(play, Position):
        return {"play": "", "position": play.to_tpn(), "end": None}
    end = play.end
    return {"play": play.notation, "position": play.position.to_tpn(), "end": end.to_json() if end else None}


def answers(position: Position, dice: tuple[int, int]) -> list[Play | Position]:
    """What `plays` lists: the legal plays; in gulbara a pass is the position after it (R-GULBARA-6's decision).

    :raises GameError: a gulbara pending stage asked with other dice than its own.
    """
    found: list[Play | Position] = list(legal_plays(position, dice))
    if not found and position.variant.cascading:
        found.append(pass_position(position, dice))
    return found


def read_request(line: str, keys: tuple[str, ...] = ("variant", "position", "dice")) -> tuple[Position, dict[str, Any]]:
    """One `--jsonl` request: its position (variant, options, TPN) and the request object.

    :raises ValueError: not a JSON object, a key of `keys` missing, or a bad variant, option or position.
    """
    try:
        request = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not a JSON line: {exc}") from None
    if not isinstance(request, dict):
        raise ValueError(f"each line must be a JSON object with {', '.join(keys)}")
    for key in keys:
        if key not in request:
            raise ValueError(f"missing {key!r}")
    name, tpn = request["variant"], request["position"]
    if not isinstance(name, str):
        raise ValueError(f"variant must be a string: one of {', '.join(PRESETS)}")
    if not isinstance(tpn, str):
        raise ValueError("position must be a TPN string")
    var = variant(name, _json_options(request.get("options")))
    return Position.from_tpn(tpn, var), request


def answer_json_line(line: str) -> dict[str, Any]:
    """The answer to one `plays --jsonl` request: `{"plays": [...]}` or `{"error": reason}`."""
    try:
        position, request = read_request(line)
        dice = _json_dice(request["dice"])
        return {"plays": [play_json(p) for p in answers(position, dice)]}
    except ValueError as exc:  # GameError and json.JSONDecodeError are ValueErrors
        return {"error": str(exc) or type(exc).__name__}


def choose_json_line(line: str) -> dict[str, Any]:
    """The answer to one `choose --jsonl` request: the computer's play as one entry of `plays --jsonl`
    (`play`, `position` after, `end`) and `computer` (`net` or `heuristic`), or `{"error": reason}`. A
    gulbara roll or stage without a move answers the position after the pass with an empty play
    (R-GULBARA-6); elsewhere a roll without a move is an empty play and the same position, the opponent to
    move (R-TURN-3). The computer is `game.nets.choose`, the one the bot plays with."""
    from .nets import choose, computer_name

    try:
        position, request = read_request(line)
        dice = _json_dice(request["dice"])
        seed = request.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ValueError(f"seed must be a whole number, not {json.dumps(seed)}")
        play = choose(position, dice, seed)
        answer = play_json(play if play is not None else pass_position(position, dice))
        answer["computer"] = computer_name(position.variant.name)
        return answer
    except ValueError as exc:
        return {"error": str(exc) or type(exc).__name__}


def eval_json_line(line: str) -> dict[str, Any]:
    """The answer to one `eval --jsonl` request (`variant`, `options`, `position`: the TPN with the side to
    move about to roll): the net's chances and equity for the side that has just played, the other one
    (`game.nets.evaluate`), or `{"error": reason}`, also when the game has no trained net yet."""
    from .nets import evaluate

    try:
        position, _ = read_request(line, ("variant", "position"))
        return {"variant": position.variant.name, **evaluate(position)}
    except ValueError as exc:  # WeightsError is a ValueError
        return {"error": str(exc) or type(exc).__name__}


def run_jsonl(stdin: TextIO, stdout: TextIO, answer: Callable[[str], dict[str, Any]] = answer_json_line) -> None:
    """Answer every non-blank line of `stdin` with one JSON line (`answer`'s), in order, flushing each."""
    for line in stdin:
        if not line.strip():
            continue
        stdout.write(json.dumps(answer(line)) + "\n")
        stdout.flush()


# --- selfplay ---------------------------------------------------------------------------------------------


def selfplay_matches(cycle: str, target: int, options: dict[str, str], white: str, black: str, matches: int,
                     seed: int, progress: TextIO | None = None) -> dict[str, int]:
    """`matches` whole cycle matches to `target` (R-CYCLE-1…7) between the named players, seeded like
    `selfplay`; the totals count matches and games."""
    dice = random.Random(seed)
    choices = random.Random(f"choices:{seed}")
    spec = match_spec(cycle, {**options, "cycle": cycle})
    totals = {"matches": 0, "white_wins": 0, "black_wins": 0, "games": 0, "ties": 0, "white_points": 0,
              "black_points": 0}
    for i in range(matches):
        match, games = play_match(Match.start(spec, target), CHOOSERS[white], CHOOSERS[black], dice, choices)
        totals["matches"] += 1
        totals["games"] += len(games)
        totals["ties"] += sum(1 for g in games if g.outcome is not None and g.outcome.winner is None)
        totals["white_points"] += match.white
        totals["black_points"] += match.black
        totals["white_wins" if match.winner is Side.WHITE else "black_wins"] += 1
        if progress is not None:
            played = " ".join(f"{g.variant.name}:{g.outcome.describe() if g.outcome else '?'}" for g in games)
            progress.write(f"match {i + 1}: {match.white}-{match.black} after {len(games)} games ({played})\n")
            progress.flush()
    return totals


def selfplay(var: Variant, white: str, black: str, games: int, seed: int,
             progress: TextIO | None = None) -> dict[str, int]:
    """`games` whole games between the named players (`ai`, `random`); the dice and the players' choices come
    from two `random.Random`s derived from `seed`, so a seed replays the same games. With `cube=on` the
    players also make their cube decisions (`game.cubeplay`), and the points include the cube (R-CUBE-4)."""
    dice = random.Random(seed)
    choices = random.Random(f"choices:{seed}")
    totals = {"games": 0, "white_wins": 0, "black_wins": 0, "ties": 0, "white_points": 0, "black_points": 0}
    for i in range(games):
        if var.cube:  # single games with the cube (§13), played for their points
            game = play_cube_game(Game.new(var), CHOOSERS[white], CHOOSERS[black], dice, choices,
                                  (CUBE_CHOOSERS[white], CUBE_CHOOSERS[black]))
        else:
            game = play_game(var, CHOOSERS[white], CHOOSERS[black], dice, choices)
        outcome = game.outcome
        assert outcome is not None
        totals["games"] += 1
        if outcome.winner is Side.WHITE:
            totals["white_wins"] += 1
            totals["white_points"] += outcome.points
        elif outcome.winner is Side.BLACK:
            totals["black_wins"] += 1
            totals["black_points"] += outcome.points
        else:
            totals["ties"] += 1
        if progress is not None:
            progress.write(f"game {i + 1}: {outcome.describe()} after {game.turns} turns\n")
            progress.flush()
    return totals


# --- commands ---------------------------------------------------------------------------------------------


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {n}")
    return n


def _command_parser(command: str) -> _Parser:
    p = _Parser(prog=f"{PROG} {command}")
    if command == "show":
        p.description = "Print the ASCII board of a position."
        p.add_argument("variant", help=f"one of {', '.join(PRESETS)}")
        p.add_argument("tpn", help="the position as a TPN line (quote it)")
        p.add_argument("--as", dest="viewer", default="white", help="draw it for white (default) or black")
        p.add_argument("--dice", help="show these dice, like 65")
    elif command == "plays":
        p.description = ("Print every legal play of a roll: play, TPN after (opponent to move) and the end, "
                         "tab-separated; or answer JSON lines from stdin with --jsonl.")
        p.add_argument("--jsonl", action="store_true", help="read JSON requests from stdin")
        p.add_argument("variant", nargs="?", help=f"one of {', '.join(PRESETS)}")
        p.add_argument("tpn", nargs="?", help="the position as a TPN line (quote it)")
        p.add_argument("dice", nargs="?", help="two digits like 65")
    elif command == "choose":
        p.description = ("Answer JSON lines from stdin with the computer's play: each request "
                         '{"variant": ..., "options": {...} (optional), "position": "<TPN>", "dice": [d1, d2], '
                         '"seed": n (optional)} gets one line {"play", "position" (the TPN after), "end", '
                         '"computer"} or {"error": ...}. This is the same computer the bot plays with: the '
                         "game's trained net where it passed its gate (two plies deep), else the heuristic; "
                         "the same seed gives the same play.")
        p.add_argument("--jsonl", action="store_true", required=True, help="read JSON requests from stdin")
    elif command == "eval":
        p.description = ("Answer JSON lines from stdin with the trained net's chances for a position whose side "
                         'to move is about to roll: each request {"variant": ..., "options": {...} (optional), '
                         '"position": "<TPN>"} gets one line with the chances of the side that has just played '
                         "(win, win2 double, win3 triple; lose2, lose3 the opponent's) and its equity in points, "
                         "or {\"error\": ...} when the game has no trained net.")
        p.add_argument("--jsonl", action="store_true", required=True, help="read JSON requests from stdin")
    elif command == "cube":
        p.description = ("Print the computer's cube decision (RULES.md §13) for the side to move: double or roll, "
                         "or with --offered its opponent's take or drop, and the chances and equities behind it.")
        p.add_argument("variant", help="plakoto, tapa, mahbusa, portes or tabla (cube=on is implied)")
        p.add_argument("tpn", help="the position as a TPN line (quote it)")
        p.add_argument("--value", type=_positive, default=1, help="the cube's value (default 1)")
        p.add_argument("--owner", help="white or black (the middle when not given; needed above 1)")
        p.add_argument("--offered", action="store_true", help="the side to move has doubled: answer it")
        p.add_argument("--away", help="in a match: the points white and black still need, like 3,4")
        p.add_argument("--crawford", action="store_true", help="this is the Crawford game (R-CUBE-5)")
    elif command == "replay":
        p.description = ("Replay a record file (.tbl, or the .mat of portes and tabla) with the engine, checking "
                         "that every play is legal; prints each game's end and final position. An illegal or "
                         "garbled line ends with exit status 1 and FILE:LINE: the reason.")
        p.add_argument("file", help="the record file")
        return p
    else:
        p.description = ("Let computer players play whole games, or whole cycle matches with --cycle; the last "
                         "line is a JSON summary.")
        p.add_argument("variant", nargs="?", help=f"one of {', '.join(PRESETS)} (or tavli: --cycle tavli)")
        p.add_argument("--cycle", choices=sorted(CYCLES), help="play whole cycle matches (R-CYCLE-1)")
        p.add_argument("--to", type=_positive, default=5, help="the cycle match's length in points (default 5)")
        p.add_argument("--white", choices=sorted(CHOOSERS), default="ai")
        p.add_argument("--black", choices=sorted(CHOOSERS), default="ai")
        p.add_argument("--games", type=_positive, default=1)
        p.add_argument("--seed", type=int, default=0)
        p.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    p.add_argument("options", nargs="*", metavar="k=v", help="variant options, like mother=tie")
    return p


def _top_parser() -> _Parser:
    p = _Parser(prog=PROG, description="tabla's rules engine on the command line.",
                epilog=f"Run '{PROG} COMMAND --help' for a command's arguments.")
    p.add_argument("command", choices=COMMANDS)
    p.add_argument("args", nargs=argparse.REMAINDER, help="the command's arguments")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns the exit status (argument errors exit with status 2 via SystemExit)."""
    args = list(sys.argv[1:] if argv is None else argv)
    top = _top_parser()
    if not args or args[0] not in COMMANDS:
        top.parse_args(args)  # prints help, or the error for an unknown command
        return 2
    command = args[0]
    parser = _command_parser(command)
    ns = parser.parse_intermixed_args(args[1:])
    try:
        if command == "show":
            return _show(parser, ns)
        if command == "plays":
            return _plays(parser, ns)
        if command == "cube":
            return _cube(parser, ns)
        if command == "replay":
            return _replay(ns.file)
        if command in ("choose", "eval"):
            if ns.options:
                parser.error("--jsonl reads everything from stdin: give no other arguments")
            run_jsonl(sys.stdin, sys.stdout, choose_json_line if command == "choose" else eval_json_line)
            return 0
        return _selfplay(parser, ns)
    except BrokenPipeError:
        sys.stderr.close()  # the reader went away (`| head`): nothing more to say
        return 0


def _position(parser: _Parser, name: str, tpn: str, options: Sequence[str]) -> Position:
    try:
        return Position.from_tpn(tpn, read_variant(name, options))
    except GameError as exc:
        parser.error(str(exc))


def _show(parser: _Parser, ns: argparse.Namespace) -> int:
    position = _position(parser, ns.variant, ns.tpn, ns.options)
    try:
        viewer = Side.parse(ns.viewer)
        dice = read_dice(ns.dice) if ns.dice is not None else None
    except ValueError as exc:
        parser.error(str(exc))
    print(render_ascii(position, viewer, dice))
    return 0


def _plays(parser: _Parser, ns: argparse.Namespace) -> int:
    if ns.jsonl:
        if ns.variant is not None or ns.options:
            parser.error("--jsonl reads everything from stdin: give no other arguments")
        run_jsonl(sys.stdin, sys.stdout)
        return 0
    if ns.dice is None:
        parser.error("give VARIANT, TPN and DICE (like 65), or --jsonl")
    position = _position(parser, ns.variant, ns.tpn, ns.options)
    try:
        dice = read_dice(ns.dice)
    except ValueError as exc:
        parser.error(str(exc))
    try:
        found = answers(position, dice)
    except GameError as exc:
        parser.error(str(exc))
    for play in found:
        sys.stdout.write(play_line(play) + "\n")
    sys.stdout.flush()
    return 0


def _cube(parser: _Parser, ns: argparse.Namespace) -> int:
    """The computer's cube decision as one JSON line: `decision`, the side it is for, the cube, the chances of
    the side to move and the equities of no double / double-take / double-drop (§13, `game.cubeful`)."""
    options = [o for o in ns.options if not o.strip().lower().startswith("cube=")]
    position = _position(parser, ns.variant, ns.tpn, [*options, "cube=on"])
    try:
        owner = Side.parse(ns.owner) if ns.owner else None
        away = None
        if ns.away is not None:
            parts = [int(x) for x in ns.away.split(",")]
            if len(parts) != 2:
                raise ValueError(f"--away takes two numbers like 3,4, not {ns.away!r}")
            away = (parts[0], parts[1])
        cube = Cube(ns.value, owner, ns.offered, ns.crawford, away)
    except (ValueError, GameError) as exc:
        parser.error(str(exc))
    from .nets import cube_decision, net_chances

    game = Game.resume(position.variant, position, cube)
    est = (None if is_race(position) else net_chances(position)) or chances(position)
    eq = equities(Cube(cube.value, cube.owner, False, cube.crawford, cube.away), position.turn, est,
                  RACE_EFFICIENCY if is_race(position) else CONTACT_EFFICIENCY)
    side = game.answering or game.turn
    print(json.dumps({
        "decision": (cube_decision(game) or CubeAction.ROLL).value, "side": side.value, "cube": cube.describe(),
        "race": is_race(position), "win": round(est.win, 4), "win_gammon": round(est.win_gammon, 4),
        "lose_gammon": round(est.lose_gammon, 4), "no_double": round(eq.no_double, 4),
        "double_take": round(eq.take, 4), "double_drop": eq.drop,
    }), flush=True)
    return 0


def _replay(path: str) -> int:
    """`replay FILE`: one line a game, `game N VARIANT: END after T turns: TPN`; exit 1 on a bad line."""
    from .matread import read_mat
    from .tblfile import MAGIC, RecordError, read_tbl, replay_read

    try:
        with open(path, encoding="utf-8-sig") as fh:
            text = fh.read()
    except (OSError, UnicodeDecodeError) as exc:
        print(f"{PROG} replay: cannot read {path}: {exc}", file=sys.stderr)
        return 1
    try:
        match, games = read_tbl(text) if text.lstrip().startswith(MAGIC) else read_mat(text)
        finals = replay_read(match, games)
    except RecordError as exc:
        print(f"{path}:{exc.line}: {exc.reason}", file=sys.stderr)
        return 1
    for n, game in enumerate(finals, start=1):
        end = game.outcome.describe() if game.outcome else "not over"
        print(f"game {n} {game.variant.describe()}: {end} after {game.turns} turns: {game.position.to_tpn()}")
    print(f"{len(finals)} game{'' if len(finals) == 1 else 's'}, every play legal", flush=True)
    return 0


def _selfplay(parser: _Parser, ns: argparse.Namespace) -> int:
    if ns.variant is not None and "=" in ns.variant:  # `--cycle tavli k=v`: the first option took the variant's slot
        ns.options = [ns.variant, *ns.options]
        ns.variant = None
    cycle = ns.cycle
    name = ns.variant.strip().lower() if ns.variant else None
    if name == "tavli" and cycle in (None, "tavli"):
        cycle = "tavli"
    progress = None if ns.quiet else sys.stderr
    if cycle is not None:
        if name not in (None, cycle, CYCLES[cycle][0]):
            parser.error(f"--cycle {cycle} plays {', '.join(CYCLES[cycle])}; give no variant or {CYCLES[cycle][0]}")
        try:
            options = parse_options(list(ns.options))
            match_spec(cycle, {**options, "cycle": cycle})
        except GameError as exc:
            parser.error(str(exc))
        try:
            totals = selfplay_matches(cycle, ns.to, options, ns.white, ns.black, ns.games, ns.seed, progress)
        except RuntimeError as exc:
            print(f"{PROG} selfplay: {exc}", file=sys.stderr)
            return 1
        print(json.dumps(totals), flush=True)
        return 0
    if ns.variant is None:
        parser.error("give a VARIANT, or --cycle tavli|tabla")
    try:
        var = read_variant(ns.variant, ns.options)
    except GameError as exc:
        parser.error(str(exc))
    try:
        totals = selfplay(var, ns.white, ns.black, ns.games, ns.seed, progress)
    except RuntimeError as exc:  # play_game's safety net: a game that never ends
        print(f"{PROG} selfplay: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(totals), flush=True)
    return 0
