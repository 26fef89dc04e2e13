"""The heuristic computer (game/evaluation.py, game/search.py, game/selfplay.py): reproducible, takes wins
(R-END-1, R-END-2), pins (R-MOVE-2), guards its mother (R-END-2), and beats a random player."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import Position, Side, ai, evaluation, search, variant
from game.board import PIN, flip
from game.plays import Play, legal_plays, pass_position


def _tpn(points: dict[int, str], turn: str = "w", white: str = "0/0/0", black: str = "0/0/0") -> str:
    """A TPN from {white's point: entry} (RULES.md §11)."""
    return ",".join(points.get(p, "") for p in range(1, 25)) + f" {turn} {white} {black}"


def _plays(name: str, tpn: str, dice: tuple[int, int], **opts: str) -> list[Play]:
    return legal_plays(Position.from_tpn(tpn, variant(name, opts)), dice)


def _random_positions(name: str, seed: int, turns: int) -> list[tuple[Position, tuple[int, int]]]:
    """Positions and rolls met in one game of two random players (positions with at least one play)."""
    rng = random.Random(seed)
    position = Position.start(variant(name))
    out: list[tuple[Position, tuple[int, int]]] = []
    for _ in range(turns):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        stage = position.cascade
        if stage is not None and stage.pending:  # gulbara: a pending stage comes with its dice (R-GULBARA-3)
            dice = (stage.die, stage.die)
        plays = legal_plays(position, dice)
        if not plays:
            position = pass_position(position, dice)
            continue
        out.append((position, dice))
        play = rng.choice(plays)
        if play.end is not None:
            break
        position = play.position
    return out


# --- reproducible ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["plakoto", "tawula", "gulbara"])
def test_the_same_seed_gives_the_same_choices(name: str) -> None:
    for position, dice in _random_positions(name, seed=7, turns=60):
        plays = legal_plays(position, dice)
        first = ai.choose_play(plays, seed=3)
        assert first in plays
        assert ai.choose_play(legal_plays(position, dice), seed=3) == first


def test_equal_values_are_broken_by_the_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    plays = _plays("plakoto", _tpn({1: "B13", 19: "B2", 13: "W5", 24: "W10"}), (3, 1))
    assert len(plays) > 3
    monkeypatch.setattr(evaluation, "evaluate", lambda cells, var: 0.0)  # every play is worth the same
    picks = [ai.choose_play(plays, seed=s) for s in range(40)]
    assert picks == [ai.choose_play(plays, seed=s) for s in range(40)]
    assert len({p.notation for p in picks}) > 1  # the seed, not the list order, decides


@pytest.mark.parametrize("name", ["tapa", "tawula", "gulbara"])
def test_whole_games_replay_from_a_seed(name: str) -> None:
    var = variant(name)
    a = ai.play_game(var, ai.ai_chooser, ai.random_play, random.Random(11))
    b = ai.play_game(var, ai.ai_chooser, ai.random_play, random.Random(11))
    assert a.outcome == b.outcome and a.turns == b.turns and a.position == b.position


def test_no_play_to_choose_is_an_error() -> None:
    with pytest.raises(ValueError):
        ai.choose_play([])


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(["plakoto", "tapa", "mahbusa", "tawula"]), st.integers(0, 10_000))
def test_the_choice_is_always_one_of_the_legal_plays(name: str, seed: int) -> None:
    for position, dice in _random_positions(name, seed, turns=40):
        plays = legal_plays(position, dice)
        assert ai.choose_play(plays, seed=seed) in plays


# --- what it prefers ---------------------------------------------------------------------------------------


def test_R_END_2_takes_the_mother_when_it_wins() -> None:
    # Tapa, white to move with 5-2. Black's mother stands alone on white's 1-point (black's 24) and white has
    # no checker on its own 24-point, so 3/1* pins it and wins 2 at once (R-END-2). The only other play,
    # 8/3 8/6, is quiet.
    tpn = _tpn({1: "B1", 20: "B14", 3: "W2", 8: "W13"})
    plays = _plays("tapa", tpn, (5, 2))
    assert any(p.end is None for p in plays)
    chosen = ai.choose_play(plays, seed=0)
    assert chosen.end is not None and chosen.end.winner is Side.WHITE and chosen.end.reason == "mother"


def test_R_END_1_bears_off_the_last_checker_whatever_the_evaluation_says(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Plakoto, white has 13 off and checkers on its 6- and 1-points; with 6-1, 6/off 1/off wins (black has
    # none off: a mars, 2 points) while 6/5/off leaves the checker on the 1-point.
    tpn = _tpn({6: "W1", 1: "W1", 24: "B15"}, white="0/0/13")
    plays = _plays("plakoto", tpn, (6, 1))
    assert any(p.end is None for p in plays)
    monkeypatch.setattr(evaluation, "evaluate", lambda cells, var: 1e12)  # no evaluation outranks a win
    chosen = ai.choose_play(plays, seed=0)
    assert chosen.end is not None and chosen.end.winner is Side.WHITE and chosen.end.points == 2


def test_R_END_1_prefers_the_bigger_win() -> None:
    # Plakoto scoring=backgammon: black has 15 checkers on white's 2-point (black's 23, inside white's home).
    # White, 14 off and one checker on its 6-point, rolls 6-6: only 6/off, a backgammon (3 points).
    tpn = _tpn({6: "W1", 2: "B15"}, white="0/0/14")
    plays = _plays("plakoto", tpn, (6, 6), scoring="backgammon")
    chosen = ai.choose_play(plays, seed=0)
    assert chosen.end is not None and chosen.end.points == 3 and chosen.end.reason == "backgammon"


def test_R_MOVE_2_pins_a_blot_in_its_home_board_rather_than_move_quietly() -> None:
    # Plakoto, white to move with 4-2. A lone black checker stands on white's 4-point (black's 21: it has only
    # just left black's start). White can pin it with 8/4* or 6/4*; it also has quiet plays such as
    # 24/20 24/22, 13/9 13/11 or 13/7. Pinned there, the black checker has 21 points still to travel and
    # cannot move until white leaves: the pin must be chosen.
    tpn = _tpn({1: "B10", 4: "B1", 19: "B2", 21: "B2", 6: "W2", 8: "W3", 13: "W2", 24: "W8"})
    plays = _plays("plakoto", tpn, (4, 2))
    assert any(p.work[4] < PIN for p in plays)  # quiet plays exist
    for seed in range(5):
        chosen = ai.choose_play(plays, seed=seed)
        assert chosen.work[4] > PIN, chosen.notation  # white's checkers on top of a pinned black one
        assert chosen.position.point(Side.WHITE, 4).pinned is Side.BLACK


def test_R_END_2_does_not_leave_its_mother_alone_within_reach() -> None:
    # Plakoto, white to move with 6-5, two checkers on its 24-point. Black has six free checkers on white's
    # 20- and 21-points (black's 5 and 4), 4 and 3 away from white's 24-point (black's 1). Leaving one
    # checker there (24/13, 24/18 13/8, 24/19 13/7) lets black pin white's mother; 24/18 24/19 or a play
    # from the 13-point does not.
    tpn = _tpn({1: "B9", 20: "B3", 21: "B3", 24: "W2", 13: "W13"})
    plays = _plays("plakoto", tpn, (6, 5))
    assert any(p.position.checkers_on(Side.WHITE, 24) == 1 for p in plays)
    for seed in range(5):
        chosen = ai.choose_play(plays, seed=seed)
        assert chosen.position.checkers_on(Side.WHITE, 24) != 1, chosen.notation


def test_R_MOVE_4_hits_in_tawula_when_it_is_free() -> None:
    # Tawula, white to move with 3-1, nothing waiting. A black blot stands on white's 5-point (black's 17);
    # black's other 14 checkers are home on white's 13-point (black's 1). 8/5* or 6/5* hits it: it goes to
    # the bar, 25 pips from home instead of 17 (R-MOVE-4, R-ENTER-3), and must re-enter on white's 7-12
    # (black's 19-24, R-ENTER-3), where white holds the 8- and 12-points and leaves no blot after 8/5* 6/5.
    # Quiet plays such as 24/21 24/23 also exist; the AI must hit.
    tpn = _tpn({5: "B1", 13: "B14", 4: "W4", 6: "W4", 8: "W3", 12: "W2", 24: "W2"})
    plays = _plays("tawula", tpn, (3, 1))
    assert any(p.position.bar(Side.BLACK) == 0 for p in plays)  # plays without a hit exist
    for seed in range(5):
        chosen = ai.choose_play(plays, seed=seed)
        assert chosen.position.bar(Side.BLACK) == 1, chosen.notation


def _next_stage_moves(play: Play) -> int:
    """How many moves of its next cascade stage the mover of `play` can make (R-GULBARA-3/4)."""
    position = play.position
    assert position.cascade is not None and position.cascade.pending and position.turn is play.mover
    die = position.cascade.die
    plays = legal_plays(position, (die, die))
    return len(plays[0].steps) if plays else 0


def test_R_GULBARA_4_plays_a_stage_so_that_the_next_one_can_be_played_in_full() -> None:
    # white's stage of 4 × 4, then 5s and 6s: of the three plays, the one that looks best by itself leaves
    # only one 5 to play, handing the rest of the cascade to black; moving 8/4 instead keeps all four 5s
    tpn = "B8,B3,W9,W2,,,W1,W1,,W1,W1,,,,B1,,,,B1,B2,,,, w 0/0/0 0/0/0 t3/3:4x4"
    plays = _plays("gulbara", tpn, (4, 4))
    alone = max(plays, key=ai.score_play)
    assert _next_stage_moves(alone) == 1
    chosen = ai.choose_play(plays, seed=0)
    assert chosen.notation == "11/3 8/4 7/3"
    assert _next_stage_moves(chosen) == 4


def test_R_GULBARA_3_the_cascade_plan_stays_within_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    # a stage of 1s from a spread position: hundreds of plays a stage, six stages to come
    tpn = _tpn({24: "W3", 22: "W2", 20: "W2", 18: "W2", 16: "W2", 14: "W2", 10: "W2", 12: "B15"}) + " t3/3"
    position = Position.from_tpn(tpn, variant("gulbara"))
    plays = legal_plays(position, (1, 1))
    assert len(plays) > 100
    listed: list[int] = []
    real = search.enumerate_plays

    def counting(*args: object, **kwargs: object) -> object:
        leaves = real(*args, **kwargs)  # type: ignore[arg-type]
        listed.append(len(leaves))
        return leaves

    monkeypatch.setattr(search, "enumerate_plays", counting)
    chosen = ai.choose_play(plays, seed=1)
    assert chosen in plays
    assert listed  # the later stages were looked at ...
    assert len(plays) + sum(listed) <= search.PLAN_BUDGET + max(listed)  # ... within the budget (one stage over)


def _turns_for_replies(seed: int) -> list[tuple[list[Play], Play]]:
    """Gulbara turns of a random game whose best plays all leave the opponent to roll: the plays and the best
    of them by `score_play`."""
    out = []
    for position, dice in _random_positions("gulbara", seed=seed, turns=80):
        plays = legal_plays(position, dice)
        if len(plays) < 2 or search._continues(plays[0]):
            continue
        best = max(plays, key=ai.score_play)
        after = best.position
        if best.end is None and after.turn is not position.turn and after.cascade is not None \
                and not after.cascade.pending:
            out.append((plays, best))
    return out


def test_R_GULBARA_3_a_turn_is_valued_by_the_opponents_best_answer_to_each_roll() -> None:
    # by brute force over the 36 rolls, with the plays the engine lists: each non-double answered by the
    # opponent's best play, each double (a cascade, R-GULBARA-3) by the position as it stands
    turns = _turns_for_replies(seed=11)
    assert len(turns) >= 10
    for _, best in turns:
        after = best.position
        expected = 0.0
        for a in range(1, 7):
            for b in range(1, 7):
                if a == b:
                    expected += ai.evaluate(flip(after.cells, False), after.variant)
                    continue
                replies = legal_plays(after, (a, b))
                values = [search._pips(ai.score_play(r)) for r in replies] or [
                    search._pips(ai.score_leaf(after, (a, b), 0, after.cells, None))]
                expected -= max(values)
        assert ai.answer_value(after) == pytest.approx(expected / 36)


def test_R_GULBARA_3_a_turn_is_chosen_among_the_best_plays_by_the_answers_they_allow() -> None:
    changed = 0
    for seed in (11, 12, 13):
        for plays, best in _turns_for_replies(seed):
            top: dict[tuple[int, ...], Play] = {}
            for play in sorted(plays, key=ai.score_play, reverse=True):
                top.setdefault(play.work, play)
            candidates = list(top.values())[:search.REPLY_FIRST]
            chosen = ai.choose_play(plays, seed=0)
            assert chosen.work in {c.work for c in candidates}
            assert ai.answer_value(chosen.position) == max(ai.answer_value(c.position) for c in candidates)
            changed += chosen.work != best.work
    assert changed, "the answers changed no choice: the search would not be needed"


# --- strength ----------------------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("name", ["plakoto", "tapa", "mahbusa", "tawula"])
def test_beats_a_random_player_at_least_nine_games_in_ten(name: str) -> None:
    var = variant(name)
    games = 40
    wins = 0
    for i in range(games):
        ai_white = i % 2 == 0  # both colours
        white = ai.ai_chooser if ai_white else ai.random_play
        black = ai.random_play if ai_white else ai.ai_chooser
        game = ai.play_game(var, white, black, random.Random(1000 + i))
        assert game.outcome is not None
        if game.outcome.winner is (Side.WHITE if ai_white else Side.BLACK):
            wins += 1
    assert wins >= 0.9 * games, f"{name}: {wins}/{games}"
