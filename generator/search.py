"""The search stage: a chunked Pagefind index of the papers.

The browser downloads only the index chunks a query needs, so search starts at
once however long the list is. Pagefind reads small stand-in pages written
from the data model (title, authors, summary, abstract and keywords of each
paper, and the home page's title) rather than the finished site: they are a
fraction of its size, and a child process writes and indexes them on the
second core while the build goes on. Written from this process, the 20,000
files of a whole conference held up MkDocs for 9 s, and removing them took 5 s
more. The papers are final once they are enriched, so the generator starts
the index then (pipeline.generate's on_papers): at 20,000 papers Pagefind's
40 s of CPU then overlap theme detection, related papers and rendering,
rather than MkDocs, which needs both cores. The child runs at the lowest
priority, so it takes only the CPU that those stages leave idle: at normal
priority it slowed theme detection's threads more than it saved.
"""

from __future__ import annotations

import contextlib
import html
import json
import logging
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from pagefind_bin_extended import get_executable

from . import text
from .cores import orphaned
from .errors import BuildError
from .model import Paper, ReadingList
from .render import paper_html_path

log = logging.getLogger(__name__)

OUTPUT_SUBDIR = "pagefind"
# Pagefind's ready-made search UIs; the site has its own box (assets/javascripts/search.js).
_UNUSED = ("pagefind-ui.js", "pagefind-ui.css", "pagefind-modular-ui.js", "pagefind-modular-ui.css")
_UNUSED += ("pagefind-component-ui.js", "pagefind-component-ui.css", "pagefind-highlight.js")
# One language for every site, so search behaves the same whatever the UI
# language: Pagefind's extended build splits Chinese into words for "zh" (at
# indexing and in the browser) and leaves Latin words whole and unstemmed.
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
        self._work = tempfile.TemporaryDirectory(prefix="readinglist-search-")
        work = Path(self._work.name)
        # One file for the child to read: writing the pages one by one is what it takes off this process.
        (work / _PAGES_FILE).write_text(json.dumps(self._pages(), ensure_ascii=False), encoding="utf-8")
        log.debug("Indexing %d papers with Pagefind", len(self._reading_list.papers))
        # One thread for Pagefind: the other core renders the pages meanwhile.
        env = {**os.environ, "RAYON_NUM_THREADS": "1"}
        command = [sys.executable, "-m", __name__, str(work), str(binary), str(os.getpid())]
        try:
            # A session of its own, so that close() stops Pagefind with it.
            self._process = subprocess.Popen(
                command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, start_new_session=True
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
        if self._process is not None and self._process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self._process.pid, signal.SIGKILL)
            self._process.wait()
        self._process = None
        if self._work is not None:
            self._work.cleanup()
            self._work = None

    def _pages(self) -> list[tuple[str, str]]:
        """Each stand-in page's site-relative path and HTML."""
        title = html.escape(self._reading_list.title)
        pages = [("index.html", _document(f"<h1>{title}</h1>", title))]
        for paper in self._reading_list.papers:
            path = paper_html_path(paper, use_directory_urls=self._directory_urls)
            pages.append((path, _document(_paper_body(paper), html.escape(paper.title))))
        return pages


_PAGES_FILE = "pages.json"
_NICENESS = 19
_PARENT_CHECK = 0.5
_INDEX_DIR = "index"


def _index(work: Path, binary: str, parent: int) -> int:
    """In the child: write the stand-in pages under work, index them into work/index, remove them; Pagefind's exit code."""
    # Theme detection's threads want both cores: the index takes only the time they leave idle.
    os.nice(_NICENESS)
    pages = work / "pages"
    for path, document in json.loads((work / _PAGES_FILE).read_text(encoding="utf-8")):
        target = pages / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(document, encoding="utf-8")
    command = [binary, "--site", str(pages), "--output-path", str(work / _INDEX_DIR)]
    command += ["--force-language", INDEX_LANGUAGE, "--silent"]
    try:
        pagefind = subprocess.Popen(command)
    except OSError as error:
        print(f"cannot run Pagefind: {error.strerror}", flush=True)
        return 1
    code = None
    while code is None:
        try:
            code = pagefind.wait(timeout=_PARENT_CHECK)
        except subprocess.TimeoutExpired:
            if orphaned(parent):
                pagefind.kill()
    shutil.rmtree(pages, ignore_errors=True)
    # A build killed outright (SIGKILL, or SIGTERM to a plain `mkdocs build`) never reads the index nor removes
    # the work folder: nobody else will, and at 20,000 papers it holds 60 MB.
    if orphaned(parent):
        shutil.rmtree(work, ignore_errors=True)
    return code


def _document(body: str, title: str) -> str:
    return f"<!doctype html><html><head><title>{title}</title></head><body><main>{body}</main></body></html>"


def _paper_body(paper: Paper) -> str:
    """What a reader can search a paper by, as it shows on the paper's page."""
    parts = [f"<h1>{html.escape(paper.title)}</h1>"]
    if paper.authors:
        parts.append(f"<p>{html.escape(', '.join(paper.authors))}</p>")
    if paper.summary:
        parts.append(f"<p>{html.escape(paper.summary)}</p>")
    keywords = html.escape(", ".join(paper.keywords), quote=True)
    parts.append(
        f'<div data-pagefind-index-attrs="data-keywords" data-keywords="{keywords}">{text.abstract_html(paper.abstract)}</div>'
    )
    return "".join(parts)


if __name__ == "__main__":
    # The parent names itself: by the time this process asks, it may already be gone.
    sys.exit(_index(Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])))
