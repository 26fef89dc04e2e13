"""Settings from environment variables or a `.env` file in the working directory (pydantic-settings)."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """Everything `tabla run` can be told; each field's alias is its environment variable."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore",
                                      populate_by_name=True)

    discord_token: SecretStr | None = Field(None, alias="DISCORD_TOKEN",
                                            description="Discord bot token; enables the Discord adapter")
    telegram_token: SecretStr | None = Field(None, alias="TELEGRAM_TOKEN",
                                             description="Telegram bot token; enables the Telegram adapter")
    telegram_api_url: str | None = Field(None, alias="TELEGRAM_API_URL",
                                         description="base URL of a self-hosted Telegram Bot API server")
    redis_url: str | None = Field(None, alias="REDIS_URL",
                                  description="redis://, rediss://, unix:// or redis+cluster:// URL; "
                                              "unset: an embedded server in the data directory")
    data_dir: Path | None = Field(None, alias="TABLA_DATA_DIR",
                                  description="where the embedded store and console board pictures live")
    language: str = Field("en", alias="TABLA_LANGUAGE", description="default reply language (en, bg, el)")
    move_deadline_hours: float = Field(72.0, alias="TABLA_MOVE_DEADLINE_HOURS", gt=0,
                                       description="time per move before the game is lost (per chat: /deadline)")
    challenge_hours: float = Field(24.0, alias="TABLA_CHALLENGE_HOURS", gt=0,
                                   description="how long a challenge stays open")
    deadline_check_seconds: float = Field(30.0, alias="TABLA_DEADLINE_CHECK_SECONDS", gt=0,
                                          description="how often each process looks for due reminders")
    log_level: str = Field("WARNING", alias="TABLA_LOG_LEVEL", description="logging level")


def describe() -> str:
    """One line per setting, for `tabla run --help`."""
    lines = []
    for field in Settings.model_fields.values():
        default = "" if field.default in (None, "") else f" (default {field.default})"
        lines.append(f"  {field.alias:<30} {field.description}{default}")
    return "\n".join(lines)
