"""Real Redis servers for the storage tests: one on a free port in a temp dir, or a 3-master cluster."""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import time
from pathlib import Path

import redis

REDIS_SERVER = shutil.which("redis-server") or "redis-server"
REDIS_CLI = shutil.which("redis-cli") or "redis-cli"


def free_port() -> int:
    """A free TCP port whose cluster bus port (+10000) is free too."""
    for _ in range(100):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = int(probe.getsockname()[1])
        if port >= 55000:
            continue
        with socket.socket() as bus:
            try:
                bus.bind(("127.0.0.1", port + 10000))
            except OSError:
                continue
        return port
    raise RuntimeError("no free port pair found")


class RedisProcess:
    """A `redis-server` on 127.0.0.1:`port` with its data in `directory`, with AOF fsynced every second
    (`fsync="always"` to fsync before every reply)."""

    def __init__(self, directory: Path, port: int | None = None, *extra: str, fsync: str = "everysec") -> None:
        self.directory = directory
        self.port = port or free_port()
        self.extra = extra
        self.fsync = fsync
        self.process: subprocess.Popen[bytes] | None = None
        directory.mkdir(parents=True, exist_ok=True)

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisProcess:
        self.process = subprocess.Popen(
            [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.directory),
             "--appendonly", "yes", "--appendfsync", self.fsync, "--save", "", "--logfile", "server.log",
             *self.extra],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        client = redis.Redis(port=self.port, socket_connect_timeout=0.5, socket_timeout=1)
        deadline = time.monotonic() + 10
        try:
            while True:
                try:
                    client.ping()
                    return self
                except redis.RedisError:
                    if time.monotonic() > deadline or self.process.poll() is not None:
                        raise RuntimeError(f"redis-server on port {self.port} did not start") from None
                    time.sleep(0.05)
        finally:
            client.close()

    def kill(self) -> None:
        """SIGKILL, as a crash would."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.process = None

    def stop(self) -> None:
        if self.process is None:
            return
        client = redis.Redis(port=self.port, socket_timeout=5)
        with contextlib.suppress(redis.RedisError):
            client.shutdown(nosave=True)
        client.close()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None


class RedisCluster:
    """Three masters, no replicas, created with `redis-cli --cluster create`."""

    def __init__(self, directory: Path) -> None:
        self.nodes = [
            RedisProcess(directory / f"node{i}", None, "--cluster-enabled", "yes", "--cluster-config-file",
                         "nodes.conf", "--cluster-node-timeout", "2000")
            for i in range(3)
        ]

    @property
    def url(self) -> str:
        return f"redis+cluster://127.0.0.1:{self.nodes[0].port}"

    def start(self) -> RedisCluster:
        for node in self.nodes:
            node.start()
        subprocess.run(
            [REDIS_CLI, "--cluster", "create", *(f"127.0.0.1:{node.port}" for node in self.nodes),
             "--cluster-replicas", "0", "--cluster-yes"],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60,
        )
        deadline = time.monotonic() + 30
        for node in self.nodes:
            client = redis.Redis(port=node.port)
            try:
                while client.execute_command("CLUSTER INFO").get("cluster_state") != "ok":
                    if time.monotonic() > deadline:
                        raise RuntimeError("the test cluster did not become ready")
                    time.sleep(0.1)
            finally:
                client.close()
        return self

    def stop(self) -> None:
        for node in self.nodes:
            node.kill()
