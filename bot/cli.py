"""`tabla run`: start the configured chat adapters, or the console when none is configured."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import ValidationError

from . import settings as settings_module
from .runner import serve
from .settings import Settings

if TYPE_CHECKING:
    from .adapter import Adapter
    from .service import Service

log = logging.getLogger("tabla")


def parser() -> argparse.ArgumentParser:
    epilog = "settings (environment variables or a .env file):\n" + settings_module.describe()
    top = argparse.ArgumentParser(prog="tabla", description="Play Tapa, Plakoto, Mahbusa and Tawula in Discord, "
                                  "Telegram or a terminal.", formatter_class=argparse.RawDescriptionHelpFormatter,
                                  epilog=epilog)
    sub = top.add_subparsers(dest="command")
    run = sub.add_parser("run", help="start the configured chat adapters, or the console",
                         formatter_class=argparse.RawDescriptionHelpFormatter,
                         epilog=epilog)
    run.add_argument("--console", action="store_true", help="open the console even if chat tokens are set")
    run.add_argument("--name", help="the console player's name (default: your login name)")
    run.add_argument("--no-pictures", action="store_true", help="do not save board pictures in the console")
    sub.add_parser("check", help="check that the configured store answers (exit 0) or not (exit 1): a health check",
                   formatter_class=argparse.RawDescriptionHelpFormatter, epilog=epilog)
    return top


async def _check(settings: Settings) -> int:
    """Connect to the configured store and ping it once."""
    from storage import StorageError, connect

    try:
        store = await connect(settings.redis_url, data_dir=settings.data_dir)
    except StorageError as exc:
        print(f"tabla: the store does not answer: {exc}", file=sys.stderr)
        return 1
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

    data_dir = settings.data_dir
    if data_dir is None:
        from storage import default_data_dir

        data_dir = Path(default_data_dir())
    try:
        store = await connect(settings.redis_url, data_dir=data_dir)
    except NotRedis as exc:
        print(f"tabla: bad setting REDIS_URL: {exc}", file=sys.stderr)
        return 2
    except ServerStartError as exc:
        print(f"tabla: {exc}", file=sys.stderr)
        return 1
    service = Service(store, deadline_hours=settings.move_deadline_hours, challenge_hours=settings.challenge_hours,
                      language=settings.language, processes=settings.worker_processes)
    try:
        adapters = _adapters(service, settings, console, name, data_dir / "boards" if pictures else None)
        return await serve(service, adapters, check_seconds=settings.deadline_check_seconds)
    finally:
        service.close()
        await store.aclose()


def _adapters(service: Service, settings: Settings, console: bool, name: str | None,
              boards: Path | None) -> list[Adapter]:
    """The console when asked for or when no chat token is set; else an adapter per token."""
    adapters: list[Adapter] = []
    if settings.telegram_token is not None and settings.telegram_token.get_secret_value() and not console:
        from .telegram_adapter import TelegramAdapter

        adapters.append(TelegramAdapter(service, settings))
    if settings.discord_token is not None and settings.discord_token.get_secret_value() and not console:
        from .discord_adapter import DiscordAdapter

        adapters.append(DiscordAdapter(service, settings))
    if not adapters:
        from .console import Console

        adapters.append(Console(service, sys.stdout, boards, name, source=sys.stdin))
    elif settings.web_url:
        from .web import BoardPage

        adapters.append(BoardPage.from_settings(service, settings, list(adapters)))
    return adapters


def _usable_name(name: str) -> bool:
    """A console player's name: what `/as NAME` accepts."""
    from .console import COMPUTER_NAMES

    return 0 < len(name) <= 40 and all(ch.isalnum() or ch in "_.-" for ch in name) and \
        name.lower() not in COMPUTER_NAMES


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.command not in ("run", "check"):
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
    logging.basicConfig(level=settings.log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
    try:
        if args.command == "check":
            return asyncio.run(_check(settings))
        return asyncio.run(_run(settings, args.console, args.name, not args.no_pictures))
    except KeyboardInterrupt:
        return 0
