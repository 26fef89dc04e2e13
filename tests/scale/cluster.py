"""A replicated Redis Cluster of real `redis-server` processes: 3 masters, 3 replicas, free ports, a short
`cluster-node-timeout`, created with `redis-cli --cluster create`; a master can be killed (SIGKILL) and the
failover awaited, and the dead node restarted (it comes back as a replica of its successor)."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import redis

from tests.storage.servers import REDIS_CLI, RedisProcess


class ReplicatedCluster:
    """`masters` masters with one replica each; `url` is the store's `redis+cluster://` URL (no query)."""

    def __init__(self, directory: Path, masters: int = 3, node_timeout_ms: int = 1000) -> None:
        self.node_timeout_ms = node_timeout_ms
        self.nodes = [
            RedisProcess(directory / f"node{i}", None, "--cluster-enabled", "yes", "--cluster-config-file",
                         "nodes.conf", "--cluster-node-timeout", str(node_timeout_ms),
                         "--cluster-replica-validity-factor", "0", "--appendonly", "no",
                         "--repl-diskless-sync-delay", "0")
            for i in range(2 * masters)
        ]

    @property
    def url(self) -> str:
        return "redis+cluster://" + ",".join(f"127.0.0.1:{n.port}" for n in self.nodes[:1])

    def start(self) -> ReplicatedCluster:
        for node in self.nodes:
            node.start()
        subprocess.run(
            [REDIS_CLI, "--cluster", "create", *(f"127.0.0.1:{node.port}" for node in self.nodes),
             "--cluster-replicas", "1", "--cluster-yes"],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60,
        )
        self.wait_ready(expect_replicas=len(self.nodes) // 2)
        return self

    def _alive(self) -> list[RedisProcess]:
        return [n for n in self.nodes if n.process is not None and n.process.poll() is None]

    def roles(self) -> dict[int, str]:
        """Each live node's port and role ("master" or "slave"), as the node itself says."""
        roles = {}
        for node in self._alive():
            client = redis.Redis(port=node.port, socket_timeout=2)
            try:
                roles[node.port] = str(client.info("replication")["role"])
            except redis.RedisError:
                continue
            finally:
                client.close()
        return roles

    def masters(self) -> list[RedisProcess]:
        roles = self.roles()
        return [n for n in self._alive() if roles.get(n.port) == "master"]

    def wait_ready(self, expect_replicas: int = 0, timeout: float = 30.0) -> None:
        """Until every live node says the cluster is ok (and, with `expect_replicas`, every master has a replica
        in sync)."""
        deadline = time.monotonic() + timeout
        while True:
            ok = True
            for node in self._alive():
                client = redis.Redis(port=node.port, socket_timeout=2)
                try:
                    ok &= client.execute_command("CLUSTER INFO").get("cluster_state") == "ok"
                    info = client.info("replication")
                    if info["role"] == "master" and expect_replicas:
                        ok &= info.get("slave0", {}).get("state") == "online"
                except redis.RedisError:
                    ok = False
                finally:
                    client.close()
            if ok:
                return
            if time.monotonic() > deadline:
                raise RuntimeError("the cluster did not become ready")
            time.sleep(0.1)

    def kill_master(self, index: int = 0) -> RedisProcess:
        """SIGKILL the `index`-th live master; returns it (restart it with `revive`)."""
        victim = self.masters()[index]
        victim.kill()
        return victim

    def wait_failover(self, timeout: float = 20.0) -> float:
        """Seconds until the cluster is ok again, with as many masters as before the kill."""
        started = time.monotonic()
        deadline = started + timeout
        while len(self.masters()) < len(self.nodes) // 2:
            if time.monotonic() > deadline:
                raise RuntimeError("no replica took over")
            time.sleep(0.05)
        self.wait_ready(timeout=max(1.0, deadline - time.monotonic()))
        return time.monotonic() - started

    def revive(self, node: RedisProcess) -> None:
        """Restart a killed node with its cluster config: it rejoins as a replica."""
        node.start()

    def stop(self) -> None:
        for node in self.nodes:
            node.kill()
