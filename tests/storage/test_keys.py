"""Every key the store writes is listed in `storage/keys.py`'s layout, exactly as `Keys` builds it."""

from __future__ import annotations

import inspect

from storage import keys
from storage.keys import Keys

PLACEHOLDERS = {"game_id": "<game>", "match_id": "<match>", "challenge_id": "<challenge>", "player_id": "<player>",
                "platform": "<platform>", "user_id": "<user>", "chat": "<chat>", "variant": "<variant>",
                "bucket": "<n>", "tag": "<tag>", "board_key": "<match>", "nonce": "<nonce>", "points": "<points>",
                "update": "<update>", "season": "<season>", "pool": "<pool>", "tournament_id": "<tournament>"}


def test_every_key_is_in_the_layout() -> None:
    layout = keys.__doc__ or ""
    built = Keys("tabla")
    missing = []
    for name, method in inspect.getmembers(built, inspect.ismethod):
        if name.startswith("_") or name.endswith("_pattern"):
            continue
        params = list(inspect.signature(method).parameters)
        key = method(*(PLACEHOLDERS[p] for p in params))
        if key not in layout.split():
            missing.append(f"{name}: {key}")
        if "season" in params:  # the all-time key of a set a season also has
            whole = method(*(PLACEHOLDERS[p] for p in params if p != "season"))
            if whole not in layout.split():
                missing.append(f"{name}: {whole}")
    assert missing == []
