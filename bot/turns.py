"""Everything the service does by itself between two human decisions (pure, no I/O).

From a game state it makes the opening roll (R-OPEN-1), rolls for the side to move (R-DICE-1, from the game's
seed), passes a turn without a play, makes a forced play (R-TURN-3), and moves for the computer, until a human
has a real choice or the game is over. Each logged action is a `Step`. With `cube=on` (§13) a human's choice is
also "roll or double" (`decide`) and "take or drop" (`answer`); the computer makes those by `game.nets.cube_decision`.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from game import CubeAction, FlowEvent, Game, Play, Side
from game.nets import choose, cube_decision
from renderer import LastPlay

from .cube.table import ROWS
from .dice import ai_seed, format_dice, roll


@dataclass(frozen=True, slots=True)
class Event:
    """Something to announce: an English msgid with its values (names are filled in by the service)."""

    message: str
    values: dict[str, object] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Step:
    """One logged action: the game after it, the roll counter after it, the log fields and what to say."""

    game: Game
    rolls: int
    side: Side
    dice: str
    play: str
    events: tuple[Event, ...] = ()
    last: LastPlay | None = None  # the play as the board picture shows it


@dataclass(frozen=True, slots=True)
class Advance:
    """The steps made, and the state reached when a human must decide (or the game is over)."""

    steps: tuple[Step, ...]
    game: Game
    rolls: int
    events: tuple[Event, ...]  # announcements after the last step (rolls)


def last_drawn(steps: tuple[Step, ...]) -> LastPlay | None:
    """The play a board after `steps` draws: the last one, with the stages of a Gul Bara cascade its side
    played before it without a roll between (R-GULBARA-3), all of them, each arrow with its stage's number."""
    drawn = [s for s in steps if s.last is not None]
    if not drawn:
        return None
    run = [drawn[-1]]
    for earlier in reversed(drawn[:-1]):
        stage = earlier.game.stage  # what the side still plays after `earlier`: the next stage, unrolled
        if earlier.side is not run[0].side or stage is None or stage.rolled or earlier.game.turn is not earlier.side:
            break
        run.insert(0, earlier)
    return LastPlay.joined([s.last for s in run if s.last is not None])


def play_step(game: Game, play: Play, rolls: int, events: tuple[Event, ...] = ()) -> Step:
    """The step of making `play` (a human's choice, or one chosen here)."""
    assert game.dice is not None
    after = game.play(play)
    return Step(after, rolls, game.turn, format_dice(game.dice), play.notation, events, LastPlay.from_play(play))


CASCADE_MESSAGES = {
    "cascade": "{side}'s double cascades: {moves} × {die} now, then every higher double up to 6.",
    "stage": "{side} goes on with the cascade: {moves} × {die}, no roll.",
    "transfer": "The cascade passes to {side}: {moves} × {die}, then the higher doubles up to 6.",
    "forfeit": "{side} cannot play all of the transferred {die}s: the rest of the cascade is lost.",
}
LAST_STAGE_MESSAGES = {  # a stage of 6s is the last (R-GULBARA-3: 6-6 is a single stage): no higher double follows
    "cascade": "{side}'s double 6-6 is a single stage: {moves} × 6.",
    "transfer": "The rest of the cascade passes to {side}: {moves} × 6.",
}


def cascade_events(game: Game) -> list[Event]:
    """The announcements of what the last transition did to a Gul Bara cascade (R-GULBARA-3/4)."""
    events = []
    for e in game.events:
        if not isinstance(e, FlowEvent):
            continue
        message = CASCADE_MESSAGES[e.kind]
        if e.die == 6 and e.kind in LAST_STAGE_MESSAGES:
            message = LAST_STAGE_MESSAGES[e.kind]
        events.append(Event(message, {"side": e.side, "die": e.die, "moves": e.moves}))
    return events


def _stage_dice(game: Game, dice: str) -> str:
    """The dice as announced: a cascade stage that no roll preceded says so (R-GULBARA-3)."""
    stage = game.stage
    if stage is not None and not stage.rolled:
        return f"{stage.moves} × {stage.die}"
    return dice


def cube_step(game: Game, action: CubeAction, rolls: int, game_id: str, before: tuple[Event, ...] = ()) -> Step:
    """The step of a double, a take or a drop (R-CUBE-2, R-CUBE-3) by the side the game waits on: logged with
    no dice (the position does not change; the next roll is simply the next one, R-DICE-1).

    :raises GameFlowError: not the time for it (the engine's reason).
    """
    row = ROWS[action]
    if not row.logged:
        raise ValueError(f"{action!r} is not logged as a step of its own")
    side = game.answering or game.turn
    after = game.act(action)
    value = after.cube.offered_value if after.phase == "answer" and after.cube else after.cube_value
    event = Event(row.message, {"side": side, "value": value, "id": game_id})
    return Step(after, rolls, side, "", action.value, (*before, event))


def advance(game: Game, seed: str, game_id: str, rolls: int, computer: Collection[Side]) -> Advance:
    """Act until a human in `game` has a choice to make; `computer` are the sides the engine plays.

    A Gul Bara cascade (R-GULBARA-3/4) is announced from the game's `events`, those of the play that led to
    `game` included."""
    steps: list[Step] = []
    pending: list[Event] = cascade_events(game)
    rolled: list[Event] = []  # what a roll set off (a cascade), told after the roll's own line
    while game.phase != "over":
        if game.phase == "opening":
            w, b = roll(seed, game_id, rolls)
            rolls += 1
            after = game.opening(w, b)
            if after.phase == "opening":
                pending.append(Event("Opening roll: white {w}, black {b}. Equal: roll again.", {"w": w, "b": b}))
            else:
                pending.append(Event("Opening roll: white {w}, black {b}. {side} starts.",
                                     {"w": w, "b": b, "side": after.turn}))
            steps.append(Step(after, rolls, Side.WHITE, f"{w}-{b}", "opening", tuple(pending)))
            pending = []
            game = after
            continue
        if game.phase == "roll":
            game = game.roll(*roll(seed, game_id, rolls))
            rolls += 1
            rolled = cascade_events(game)
            continue
        if game.phase in ("decide", "answer"):
            if (game.answering or game.turn) not in computer:
                break  # a human rolls or doubles, takes or drops
            action = cube_decision(game)
            if action is CubeAction.ROLL:
                game = game.roll(*roll(seed, game_id, rolls))
                rolls += 1
                continue
            assert action is not None
            steps.append(cube_step(game, action, rolls, game_id, tuple(pending)))
            pending = []
            game = steps[-1].game
            continue
        plays = game.plays()
        assert game.dice is not None
        dice = _stage_dice(game, format_dice(game.dice))
        mover = game.turn
        staged = game.stage is not None and not game.stage.rolled  # a cascade stage: no roll preceded it
        if not plays:
            pending.append(Event("{side} cannot play {dice}." if staged else
                                 "{side} rolled {dice} and cannot move: the turn passes.",
                                 {"side": mover, "dice": dice}))
            pending += rolled
            rolled = []
            after = game.pass_turn()
            steps.append(Step(after, rolls, mover, format_dice(game.dice), "pass", tuple(pending), LastPlay(mover)))
            pending = cascade_events(after)
            game = after
        elif len(plays) == 1:
            pending.append(Event("{side} plays {dice}; the only play, {play}, was made." if staged else
                                 "{side} rolled {dice}; the only play, {play}, was made.",
                                 {"side": mover, "dice": dice, "play": plays[0].notation}))
            pending += rolled
            rolled = []
            steps.append(play_step(game, plays[0], rolls, tuple(pending)))
            game = steps[-1].game
            pending = cascade_events(game)
        elif mover in computer:
            choice = choose(game, game.dice, ai_seed(seed, game_id, rolls))  # the gated net, else the heuristic
            assert choice is not None
            pending.append(Event("{side} plays {dice}: {play}." if staged else
                                 "{side} rolled {dice} and played {play}.",
                                 {"side": mover, "dice": dice, "play": choice.notation}))
            pending += rolled
            rolled = []
            steps.append(play_step(game, choice, rolls, tuple(pending)))
            game = steps[-1].game
            pending = cascade_events(game)
        else:
            break
    return Advance(tuple(steps), game, rolls, tuple(pending + rolled))
