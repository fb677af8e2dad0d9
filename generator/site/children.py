"""Child processes (the search index, the page workers): started with interrupts held, and stopping themselves when the build is gone."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import tempfile
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
    """Ctrl-C and SIGTERM wait until the block ends, then interrupt as usual.

    Start a child process and record it inside: an interrupt that came
    between the two would unwind the build without it, and the child would
    outlive the build. The child inherits the held signals; it calls
    release_interrupts() first.
    """
    held = signal.pthread_sigmask(signal.SIG_BLOCK, _INTERRUPTS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def release_interrupts() -> None:
    """In a child started inside interrupts_held(): receive the signals it holds."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _INTERRUPTS)


def work_folder(prefix: str) -> tempfile.TemporaryDirectory[str]:
    """A temporary folder for a child's files, made with interrupts held: from inside TemporaryDirectory() on the folder
    exists, and an interrupt there would leave it behind, unnamed."""
    with interrupts_held():
        return tempfile.TemporaryDirectory(prefix=prefix)


def start_child(module: str, *args: str, **options: Any) -> subprocess.Popen[Any]:
    """`python -m module args` in a session of its own, so that stop_child() stops what it starts too.

    Call it inside interrupts_held(), and record the process there; the child calls release_interrupts() first.
    """
    return subprocess.Popen([sys.executable, "-m", module, *args], start_new_session=True, **options)


def stop_child(process: subprocess.Popen[Any]) -> None:
    """Kill the child and its session if it still runs, and reap it."""
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
