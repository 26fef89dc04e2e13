"""Headless Chromium for the board page's tests: Debian's `chromium` driven by Playwright's Python package.

Outside CI the browser tests skip, saying why, when no Chromium is installed; with `TABLA_BROWSER_TESTS=1`
(set by `.ci/run`, which installs it) a missing browser fails them instead. Telegram's script is replaced by a
stand-in that hands the page a correctly signed `initData` and Telegram's theme colours.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("TABLA_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
REQUIRED = os.environ.get("TABLA_BROWSER_TESTS") == "1"
SHOTS = Path(os.environ.get("TABLA_PAGE_SHOTS", "/tmp/tabla-page-shots"))
TELEGRAM_JS = "https://telegram.org/js/telegram-web-app.js"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
THEME = {"bg_color": "#17212b", "text_color": "#f5f5f5", "hint_color": "#708499", "button_color": "#5288c1",
         "button_text_color": "#ffffff", "secondary_bg_color": "#232e3c"}


def need_browser() -> str:
    """The Chromium to launch; skips (or fails under CI) when there is none."""
    if Path(CHROMIUM).exists():
        return CHROMIUM
    if REQUIRED:
        pytest.fail(f"TABLA_BROWSER_TESTS=1 but no Chromium at {CHROMIUM} (apt-get install -y chromium)")
    pytest.skip(f"no Chromium at {CHROMIUM}: install Debian's chromium to run the board page in a browser")


def telegram_stub(init_data: str, start_param: str | None = None) -> str:
    """A stand-in for telegram-web-app.js: the WebApp object the page uses, with signed initData and the
    theme colours set as Telegram's script sets them (CSS variables on the root element)."""
    unsafe = {"start_param": start_param} if start_param else {}
    css = "".join(f"r.setProperty('--tg-theme-{k.replace('_', '-')}', {json.dumps(v)});" for k, v in THEME.items())
    return ("(function(){var r=document.documentElement.style;" + css +
            "window.Telegram={WebApp:{initData:" + json.dumps(init_data) + ",initDataUnsafe:" +
            json.dumps(unsafe) + ",themeParams:" + json.dumps(THEME) +
            ",ready:function(){},expand:function(){},HapticFeedback:{notificationOccurred:function(){}}}};})();")
