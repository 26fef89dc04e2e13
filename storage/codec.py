"""Records to compact JSON and back, with the schema version in every record.

Each record is one JSON object that starts `{"sv":<schema version>,"v":<record version>,` — the Lua scripts
read these two by position instead of parsing the JSON — and has short field names, because a million stored
games must fit in a few GB. Fields that are None are left out. A record whose
`sv` is not `SCHEMA_VERSION` raises `UnknownSchemaVersion` instead of being guessed at.
"""

from __future__ import annotations

import json
from typing import Any

from .errors import UnknownSchemaVersion
from .records import ChallengeRecord, ChatSettings, GameRecord, GameResult, MatchRecord, PlayerRecord

SCHEMA_VERSION = 1
_encode = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode


def _dump(body: dict[str, Any]) -> bytes:
    """`body` (whose first key is "v") as a record, fields that are None left out."""
    clean = {k: v for k, v in body.items() if v is not None}
    return _encode({"sv": SCHEMA_VERSION, **clean}).encode()


def position_marker(position: str) -> bytes:
    """How a game record spells its position: the apply script checks that the stored record contains it."""
    return b'"pos":' + _encode(position).encode()


def load(key: str, raw: bytes | str) -> dict[str, Any]:
    """Parse a stored record and check its schema version.

    :raises UnknownSchemaVersion: the record is not of `SCHEMA_VERSION` (or not a record at all).
    """
    try:
        data = json.loads(raw)
    except ValueError:
        raise UnknownSchemaVersion(key, None, SCHEMA_VERSION) from None
    version = data.get("sv") if isinstance(data, dict) else None
    if version != SCHEMA_VERSION:
        raise UnknownSchemaVersion(key, version, SCHEMA_VERSION)
    return data  # type: ignore[no-any-return]


def dump_game(game: GameRecord, *, version: int | None = None, updated_at: float | None = None) -> bytes:
    """The record of `game`, with `version` and `updated_at` replaced when given."""
    result = game.result
    return _dump({
        "v": game.version if version is None else version,
        "var": game.variant,
        "opt": dict(game.options) or None,
        "pl": list(game.players),
        "pos": game.position,
        "pos0": game.start_position,
        "dice": game.dice,
        "turn": game.turn,
        "c": game.created_at,
        "u": game.updated_at if updated_at is None else updated_at,
        "chat": game.chat,
        "m": game.match_id,
        "dl": game.deadline,
        "rm": game.remind_at,
        "res": [result.winner, result.points, result.reason] if result else None,
        "seed": game.seed,
        "cube": dict(game.cube) if game.cube is not None else None,
    })


def game_from(game_id: str, data: dict[str, Any]) -> GameRecord:
    res = data.get("res")
    return GameRecord(
        id=game_id,
        variant=data["var"],
        options=data.get("opt", {}),
        players=(data["pl"][0], data["pl"][1]),
        position=data["pos"],
        start_position=data["pos0"],
        dice=data["dice"],
        turn=data["turn"],
        version=data["v"],
        created_at=data["c"],
        updated_at=data["u"],
        chat=data.get("chat"),
        match_id=data.get("m"),
        deadline=data.get("dl"),
        remind_at=data.get("rm"),
        result=GameResult(res[0], res[1], res[2]) if res else None,
        seed=data.get("seed"),
        cube=data.get("cube"),
    )


def dump_match(match: MatchRecord) -> bytes:
    return _dump({
        "v": match.version,
        "var": match.variant,
        "opt": dict(match.options) or None,
        "pl": list(match.players),
        "to": match.target,
        "sc": list(match.score),
        "g": list(match.games),
        "next": match.starts_next,
        "c": match.created_at,
        "u": match.updated_at,
        "chat": match.chat,
        "win": match.winner,
    })


def match_from(match_id: str, data: dict[str, Any]) -> MatchRecord:
    return MatchRecord(
        id=match_id,
        variant=data["var"],
        options=data.get("opt", {}),
        players=(data["pl"][0], data["pl"][1]),
        target=data["to"],
        score=(data["sc"][0], data["sc"][1]),
        games=tuple(data["g"]),
        starts_next=data["next"],
        version=data["v"],
        created_at=data["c"],
        updated_at=data["u"],
        chat=data.get("chat"),
        winner=data.get("win"),
    )


def dump_challenge(challenge: ChallengeRecord) -> bytes:
    return _dump({
        "v": 1,
        "by": challenge.challenger,
        "to": challenge.target,
        "chat": challenge.chat,
        "var": challenge.variant,
        "opt": dict(challenge.options) or None,
        "len": challenge.match_target,
        "c": challenge.created_at,
        "exp": challenge.expires_at,
    })


def challenge_from(challenge_id: str, data: dict[str, Any]) -> ChallengeRecord:
    return ChallengeRecord(
        id=challenge_id,
        challenger=data["by"],
        chat=data["chat"],
        variant=data["var"],
        options=data.get("opt", {}),
        match_target=data["len"],
        created_at=data["c"],
        expires_at=data["exp"],
        target=data.get("to"),
    )


def dump_player(player: PlayerRecord) -> bytes:
    return _dump({
        "v": player.version,
        "pf": player.platform,
        "uid": player.platform_user_id,
        "name": player.name,
        "lang": player.language,
        "c": player.created_at,
    })


def player_from(player_id: str, data: dict[str, Any]) -> PlayerRecord:
    return PlayerRecord(
        id=player_id,
        platform=data["pf"],
        platform_user_id=data["uid"],
        name=data["name"],
        version=data["v"],
        created_at=data["c"],
        language=data.get("lang"),
    )


def dump_account(player_id: str) -> bytes:
    return _dump({"v": 1, "p": player_id})


def account_from(data: dict[str, Any]) -> str:
    return str(data["p"])


def dump_chat(settings: ChatSettings) -> bytes:
    return _dump({"v": settings.version, "lang": settings.language, "dl": settings.deadline_hours})


def chat_from(chat: str, data: dict[str, Any]) -> ChatSettings:
    return ChatSettings(chat=chat, language=data.get("lang"), deadline_hours=data.get("dl"), version=data["v"])
