"""The search stage: a chunked Pagefind index of the papers.

The browser downloads only the index chunks a query needs, so search starts at
once however long the list is. Pagefind reads small stand-in pages made
from the data model (title, authors, summary, abstract and keywords of each
paper, and the home page's title) rather than the finished site: they are a
fraction of its size, and a child process hands them to Pagefind on the
second core while the build goes on, as strings through its service mode,
never as files: at 20,000 papers those took 10 s of CPU to write and remove.
The generator starts the index once the themes are detected
(pipeline.generate's on_papers), so that Pagefind's 25 to 30 s of CPU at
20,000 papers overlap related papers, the map and rendering, which run on
one core, rather than theme detection, whose threads use both, or MkDocs.
The child runs at the lowest priority, so it takes only the CPU that those
stages leave idle.
"""

from __future__ import annotations

import base64
import html
import json
import logging
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from pagefind_bin_extended import get_executable

from ..errors import BuildError
from ..model import Paper, ReadingList
from ..paths import HOME_HTML, paper_html_path
from ..text.latex import math_tex, plain_math
from ..text.markup import abstract_html
from .children import interrupts_held, orphaned, start_child, stop_child, work_folder

log = logging.getLogger(__name__)

OUTPUT_SUBDIR = "pagefind"
# Pagefind's ready-made search UIs; the site has its own box (frontend/src/search.js).
_UNUSED = ("pagefind-ui.js", "pagefind-ui.css", "pagefind-modular-ui.js", "pagefind-modular-ui.css")
_UNUSED += ("pagefind-component-ui.js", "pagefind-component-ui.css", "pagefind-highlight.js")
# One language for every site, so search behaves the same whatever the UI
# language: Pagefind's extended build splits Chinese and Japanese into words
# for "zh" and leaves Latin words whole and unstemmed. In the browser it splits
# a query only on a zh or ja page; frontend/src/search.js splits it on any.
INDEX_LANGUAGE = "zh"


class SearchIndex:
    """A Pagefind run in a child process: start() it, then finish() it into a built site."""

    def __init__(self, reading_list: ReadingList, *, use_directory_urls: bool) -> None:
        self._reading_list = reading_list
        self._directory_urls = use_directory_urls
        self._work: tempfile.TemporaryDirectory[str] | None = None
        self._process: subprocess.Popen[str] | None = None

    def start(self) -> None:
        """Hand the stand-in pages to a child process that writes and indexes them; returns at once."""
        try:
            binary = get_executable()
        except FileNotFoundError:
            raise BuildError("the Pagefind binary is missing", hint="pip install pagefind-bin-extended") from None
        self._work = work_folder("readinglist-search-")
        work = Path(self._work.name)
        # One file of what the pages show, for the child to make them from: that too it takes off this process.
        (work / _PAGES_FILE).write_text(json.dumps(self._shown(), ensure_ascii=False), encoding="utf-8")
        log.debug("Indexing %d papers with Pagefind", len(self._reading_list.papers))
        try:
            # Its session holds Pagefind too: close() stops both.
            with interrupts_held():
                self._process = start_child(
                    __name__,
                    str(work),
                    str(binary),
                    str(os.getpid()),
                    stdout=subprocess.PIPE,
                    stderr=subprocess.STDOUT,
                    text=True,
                )
        except OSError as error:
            self.close()
            raise BuildError(f"cannot run Pagefind: {error.strerror}") from None

    def finish(self, site_dir: Path) -> None:
        """Wait for Pagefind (start() it first) and put its index into site_dir/pagefind/."""
        assert self._process is not None and self._work is not None, "finish() before start()"
        try:
            output, _ = self._process.communicate()
            if self._process.returncode != 0:
                lines = [line for line in output.splitlines() if line.strip()]
                problem = lines[-1].strip() if lines else f"exit code {self._process.returncode}"
                raise BuildError(f"Pagefind could not index the papers: {problem}")
            index = Path(self._work.name) / _INDEX_DIR
            for name in _UNUSED:
                (index / name).unlink(missing_ok=True)
            target = site_dir / OUTPUT_SUBDIR
            # A dirty build must not keep chunks of an older index.
            shutil.rmtree(target, ignore_errors=True)
            shutil.move(index, target)
        finally:
            self.close()
        log.info("Indexed %d papers for search: %s/", len(self._reading_list.papers), target)

    def finish_in_background(self, site_dir: Path) -> None:
        """finish() on a thread of its own; a failure is logged, not raised."""

        def run() -> None:
            try:
                self.finish(site_dir)
            except BuildError as error:
                log.warning("Search index not updated: %s", error)

        threading.Thread(target=run, name="pagefind", daemon=True).start()

    def close(self) -> None:
        """Stop Pagefind if it still runs and remove its files."""
        if self._process is not None:
            stop_child(self._process)
        self._process = None
        if self._work is not None:
            self._work.cleanup()
            self._work = None

    def _shown(self) -> tuple[str, list[_Shown]]:
        """The list's title, and what each paper's stand-in page shows, with its site-relative path."""
        papers = [
            (paper_html_path(p, use_directory_urls=self._directory_urls), p.title, _people(p), p.summary, p.keywords, p.abstract)
            for p in self._reading_list.papers
        ]
        return self._reading_list.title, papers


def _people(paper: Paper) -> list[str]:
    """The paper's authors, then its affiliations, each once: a reader searches "Tsinghua" as well as a name."""
    return list(dict.fromkeys(name for name in (*paper.authors, *paper.affiliations) if name))


# A paper's stand-in page: its path, title, authors and affiliations, summary, keywords and abstract.
_Shown = tuple[str, str, list[str], str, list[str], str]
_PAGES_FILE = "pages.json"
_NICENESS = 19
_PARENT_CHECK = 0.5
_INDEX_DIR = "index"


def _index(work: Path, binary: str, parent: int) -> int:
    """In the child: index the stand-in pages into work/index through Pagefind's service mode; 0, or 1 having printed why."""
    # The build's own processes come first: the index takes the CPU they leave idle.
    os.nice(_NICENESS)
    title, papers = json.loads((work / _PAGES_FILE).read_text(encoding="utf-8"))
    # One thread for Pagefind, whichever runtime it uses: the other core renders the pages meanwhile.
    env = {**os.environ, "RAYON_NUM_THREADS": "1", "TOKIO_WORKER_THREADS": "1"}
    try:
        pagefind = subprocess.Popen([binary, "--service"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
    except OSError as error:
        print(f"cannot run Pagefind: {error.strerror}", flush=True)
        return 1
    service = _Service(pagefind)
    try:
        problem = service.index(_pages(title, papers), work / _INDEX_DIR, stop=lambda: orphaned(parent))
    finally:
        if pagefind.poll() is None:
            pagefind.kill()
            pagefind.wait()
    # A build killed outright (SIGKILL, or SIGTERM to a plain `mkdocs build`) never reads the index nor removes
    # the work folder: nobody else will.
    if orphaned(parent):
        shutil.rmtree(work, ignore_errors=True)
        return 1
    if problem:
        print(problem, flush=True)
        return 1
    return 0


class _Service:
    """Pagefind's service mode (`pagefind --service`), as its own Node and Python wrappers speak it.

    Requests and responses are JSON objects {"message_id", "payload"}, each
    base64-encoded and ended by a comma, on Pagefind's stdin and stdout. The
    pages go in as strings, so no stand-in page is ever written to disk: as
    20,000 files they cost 10 s of CPU to write and remove, and writing them
    slowed theme detection on the other core by 3 s.
    """

    def __init__(self, process: subprocess.Popen[bytes]) -> None:
        self._process = process
        self._responses: queue.Queue[dict[str, Any] | None] = queue.Queue()
        # Responses are read as they come: unread, they would fill the pipe and stop Pagefind reading requests.
        threading.Thread(target=self._read, daemon=True).start()
        self._sent = 0

    def index(self, pages: Iterable[tuple[str, str]], output: Path, *, stop: Callable[[], bool]) -> str:
        """Index the (path, HTML) pages into output; what went wrong, or the empty string."""
        try:
            self._send({"type": "NewIndex", "config": {"force_language": INDEX_LANGUAGE}})
            created = self._next(stop)
            index = created["index_id"]
            for path, document in pages:
                self._send({"type": "AddFile", "index_id": index, "file_path": path, "file_contents": document})
            # Asked to write the index itself, Pagefind 1.5 answered before it had written every file: the
            # index comes back whole instead, and is written here.
            self._send({"type": "GetFiles", "index_id": index})
            while (response := self._next(stop))["type"] != "GetFiles":
                pass
        except _Failed as failure:
            return str(failure)
        except (_Ended, BrokenPipeError):
            return f"exit code {self._process.wait()}"
        for file in response["files"]:
            target = output / file["path"]
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(base64.b64decode(file["content"]))
        return ""

    def _send(self, payload: dict[str, object]) -> None:
        assert self._process.stdin is not None
        self._sent += 1
        message = json.dumps({"message_id": self._sent, "payload": payload}, ensure_ascii=False)
        self._process.stdin.write(base64.b64encode(message.encode("utf-8")) + b",")
        self._process.stdin.flush()

    def _next(self, stop: Callable[[], bool]) -> dict[str, Any]:
        """The next response's payload; _Failed if it is an error."""
        while True:
            try:
                payload = self._responses.get(timeout=_PARENT_CHECK)
            except queue.Empty:
                if stop():
                    raise _Failed("the build is gone") from None
                continue
            if payload is None:
                raise _Ended
            if payload.get("type") == "Error":
                raise _Failed(str(payload.get("message", payload)))
            return payload

    def _read(self) -> None:
        assert self._process.stdout is not None
        # The index comes back as one message of some 100 MB at 20,000 papers: its pieces are joined once, at its end.
        pieces: list[bytes] = []
        try:
            while chunk := self._process.stdout.read1(1 << 20):
                *ends, rest = chunk.split(b",")
                for end in ends:
                    message = b"".join([*pieces, end])
                    pieces = []
                    self._responses.put(json.loads(base64.b64decode(message, validate=True))["payload"])
                pieces.append(rest)
        except (ValueError, KeyError, TypeError) as error:
            # Whatever Pagefind printed that is not its protocol ends the index, rather than leaving the build waiting.
            self._responses.put({"type": "Error", "message": f"Pagefind said something unexpected ({error})"})
        finally:
            self._responses.put(None)


class _Failed(Exception):
    """Pagefind answered a request with an error, or the build is gone."""


class _Ended(Exception):
    """Pagefind ended before it gave the index back."""


def _pages(title: str, papers: list[_Shown]) -> Iterator[tuple[str, str]]:
    """Each stand-in page's site-relative path and HTML: the home page's title, and what a reader can search a paper by."""
    yield HOME_HTML, _document(f"<h1>{html.escape(title)}</h1>", title)
    for path, paper_title, authors, summary, keywords, abstract in papers:
        # The search box typesets a title's math as the page does; only KaTeX's math stays TeX.
        heading = math_tex(paper_title)
        parts = [f"<h1>{html.escape(heading)}</h1>"]
        if authors:
            parts.append(f"<p>{html.escape(', '.join(authors))}</p>")
        if summary:
            parts.append(f"<p>{html.escape(plain_math(summary))}</p>")
        shown = html.escape(", ".join(keywords), quote=True)
        parts.append(f'<div data-pagefind-index-attrs="data-keywords" data-keywords="{shown}">{abstract_html(abstract)}</div>')
        yield path, _document("".join(parts), heading)


def _document(body: str, title: str) -> str:
    return f"<!doctype html><html><head><title>{html.escape(title)}</title></head><body><main>{body}</main></body></html>"


if __name__ == "__main__":
    # The parent names itself: by the time this process asks, it may already be gone.
    sys.exit(_index(Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])))
