"""Start-up failures told as a host needs them, and secrets kept out of every log line.

A failure to start is a `StartupError`: one or two lines that say what is wrong and what to do, and the exit
status `tabla run` leaves with: `CONFIGURATION` (2) when a setting must change (a refused token, a missing
webhook secret), `UNREACHABLE` (1) when a service could not be reached (no network, a server down), which a
supervisor may retry. The traceback behind it is logged at DEBUG only.

`SecretMask` is a logging filter on the root handlers: every record, the libraries' included (httpx logs URLs
that hold the Telegram token), has each configured secret replaced by its setting's name, in its message, its
traceback and its stack.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from urllib.parse import quote, urlsplit

from .settings import Settings

CONFIGURATION = 2
UNREACHABLE = 1
SHORTEST_SECRET = 4  # shorter strings are masked nowhere: they would blot out ordinary words
REASON_LENGTH = 160


class StartupError(Exception):
    """`tabla run` cannot start: `message` says what is wrong and what to do; `status` is the exit status."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


def configuration(message: str) -> StartupError:
    """A setting must change before `tabla run` can start (exit status 2)."""
    return StartupError(message, CONFIGURATION)


def unreachable(message: str) -> StartupError:
    """A service did not answer; trying again later may work (exit status 1)."""
    return StartupError(message, UNREACHABLE)


def reason(exc: BaseException) -> str:
    """The innermost cause of `exc` on one short line (`ConnectionRefusedError: ...`)."""
    seen: set[int] = set()
    while (exc.__cause__ or exc.__context__) is not None and id(exc) not in seen:
        seen.add(id(exc))
        exc = exc.__cause__ or exc.__context__  # type: ignore[assignment]
    return one_line(exc)


def one_line(exc: BaseException) -> str:
    """What `exc` says, on one line of at most `REASON_LENGTH` characters (its type if it says nothing)."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= REASON_LENGTH else text[:REASON_LENGTH - 1] + "…"


def secrets_of(settings: Settings) -> list[tuple[str, str]]:
    """Each configured secret with the name it is shown as: the tokens, the webhook secret, Redis's password."""
    found: list[tuple[str, str]] = []
    for value, name in ((settings.telegram_token, "TELEGRAM_TOKEN"), (settings.discord_token, "DISCORD_TOKEN"),
                        (settings.telegram_webhook_secret, "TELEGRAM_WEBHOOK_SECRET")):
        if value is not None and value.get_secret_value():
            found.append((value.get_secret_value(), f"<{name}>"))
    if settings.redis_url:
        try:
            password = urlsplit(settings.redis_url).password
        except ValueError:
            password = None
        if password:
            found.append((password, "<REDIS_URL password>"))
    return found


class SecretMask(logging.Filter):
    """Replaces every secret in a record (message, arguments, traceback, stack) by its name; never drops one."""

    def __init__(self, secrets: Iterable[tuple[str, str]]) -> None:
        super().__init__()
        pairs: dict[str, str] = {}
        for value, name in secrets:
            if len(value) >= SHORTEST_SECRET:
                pairs[value] = name
                pairs.setdefault(quote(value, safe=""), name)  # as it stands in a URL
        self.pairs = sorted(pairs.items(), key=lambda pair: -len(pair[0]))

    def mask(self, text: str) -> str:
        for value, name in self.pairs:
            if value in text:
                text = text.replace(value, name)
        return text

    def filter(self, record: logging.LogRecord) -> bool:
        if not self.pairs:
            return True
        try:
            message = record.getMessage()
        except Exception:  # arguments that do not fit the format: keep both, masked
            message = f"{record.msg!r} % {record.args!r}"
        record.msg, record.args = self.mask(message), None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self.mask(record.exc_text)
        if record.stack_info:
            record.stack_info = self.mask(record.stack_info)
        return True


def configure_logging(settings: Settings) -> SecretMask:
    """Log to standard error at `TABLA_LOG_LEVEL`, warnings included, every record through a `SecretMask`."""
    logging.basicConfig(level=settings.log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
    logging.captureWarnings(True)
    mask = SecretMask(secrets_of(settings))
    for handler in logging.getLogger().handlers:
        for old in [f for f in handler.filters if isinstance(f, SecretMask)]:
            handler.removeFilter(old)
        handler.addFilter(mask)
    return mask
