"""How many cores this process may use, the one count every parallel stage sizes itself by, and whether its parent is gone."""

from __future__ import annotations

import os


def available_cores() -> int:
    """The cores this process may run on, which in a container can be fewer than the machine has (macOS has no affinity: all of them)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def orphaned(parent: int) -> bool:
    """Whether parent, the process that started this one, has gone: an orphan is handed to another parent.

    A build killed outright (SIGKILL) cannot stop its child processes; they ask this to stop themselves.
    """
    return os.getppid() != parent
