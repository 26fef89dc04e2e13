"""Flood limits: python-telegram-bot's `AIORateLimiter`, throttling on or off, retrying a 429 either way.

On (`TELEGRAM_RATE_LIMIT=on`, the default): Telegram's published limits, 30 messages a second overall and 20 a
minute per group. Off (a self-hosted Bot API server without those limits, tests, benchmarks): no throttling. In
both cases a 429 answer is waited out (`retry_after`) and the request is sent again, up to `RETRIES` times.
"""

from __future__ import annotations

from telegram.ext import AIORateLimiter

RETRIES = 5


def rate_limiter(throttle: bool) -> AIORateLimiter:
    """The rate limiter for the setting: Telegram's limits when `throttle`, else retries only."""
    if throttle:
        return AIORateLimiter(max_retries=RETRIES)
    return AIORateLimiter(overall_max_rate=0, group_max_rate=0, max_retries=RETRIES)
