"""Buttons that survive a restart: one `DynamicItem` whose template matches every packed action (`t1:…`).

The state a press needs travels in the `custom_id` (the service's versioned action), so any process of the bot,
started at any time, handles a press on any message it ever sent; nothing about views is kept in memory. The
item only hands the `custom_id`, verbatim, to the adapter: the service checks who pressed and whether the
board is current.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from ..actions import PREFIX

Press = Callable[[discord.Interaction[Any], str], Awaitable[None]]
TEMPLATE = re.compile(rf"{PREFIX}:[^\s]{{1,97}}")


def is_ours(custom_id: str) -> bool:
    """Whether a `custom_id` is one of our buttons' (what the dynamic button handles)."""
    return TEMPLATE.fullmatch(custom_id) is not None


def action_button(press: Press) -> type[discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]]]:
    """The dynamic button class that hands every press of ours to `press(interaction, custom_id)`."""

    class ActionButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=TEMPLATE):
        def __init__(self, custom_id: str, label: str | None = None) -> None:
            super().__init__(discord.ui.Button(custom_id=custom_id, label=label))

        @classmethod
        async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                                 match: re.Match[str], /) -> ActionButton:
            return cls(match.group(0), getattr(item, "label", None))

        async def callback(self, interaction: discord.Interaction[Any]) -> None:
            await press(interaction, self.custom_id)

    return ActionButton
