"""Short random ids for games, matches, challenges and players.

12 characters of base32 (60 bits): short enough for a chat button's callback data, and creation still uses
set-if-absent so a collision is detected rather than silently overwriting a record.
"""

from __future__ import annotations

import base64
import secrets


def new_id() -> str:
    """A fresh random id such as `k3vq7dz2mfa4`."""
    return base64.b32encode(secrets.token_bytes(8)).decode("ascii")[:12].lower()
