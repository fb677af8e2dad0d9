"""How many cores this process may use: the one count every parallel stage sizes itself by."""

from __future__ import annotations

import os


def available_cores() -> int:
    """The cores this process may run on, which in a container can be fewer than the machine has (macOS has no affinity: all of them)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1
