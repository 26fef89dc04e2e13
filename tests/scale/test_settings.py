"""The store's own URL parameters for a replicated store: `replicas`, `replica_wait`, `timeout`."""

from __future__ import annotations

import pytest

from storage import StoreSettings


def test_a_replicated_cluster_url_asks_for_confirmed_steps() -> None:
    settings = StoreSettings.from_url("redis+cluster://10.0.0.1:7000?prefix=t&replicas=1&replica_wait=0.2&timeout=6")
    assert settings.cluster and settings.url == "redis://10.0.0.1:7000" and settings.prefix == "t"
    assert (settings.wait_replicas, settings.replica_wait, settings.operation_timeout) == (1, 0.2, 6.0)
    plain = StoreSettings.from_url("redis://h:1/0")
    assert (plain.wait_replicas, plain.operation_timeout) == (0, 2.0)


@pytest.mark.parametrize("query", ["replicas=x", "replicas=-1", "replica_wait=0", "timeout=soon"])
def test_bad_replication_parameters_are_refused(query: str) -> None:
    with pytest.raises(ValueError, match="replicas"):
        StoreSettings.from_url(f"redis://h:1/0?{query}")
