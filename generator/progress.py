"""Stage timings and progress bars.

Bars are drawn only for a person at a terminal: in CI, in pipes and with
--quiet the build prints nothing but its log.
"""

from __future__ import annotations

import logging
import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

log = logging.getLogger(__name__)


class Stopwatch:
    """Seconds per pipeline stage, in the order the stages ran: on the clock, and of CPU."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}
        # This process's threads and the children it has waited for (page workers, Pagefind):
        # on a busy machine what a stage costs, where its clock seconds say what else ran.
        self.cpu: dict[str, float] = {}

    @contextmanager
    def __call__(self, stage: str) -> Iterator[None]:
        started, cpu = time.perf_counter(), cpu_seconds()
        yield
        self.seconds[stage] = self.seconds.get(stage, 0.0) + time.perf_counter() - started
        self.cpu[stage] = self.cpu.get(stage, 0.0) + cpu_seconds() - cpu
        log.debug("%s took %.2f s (%.2f s of CPU)", stage, self.seconds[stage], self.cpu[stage])


def cpu_seconds() -> float:
    """CPU seconds of this process's threads and of the children it has waited for."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def bars_enabled() -> bool:
    return sys.stderr.isatty() and not os.environ.get("CI") and logging.getLogger().isEnabledFor(logging.INFO)


class Bar:
    """A one-line progress bar on stderr; silent unless bars_enabled()."""

    _WIDTH = 30

    def __init__(self, label: str, total: int) -> None:
        self.label = label
        self.total = max(total, 1)
        self.done = 0
        self.enabled = bars_enabled()
        self._drawn = -1

    def advance(self, count: int = 1) -> None:
        self.done += count
        # Redraw once per percent: a terminal write per page would cost more than the page.
        percent = min(100, self.done * 100 // self.total)
        if self.enabled and percent != self._drawn:
            self._drawn = percent
            filled = self._WIDTH * percent // 100
            sys.stderr.write(f"\r{self.label:<10} [{'#' * filled}{'.' * (self._WIDTH - filled)}] {self.done}/{self.total}")
            sys.stderr.flush()

    def close(self) -> None:
        if self.enabled and self._drawn >= 0:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()
