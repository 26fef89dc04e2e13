"""Bot processes as a host runs them: `python -m bot run` in Telegram webhook mode, each with its own webhook
port behind the balancer, or on Discord with a share of the shards (`DISCORD_SHARD_IDS`), all on one store;
one can be killed (SIGKILL) and started again."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from tests.storage.servers import free_port
from tests.telegram.fake_bot_api import TOKEN

ROOT = Path(__file__).resolve().parents[2]
SECRET = "scale-test-secret"


class BotProcess:
    """One `python -m bot run`; its log is `<directory>/bot.log`."""

    def __init__(self, directory: Path, api_root: str, redis_url: str, hook_url: str) -> None:
        self.directory = directory
        self.port = free_port()
        self.env = {
            **os.environ, "TELEGRAM_TOKEN": TOKEN, "TELEGRAM_API_URL": api_root, "TELEGRAM_RATE_LIMIT": "off",
            "TELEGRAM_WEBHOOK_URL": hook_url, "TELEGRAM_WEBHOOK_SECRET": SECRET,
            "TELEGRAM_WEBHOOK_LISTEN": "127.0.0.1", "TELEGRAM_WEBHOOK_PORT": str(self.port),
            "REDIS_URL": redis_url, "TABLA_LOG_LEVEL": "WARNING", "PYTHONPATH": str(ROOT),
        }
        self.env.pop("DISCORD_TOKEN", None)
        self.process: subprocess.Popen[bytes] | None = None

    @classmethod
    def discord(cls, directory: Path, api_root: str, redis_url: str, shard_ids: str, shard_count: int
                ) -> BotProcess:
        """A Discord process (through the fake at `api_root`) connecting the shards `shard_ids` of
        `shard_count`."""
        bot = cls(directory, "", redis_url, "")
        for name in [key for key in bot.env if key.startswith("TELEGRAM_")]:
            del bot.env[name]
        bot.env.update(DISCORD_TOKEN="fake-token", DISCORD_API_URL=api_root, DISCORD_SHARD_IDS=shard_ids,
                       DISCORD_SHARD_COUNT=str(shard_count))
        return bot

    def start(self) -> BotProcess:
        self.directory.mkdir(parents=True, exist_ok=True)
        log = (self.directory / "bot.log").open("ab")
        self.process = subprocess.Popen([sys.executable, "-m", "bot", "run"], cwd=self.directory, env=self.env,
                                        stdin=subprocess.DEVNULL, stdout=log, stderr=log)
        return self

    def wait_listening(self, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while True:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            if time.monotonic() > deadline or self.process is None or self.process.poll() is not None:
                raise RuntimeError(f"the bot did not start; see {self.directory / 'bot.log'}")
            time.sleep(0.1)

    def kill(self) -> None:
        """SIGKILL, as a crash would."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.kill()
