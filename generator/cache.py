"""A content-keyed cache of what is costly to compute, so that rebuilds redo only what changed.

Each entry is stored with the key of everything it was computed from: the
content it read, the settings, and this version of the generator. An entry
whose key differs is stale; one that cannot be read is corrupt, and so is
one written by another version. All three are recomputed and replaced, so
the cache can make a build faster but never different.

A preview (`readinglist serve`) may also take an entry that was computed
from older texts of the very same papers, with the same settings: each
entry carries such a loose key besides its exact one. Themes, related papers
and the map then stay as they were while a curator edits abstracts, and the
edit shows in seconds; `readinglist build` takes exact entries only.

Rendered pages are kept as files (pages/), each rewritten only when its
bytes change: `readinglist serve` builds from them, and MkDocs' dirty builds
then re-render only the pages whose files are newer than their HTML.
"""

from __future__ import annotations

import hashlib
import logging
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from . import __version__
from .state.files import atomic_write

T = TypeVar("T")

log = logging.getLogger(__name__)

# Bump when what the stages store changes shape, or what they make of the same input changes in a release's
# lifetime (7: settled themes, #45; 8: a giant theme gives a session to a topic of its papers, #45, and a paper's
# affiliations, #49), so that a rebuild never serves the old results.
FORMAT = 8
# Not which extras are installed: the cjk extra changes the words of CJK text only, and so the keys of what is made
# from those (themes.vectors.Vectors.key); an English list's entries stay good.
_STAMP = f"readinglist {__version__} cache format {FORMAT}"


def digest(*parts: object) -> str:
    """A key for values whose repr() says everything about them (strings, numbers, tuples, dataclasses)."""
    hasher = hashlib.sha256(_STAMP.encode())
    for part in parts:
        hasher.update(b"\0")
        hasher.update(part if isinstance(part, bytes) else repr(part).encode("utf-8", "surrogatepass"))
    return hasher.hexdigest()


def file_digest(path: Path | None) -> str:
    """A key for a file's bytes; a missing file has one too."""
    if path is None or not path.is_file():
        return "missing"
    return hashlib.sha256(path.read_bytes()).hexdigest()


class Cache:
    """Entries of one site under folder; a folder of None keeps nothing. A preview cache also takes loose matches."""

    def __init__(self, folder: Path | None, *, preview: bool = False) -> None:
        self.folder = folder
        self.preview = preview

    def get(self, name: str, key: str, loose: str | None = None) -> Any | None:
        """The value stored under name for key; None if there is none, or it is stale or unreadable."""
        if self.folder is None:
            return None
        path = self.folder / f"{name}.pickle"
        try:
            with path.open("rb") as handle:
                stamp, stored_key, stored_loose, value = pickle.load(handle)
        except FileNotFoundError:
            return None
        except Exception as error:
            log.warning("%s: unreadable cache entry, recomputing (%s)", path, type(error).__name__)
            return None
        if stamp != _STAMP:
            log.info("%s: written by another version, recomputing", path)
            return None
        if stored_key == key:
            log.debug("%s: cached", path)
            return value
        if self.preview and loose is not None and stored_loose == loose:
            log.info("%s: kept from the last build for this preview", path)
            return value
        log.debug("%s: stale, recomputing", path)
        return None

    def put(self, name: str, key: str, value: Any, loose: str | None = None) -> None:
        if self.folder is None:
            return
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            atomic_write(self.folder / f"{name}.pickle", pickle.dumps((_STAMP, key, loose, value), protocol=5))
        except OSError as error:
            log.warning("%s: cannot write the cache: %s", self.folder, error.strerror)

    def through(self, name: str, key: str, compute: Callable[[], T], loose: str | None = None) -> T:
        """The value cached under name for key, computed and stored if there is none."""
        value = self.get(name, key, loose)
        if value is None:
            value = compute()
            self.put(name, key, value, loose)
        return value

    @property
    def pages(self) -> Path | None:
        """The folder of rendered pages, or None when nothing is kept."""
        return None if self.folder is None else self.folder / "pages"


NO_CACHE = Cache(None)


class PageCache:
    """Rendered pages kept as files in the cache's pages/ folder, each with the key of what it was rendered from."""

    def __init__(self, cache: Cache, stamp: str) -> None:
        """stamp keys what every page depends on: the templates."""
        self._cache = cache
        self._stamp = stamp
        # Docs path: (key of what it was rendered from, SHA-256 of its bytes).
        self._known: dict[str, tuple[str, str]] = cache.get("pages", stamp) or {}
        self._reused: set[str] = set()

    def get(self, path: str, key: str) -> str | None:
        """The page at path as rendered from key, if it is kept and unchanged."""
        folder = self._cache.pages
        known = self._known.get(path)
        if folder is None or known is None or known[0] != key:
            return None
        try:
            data = (folder / path).read_bytes()
        except OSError:
            return None
        if hashlib.sha256(data).hexdigest() != known[1]:
            log.warning("%s: changed since it was rendered, rendering it again", folder / path)
            return None
        self._reused.add(path)
        return data.decode("utf-8")

    def save(self, pages: dict[str, str], keys: dict[str, str]) -> None:
        """Make the pages folder hold exactly these pages; files whose bytes are the same keep their times."""
        folder = self._cache.pages
        if folder is None:
            return
        try:
            known = {}
            folders: set[Path] = set()
            for path, content in pages.items():
                data = content.encode("utf-8")
                if path not in self._reused:
                    target = folder / path
                    if target.parent not in folders:
                        target.parent.mkdir(parents=True, exist_ok=True)
                        folders.add(target.parent)
                    _write_if_changed(target, data)
                known[path] = (keys.get(path, ""), hashlib.sha256(data).hexdigest())
            for stale in [p for p in folder.rglob("*") if p.is_file() and p.relative_to(folder).as_posix() not in pages]:
                stale.unlink()
        except OSError as error:
            log.warning("%s: cannot write the rendered pages: %s", folder, error.strerror)
            return
        self._cache.put("pages", self._stamp, known)


def _write_if_changed(path: Path, data: bytes) -> None:
    """Write data to path unless it holds them already; a torn write shows as a changed digest, so no rename is needed."""
    try:
        if path.read_bytes() == data:
            return
    except FileNotFoundError:
        pass
    path.write_bytes(data)
