"""Verifiable dice (R-DICE-1): every roll of a game derives from a secret per-game seed and the roll's number.

At the start the service publishes `commitment(seed)` = SHA-256 of the seed's hex text; roll n is
HMAC-SHA256(seed, "<game id>:<n>") read byte by byte, bytes ≥ 252 discarded so each die is uniform (no modulo
bias). When the game ends the seed is revealed and anyone can recompute every roll with `roll`.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_seed() -> str:
    """A fresh secret seed: 32 random bytes as hex."""
    return secrets.token_hex(32)


def commitment(seed: str) -> str:
    """The published commitment to `seed`: sha256(seed hex), hex."""
    return hashlib.sha256(seed.encode("ascii")).hexdigest()


def roll(seed: str, game_id: str, n: int) -> tuple[int, int]:
    """Roll number `n` (0-based, the opening rolls included) of game `game_id`: two dice 1..6."""
    dice: list[int] = []
    block = 0
    while len(dice) < 2:
        message = f"{game_id}:{n}" if block == 0 else f"{game_id}:{n}:{block}"
        for byte in hmac.new(bytes.fromhex(seed), message.encode(), hashlib.sha256).digest():
            if byte < 252:
                dice.append(byte % 6 + 1)
                if len(dice) == 2:
                    break
        block += 1
    return dice[0], dice[1]


def ai_seed(seed: str, game_id: str, n: int) -> int:
    """A seed for the computer player's tie-breaks at roll `n`, derived like the dice."""
    digest = hmac.new(bytes.fromhex(seed), f"ai:{game_id}:{n}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big")


def format_dice(dice: tuple[int, int]) -> str:
    return f"{dice[0]}-{dice[1]}"


def parse_dice(text: str) -> tuple[int, int]:
    """`"6-5"` → (6, 5).

    :raises ValueError: not two dice.
    """
    a, _, b = text.partition("-")
    d = (int(a), int(b))
    if not all(1 <= x <= 6 for x in d):
        raise ValueError(f"not a roll: {text!r}")
    return d
