"""The Lua scripts, registered with redis-py so they run by SHA and are reloaded after a SCRIPT FLUSH or restart."""

from __future__ import annotations

from importlib import resources

from redis.commands.core import AsyncScript

from .settings import Client


def _source(name: str) -> str:
    return resources.files(__package__).joinpath(f"{name}.lua").read_text(encoding="utf-8")


class Scripts:
    """The store's scripts, registered on one client."""

    def __init__(self, client: Client) -> None:
        self.game_apply: AsyncScript = client.register_script(_source("game_apply"))
        self.game_read: AsyncScript = client.register_script(_source("game_read"))
        self.record_cas: AsyncScript = client.register_script(_source("record_cas"))
        self.schedule_claim: AsyncScript = client.register_script(_source("schedule_claim"))
        self.schedule_settle: AsyncScript = client.register_script(_source("schedule_settle"))
        self.counted_increment: AsyncScript = client.register_script(_source("counted_increment"))
        self.board_swap: AsyncScript = client.register_script(_source("board_swap"))
        self.vacation_start: AsyncScript = client.register_script(_source("vacation_start"))
        self.vacation_end: AsyncScript = client.register_script(_source("vacation_end"))
        self.rating_apply: AsyncScript = client.register_script(_source("rating_apply"))
        self.player_read: AsyncScript = client.register_script(_source("player_read"))
        self.slot_take: AsyncScript = client.register_script(_source("slot_take"))
        self.season_set: AsyncScript = client.register_script(_source("season_set"))
        self.season_roll: AsyncScript = client.register_script(_source("season_roll"))
        self.card_pin: AsyncScript = client.register_script(_source("card_pin"))
        self.card_touch: AsyncScript = client.register_script(_source("card_touch"))
        self.card_shown: AsyncScript = client.register_script(_source("card_shown"))
        self.attention_mark: AsyncScript = client.register_script(_source("attention_mark"))
