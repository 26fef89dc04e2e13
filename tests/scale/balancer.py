"""HAProxy in front of the bot processes' webhook servers: round robin, a TCP health check every 500 ms, and a
request that finds a server dead (refused connection, empty answer) sent to another one at once; a
server that misses two checks gets no more requests until it answers one.

HAProxy comes from the system's packages (`apt-get install haproxy`; `.ci/run` installs it where missing).
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path

HAPROXY = shutil.which("haproxy") or "/usr/sbin/haproxy"

_CONFIG = """global
    maxconn 4000
defaults
    mode http
    timeout connect 500ms
    timeout client 30s
    timeout server 30s
    retries 3
    option redispatch 1
    option http-buffer-request
    retry-on conn-failure empty-response
frontend hooks
    bind 127.0.0.1:{port}
    default_backend bots
backend bots
    balance roundrobin
{servers}
"""


def available() -> bool:
    return Path(HAPROXY).exists()


class Balancer:
    """HAProxy on 127.0.0.1:`port` spreading over `backends` (webhook ports on 127.0.0.1)."""

    def __init__(self, directory: Path, port: int, backends: list[int]) -> None:
        self.directory = directory
        self.port = port
        self.backends = backends
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Balancer:
        self.directory.mkdir(parents=True, exist_ok=True)
        servers = "\n".join(f"    server bot{i} 127.0.0.1:{p} check inter 500 fall 2 rise 1"
                            for i, p in enumerate(self.backends))
        config = self.directory / "haproxy.cfg"
        config.write_text(_CONFIG.format(port=self.port, servers=servers))
        subprocess.run([HAPROXY, "-c", "-q", "-f", str(config)], check=True)
        log = (self.directory / "haproxy.log").open("wb")
        self.process = subprocess.Popen([HAPROXY, "-db", "-f", str(config)], stdout=log, stderr=log,
                                        stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while True:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", self.port)) == 0:
                    return self
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise RuntimeError("haproxy did not start; see " + str(self.directory / "haproxy.log"))
            time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)
        self.process = None
