"""A tournament's picture, as the renderer draws it: the crosstable of each round robin (standings order, the
leader marked, results in the cells) and the bracket of a knockout, every word in the reader's language."""

from __future__ import annotations

from collections.abc import Mapping

from renderer import Bracket, Crosstable, Duel, TournamentPicture, tournament_png
from storage import Pairing, TournamentRecord

from . import formats, i18n, words

png = tournament_png  # module level, so the drawing can run in a worker process


def drawing(lang: str, record: TournamentRecord, names: Mapping[str, str],
            ratings: Mapping[str, float]) -> TournamentPicture:
    """What to draw of `record` for a reader of `lang`."""
    title = i18n.tr(lang, "Tournament #{id}: {game}, matches to {n}", id=record.id,
                    game=words.title(lang, record.variant, record.options), n=record.target)
    tables: list[Crosstable] = []
    if record.format == "roundrobin":
        tables.append(_crosstable(lang, record, names, ratings, None, ""))
    elif record.format == "sections":
        for k in range(formats.section_count(record)):
            tables.append(_crosstable(lang, record, names, ratings, k,
                                      i18n.tr(lang, "Section {n}", n=k + 1)))
    ko = [p for p in record.pairings if p.stage.startswith("ko")]
    bracket = _bracket(lang, record, ko, names) if ko else None
    return TournamentPicture(title, tuple(tables), bracket)


def _crosstable(lang: str, record: TournamentRecord, names: Mapping[str, str], ratings: Mapping[str, float],
                k: int | None, caption: str) -> Crosstable:
    rows = formats.table(record, ratings, k)
    order = [r.player for r in rows]
    stage = "rr" if k is None else f"s{k}"
    found: dict[tuple[str, str], Pairing] = {}
    for p in record.pairings:
        if p.stage == stage and p.a and p.b:
            found[(p.a, p.b)] = found[(p.b, p.a)] = p
    cells: list[tuple[str, ...]] = []
    wins: list[tuple[bool | None, ...]] = []
    for me in order:
        line: list[str] = []
        marks: list[bool | None] = []
        for them in order:
            met = found.get((me, them))
            if met is None or not met.done:
                line.append("")
                marks.append(None)
                continue
            mine = met.score[0] if met.a == me else met.score[1]
            theirs = met.score[1] if met.a == me else met.score[0]
            won = (met.winner == 0) == (met.a == me)
            line.append("w/o" if met.walkover else f"{mine}–{theirs}")
            marks.append(won)
        cells.append(tuple(line))
        wins.append(tuple(marks))
    totals = tuple((str(r.wins), f"{r.diff:+d}") for r in rows)
    headers = (i18n.tr(lang, "Wins"), "+/−")
    return Crosstable(caption, tuple(names.get(p, p) for p in order), tuple(cells), tuple(wins), totals, headers,
                      tuple(r.withdrawn for r in rows), leader=any(r.played for r in rows))


def round_name(lang: str, r: int, rounds: int) -> str:
    """Knockout round `r` of `rounds`: "Final", "Semi-finals", else "Round r"."""
    left = rounds - r
    if left == 0:
        return i18n.tr(lang, "Final")
    return i18n.tr(lang, "Semi-finals") if left == 1 else i18n.tr(lang, "Round {n}", n=r)


def _bracket(lang: str, record: TournamentRecord, ko: list[Pairing], names: Mapping[str, str]) -> Bracket:
    rounds = max(int(p.stage[2:]) for p in ko)
    size = 1 << rounds
    by_key = {p.key: p for p in ko}
    duels: list[tuple[Duel, ...]] = []
    for r in range(1, rounds + 1):
        row = []
        for i in range(size >> r):
            p = by_key.get(f"ko{r}-{i}")
            if p is None:  # a bye: the seed waits in the next round
                row.append(Duel(None, None))
                continue
            a = names.get(p.a, p.a) if p.a else ""
            b = names.get(p.b, p.b) if p.b else ""
            sa, sb = ("w/o", "") if p.walkover and p.winner == 0 else (("", "w/o") if p.walkover else
                                                                      (str(p.score[0]), str(p.score[1])))
            if not p.done:
                sa = sb = ""
            row.append(Duel(a, b, sa, sb, p.winner))
        duels.append(tuple(row))
    labels = [round_name(lang, r, rounds) for r in range(1, rounds + 1)]
    champion = names.get(record.winner, record.winner) if record.winner and record.format != "roundrobin" else ""
    caption = i18n.tr(lang, "Knockout of the section winners") if record.format == "sections" else ""
    return Bracket(caption, tuple(duels), tuple(labels), champion or "")
