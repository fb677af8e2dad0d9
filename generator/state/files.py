"""Reading and writing the build's state files, and the atomic write the cache's entries share.

A state file is JSON a curator commits; it is written atomically, so a
reader, or a build killed midway, sees the old bytes or the new.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
from pathlib import Path
from typing import Any

from ..errors import InputError


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


def read_json(path: Path, what: str, hint: str) -> Any:
    """The JSON in path, or None when there is no file; an InputError naming what when it cannot be read."""
    if not path.exists():
        return None
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise InputError(f"cannot read {what}: {error}", where=str(path), hint=hint) from None


def write_json(path: Path, data: object, *, ensure_ascii: bool = False) -> bool:
    """Write data to path as every state file is written (JSON, one space of indent, a final newline), atomically and only
    if that changes the file; whether it did."""
    text = json.dumps(data, ensure_ascii=ensure_ascii, indent=1) + "\n"
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return False
    atomic_write(path, text.encode("utf-8"))
    return True
