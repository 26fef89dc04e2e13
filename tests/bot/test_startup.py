"""`tabla run` as a host meets it: no chat token in a container, a refused token, no network. Each start-up
failure is one or two lines on standard error that say what is wrong and what to do, never the token; exit
status 2 for configuration, 1 for a service that cannot be reached; the traceback only with
TABLA_LOG_LEVEL=DEBUG, the secrets masked there too. Run through the real chat libraries against the local
fakes (a refused token) or a closed port (no network)."""

from __future__ import annotations

import asyncio
import io
import logging
import os
import pty
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.settings import Settings
from bot.startup import SecretMask, secrets_of
from tests.discord.fake import FakeDiscord
from tests.telegram.fake_bot_api import FakeBotAPI

SECRET = "SeCrEt-do-not-print-42"
TELEGRAM_SECRET = f"987654:{SECRET}"


def env_for(redis_url: str, prefix: str, tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {**os.environ, "REDIS_URL": f"{redis_url}?prefix={prefix}", "TABLA_DATA_DIR": str(tmp_path),
           "DISCORD_TOKEN": "", "TELEGRAM_TOKEN": "", "TABLA_LOG_LEVEL": "WARNING"}
    env.update(extra)
    return env


async def tabla_run(env: dict[str, str], cwd: Path, *args: str) -> tuple[int, str, str]:
    """`tabla run` with no terminal on standard input (as in a container): its exit status, stdout, stderr."""
    proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot", "run", *args, stdin=subprocess.DEVNULL,
                                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=cwd)
    try:
        out, err = await asyncio.wait_for(proc.communicate(), 90)
    finally:
        if proc.returncode is None:
            proc.kill()
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def brief(err: str) -> list[str]:
    lines = err.strip().splitlines()
    assert 1 <= len(lines) <= 2 and "Traceback" not in err, err
    return lines


async def test_no_token_and_no_terminal_says_so_and_exits_2(redis_url: str, prefix: str, tmp_path: Path) -> None:
    status, out, err = await tabla_run(env_for(redis_url, prefix, tmp_path), tmp_path)
    assert status == 2, (out, err)
    assert "no TELEGRAM_TOKEN or DISCORD_TOKEN is set" in brief(err)[0] and "--console" in err


async def test_console_forces_the_console_without_a_terminal(redis_url: str, prefix: str, tmp_path: Path) -> None:
    status, out, err = await tabla_run(env_for(redis_url, prefix, tmp_path), tmp_path, "--console", "--name",
                                       "alice")
    assert status == 0 and err == "" and "tabla console" in out, err


def test_with_a_terminal_and_no_token_the_console_opens(redis_url: str, prefix: str, tmp_path: Path) -> None:
    main, side = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "bot", "run", "--name", "alice", "--no-pictures"], stdin=side,
                            stdout=side, stderr=subprocess.PIPE, env=env_for(redis_url, prefix, tmp_path),
                            cwd=tmp_path)
    os.close(side)
    seen = b""
    try:
        deadline = time.monotonic() + 60
        while b"alice> " not in seen and time.monotonic() < deadline and proc.poll() is None:
            seen += os.read(main, 4096)
        assert b"alice> " in seen, seen
        os.write(main, b"/quit\n")
        assert proc.wait(30) == 0
    finally:
        proc.kill()
        os.close(main)


async def test_a_refused_telegram_token_is_one_line_exit_2_and_never_printed(redis_url: str, prefix: str,
                                                                             tmp_path: Path) -> None:
    fake = FakeBotAPI()
    root = await fake.start()
    try:
        env = env_for(redis_url, prefix, tmp_path, TELEGRAM_TOKEN=TELEGRAM_SECRET, TELEGRAM_API_URL=root)
        status, out, err = await tabla_run(env, tmp_path)
        assert status == 2, err
        assert "TELEGRAM_TOKEN" in brief(err)[0] and "@BotFather" in err
        assert SECRET not in out + err
        status, out, err = await tabla_run({**env, "TABLA_LOG_LEVEL": "DEBUG"}, tmp_path)
        assert status == 2 and "Traceback" in err and "InvalidToken" in err, err
        assert SECRET not in out + err
        assert "<TELEGRAM_TOKEN>" in err  # the library's own message named it: masked
    finally:
        await fake.stop()


async def test_telegram_out_of_reach_is_one_line_and_exit_1(redis_url: str, prefix: str, tmp_path: Path) -> None:
    env = env_for(redis_url, prefix, tmp_path, TELEGRAM_TOKEN=TELEGRAM_SECRET,
                  TELEGRAM_API_URL=f"http://127.0.0.1:{closed_port()}")
    status, out, err = await tabla_run(env, tmp_path)
    assert status == 1, err
    assert "Telegram" in brief(err)[0] and SECRET not in out + err
    status, out, err = await tabla_run({**env, "TABLA_LOG_LEVEL": "DEBUG"}, tmp_path)
    assert status == 1 and "Traceback" in err and SECRET not in out + err, err


async def test_a_refused_discord_token_is_one_line_exit_2_and_never_printed(redis_url: str, prefix: str,
                                                                            tmp_path: Path) -> None:
    fake = await FakeDiscord().start()
    fake.fail("GET", r"^/users/@me$", 401)
    try:
        env = env_for(redis_url, prefix, tmp_path, DISCORD_TOKEN=SECRET, DISCORD_API_URL=fake.api)
        status, out, err = await tabla_run(env, tmp_path)
        assert status == 2, err
        assert "DISCORD_TOKEN" in brief(err)[0] and SECRET not in out + err
        status, out, err = await tabla_run({**env, "TABLA_LOG_LEVEL": "DEBUG"}, tmp_path)
        assert status == 2 and "LoginFailure" in err and SECRET not in out + err, err
    finally:
        await fake.stop()


async def test_discord_out_of_reach_is_one_line_and_exit_1(redis_url: str, prefix: str, tmp_path: Path) -> None:
    env = env_for(redis_url, prefix, tmp_path, DISCORD_TOKEN=SECRET,
                  DISCORD_API_URL=f"http://127.0.0.1:{closed_port()}/api/v10")
    status, out, err = await tabla_run(env, tmp_path)
    assert status == 1, err
    assert "Discord" in brief(err)[0] and SECRET not in out + err


async def test_one_refused_token_stops_the_other_adapter_too(redis_url: str, prefix: str, tmp_path: Path) -> None:
    """Both tokens set, Telegram's refused: Discord (which logged in) is closed again, and still one line."""
    telegram, discord = FakeBotAPI(), await FakeDiscord().start()
    root = await telegram.start()
    try:
        env = env_for(redis_url, prefix, tmp_path, TELEGRAM_TOKEN=TELEGRAM_SECRET, TELEGRAM_API_URL=root,
                      DISCORD_TOKEN=SECRET, DISCORD_API_URL=discord.api)
        status, out, err = await tabla_run(env, tmp_path)
        assert status == 2 and "TELEGRAM_TOKEN" in brief(err)[0], err
        assert SECRET not in out + err
    finally:
        await telegram.stop()
        await discord.stop()


@pytest.mark.parametrize(("extra", "says"), [
    ({"DISCORD_TOKEN": SECRET, "DISCORD_GUILD_IDS": "one,two"}, "DISCORD_GUILD_IDS"),
    ({"TELEGRAM_TOKEN": TELEGRAM_SECRET, "TELEGRAM_WEBHOOK_URL": "https://bot.example.org/tg"},
     "TELEGRAM_WEBHOOK_SECRET"),
])
async def test_an_adapter_setting_that_cannot_work_is_one_line_and_exit_2(
        redis_url: str, prefix: str, tmp_path: Path, extra: dict[str, str], says: str) -> None:
    status, out, err = await tabla_run(env_for(redis_url, prefix, tmp_path, **extra), tmp_path)
    assert status == 2 and says in brief(err)[0], err
    assert SECRET not in out + err


async def test_library_logs_of_a_running_bot_never_show_the_token(redis_url: str, prefix: str,
                                                                  tmp_path: Path) -> None:
    """At INFO, httpx logs every long-polling URL, which holds the token: the mask stands in for it."""
    fake = FakeBotAPI(token=TELEGRAM_SECRET)
    root = await fake.start()
    env = env_for(redis_url, prefix, tmp_path, TELEGRAM_TOKEN=TELEGRAM_SECRET, TELEGRAM_API_URL=root,
                  TABLA_LOG_LEVEL="INFO")
    proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot", "run", stdin=subprocess.DEVNULL,
                                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                                                cwd=tmp_path)
    assert proc.stderr is not None
    seen = ""
    try:
        async with asyncio.timeout(60):
            while "getUpdates" not in seen:
                line = await proc.stderr.readline()
                assert line, seen
                seen += line.decode()
        proc.terminate()
        out, err = await asyncio.wait_for(proc.communicate(), 30)
    finally:
        if proc.returncode is None:
            proc.kill()
        await fake.stop()
    seen += err.decode()
    assert proc.returncode == 0, seen
    assert "/bot<TELEGRAM_TOKEN>/getUpdates" in seen and SECRET not in seen + out.decode()


async def test_a_webhook_port_in_use_is_one_line_and_exit_2(redis_url: str, prefix: str, tmp_path: Path) -> None:
    fake = FakeBotAPI(token=TELEGRAM_SECRET)
    root = await fake.start()
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        env = env_for(redis_url, prefix, tmp_path, TELEGRAM_TOKEN=TELEGRAM_SECRET, TELEGRAM_API_URL=root,
                      TELEGRAM_WEBHOOK_URL="https://bot.example.org/tg", TELEGRAM_WEBHOOK_SECRET="s3cret-path",
                      TELEGRAM_WEBHOOK_LISTEN="127.0.0.1", TELEGRAM_WEBHOOK_PORT=str(busy.getsockname()[1]))
        try:
            status, out, err = await tabla_run(env, tmp_path)
        finally:
            await fake.stop()
    assert status == 2 and "TELEGRAM_WEBHOOK_PORT" in brief(err)[0], err
    assert SECRET not in out + err and "s3cret-path" not in out + err


def test_the_mask_covers_arguments_tracebacks_stacks_and_url_quoting() -> None:
    settings = Settings(_env_file=None, TELEGRAM_TOKEN=TELEGRAM_SECRET, DISCORD_TOKEN="disc/ord+tok",  # type: ignore[call-arg]
                        TELEGRAM_WEBHOOK_SECRET="hook-secret", REDIS_URL="redis://:pass-word@db:6379/0")
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.addFilter(SecretMask(secrets_of(settings)))
    logger = logging.getLogger("tests.startup.mask")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        logger.warning("POST %s/bot%s/getMe", "https://api.telegram.org", TELEGRAM_SECRET)
        logger.warning("quoted: %s", "disc%2Ford%2Btok")
        try:
            raise RuntimeError("The token `hook-secret` was rejected; pass-word")
        except RuntimeError:
            logger.exception("failed", stack_info=True)
    finally:
        logger.removeHandler(handler)
    text = out.getvalue()
    for secret in (SECRET, "disc/ord+tok", "disc%2Ford%2Btok", "hook-secret", "pass-word"):
        assert secret not in text, (secret, text)
    assert "/bot<TELEGRAM_TOKEN>/getMe" in text and "quoted: <DISCORD_TOKEN>" in text
    assert "<TELEGRAM_WEBHOOK_SECRET>" in text and "<REDIS_URL password>" in text and "Traceback" in text
    assert "Stack (most recent call last)" in text
