"""Calibrate the heuristic's score to winning and gammon chances by self-play, once (RULES.md §13).

Run: `python bench/cube_calibrate.py [--games 1500] [--seed 50000] [--bins 30]`. For each variant that takes the
cube (plakoto, tapa, mahbusa, portes, tabla, default options) the computer plays itself `--games` whole games,
game i of the k-th variant with dice from
`random.Random(seed + 100_000 * k + i)`. Before every roll in a contact position (`game.cubeful.is_race`
false) it notes the side on roll's `heuristic_score`; when the game ends, what that side won or lost. The notes
are sorted by score into `--bins` bins of equal size; each bin gives a row (mean score, chance to win — a tie
counts half —, to win two points or more, to lose two points or more), the winning chances made monotone by
pooling adjacent bins that break the order. The rows are written to `game/cube_table.py`; the last line
printed is a JSON object with the sample counts.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import Game, Side, choose_play, heuristic_score, is_race, variant

VARIANTS = ("plakoto", "tapa", "mahbusa", "portes", "tabla")
TABLE = Path(__file__).resolve().parent.parent / "game" / "cube_table.py"


def one_game(name: str, seed: int) -> list[tuple[float, int]]:
    """The (score, points won by the side on roll: negative for a loss) notes of one self-played game."""
    rng = random.Random(seed)
    game = Game.new(variant(name))
    while game.phase == "opening":
        game = game.opening(rng.randint(1, 6), rng.randint(1, 6))
    notes: list[tuple[float, Side]] = []
    while game.phase != "over":
        if game.phase == "roll":
            if not is_race(game.position):
                notes.append((heuristic_score(game.position), game.turn))
            game = game.roll(rng.randint(1, 6), rng.randint(1, 6))
        plays = game.plays()
        game = game.play(choose_play(plays, rng=rng)) if plays else game.pass_turn()
    out = game.outcome
    assert out is not None
    return [(score, 0 if out.winner is None else (out.points if out.winner is side else -out.points))
            for score, side in notes]


def pooled(rows: list[list[float]]) -> list[list[float]]:
    """Pool adjacent bins until the winning chance (index 1) never falls as the score rises (weights index 4)."""
    out: list[list[float]] = []
    for row in rows:
        out.append(list(row))
        while len(out) > 1 and out[-2][1] > out[-1][1]:
            b, a = out.pop(), out.pop()
            n = a[4] + b[4]
            out.append([(a[k] * a[4] + b[k] * b[4]) / n for k in range(4)] + [n])
    return out


def calibrate(name: str, games: int, seed: int, bins: int) -> list[list[float]]:
    notes = sorted(n for i in range(games) for n in one_game(name, seed + i))
    size = len(notes) / bins
    rows = []
    for b in range(bins):
        part = notes[int(b * size):int((b + 1) * size)]
        n = len(part)
        rows.append([sum(s for s, _ in part) / n,
                     sum(1.0 if r > 0 else 0.5 if r == 0 else 0.0 for _, r in part) / n,
                     sum(1 for _, r in part if r >= 2) / n,
                     sum(1 for _, r in part if r <= -2) / n, float(n)])
    return pooled(rows)


def write(tables: dict[str, list[list[float]]], games: int, seed: int) -> None:
    lines = [
        '"""The heuristic\'s score calibrated to chances by self-play (RULES.md §13; `game.cubeful`).',
        "",
        f"Written by `python bench/cube_calibrate.py --games {games} --seed {seed}`: per variant, rows of (score of",
        "the side on roll in pips, its chance to win, to win two points or more, to lose two points or more),",
        "sorted by score. A trained evaluator will replace this table.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "CALIBRATION: dict[str, tuple[tuple[float, float, float, float], ...]] = {",
    ]
    for name, rows in tables.items():
        lines.append(f'    "{name}": (')
        for r in rows:
            lines.append(f"        ({r[0]:.2f}, {r[1]:.4f}, {r[2]:.4f}, {r[3]:.4f}),")
        lines.append("    ),")
    lines.append("}")
    TABLE.write_text("\n".join(lines) + "\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=50_000)
    ap.add_argument("--bins", type=int, default=30)
    ns = ap.parse_args()
    tables = {name: calibrate(name, ns.games, ns.seed + 100_000 * k, ns.bins) for k, name in enumerate(VARIANTS)}
    write(tables, ns.games, ns.seed)
    print(json.dumps({f"{name}_rows": len(rows) for name, rows in tables.items()}))


if __name__ == "__main__":
    main()
