"""Stage 7: write output atomically: the old output stays until the new one is whole.

Single files (the build's state, the cache's entries) are written by state.files.atomic_write().
"""

from __future__ import annotations

import logging
import os
import secrets
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ..model import Site

log = logging.getLogger(__name__)


@contextmanager
def staging(out: Path) -> Iterator[Path]:
    """A fresh folder beside out that replaces out if the block succeeds.

    On an error or Ctrl-C the folder is removed and out is left as it was.
    """
    out = out.resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f".{out.name}.new-{secrets.token_hex(8)}")
    # Not mkdtemp, whose folders are private (0700): renamed into place, the site would be unreadable to a web server
    # that runs as another user. A plain mkdir gives the umask's mode, as any folder the user makes.
    tmp.mkdir()
    try:
        yield tmp
        _swap(tmp, out)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _swap(new: Path, out: Path) -> None:
    """Put new in out's place with renames, which cannot leave out half-written."""
    old = out.with_name(f".{out.name}.old")
    shutil.rmtree(old, ignore_errors=True)
    if out.exists():
        _keep_times_of_unchanged(new, out)
        out.rename(old)
    new.rename(out)
    shutil.rmtree(old, ignore_errors=True)
    log.info("Wrote %s", out)


def _keep_times_of_unchanged(new: Path, out: Path) -> None:
    """Give files whose bytes did not change their old times, for caches and rsync."""
    kept = 0
    for path in new.rglob("*"):
        before = out / path.relative_to(new)
        if not path.is_file() or not before.is_file():
            continue
        stat = before.stat()
        if stat.st_size == path.stat().st_size and before.read_bytes() == path.read_bytes():
            os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
            kept += 1
    log.debug("%d files unchanged since the last build", kept)


def write_docs(site: Site, docs_dir: Path) -> None:
    """Write the generated Markdown pages into docs_dir, replacing it whole."""
    with staging(docs_dir) as tmp:
        for path, markdown in site.pages.items():
            target = tmp / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(markdown, encoding="utf-8")
    log.info("Wrote %d pages to %s", len(site.pages), docs_dir)
