"""Tournament formats, pure: round robin, knockout and sections; standings; when a tournament ends.

No store here: every function takes values and returns values, and `advance` is a step the store applies inside
the same versioned write as the change that called for it (`storage.tournaments`).

- Round robin: every player meets every other once, every pairing at the start.
- Knockout: single elimination seeded by rating, byes to the top seeds (the bracket is the next power of two;
  a seed without an opponent goes straight to the second round); a match starts as soon as both its players
  are known; no third-place match.
- Sections: more than 8 players are split into round-robin sections of 4 to 8 by snake seeding, and the
  section winners play a knockout seeded by their section results.
- Standings: match wins, points won minus lost, Sonneborn–Berger (the match wins of the players one beat), the
  result between the tied players, rating; a withdrawn player ranks below those still in.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from math import ceil

from storage import Pairing, TournamentRecord
from storage.tournaments import FINISHED, RUNNING, Step, settled

MOST_IN_SECTION = 8
LEAST = {"roundrobin": 3, "sections": 3, "knockout": 2}  # players needed to start


def seeded(players: Iterable[str], ratings: Mapping[str, float]) -> tuple[str, ...]:
    """Players by rating, highest first; equal ratings keep their order of joining."""
    order = list(players)
    return tuple(sorted(order, key=lambda p: (-ratings.get(p, 0.0), order.index(p))))


def round_robin(players: Iterable[str], stage: str = "rr") -> tuple[Pairing, ...]:
    """Every pairing of `players`, keyed `<stage>-<i>-<j>` by their places."""
    ps = list(players)
    return tuple(Pairing(f"{stage}-{i}-{j}", stage, ps[i], ps[j])
                 for i in range(len(ps)) for j in range(i + 1, len(ps)))


def bracket_order(size: int) -> list[int]:
    """Seed numbers (from 0) in bracket order for a bracket of `size` (a power of two): 0 meets size-1, and
    seeds 0 and 1 can meet only in the final."""
    order = [0]
    while len(order) < size:
        n = len(order) * 2
        order = [s for seed in order for s in (seed, n - 1 - seed)]
    return order


def bracket(n: int) -> tuple[tuple[Pairing, ...], list[tuple[str, int]]]:
    """A knockout bracket for `n` seeds: its pairings with no players yet, and where each seed enters
    (pairing key, slot). Seeds without an opponent in the first round (byes) enter in the second."""
    if n < 2:
        return (), [("", 0)] * n
    size = 1 << (n - 1).bit_length()
    rounds = size.bit_length() - 1
    pairings: dict[str, Pairing] = {}
    for r in range(1, rounds + 1):
        for i in range(size >> r):
            nxt = f"ko{r + 1}-{i // 2}" if r < rounds else None
            pairings[f"ko{r}-{i}"] = Pairing(f"ko{r}-{i}", f"ko{r}", next=nxt, slot=i % 2)
    order = bracket_order(size)
    entry: list[tuple[str, int]] = [("", 0)] * n
    for i in range(size // 2):
        top, bottom = order[2 * i], order[2 * i + 1]
        if bottom >= n:  # a bye: the seed goes on to the second round
            del pairings[f"ko1-{i}"]
            entry[top] = (f"ko2-{i // 2}", i % 2)
        else:
            entry[top], entry[bottom] = (f"ko1-{i}", 0), (f"ko1-{i}", 1)
    return tuple(pairings.values()), entry


def placed(pairings: tuple[Pairing, ...], entry: list[tuple[str, int]], seeds: tuple[str, ...]) -> tuple[Pairing, ...]:
    """The bracket with `seeds` entered where `entry` says."""
    slots = {e: seed for e, seed in zip(entry, seeds, strict=True)}
    return tuple(replace(p, a=slots.get((p.key, 0), p.a), b=slots.get((p.key, 1), p.b)) for p in pairings)


def sections(seeds: tuple[str, ...]) -> list[list[str]]:
    """Snake seeding into ceil(n/8) sections (4 to 8 players each when n > 8): 1 2 3 | 6 5 4 | 7 8 9 …"""
    k = max(1, ceil(len(seeds) / MOST_IN_SECTION))
    groups: list[list[str]] = [[] for _ in range(k)]
    for i, player in enumerate(seeds):
        row, col = divmod(i, k)
        groups[col if row % 2 == 0 else k - 1 - col].append(player)
    return groups


def draw(fmt: str, players: tuple[str, ...], ratings: Mapping[str, float]) -> tuple[tuple[Pairing, ...],
                                                                                   tuple[str, ...]]:
    """The pairings a tournament starts with, and its players in seeding order."""
    seeds = seeded(players, ratings)
    if fmt == "roundrobin":
        return round_robin(seeds), seeds
    if fmt == "knockout":
        pairings, entry = bracket(len(seeds))
        return placed(pairings, entry, seeds), seeds
    groups = sections(seeds)
    section_pairings = tuple(p for k, group in enumerate(groups) for p in round_robin(group, f"s{k}"))
    return section_pairings + bracket(len(groups))[0], seeds


@dataclass(frozen=True, slots=True)
class Row:
    """A player's line in a round-robin table."""

    player: str
    played: int
    wins: int
    won: int
    lost: int
    sb: int
    withdrawn: bool

    @property
    def diff(self) -> int:
        return self.won - self.lost


def standings(pairings: Iterable[Pairing], players: Iterable[str], ratings: Mapping[str, float],
              withdrawn: Iterable[str] = ()) -> list[Row]:
    """The round-robin table of `players` over `pairings` (finished ones count), best first."""
    ps = list(players)
    out = set(withdrawn)
    done = [p for p in pairings if p.done and p.a is not None and p.b is not None]
    wins = {p: 0 for p in ps}
    won = dict.fromkeys(ps, 0)
    lost = dict.fromkeys(ps, 0)
    played = dict.fromkeys(ps, 0)
    beaten: dict[str, list[str]] = {p: [] for p in ps}
    head: dict[tuple[str, str], int] = {}
    for p in done:
        assert p.a is not None and p.b is not None
        w, l_ = (p.a, p.b) if p.winner == 0 else (p.b, p.a)
        if w not in wins or l_ not in wins:
            continue
        wins[w] += 1
        beaten[w].append(l_)
        head[(w, l_)] = head.get((w, l_), 0) + 1
        for who, mine, theirs in ((p.a, p.score[0], p.score[1]), (p.b, p.score[1], p.score[0])):
            won[who] += mine
            lost[who] += theirs
            played[who] += 1
    rows = {p: Row(p, played[p], wins[p], won[p], lost[p], sum(wins[b] for b in beaten[p]), p in out) for p in ps}

    def key(r: Row) -> tuple[int, int, int, int]:
        return (int(r.withdrawn), -r.wins, -r.diff, -r.sb)

    ordered = sorted(rows.values(), key=lambda r: (key(r), -ratings.get(r.player, 0.0), ps.index(r.player)))
    result: list[Row] = []
    i = 0
    while i < len(ordered):  # break ties by the results between the tied players, then rating
        j = i
        while j < len(ordered) and key(ordered[j]) == key(ordered[i]):
            j += 1
        group = ordered[i:j]
        tied = {r.player for r in group}
        h2h = {r.player: sum(n for (w, l_), n in head.items() if w == r.player and l_ in tied) for r in group}
        result += sorted(group, key=lambda r: (-h2h[r.player], -ratings.get(r.player, 0.0), ps.index(r.player)))
        i = j
    return result


def section_players(record: TournamentRecord, k: int) -> list[str]:
    """The players of section `k`, in seeding order."""
    stage = f"s{k}"
    found: list[str] = []
    for p in record.pairings:
        if p.stage == stage:
            for who in p.players():
                if who not in found:
                    found.append(who)
    return sorted(found, key=record.players.index)


def section_count(record: TournamentRecord) -> int:
    return len({p.stage for p in record.pairings if p.stage.startswith("s")})


def table(record: TournamentRecord, ratings: Mapping[str, float], k: int | None = None) -> list[Row]:
    """The round-robin table of the tournament (`k` None) or of its section `k`."""
    if k is None:
        return standings(record.pairings, record.players, ratings, record.withdrawn)
    stage = f"s{k}"
    return standings([p for p in record.pairings if p.stage == stage], section_players(record, k), ratings,
                     record.withdrawn)


def advance(ratings: Mapping[str, float]) -> Step:
    """The step after every change: seed the knockout once every section is over, and end the tournament once
    every pairing is."""

    def step(record: TournamentRecord) -> TournamentRecord:
        if record.state != RUNNING:
            return record
        if record.format == "sections":
            record = _seed_knockout(record, ratings)
        if not record.pairings or not all(p.done for p in record.pairings):
            return record
        return replace(record, state=FINISHED, winner=champion(record, ratings))

    return step


def _seed_knockout(record: TournamentRecord, ratings: Mapping[str, float]) -> TournamentRecord:
    count = section_count(record)
    ko = [p for p in record.pairings if p.stage.startswith("ko")]
    if count < 2 or any(p.a or p.b for p in ko):
        return record
    if not all(p.done for p in record.pairings if p.stage.startswith("s")):
        return record
    winners = [table(record, ratings, k)[0] for k in range(count)]
    order = sorted(range(count), key=lambda k: (int(winners[k].withdrawn), -winners[k].wins, -winners[k].diff,
                                                -winners[k].sb, -ratings.get(winners[k].player, 0.0), k))
    seeds = tuple(winners[k].player for k in order)
    pairings, entry = bracket(count)
    filled = {p.key: p for p in placed(pairings, entry, seeds)}
    return settled(replace(record, pairings=tuple(filled.get(p.key, p) for p in record.pairings)))


def champion(record: TournamentRecord, ratings: Mapping[str, float]) -> str | None:
    """The winner of a finished tournament: the knockout final's, else the top of the table."""
    final = [p for p in record.pairings if p.stage.startswith("ko") and p.next is None]
    if final and final[0].done:
        return final[0].a if final[0].winner == 0 else final[0].b
    if record.format == "knockout":
        return None
    rows = table(record, ratings, 0 if record.format == "sections" else None)
    return rows[0].player if rows else None


def placing(record: TournamentRecord, ratings: Mapping[str, float]) -> list[str]:
    """Everyone in final order: a knockout's by the round each went out in (the final's loser second)."""
    if record.format == "roundrobin" or (record.format == "sections" and section_count(record) < 2):
        return [r.player for r in table(record, ratings)]
    out_in: dict[str, int] = {}
    for p in record.pairings:
        if p.stage.startswith("ko") and p.done and p.a and p.b:
            out_in[p.b if p.winner == 0 else p.a] = int(p.stage[2:])
    if record.winner:
        out_in[record.winner] = 99
    return sorted(record.players, key=lambda p: (-out_in.get(p, 0), record.players.index(p)))

