"""Worker processes that outlive their resource tracker (issue 27, P10).

multiprocessing's resource tracker (one helper process) is told of every named semaphore a process pool
makes, and told again when the semaphore is freed. If the tracker is killed (with the workers, say), the next
use starts a new one, which never heard of the semaphores made before; each one freed later makes it print a
`KeyError: '/mp-…'` traceback. `install` has every such late notice preceded by a registration with the
tracker now running, so the bot recovers from the loss quietly (the workers are replaced by `Core.offload`).
"""

from __future__ import annotations

import threading
from collections.abc import Sized
from multiprocessing import resource_tracker

_lock = threading.Lock()
_owner: dict[tuple[str, str], int | None] = {}  # (name, kind) → the tracker process that was told of it
_installed = False


def install() -> None:
    """Route this process's notices to the resource tracker through `_register`/`_unregister` (idempotent)."""
    global _installed
    with _lock:
        if _installed:
            return
        resource_tracker.register = _register
        resource_tracker.unregister = _unregister
        _installed = True


def _tracker() -> resource_tracker.ResourceTracker:
    return resource_tracker._resource_tracker


def _pid(tracker: resource_tracker.ResourceTracker) -> int | None:
    pid = getattr(tracker, "_pid", None)
    return pid if isinstance(pid, int) else None


def _register(name: Sized, rtype: str) -> None:
    tracker = _tracker()
    tracker.register(name, rtype)
    with _lock:
        _owner[(str(name), rtype)] = _pid(tracker)


def _unregister(name: Sized, rtype: str) -> None:
    tracker = _tracker()
    with _lock:
        owner = _owner.pop((str(name), rtype), None)
    tracker.ensure_running()  # a tracker that died is replaced here
    if owner is not None and owner != _pid(tracker):
        tracker.register(name, rtype)  # the new tracker learns of it first, so it can forget it quietly
    tracker.unregister(name, rtype)
