"""Webhook mode: Telegram posts updates to `TELEGRAM_WEBHOOK_URL`; python-telegram-bot's own server receives
them on `TELEGRAM_WEBHOOK_LISTEN:TELEGRAM_WEBHOOK_PORT` at the URL's path.

Every request must carry `TELEGRAM_WEBHOOK_SECRET` in `X-Telegram-Bot-Api-Secret-Token` (Telegram sends the
secret given to `setWebhook`); one without it, or with another, is refused with 403 before it is read. TLS is
the reverse proxy's or load balancer's job; several processes may sit behind it, as no state lives in one.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from telegram import Update
from telegram.ext import Updater

from ..settings import Settings


class WebhookSettingsError(ValueError):
    """Webhook mode asked for without what it needs."""


def url_path(url: str) -> str:
    """The path the webhook server answers on: the public URL's path, without its leading slash."""
    return urlsplit(url).path.lstrip("/")


def secret(settings: Settings) -> str:
    """The webhook's secret token.

    :raises WebhookSettingsError: none is set, or it has characters Telegram does not allow.
    """
    token = settings.telegram_webhook_secret.get_secret_value() if settings.telegram_webhook_secret else ""
    if not token:
        raise WebhookSettingsError("TELEGRAM_WEBHOOK_SECRET must be set with TELEGRAM_WEBHOOK_URL")
    if len(token) > 256 or not all(ch.isascii() and (ch.isalnum() or ch in "_-") for ch in token):
        raise WebhookSettingsError("TELEGRAM_WEBHOOK_SECRET: 1-256 characters A-Z, a-z, 0-9, _ and - only")
    return token


async def start(updater: Updater, settings: Settings) -> None:
    """Register the webhook with Telegram and start receiving on it.

    :raises WebhookSettingsError: no usable secret is set.
    """
    url = settings.telegram_webhook_url or ""
    await updater.start_webhook(listen=settings.telegram_webhook_listen, port=settings.telegram_webhook_port,
                                url_path=url_path(url), webhook_url=url, secret_token=secret(settings),
                                allowed_updates=Update.ALL_TYPES)
