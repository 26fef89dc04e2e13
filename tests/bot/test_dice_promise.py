"""Every game of a match publishes its dice commitment when it begins, and a verifier written from the README's
"Verifiable dice" section alone (not from `bot.dice`) agrees with the commitments and the rolls."""

from __future__ import annotations

import hashlib
import hmac
import re

from bot.replies import Caller
from bot.service import Service

from .conftest import ALICE, BOB, CHAT


def readme_roll(seed_hex: str, game_id: str, n: int) -> str:
    """Roll n as the README describes it, as `a-b`."""
    dice: list[int] = []
    k = 0
    while len(dice) < 2:
        message = f"{game_id}:{n}" if k == 0 else f"{game_id}:{n}:{k}"
        for byte in hmac.new(bytes.fromhex(seed_hex), message.encode("ascii"), hashlib.sha256).digest():
            if byte < 252 and len(dice) < 2:
                dice.append(byte % 6 + 1)
        k += 1
    return f"{dice[0]}-{dice[1]}"


def readme_commitment(seed_hex: str) -> str:
    return hashlib.sha256(seed_hex.encode("ascii")).hexdigest()


COMMITMENT = re.compile(r"#([a-z2-7]+)\b[^\n#]*?Dice seed commitment: ([0-9a-f]{64})")


async def test_each_game_of_a_match_publishes_its_commitment_and_a_readme_verifier_agrees(service: Service) -> None:
    await service.handle(Caller(ALICE, CHAT), "/challenge @bob plakoto to 3")
    replies = [(await service.handle(Caller(BOB, CHAT), "/accept")).text]
    promised = dict(COMMITMENT.findall(replies[0]))
    assert len(promised) == 1
    revealed: dict[str, str] = {}
    for _ in range(6):
        reply = await service.handle(Caller(ALICE, CHAT), "/resign yes")
        if not reply.ok:
            break
        revealed.update(re.findall(r"wins game #([a-z2-7]+).*?\nDice seed revealed: ([0-9a-f]{64})", reply.text,
                                   re.S))
        promised.update(COMMITMENT.findall(reply.text))
    assert len(revealed) >= 2 and set(revealed) <= set(promised), (promised, revealed)
    for game_id, seed in revealed.items():
        assert readme_commitment(seed) == promised[game_id]
        _, log = await service.store.games.snapshot(game_id)
        n, last = 0, None
        for entry in log:
            if not entry.dice:
                continue
            if entry.play in ("resign", "timeout") and entry.dice == last:
                continue  # the dice on the table, already played from
            last = readme_roll(seed, game_id, n)
            n += 1
            assert entry.dice == last, (game_id, entry)
        assert n >= 1
        assert "follow from seed" in (await service.handle(Caller(ALICE, CHAT), f"/verify {game_id}")).text
