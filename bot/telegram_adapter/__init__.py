"""The Telegram adapter: Telegram updates become service calls, replies become messages, photos and keyboards."""

from .app import TelegramAdapter

__all__ = ["TelegramAdapter"]
