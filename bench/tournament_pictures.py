"""Sample tournament pictures (docs/tournament-*.png): a round robin of 8 with a withdrawal, a knockout of 8 (a
bye-free bracket half played) and a knockout of 5 with byes, sections of 12 — each also at 400 px wide.

    python bench/tournament_pictures.py [OUTDIR] [--lang en|bg|el]
"""

from __future__ import annotations

import argparse
import random
from dataclasses import replace
from pathlib import Path

from PIL import Image

from bot import formats, pictures
from storage import TournamentRecord
from storage.tournaments import RUNNING, attached, left, resulted, started

NAMES = ["Eleni", "Dimitar", "Yiannis", "Maria Papadopoulou", "Kostas", "Nikolai", "Sofia", "Georgi", "Anna",
         "Petros", "Vasil", "Katerina"]


def play(record: TournamentRecord, ratings: dict[str, float], results: int, seed: int,
         quit_player: str | None = None) -> TournamentRecord:
    rnd = random.Random(seed)
    step = formats.advance(ratings)
    for n in range(results):
        for p in record.pairings:
            if p.ready:
                record = attached(record, p.key, f"m{p.key}")
        going = [p for p in record.pairings if p.match and not p.done]
        if record.state != RUNNING or not going:
            break
        if quit_player and n == results // 2:
            record = step(left(record, quit_player))
            continue
        p = rnd.choice(going)
        won = min(p.players(), key=record.players.index) if rnd.random() < 0.7 else rnd.choice(p.players())
        other = rnd.choice((0, 1, 2, 3))
        record = step(resulted(record, f"m{p.key}", won, (5, other) if won == p.a else (other, 5)))
    return record


def sample(fmt: str, n: int, results: int, quit_player: str | None = None) -> TournamentRecord:
    players = tuple(NAMES[:n])
    ratings = {p: 1800.0 - 25 * i for i, p in enumerate(players)}
    record = TournamentRecord("k3vq7d", "c", players[0], "plakoto", {}, 5, fmt, "open", players, 1, 0.0, 0.0)
    record = formats.advance(ratings)(started(record, *formats.draw(fmt, players, ratings)))
    return replace(play(record, ratings, results, 7, quit_player))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("out", nargs="?", default="docs")
    parser.add_argument("--lang", default="en")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    suffix = "" if args.lang == "en" else f"-{args.lang}"
    cases = {"roundrobin": sample("roundrobin", 8, 24, quit_player="Kostas"), "knockout": sample("knockout", 8, 5),
             "knockout5": sample("knockout", 5, 99), "sections": sample("sections", 12, 40)}
    for name, record in cases.items():
        ratings = {p: 1800.0 - 25 * i for i, p in enumerate(NAMES)}
        data = pictures.png(pictures.drawing(args.lang, record, {p: p for p in record.players}, ratings))
        path = out / f"tournament-{name}{suffix}.png"
        path.write_bytes(data)
        with Image.open(path) as img:
            small = img.resize((400, round(img.height * 400 / img.width)), Image.LANCZOS)
            small.save(out / f"tournament-{name}{suffix}-400.png")
        print(path, Image.open(path).size)


if __name__ == "__main__":
    main()
