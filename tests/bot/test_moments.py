"""A time in each reader's own time (`bot.moments`): Discord's markup, Telegram's date-time entity, the console's
local time with its offset, UTC elsewhere; and through the console as a person sees it."""

from __future__ import annotations

import io
import os
import time

import pytest

from bot import moments
from bot.console import Console
from bot.service import Service
from bot.telegram_adapter import render

WHEN = 1_764_252_300  # 2025-11-27 14:05 UTC


def test_each_front_end_renders_a_moment_its_own_way() -> None:
    text = f"Deadline: {moments.moment(WHEN)}. Ran out at {moments.moment(WHEN, 'f')}."
    assert moments.plain(text) == "Deadline: 2025-11-27 14:05 UTC+00:00. Ran out at 2025-11-27 14:05 UTC+00:00."
    assert moments.discord(text) == f"Deadline: <t:{WHEN}:f> (<t:{WHEN}:R>). Ran out at <t:{WHEN}:f>."
    html = render.text_html(text)
    assert html.count("<tg-time") == 3 and f'unix="{WHEN}" format="r"' in html
    assert render.visible_length(text, ()) == len(moments.telegram_visible(text))
    assert "\ue000" not in render.toast(text)


def test_a_player_cannot_write_a_moment() -> None:
    from bot.core import clean_name
    assert clean_name(f"eve{moments.moment(WHEN)}") == f"eve{WHEN}:b"


@pytest.fixture
def athens() -> object:
    old = os.environ.get("TZ")
    os.environ["TZ"] = "Europe/Athens"
    time.tzset()
    yield None
    if old is None:
        del os.environ["TZ"]
    else:
        os.environ["TZ"] = old
    time.tzset()


def test_the_console_shows_local_time_with_its_offset(athens: object) -> None:
    assert moments.local(WHEN) == "2025-11-27 16:05 UTC+02:00"


async def test_the_console_prints_the_deadline_of_a_board(service: Service, athens: object) -> None:
    out = io.StringIO()
    console = Console(service, out, None, name="alice")
    await console.line("/play ai portes 1")
    shown = out.getvalue()
    assert "UTC+02:00" in shown and "\ue000" not in shown, shown
