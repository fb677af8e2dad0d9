"""Child processes (the search index, the page workers): started with interrupts held, and stopping themselves when the build is gone."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from typing import Any

# What interrupts a build: Ctrl-C, and `kill`, `timeout` or a cancelled CI job (the CLI turns it into Ctrl-C).
_INTERRUPTS = frozenset({signal.SIGINT, signal.SIGTERM})


def orphaned(parent: int) -> bool:
    """Whether parent, the process that started this one, has gone: an orphan is handed to another parent.

    A build killed outright (SIGKILL) cannot stop its child processes; they ask this to stop themselves.
    """
    return os.getppid() != parent


@contextlib.contextmanager
def interrupts_held() -> Iterator[None]:
    """Ctrl-C and SIGTERM wait until the block ends, then interrupt as they would have.

    Start a child process and record it inside: an interrupt that came
    between the two would unwind the build without it, and the child would
    outlive the build. The handlers are swapped rather than the signals
    blocked: a mask holds only the thread that sets it, and the OS may hand
    the signal to any thread (NumPy's BLAS has several); Python runs every
    handler on the main thread, the only one an interrupt unwinds.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came: list[int] = []
    previous = {signum: signal.signal(signum, lambda signum, _: came.append(signum)) for signum in _INTERRUPTS}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        if came:
            _deliver(came[0], previous[came[0]])


def _deliver(signum: int, handler: Any) -> None:
    """What the signal would have done on arrival, under the handler that was in place."""
    if callable(handler):
        handler(signum, None)
    elif handler == signal.SIG_DFL:
        os.kill(os.getpid(), signum)


def work_folder(prefix: str) -> tempfile.TemporaryDirectory[str]:
    """A temporary folder for a child's files, made with interrupts held: from inside TemporaryDirectory() on the folder
    exists, and an interrupt there would leave it behind, unnamed."""
    with interrupts_held():
        return tempfile.TemporaryDirectory(prefix=prefix)


def start_child(module: str, *args: str, **options: Any) -> subprocess.Popen[Any]:
    """`python -m module args` in a session of its own, so that stop_child() stops what it starts too.

    Call it inside interrupts_held(), and record the process there.
    """
    return subprocess.Popen([sys.executable, "-m", module, *args], start_new_session=True, **options)


def stop_child(process: subprocess.Popen[Any]) -> None:
    """Kill the child and its session if it still runs, and reap it."""
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
