"""Durable steps: a game step written, then confirmed by replicas, on one connection (Redis `WAIT`).

Redis replicates asynchronously: a step a master acknowledged can be lost when a replica takes its place.
`WAIT n ms` answers how many replicas hold every write *of the connection it is sent on*, so it must follow the
script on that same connection: here a pipeline of EVALSHA and WAIT, sent to the node that holds the game's slot.
On a Redis Cluster that node is the slot's master as the cluster client knows it; a MOVED reply (a failover, a
resharding) has the cluster client learn the new map and the pair goes to the new master; ASK sends ASKING
first. The script's keys share one hash tag (`keys.py`), so the pair always has one node. Outages are raised
as they come; the caller retries with the same command id (`games.py`), which makes a retry of a step that was
written after all answer "dup" rather than apply it twice.

A step no replica confirmed within `replica_wait` is still made (the master has it, and the player is told so):
WAIT makes a loss on failover unlikely, not impossible. Such steps are counted in `unconfirmed` and logged.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from redis.asyncio import Redis
from redis.asyncio.cluster import ClusterNode, PipelineCommand, RedisCluster
from redis.commands.core import AsyncScript
from redis.exceptions import AskError, ConnectionError, MovedError, NoScriptError, TryAgainError

from .errors import is_outage
from .settings import Client

log = logging.getLogger(__name__)


class DurableWriter:
    """Runs a script and `WAIT replicas` on one connection of the node that holds its keys."""

    def __init__(self, client: Client, replicas: int, wait: float) -> None:
        self._client = client
        self.replicas = replicas
        self._wait_ms = max(1, int(wait * 1000))
        self.steps = 0
        self.unconfirmed = 0

    async def script(self, script: AsyncScript, keys: Sequence[str], args: Sequence[Any]) -> Any:
        """The script's reply, once `replicas` replicas hold its writes (or `replica_wait` has passed).

        :raises redis.exceptions.RedisError: an outage (the caller retries) or the script's own error.
        """
        command = ("EVALSHA", script.sha, len(keys), *keys, *args)
        for _ in range(2):  # a second time only after loading a script the node did not have
            reply, acknowledged = await self._send(command, keys[0])
            if not isinstance(reply, NoScriptError):
                break
            await self._load(script, keys[0])
        return self._confirmed(reply, acknowledged)

    async def execute(self, key: str, *command: Any) -> Any:
        """Run `command` (which touches `key` only) and wait for the replicas as `script` does.

        :raises redis.exceptions.RedisError: an outage or the command's own error.
        """
        return self._confirmed(*await self._send(command, key))

    async def _send(self, command: tuple[Any, ...], key: str) -> tuple[Any, Any]:
        if isinstance(self._client, RedisCluster):
            return await self._on_cluster(self._client, command, key)
        return await self._on_server(self._client, command)

    def _confirmed(self, reply: Any, acknowledged: Any) -> Any:
        if isinstance(reply, Exception):
            raise reply
        if isinstance(acknowledged, Exception):
            raise acknowledged
        self.steps += 1
        if int(acknowledged) < self.replicas:
            self.unconfirmed += 1
            log.warning("storage: a game step is held by %s of %s replicas after %s ms (WAIT); it stands",
                        acknowledged, self.replicas, self._wait_ms)
        return reply

    async def _on_server(self, client: Redis, command: tuple[Any, ...]) -> tuple[Any, Any]:
        pipe = client.pipeline(transaction=False)
        pipe.execute_command(*command)
        pipe.execute_command("WAIT", self.replicas, self._wait_ms)
        reply, acknowledged = await pipe.execute(raise_on_error=False)
        return reply, acknowledged

    async def _on_cluster(self, client: RedisCluster, command: tuple[Any, ...], key: str) -> tuple[Any, Any]:
        node: ClusterNode | None = client.get_node_from_key(key)
        asking = False
        for _ in range(5):
            if node is None:
                raise TryAgainError("the node a redirection named is not known yet")
            pair = [PipelineCommand(0, "ASKING")] if asking else []
            pair += [PipelineCommand(len(pair), *command), PipelineCommand(len(pair) + 1, "WAIT", self.replicas,
                                                                           self._wait_ms)]
            try:
                await node.execute_pipeline(pair)
            except AttributeError as exc:
                # redis-py: a failover's topology refresh closed the node's connection while it was opening
                # (nothing was sent yet); an outage like any other, which the caller retries or reports
                raise ConnectionError("the connection closed while it opened (a failover)") from exc
            reply, acknowledged = pair[-2].result, pair[-1].result
            if isinstance(reply, MovedError):
                await client.exists(key)  # the cluster client follows MOVED and learns the slot's new master
                node, asking = client.get_node_from_key(key), False
                continue
            if isinstance(reply, AskError):
                node, asking = client.get_node(host=reply.host, port=reply.port), True
                continue
            if isinstance(reply, Exception) and is_outage(reply):
                raise reply
            return reply, acknowledged
        raise TryAgainError("the game's slot kept moving")

    async def _load(self, script: AsyncScript, key: str) -> None:
        if isinstance(self._client, RedisCluster):
            node = self._client.get_node_from_key(key)
            if node is None:
                raise TryAgainError("the cluster client knows no node for the game's slot yet")
            await node.execute_command("SCRIPT", "LOAD", script.script)
        else:
            await self._client.script_load(script.script)
