"""The percentile the bench scripts report: the nearest-rank value at fraction `q` of the sorted sample.

The scripts run as files (`python bench/ai.py`), so this one is imported as a sibling module."""

from __future__ import annotations

from collections.abc import Iterable


def pct(values: Iterable[float], q: float) -> float:
    """The value at rank ⌊q·n⌋ of the n sorted `values` (the largest for q = 1); NaN when there are none."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]
