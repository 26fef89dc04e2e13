"""Tournament formats (bot/formats.py): the invariants of round robins, brackets, sections and standings."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from bot import formats
from storage import Pairing, TournamentRecord
from storage.tournaments import FINISHED, RUNNING, attached, left, resulted, settled, started

PLAYERS = st.integers(min_value=2, max_value=64).map(lambda n: tuple(f"p{i:02d}" for i in range(n)))


def _ratings(players: tuple[str, ...], seed: int) -> dict[str, float]:
    rnd = random.Random(seed)
    return {p: rnd.choice((1500.0, 1500.0, rnd.uniform(1200, 1900))) for p in players}


def _record(fmt: str, players: tuple[str, ...]) -> TournamentRecord:
    return TournamentRecord("t1", "c", players[0], "plakoto", {}, 3, fmt, "open", players, 1, 0.0, 0.0)


def _play_out(record: TournamentRecord, ratings: dict[str, float], seed: int,
              quit_at: int | None = None) -> TournamentRecord:
    """Play every pairing that can start (random winners and scores), withdrawing one player on the way."""
    rnd = random.Random(seed)
    step = formats.advance(ratings)
    n = 0
    while record.state == RUNNING:
        for p in record.pairings:
            if p.ready:
                record = attached(record, p.key, f"m{p.key}")
        playing = [p for p in record.pairings if p.match and not p.done]
        assert playing, f"a stuck tournament: {record.pairings}"
        p = rnd.choice(playing)
        n += 1
        if quit_at is not None and n == quit_at:
            record = step(left(record, rnd.choice([q for q in record.players if q not in record.withdrawn])))
            continue
        won = rnd.choice(p.players())
        loser = rnd.randrange(0, record.target)
        score = (record.target, loser) if won == p.a else (loser, record.target)
        record = step(resulted(record, f"m{p.key}", won, score))
    return record


@settings(deadline=None)  # no timing on a shared machine
@given(PLAYERS)
def test_round_robin_meets_everyone_once(players: tuple[str, ...]) -> None:
    pairings = formats.round_robin(players)
    met = Counter(frozenset(p.players()) for p in pairings)
    assert len(met) == len(players) * (len(players) - 1) // 2 and set(met.values()) == {1}
    assert len({p.key for p in pairings}) == len(pairings)


@settings(deadline=None)  # no timing on a shared machine
@given(PLAYERS, st.integers(0, 10))
def test_bracket_byes_go_to_the_top_seeds(players: tuple[str, ...], seed: int) -> None:
    ratings = _ratings(players, seed)
    seeds = formats.seeded(players, ratings)
    pairings, entry = formats.bracket(len(seeds))
    size = 1 << (len(seeds) - 1).bit_length()
    byes = size - len(seeds)
    assert [e[0].startswith("ko2") for e in entry] == [True] * byes + [False] * (len(seeds) - byes)
    assert len(pairings) == len(seeds) - 1, "a knockout of n players has n-1 matches"
    assert len(set(entry)) == len(entry)
    finals = [p for p in pairings if p.next is None]
    assert len(finals) == 1
    if len(seeds) >= 2:  # the top two seeds can meet only in the final
        route = {}
        for s in (0, 1):
            key = entry[s][0]
            while key != finals[0].key:
                route.setdefault(s, []).append(key)
                key = next(p.next for p in pairings if p.key == key) or ""
        assert not set(route.get(0, [])) & set(route.get(1, []))


@settings(deadline=None)  # no timing on a shared machine
@given(st.integers(min_value=9, max_value=64))
def test_sections_hold_four_to_eight_by_snake(n: int) -> None:
    seeds = tuple(f"p{i:02d}" for i in range(n))
    groups = formats.sections(seeds)
    assert all(4 <= len(g) <= 8 for g in groups)
    assert sorted(p for g in groups for p in g) == sorted(seeds)
    assert [g[0] for g in groups] == list(seeds[:len(groups)])  # each section has one of the top seeds
    assert max(map(len, groups)) - min(map(len, groups)) <= 1


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(("roundrobin", "knockout", "sections")),
       st.integers(min_value=3, max_value=20), st.integers(0, 1000), st.booleans())
def test_every_tournament_ends_with_one_winner(fmt: str, n: int, seed: int, withdraw: bool) -> None:
    players = tuple(f"p{i:02d}" for i in range(n))
    ratings = _ratings(players, seed)
    record = formats.advance(ratings)(started(_record(fmt, players), *formats.draw(fmt, players, ratings)))
    record = _play_out(record, ratings, seed, quit_at=2 if withdraw else None)
    assert record.state == FINISHED and record.winner in players
    assert record.winner not in record.withdrawn or fmt != "knockout"
    ko = [p for p in record.pairings if p.stage.startswith("ko")]
    if ko:
        final = next(p for p in ko if p.next is None)
        assert record.winner == (final.a if final.winner == 0 else final.b)
    else:
        rows = formats.table(record, ratings, 0 if fmt == "sections" else None)
        assert rows[0].player == record.winner
    order = formats.placing(record, ratings)
    assert sorted(order) == sorted(players) and order[0] == record.winner
    for p in record.pairings:
        assert p.done
        if p.walkover:
            loser = (p.a, p.b)[1 - (p.winner or 0)]
            assert loser in record.withdrawn and sorted(p.score) == [0, record.target]


def test_walkovers_count_as_wins_and_played_matches_stand() -> None:
    players = ("ann", "bob", "cy", "dan")
    record = started(_record("roundrobin", players), formats.round_robin(players), players)
    record = attached(record, "rr-0-1", "m1")
    record = resulted(record, "m1", "bob", (1, 3))
    record = left(record, "bob")
    rows = {r.player: r for r in formats.table(record, {})}
    assert rows["bob"].wins == 1 and rows["bob"].withdrawn
    assert rows["cy"].wins == 1 and rows["cy"].won == 3 and rows["cy"].lost == 0
    assert formats.table(record, {})[-1].player == "bob"


def test_tie_breaks_in_order() -> None:
    """Equal wins: points difference, then Sonneborn–Berger, then the match between them, then rating."""
    def done(key: str, a: str, b: str, winner: int, score: tuple[int, int]) -> Pairing:
        return Pairing(key, "rr", a, b, match=key, winner=winner, score=score)

    # a cycle a>b>c>a with equal scores: every tie-break but rating is level
    cycle = [done("1", "a", "b", 0, (3, 1)), done("2", "b", "c", 0, (3, 1)), done("3", "c", "a", 0, (3, 1))]
    assert [r.player for r in formats.standings(cycle, "abc", {"c": 1600})] == ["c", "a", "b"]
    # two tied on wins and difference; sb decides
    games = [done("1", "a", "b", 0, (3, 0)), done("2", "c", "d", 0, (3, 0)), done("3", "b", "d", 0, (3, 0)),
             done("4", "a", "c", 1, (0, 3)), done("5", "a", "d", 0, (3, 0)), done("6", "b", "c", 0, (3, 0))]
    rows = formats.standings(games, "abcd", {})
    assert [r.wins for r in rows] == [2, 2, 2, 0]
    assert [r.player for r in rows][:3] == sorted("abc", key=lambda p: -next(r.sb for r in rows if r.player == p))
    # head to head between two level players
    two = [done("1", "a", "b", 1, (1, 3)), done("2", "a", "c", 0, (3, 1)), done("3", "b", "c", 1, (1, 3)),
           done("4", "a", "d", 0, (3, 1)), done("5", "b", "d", 0, (3, 1)), done("6", "c", "d", 0, (3, 1))]
    rows = formats.standings(two, "abcd", {"a": 2000})
    assert rows[0].wins == rows[1].wins


def test_knockout_of_five_gives_three_byes() -> None:
    players = tuple("abcde")
    pairings, seeds = formats.draw("knockout", players, {p: 2000 - i for i, p in enumerate(players)})
    record = settled(replace(_record("knockout", players), state=RUNNING, pairings=pairings, players=seeds))
    ready = [p for p in record.pairings if p.ready]
    assert [(p.a, p.b) for p in ready] == [("d", "e"), ("b", "c")]  # two byes meet at once
    waiting = {p.key: (p.a, p.b) for p in record.pairings if p.stage == "ko2"}
    assert waiting == {"ko2-0": ("a", None), "ko2-1": ("b", "c")}
