"""The build's state files and the cache's entries are written atomically: a reader, or a build killed midway, sees the old bytes or the new."""

from __future__ import annotations

import os
import secrets
import shutil
from pathlib import Path


def atomic_write(path: Path, data: bytes) -> None:
    """Write data to path through a temporary file beside it: readers, and a build killed midway, see the old bytes or the new."""
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(8)}.tmp")
    # Not mkstemp, whose files are private (0600): a state file the curator commits gets the umask's mode, or keeps its
    # own, as a plain write would give it.
    handle = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(handle, "wb") as out:
            if path.exists():
                shutil.copymode(path, tmp)
            out.write(data)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
