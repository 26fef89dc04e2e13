"""`tabla run`: start the configured chat adapters, or the console when none is configured."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path

from . import settings as settings_module
from .settings import Settings

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
    from storage import ServerStartError, connect

    from .console import run_console
    from .service import Service

    data_dir = settings.data_dir
    if data_dir is None:
        from storage import default_data_dir

        data_dir = Path(default_data_dir())
    try:
        store = await connect(settings.redis_url, data_dir=data_dir)
    except ServerStartError as exc:
        print(f"tabla: {exc}", file=sys.stderr)
        return 1
    try:
        service = Service(store, deadline_hours=settings.move_deadline_hours, challenge_hours=settings.challenge_hours,
                          language=settings.language)
        chat_tokens = [n for n, t in (("Discord", settings.discord_token), ("Telegram", settings.telegram_token)) if t]
        if chat_tokens and not console:
            log.error("tokens are set for %s, but those adapters are not part of this version; "
                      "run `tabla run --console` to play in the terminal", " and ".join(chat_tokens))
            return 2
        return await run_console(service, data_dir / "boards" if pictures else None, name)
    finally:
        await store.aclose()


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.command not in ("run", "check"):
        parser().print_help()
        return 0
    try:
        settings = Settings()
    except Exception as exc:
        print(f"tabla: bad settings: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
    try:
        if args.command == "check":
            return asyncio.run(_check(settings))
        return asyncio.run(_run(settings, args.console, args.name, not args.no_pictures))
    except KeyboardInterrupt:
        return 0
