"""Settings from environment variables or a `.env` file in the working directory (pydantic-settings)."""

from __future__ import annotations

import math
from pathlib import Path

from pydantic import Field, SecretStr, ValidationInfo, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
RANGES: dict[str, tuple[float, str]] = {  # a time setting's largest value and its unit
    "move_deadline_hours": (24 * 30, "hours"), "challenge_hours": (24 * 365, "hours"),
    "deadline_check_seconds": (3600, "seconds")}


class Settings(BaseSettings):
    """Everything `tabla run` can be told; each field's alias is its environment variable."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore",
                                      populate_by_name=True)

    discord_token: SecretStr | None = Field(None, alias="DISCORD_TOKEN",
                                            description="Discord bot token; enables the Discord adapter")
    telegram_token: SecretStr | None = Field(None, alias="TELEGRAM_TOKEN",
                                             description="Telegram bot token; enables the Telegram adapter")
    telegram_api_url: str = Field("https://api.telegram.org", alias="TELEGRAM_API_URL",
                                  description="root of the Bot API server: the bot calls <root>/bot<token>/<method> "
                                              "(a self-hosted Local Bot API server: http://localhost:8081)")
    telegram_rate_limit: bool = Field(True, alias="TELEGRAM_RATE_LIMIT",
                                      description="on: throttle to Telegram's flood limits (python-telegram-bot's "
                                                  "AIORateLimiter); off for a server without them (429s are still "
                                                  "retried)")
    telegram_webhook_url: str | None = Field(None, alias="TELEGRAM_WEBHOOK_URL",
                                             description="public HTTPS URL of this bot's webhook; unset: long polling")
    telegram_webhook_listen: str = Field("0.0.0.0", alias="TELEGRAM_WEBHOOK_LISTEN",
                                         description="address the webhook server listens on")
    telegram_webhook_port: int = Field(8443, alias="TELEGRAM_WEBHOOK_PORT", ge=1, le=65535,
                                       description="port the webhook server listens on")
    telegram_webhook_secret: SecretStr | None = Field(None, alias="TELEGRAM_WEBHOOK_SECRET",
                                                      description="secret every webhook request must carry in "
                                                                  "X-Telegram-Bot-Api-Secret-Token (required with "
                                                                  "a webhook)")
    discord_api_url: str | None = Field(None, alias="DISCORD_API_URL",
                                        description="base URL for Discord REST calls (a REST proxy, e.g. "
                                                    "http://proxy:8080/api/v10); the gateway is then the one its "
                                                    "GET /gateway/bot returns")
    discord_guild_ids: str | None = Field(None, alias="DISCORD_GUILD_IDS",
                                          description="comma-separated guild ids to sync slash commands to at once "
                                                      "(unset: global commands)")
    discord_shard_count: int | None = Field(None, alias="DISCORD_SHARD_COUNT", ge=1,
                                            description="total number of shards (unset: Discord's recommendation)")
    discord_shard_ids: str | None = Field(None, alias="DISCORD_SHARD_IDS",
                                          description="comma-separated shard ids this process runs (with "
                                                      "DISCORD_SHARD_COUNT)")
    discord_message_content: bool = Field(False, alias="DISCORD_MESSAGE_CONTENT",
                                          description="read bare typed moves in channels (needs the privileged "
                                                      "Message Content intent)")
    redis_url: str | None = Field(None, alias="REDIS_URL",
                                  description="redis://, rediss://, unix:// or redis+cluster:// URL; "
                                              "unset: an embedded server in the data directory")
    data_dir: Path | None = Field(None, alias="TABLA_DATA_DIR",
                                  description="where the embedded store and console board pictures live")
    language: str = Field("en", alias="TABLA_LANGUAGE", description="default reply language (en, bg, el)")
    move_deadline_hours: float = Field(72.0, alias="TABLA_MOVE_DEADLINE_HOURS",
                                       description="time per move before the game is lost (per chat: /deadline)")
    challenge_hours: float = Field(24.0, alias="TABLA_CHALLENGE_HOURS",
                                   description="how long a challenge stays open")
    max_games: int = Field(20, alias="TABLA_MAX_GAMES", ge=1, le=1000,
                           description="games one player may have going at once, their open challenges counted")
    deadline_check_seconds: float = Field(30.0, alias="TABLA_DEADLINE_CHECK_SECONDS",
                                          description="how often each process looks for due reminders")
    worker_processes: int = Field(1, alias="TABLA_WORKER_PROCESSES", ge=0, le=16,
                                  description="processes that draw boards and think for the computer, beside the "
                                              "event loop's (0: threads in this process)")
    web_url: str | None = Field(None, alias="TABLA_WEB_URL",
                                description="public HTTPS base URL of the board page (served by this process behind "
                                            "a TLS proxy); unset: no board page")
    web_listen: str = Field("0.0.0.0", alias="TABLA_WEB_LISTEN", description="address the board page listens on")
    web_port: int = Field(8080, alias="TABLA_WEB_PORT", ge=1, le=65535, description="port the board page listens on")
    web_secret: SecretStr | None = Field(None, alias="TABLA_WEB_SECRET",
                                         description="secret that signs board links for Discord and browsers "
                                                     "(unset: only Telegram opens the page)")
    web_app_name: str | None = Field(None, alias="TABLA_WEB_APP_NAME",
                                     description="short name of the Mini App registered with BotFather /newapp "
                                                 "(groups open https://t.me/<bot>/<name>?startapp=<game>)")
    log_level: str = Field("WARNING", alias="TABLA_LOG_LEVEL",
                           description="logging level: " + ", ".join(LOG_LEVELS))

    @field_validator("move_deadline_hours", "challenge_hours", "deadline_check_seconds", mode="before")
    @classmethod
    def _in_range(cls, value: object, info: ValidationInfo) -> float:
        """A time above 0 and at most `RANGES` allows, said in those words (not nan, inf or a word)."""
        most, unit = RANGES[str(info.field_name)]
        try:
            number = float(str(value).strip())
        except ValueError:
            number = math.nan
        if not 0 < number <= most:  # false for nan too
            raise ValueError(f"must be a number of {unit} above 0 and at most {most:g}, not {value!r}")
        return number

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        if value.upper() not in LOG_LEVELS:
            raise ValueError(f"use one of {', '.join(LOG_LEVELS)}, not {value!r}")
        return value.upper()

    @field_validator("discord_guild_ids", "discord_shard_ids")
    @classmethod
    def _id_list(cls, value: str | None) -> str | None:
        """Comma-separated numbers (`1,2, 3`), refused at start rather than when the Discord client is built."""
        parts = (value or "").replace(" ", "").split(",")
        if any(part and not (part.isascii() and part.isdigit()) for part in parts):
            raise ValueError(f"a comma-separated list of numbers, not {value!r}")
        return value

    @field_validator("redis_url")
    @classmethod
    def _usable_url(cls, value: str | None) -> str | None:
        """A URL the store can use: its scheme, a numeric port, a key prefix without braces."""
        if not value:
            return None
        from urllib.parse import urlsplit

        from storage import Keys, StoreSettings

        settings = StoreSettings.from_url(value)  # raises ValueError for another scheme
        try:
            _ = urlsplit(value).port
        except ValueError:
            raise ValueError(f"the port of {settings.display_url!r} is not a number") from None
        Keys(settings.prefix)  # raises ValueError for braces
        return value


def describe() -> str:
    """One line per setting, for `tabla run --help`."""
    lines = []
    for field in Settings.model_fields.values():
        value = field.default
        if isinstance(value, bool):
            value = "on" if value else "off"
        elif isinstance(value, float):
            value = f"{value:g}"
        default = "" if value in (None, "") else f" (default {value})"
        lines.append(f"  {field.alias:<30} {field.description}{default}")
    return "\n".join(lines)
