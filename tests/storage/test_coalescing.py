"""Coalescing concurrent commands into one pipeline: results, errors and cancellations stay per command."""

from __future__ import annotations

import asyncio

import pytest
from redis.exceptions import ConnectionError, ResponseError

from storage import Store, StoreSettings, make_client
from storage.coalescing import Coalescer

from .servers import free_port


async def test_each_command_of_a_batch_gets_its_own_result_or_error(single_store: Store) -> None:
    client, prefix = single_store.client, single_store.settings.prefix
    await client.set(f"{prefix}:a", b"1")
    await client.rpush(f"{prefix}:l", b"x")
    coalescer = Coalescer(client)
    echo = client.register_script("return ARGV[1] .. KEYS[1]")
    futures = [coalescer.get(f"{prefix}:a"), coalescer.get(f"{prefix}:l"), coalescer.get(f"{prefix}:none"),
               coalescer.script(echo, [f"{prefix}:k"], ["v-"])]
    results = await asyncio.gather(*futures, return_exceptions=True)
    assert results[0] == b"1" and results[2] is None and results[3] == f"v-{prefix}:k".encode()
    assert isinstance(results[1], ResponseError)


async def test_a_caller_that_gives_up_leaves_the_others_alone(single_store: Store) -> None:
    client, prefix = single_store.client, single_store.settings.prefix
    await client.set(f"{prefix}:a", b"1")
    coalescer = Coalescer(client)
    kept, dropped, also = coalescer.get(f"{prefix}:a"), coalescer.get(f"{prefix}:a"), coalescer.get(f"{prefix}:a")
    dropped.cancel()
    assert await kept == b"1" and await also == b"1"
    with pytest.raises(asyncio.CancelledError):
        await dropped


async def test_a_failed_connection_fails_every_command_of_the_batch() -> None:
    client = make_client(StoreSettings.from_url(f"redis://127.0.0.1:{free_port()}/0"))
    coalescer = Coalescer(client)
    results = await asyncio.gather(coalescer.get("a"), coalescer.get("b"), return_exceptions=True)
    assert all(isinstance(result, ConnectionError) for result in results)
    await client.aclose()
