"""Whole games on the fake Discord through the real client: a challenge accepted by button and played by
`/move`, a game through the ephemeral move builder, a match to 3, and autocomplete of the legal plays.

Every turn's public message must carry the PNG of the position the store holds and ping the player to move
(and nobody else)."""

from __future__ import annotations

import random

from bot.actions import Verb
from bot.discord_adapter import DiscordAdapter
from bot.gamestate import game_of
from bot.runner import Router
from bot.service import Service
from game import Side

from .conftest import ALICE, BOB, shown_position
from .fake import Call, FakeDiscord, Person, autocomplete, press, slash
from .play import actions, build_and_confirm, find, mover, random_play


async def check_turn(service: Service, call: Call, game_id: str, players: dict[Side, Person]) -> None:
    """A public board of the stored position; the player to move is pinged and only they may be."""
    assert call.png is not None and not call.ephemeral
    game_id = next((a.ref for a in actions(call) if a.verb is Verb.OPEN), game_id)  # a match's next game
    record = await service.store.games.get(game_id)
    assert shown_position(call.png) == game_of(record).position.to_tpn(), (game_of(record).phase, call.content)
    allowed = call.data["allowed_mentions"]
    assert allowed["parse"] == []
    to_move = await mover(service, game_id, players)
    if to_move is None:
        assert allowed.get("users", []) == []
    else:
        assert f"<@{to_move.id}>" in call.content
        assert [str(u) for u in allowed["users"]] == [str(to_move.id)]
        assert find(call, Verb.OPEN) is not None


async def retired(fake: FakeDiscord, before: int | None, board: Call) -> None:
    """The board `before` has lost its buttons now that `board`, the next board of the same match, is posted
    (the first board of the match's next game or of a tie replay too)."""
    assert before is not None and before != board.message_id
    await fake.until(lambda: fake.messages[before]["components"] == [])


async def test_a_challenge_accepted_by_button_then_played_by_move(fake: FakeDiscord, adapter: DiscordAdapter,
                                                                   service: Service) -> None:
    """...to its end; the review's error-rate line then follows the result in the channel on its own."""
    service.notify = Router([adapter])  # as `tabla run` wires it
    ex = await slash(fake, ALICE, "challenge", player=BOB, variant="tapa", match=1)
    challenge = await ex.message()
    assert not challenge.ephemeral and f"<@{BOB.id}>" in challenge.content
    accept = find(challenge, Verb.ACCEPT)
    assert accept is not None and find(challenge, Verb.DECLINE) is not None
    assert challenge.message_id is not None

    ex = await press(fake, BOB, challenge.message_id, accept)
    board = await ex.board()
    assert fake.messages[challenge.message_id]["components"] == [], "Accept and Decline are spent"
    open_action = next(a for a in actions(board) if a.verb is Verb.OPEN)
    game_id = open_action.ref
    record = await service.store.games.get(game_id)
    ids = {p: (await service.store.players.get(pid)).platform_user_id for p, pid in zip("wb", record.players,
                                                                                        strict=True)}
    players = {Side.WHITE: ALICE if ids["w"] == str(ALICE.id) else BOB}
    players[Side.BLACK] = BOB if players[Side.WHITE] is ALICE else ALICE
    await check_turn(service, board, game_id, players)

    rng = random.Random(7)
    for _ in range(400):
        who = await mover(service, game_id, players)
        if who is None:
            break
        before = board.message_id
        ex = await slash(fake, who, "move", play=await random_play(service, game_id, rng), game=game_id)
        board = await ex.board()
        # the response itself, or its follow-up when the service was slow and the interaction was deferred
        assert (board.kind, board.callback_type) in (("callback", 4), ("followup", None))
        await check_turn(service, board, game_id, players)
        await retired(fake, before, board)
        game_id = next((a.ref for a in actions(board) if a.verb is Verb.OPEN), game_id)  # a tie is replayed
    assert game_of(await service.store.games.get(game_id)).phase == "over"
    assert "Dice seed revealed" in board.content and "Error rate" not in board.content  # the result, alone
    summary = await fake.until(lambda: next((c for c in fake.calls if c.kind == "channel"
                                             and "Error rate" in c.content and game_id in c.content), None))
    assert summary.path == "/channels/500/messages" and f"/review {game_id}" in summary.content
    assert summary.png is None and fake.calls.index(summary) > fake.calls.index(board)


async def test_autocomplete_offers_legal_plays_that_match_the_typing(fake: FakeDiscord, adapter: DiscordAdapter,
                                                                     service: Service) -> None:
    ex = await slash(fake, ALICE, "play", variant="plakoto", match=1)
    board = await ex.board()
    game_id = next(a for a in actions(board) if a.verb is Verb.OPEN).ref
    game = game_of(await service.store.games.get(game_id))
    legal = {p.notation for p in game.plays()}

    ex = await autocomplete(fake, ALICE, "move", "play", play="")
    everything = (await ex.message()).data["choices"]
    assert everything and len(everything) <= 25
    assert {c["value"] for c in everything} <= legal

    first_move = sorted(legal)[0].split()[0]
    ex = await autocomplete(fake, ALICE, "move", "play", play=first_move, game=game_id)
    narrowed = (await ex.message()).data["choices"]
    assert narrowed and {c["value"] for c in narrowed} <= legal
    assert all(first_move.split("/")[0] in c["value"] for c in narrowed)
    assert {c["value"] for c in narrowed} <= {p for p in legal if first_move in p.split()} | {
        p for p in legal if first_move.split("/")[0] in p}

    ex = await autocomplete(fake, BOB, "move", "play", play="", game=game_id)
    assert (await ex.message()).data["choices"] == [], "not Bob's game: nothing to suggest"


async def test_a_game_through_the_ephemeral_move_builder(fake: FakeDiscord, adapter: DiscordAdapter,
                                                         service: Service) -> None:
    ex = await slash(fake, ALICE, "play", variant="tawula", match=1)
    board = await ex.board()
    game_id = next(a for a in actions(board) if a.verb is Verb.OPEN).ref
    players = {Side.WHITE: ALICE} if game_of(await service.store.games.get(game_id)).turn is Side.WHITE \
        else {Side.BLACK: ALICE}
    rng = random.Random(3)
    for _ in range(300):
        if await mover(service, game_id, players) is None:
            break
        before = board.message_id
        board = await build_and_confirm(fake, ALICE, board, rng)
        await check_turn(service, board, game_id, players)
        await retired(fake, before, board)
        game_id = next((a.ref for a in actions(board) if a.verb is Verb.OPEN), game_id)  # a tie is replayed
    assert game_of(await service.store.games.get(game_id)).phase == "over"


async def test_a_match_to_three(fake: FakeDiscord, adapter: DiscordAdapter, service: Service) -> None:
    ex = await slash(fake, ALICE, "play", variant="plakoto", match=3)
    board = await ex.board()
    rng = random.Random(11)
    games: list[str] = []
    for _ in range(1500):
        opener = next((a for a in actions(board) if a.verb is Verb.OPEN), None)
        if opener is None:
            break
        if opener.ref not in games:
            games.append(opener.ref)
        before = board.message_id
        ex = await slash(fake, ALICE, "move", play=await random_play(service, opener.ref, rng), game=opener.ref)
        board = await ex.board()
        await retired(fake, before, board)  # the next game's first board retires the last of the game before
    record = await service.store.games.get(games[-1])
    assert record.match_id is not None
    match = await service.store.matches.get(record.match_id)
    assert max(match.score) >= 3 and match.target == 3
    assert len(games) >= 2 or max(match.score) >= 3


async def test_the_cycle_matches_are_offered_as_choices_and_start_their_match(
        fake: FakeDiscord, adapter: DiscordAdapter, service: Service) -> None:
    for key, cycle, first in (("tavli", "tavli", "portes"), ("tabla-cycle", "tabla", "tabla")):
        board = await (await slash(fake, ALICE, "play", variant=key, match=3)).board()
        opener = next(a for a in actions(board) if a.verb is Verb.OPEN)
        record = await service.store.games.get(opener.ref)
        assert record.variant == first and record.match_id is not None
        match = await service.store.matches.get(record.match_id)
        assert match.target == 3 and dict(match.options).get("cycle") == cycle
        assert "match to 3 points" in board.content
    rules = await (await slash(fake, ALICE, "rules", variant="tabla-cycle")).message()
    assert "tabla, then gul bara, then tapa" in rules.content
