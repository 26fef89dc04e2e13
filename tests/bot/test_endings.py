"""How the end of a game and of a match is told: the order of the lines, a finished game's board, the banner."""

from __future__ import annotations

import asyncio
import hashlib
import re
from dataclasses import replace

from bot import progression
from bot.actions import Action, Verb
from bot.gamestate import game_of
from bot.replies import Caller, Reply
from bot.service import Service
from bot.words import board_words
from game import Position, Side, variant
from renderer import ENGLISH, GameResult, MatchScore, Scene, layout
from storage import MoveLogEntry, Store

from .conftest import ALICE, BOB, CAROL, CHAT, Clock

# White bears off its last checker with 6-5 (1/off); black bore off none: a mars, 2 points (R-END-2).
LAST_CHECKER = "W1,,,,,,,,,,,,,,,,,,,,,,,B15 w 0/0/14 0/0/0"
START = "B15,,,,,,,,,,,,,,,,,,,,,,,W15 w 0/0/0 0/0/0"  # plakoto's start: a resignation concedes a mars


async def staged(service: Service, match: str, score: tuple[int, int] = (0, 0), position: str = LAST_CHECKER,
                 ) -> str:
    """A plakoto game of `match` between alice (white) and bob (black), white to bear off its last checker, the
    match at `score` (as if earlier games had been played)."""
    assert (await service.handle(Caller(ALICE, CHAT), f"/challenge @bob plakoto {match}")).ok
    accepted = await service.handle(Caller(BOB, CHAT), "/accept")
    assert accepted.ok and accepted.game_id is not None, accepted.text
    alice = await service.store.players.find(ALICE.platform, ALICE.user_id)
    assert alice is not None
    gid = accepted.game_id
    record = await service.store.games.get(gid)
    if record.players[0] != alice.id:
        record = replace(record, players=(record.players[1], record.players[0]))
    stage = replace(record, position=position, dice="6-5")
    entry = MoveLogEntry(0, "6-5", "setup", position, service.clock())
    await service.store.games.apply(record, stage, command_id="test-setup", move=entry)
    if score != (0, 0):
        m = await service.store.matches.get(record.match_id or "")
        await service.store.matches.update(m, replace(m, score=score), now=service.clock())
    return gid


def order(text: str, *parts: str) -> list[int]:
    """Where each of `parts` first stands in `text` (each must be there)."""
    places = []
    for part in parts:
        assert part in text, f"{part!r} is not in:\n{text}"
        places.append(text.index(part))
    return places


async def test_the_game_ending_move_comes_first_then_the_result_the_score_and_the_next_game(
        service: Service) -> None:
    gid = await staged(service, "to 5")
    reply = await service.handle(Caller(ALICE, CHAT), f"/move 1/off {gid}")
    assert reply.ok, reply.text
    record = await service.store.games.get(gid)
    match = await service.store.matches.get(record.match_id or "")
    nxt = match.games[-1]
    assert nxt != gid
    places = order(reply.text, "played 1/off", f"wins game #{gid}: 2 points", "Match score: alice 2 – 0 bob",
                   f"Next game: #{nxt}, Plakoto.", "to move")
    assert places == sorted(places), reply.text
    first_line = reply.text.splitlines()[0]
    assert "played 1/off" in first_line, reply.text  # no header of the next game above the move
    assert reply.game_id == nxt


async def test_a_finished_games_board_says_who_won_and_how(service: Service) -> None:
    """F14: the board of a finished game tells its result, never whose turn it is."""
    gid = await staged(service, "to 1")
    assert (await service.handle(Caller(ALICE, CHAT), f"/move 1/off {gid}")).ok
    board = await service.handle(Caller(BOB, CHAT), f"/board {gid}")
    assert board.ok, board.text
    assert "White (alice) wins · mars · 2 points" in board.text, board.text
    assert "to move" not in board.text


def banner_of(scene: Scene) -> tuple[str, ...]:
    """The result banner's lines as drawn."""
    drawn = layout(scene).banner
    assert drawn is not None
    return tuple(label.text for label in drawn.lines)


def test_the_banner_of_the_game_that_wins_a_match_says_so_with_the_score() -> None:
    position = Position.from_tpn(",,,,,,,,,,,,,,,,,,,,,,,B15 b 0/0/15 0/0/0", variant("plakoto"))
    result = GameResult(Side.WHITE, 1, "single")
    names = {Side.WHITE: "alice", Side.BLACK: "bob"}
    won = Scene(position, Side.BLACK, names=names, result=result, score=MatchScore(5, 2, 5, decided=True))
    assert banner_of(won)[0] == "alice wins the match 5–2"
    game = replace(won, score=MatchScore(3, 2, 5))
    assert banner_of(game)[0] == "alice wins"
    for lang in ("bg", "el"):
        words = board_words(lang)
        assert words.wins_match != ENGLISH.wins_match
        title = banner_of(replace(won, words=words))[0]
        assert "alice" in title and "5" in title and "2" in title and "match" not in title, (lang, title)


async def test_the_board_of_the_game_that_wins_a_match_says_the_match_is_won(store: Store, clock: Clock) -> None:
    scenes: list[Scene] = []

    def draw(scene: Scene) -> bytes | None:
        scenes.append(scene)
        return None

    service = Service(store, clock=clock, render=draw)
    try:
        for who in (ALICE, BOB):
            await service.remember(who)
        gid = await staged(service, "to 3", (1, 0))
        reply = await service.handle(Caller(ALICE, CHAT), f"/move 1/off {gid}")
        assert reply.ok and reply.game_id == gid, reply.text
        assert "alice wins the match." in reply.text
        assert "White (alice) wins the match 3–0 · mars · 2 points" in reply.text, reply.text
        last = scenes[-1]
        assert last.result is not None and last.score is not None and last.score.decided
        assert banner_of(last)[0] == "alice wins the match 3–0"
        for lang in ("bg", "el"):
            assert (await service.handle(Caller(BOB, CHAT), f"/lang {lang}")).ok
            board = await service.handle(Caller(BOB, CHAT), f"/board {gid}")
            assert "3–0" in board.text and "alice" in board.text and "match" not in board.text, board.text
            assert banner_of(scenes[-1])[0] == banner_of(replace(last, words=board_words(lang)))[0]
            assert scenes[-1].words == board_words(lang)
    finally:
        service.close()


async def test_a_passed_turn_is_told_as_passed_never_as_played_pass(service: Service) -> None:
    """R-TURN-3: a turn with no legal move passes; no message calls that a play ("played pass")."""
    gid = await staged(service, "to 1")
    record = await service.store.games.get(gid)
    passed = MoveLogEntry(1, "6-6", "pass", record.position, service.clock())
    await service.store.games.apply(record, replace(record, dice="6-5"), command_id="test-pass", move=passed)
    ctx = await service.context(Caller(ALICE, CHAT))
    game = game_of(record)
    told = await progression.moved_on(service, ctx, record, "1/off")
    assert "The game moved on: bob rolled 6-6 and cannot move: the turn passes" in told.text, told.text
    for lang in ("en", "bg", "el"):
        ctx = replace(ctx, lang=lang)
        told = await progression.moved_on(service, ctx, record, "1/off")
        assert not re.search(r"\bpass\b", told.text) and "6-6" in told.text, (lang, told.text)
    # Games against the computer with fixed dice seeds, so the passes they hold are the same on every run
    seeds = iter(hashlib.sha256(f"pass-{n}".encode()).hexdigest() for n in range(1000))
    seeded = Service(service.store, clock=service.clock, render=None, seeds=lambda: next(seeds))
    replies = []
    try:
        for _ in range(3):  # tawula's waiting checkers often cannot enter: the turn passes
            replies.append(await seeded.handle(Caller(ALICE, CHAT), "/play ai tawula to 1"))
            record = await seeded.store.games.get(replies[-1].game_id or "")
            for _ in range(30):
                record = await seeded.store.games.get(record.id)
                game = game_of(record)
                if game.phase != "move":
                    break
                move = f"/move {game.plays()[0].notation} {record.id}"
                replies.append(await seeded.handle(Caller(ALICE, CHAT), move))
            record = await seeded.store.games.get(record.id)
            if record.result is None:
                replies.append(await seeded.handle(Caller(ALICE, CHAT), f"/resign yes {record.id}"))
                assert replies[-1].ok, replies[-1].text
    finally:
        seeded.close()
    text = "\n".join(r.text for r in replies)
    assert "the turn passes" in text
    assert "played pass" not in text and "play pass" not in text


def confirm_button(reply: Reply) -> Action:
    """The resignation question's one button, unpacked."""
    (row,) = reply.buttons
    (button,) = row
    action = Action.unpack(button.data)
    assert action.verb is Verb.RESIGN
    return action


async def test_resign_asks_first_and_only_the_resigning_player_confirms_once(service: Service) -> None:
    """R-END-6: `/resign` changes nothing but asks, saying what it concedes; the Confirm button works for the
    player who asked, once."""
    gid = await staged(service, "to 1", position=START)
    before = await service.store.games.get(gid)
    asked = await service.handle(Caller(ALICE, CHAT), f"/resign {gid}")
    assert asked.ok, asked.text
    assert f"Resign game #{gid}? This concedes 2 points to bob." in asked.text, asked.text
    assert f"/resign yes {gid}" in asked.text
    action = confirm_button(asked)
    assert action.ref == gid and action.version == before.version
    assert await service.store.games.get(gid) == before, "the question changes nothing"
    for other in (BOB, CAROL):
        refused = await service.press(Caller(other, CHAT), action.pack())
        assert not refused.ok, refused.text
        assert await service.store.games.get(gid) == before
    assert "Only alice can confirm" in (await service.press(Caller(BOB, CHAT), action.pack())).text
    both = await asyncio.gather(service.press(Caller(ALICE, CHAT), action.pack()),
                                service.press(Caller(ALICE, CHAT), action.pack()))
    done = next(r for r in both if "alice resigns." in r.text)  # the other: the same answer, or lapsed
    assert done.ok and all(r.ok or "lapsed" in r.text for r in both), [r.text for r in both]
    assert "White (alice)" not in done.text and "Black (bob) wins · resigned · 2 points" in done.text, done.text
    record, log = await service.store.games.snapshot(gid)
    assert record.result is not None and record.result.winner == 1 and record.result.points == 2
    assert sum(1 for e in log if e.play == "resign") == 1
    late = await service.press(Caller(ALICE, CHAT), action.pack())
    assert not late.ok and "lapsed" in late.text, late.text
    assert await service.store.games.get(gid) == record


async def test_the_question_lapses_when_the_game_moves_on_and_resign_yes_resigns_at_once(service: Service) -> None:
    gid = await staged(service, "to 1")
    asked = await service.handle(Caller(BOB, CHAT), f"/resign {gid}")
    action = confirm_button(asked)
    assert "This concedes 2 points to alice." in asked.text, asked.text
    assert (await service.handle(Caller(ALICE, CHAT), f"/move 1/off {gid}")).ok  # the game moves on (and ends)
    lapsed = await service.press(Caller(BOB, CHAT), action.pack())
    assert not lapsed.ok and "lapsed" in lapsed.text, lapsed.text
    record = await service.store.games.get(gid)
    assert record.result is not None and record.result.reason != "resign"
    for form in ("/resign yes {}", "/resign {} YES"):
        other = await staged(service, "to 1", position=START)
        reply = await service.handle(Caller(BOB, CHAT), form.format(other))
        verbs = {Action.unpack(b.data).verb for row in reply.buttons for b in row}
        assert reply.ok and verbs == {Verb.REMATCH}, reply.text  # no question: only the final board's Rematch
        done = await service.store.games.get(other)
        assert done.result is not None and done.result.reason == "resign" and done.result.winner == 0


async def test_in_a_match_the_question_says_where_the_match_would_stand(service: Service) -> None:
    gid = await staged(service, "to 5", (1, 0))
    asked = await service.handle(Caller(ALICE, CHAT), f"/resign {gid}")
    assert "This concedes 1 point to bob." in asked.text, asked.text  # the last checker home: no mars
    assert "The match would then stand alice 1 – 1 bob (to 5)." in asked.text, asked.text
    gid = await staged(service, "to 3", (0, 1), START)
    asked = await service.handle(Caller(ALICE, CHAT), f"/resign {gid}")
    assert "This concedes 2 points to bob." in asked.text and "bob would win the match 3–0." in asked.text
    for lang, word in (("bg", "мача"), ("el", "αγώνα")):
        assert (await service.handle(Caller(ALICE, CHAT), f"/lang {lang}")).ok
        asked = await service.handle(Caller(ALICE, CHAT), f"/resign {gid}")
        assert word in asked.text and "3–0" in asked.text and "resign" not in asked.text.replace("/resign", ""), \
            asked.text
        assert confirm_button(asked).verb is Verb.RESIGN
