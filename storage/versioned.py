"""Compare-and-set of JSON records by version, shared by matches and players (`record_cas.lua`)."""

from __future__ import annotations

from . import codec
from .backend import Backend, text
from .errors import AlreadyExists, NotFound, UnknownSchemaVersion, VersionConflict


async def compare_and_set(
    backend: Backend, kind: str, record_id: str, key: str, expected: int, value: bytes
) -> None:
    """Store `value` at `key` if the record there is at version `expected` (0: if there is none).

    :raises AlreadyExists: `expected` is 0 and the record exists.
    :raises NotFound: the record does not exist.
    :raises VersionConflict: the record is at another version.
    """
    reply = await backend.scripts.record_cas(keys=[key], args=[expected, value, codec.SCHEMA_VERSION])
    outcome = text(reply[0])
    if outcome == "ok":
        return
    if outcome == "exists":
        raise AlreadyExists(kind, record_id)
    if outcome == "missing":
        raise NotFound(kind, record_id)
    if outcome == "schema":
        raise UnknownSchemaVersion(key, text(reply[1]), codec.SCHEMA_VERSION)
    raise VersionConflict(kind, record_id, expected, int(reply[1]))
