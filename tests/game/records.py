"""Self-played games recorded turn by turn, as the bot logs them, for the export and replay tests."""

from __future__ import annotations

import random

from game import CYCLES, Game, GameLog, Match, MatchLog, Side, Turn, match_spec, variant


def play_logged(game: Game, rng: random.Random, score: tuple[int, int] = (0, 0), crawford: bool = False,
                cube_rate: float = 0.0, max_turns: int = 3000) -> tuple[GameLog, Game]:
    """Play `game` out with random plays (and, with a cube, random doubles at `cube_rate`), logging each turn."""
    starter = game.turn if game.phase != "opening" else None
    turns: list[Turn] = []
    for _ in range(max_turns):
        if game.phase == "over":
            break
        if game.phase == "opening":
            w, b = rng.randint(1, 6), rng.randint(1, 6)
            turns.append(Turn(Side.WHITE, "opening", (w, b)))
            game = game.opening(w, b)
        elif game.phase == "decide" and rng.random() < cube_rate:
            turns.append(Turn(game.turn, "double"))
            game = game.double()
        elif game.phase == "answer":
            action = "take" if rng.random() < 0.7 else "drop"
            turns.append(Turn(game.turn.other, action))  # type: ignore[arg-type]
            game = game.take() if action == "take" else game.drop()
        elif game.phase in ("roll", "decide"):
            game = game.roll(rng.randint(1, 6), rng.randint(1, 6))
        else:
            assert game.dice is not None
            plays = game.plays()
            if plays:
                play = rng.choice(plays)
                turns.append(Turn(game.turn, "play", game.dice, play.notation))
                game = game.play(play)
            else:
                turns.append(Turn(game.turn, "pass", game.dice))
                game = game.pass_turn()
    else:
        side = game.turn
        turns.append(Turn(side, "resign"))
        game = game.resign(side)
    return GameLog(game.variant, tuple(turns), score, starter, crawford, game.outcome), game


def logged_match(name: str, target: int, seed: int, options: dict[str, str] | None = None,
                 players: tuple[str, str] = ("Alice", "Bob")) -> tuple[MatchLog, list[Game]]:
    """A whole match (a cycle match for `tavli`/`tabla cycle=tabla`) of random plays, logged."""
    rng = random.Random(seed)
    spec = match_spec(name, options or {})
    match = Match.start(spec, target)
    logs, finals = [], []
    while not match.over and len(logs) < 40:
        log, final = play_logged(match.new_game(), rng, (match.white, match.black), match.crawford == "now",
                                 0.2 if match.variant.cube else 0.0)
        logs.append(log)
        finals.append(final)
        assert final.outcome is not None
        match = match.record(final.outcome)
    return MatchLog(players, tuple(logs), target, spec.cycle, match_id=f"m{seed}"), finals


def logged_game(name: str, seed: int, options: dict[str, str] | None = None) -> tuple[MatchLog, Game]:
    """One single game of `name` of random plays, logged."""
    var = variant(name, options or {})
    log, final = play_logged(Game.new(var), random.Random(seed), cube_rate=0.2)
    return MatchLog(("Alice", "Bob"), (log,), 1, match_id=f"g{seed}"), final


def gnubg_games(finals: list[Game], target: int) -> int:
    """How many games gnubg reads of a match: it scores a mars with a loser's checker still on the bar or in
    the winner's home board as a backgammon (3 points, where portes with scoring=mars scores 2) and stops
    reading once its own score reaches the match's length."""
    score = {Side.WHITE: 0, Side.BLACK: 0}
    for n, game in enumerate(finals, start=1):
        outcome = game.outcome
        assert outcome is not None and outcome.winner is not None
        loser = outcome.winner.other
        stuck = game.position.bar(loser) > 0 or any(game.position.checkers_on(loser, p) for p in range(19, 25))
        score[outcome.winner] += 3 if outcome.reason == "mars" and stuck else outcome.points
        if max(score.values()) >= target:
            return n
    return len(finals)


__all__ = ["CYCLES", "gnubg_games", "logged_game", "logged_match", "play_logged"]
